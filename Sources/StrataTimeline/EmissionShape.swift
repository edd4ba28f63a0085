#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StrataModel

/// Where and in which direction particles leave an emitter, in the layer's
/// own space (y down, z towards the viewer). The layer flattens its
/// particles, so z only orders them (`backToFront`).
enum EmissionShape {
    /// A birth position for the emitter's shape and mode (Apple's "Emitter
    /// Shape" table): point; line from x - w/2 to x + w/2; rectangle (and
    /// cuboid, whose depth is 0 here) spanning ±w/2, ±h/2; circle (and
    /// sphere) of radius `emitterSize.width`. `outline` emits from the edge,
    /// the other modes from anywhere inside (`points`, `surface` and `volume`
    /// coincide for these flat shapes).
    static func origin(_ e: EmitterProperties, _ random: inout ParticleRandom) -> (x: Double, y: Double, z: Double) {
        let c = e.emitterPosition, z = e.emitterZPosition
        let w = e.emitterSize.width, h = e.emitterSize.height
        let u1 = random.unit(), u2 = random.unit()
        switch e.emitterShape {
        case .point:
            return (c.x, c.y, z)
        case .line:
            return (c.x + (u1 - 0.5) * w, c.y, z)
        case .rectangle, .cuboid:
            if e.emitterMode == .outline {
                let aw = abs(w), ah = abs(h)
                let perimeter = 2 * (aw + ah)
                guard perimeter > 0 else { return (c.x, c.y, z) }
                var d = u1 * perimeter
                let x0 = c.x - aw / 2, y0 = c.y - ah / 2
                if d < aw { return (x0 + d, y0, z) }
                d -= aw
                if d < ah { return (x0 + aw, y0 + d, z) }
                d -= ah
                if d < aw { return (x0 + aw - d, y0 + ah, z) }
                d -= aw
                return (x0, y0 + ah - d, z)
            }
            return (c.x + (u1 - 0.5) * w, c.y + (u2 - 0.5) * h, z)
        case .circle, .sphere:
            let angle = 2 * Double.pi * u1
            let r = e.emitterMode == .outline ? w : w * u2.squareRoot()  // uniform over the disc
            return (c.x + r * cos(angle), c.y + r * sin(angle), z)
        }
    }

    /// A unit direction uniformly inside the cone of full angle `range`
    /// around the emission angle (longitude in the layer's plane from +x,
    /// latitude towards the viewer). 2π and more: any direction.
    static func direction(latitude: Double, longitude: Double, range: Double,
                          _ random: inout ParticleRandom) -> (x: Double, y: Double, z: Double) {
        let u1 = random.unit(), u2 = random.unit()
        // The axis.
        let ax = cos(latitude) * cos(longitude), ay = cos(latitude) * sin(longitude), az = sin(latitude)
        let half = min(abs(range) / 2, Double.pi)
        guard half > 0 else { return (ax, ay, az) }
        // Uniform on the spherical cap: cos(theta) uniform in [cos(half), 1].
        let cosTheta = 1 - u1 * (1 - cos(half))
        let sinTheta = (max(0, 1 - cosTheta * cosTheta)).squareRoot()
        let phi = 2 * Double.pi * u2
        // An orthonormal basis (u, v) perpendicular to the axis; v lies in
        // the layer's plane so that a flat cone (latitude 0) fans in the plane
        // first.
        var (vx, vy, vz) = (-ay, ax, 0.0)
        var len = (vx * vx + vy * vy).squareRoot()
        if len < 1e-12 { (vx, vy, vz) = (0, 1, 0); len = 1 }
        vx /= len; vy /= len; vz /= len
        let ux = vy * az - vz * ay, uy = vz * ax - vx * az, uz = vx * ay - vy * ax
        let s = sinTheta * sin(phi), c = sinTheta * cos(phi)
        return (cosTheta * ax + s * vx + c * ux, cosTheta * ay + s * vy + c * uy, cosTheta * az + s * vz + c * uz)
    }
}
