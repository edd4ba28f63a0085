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
    /// Shape" table): point; line from x - w/2 to x + w/2; rectangle
    /// spanning ±w/2, ±h/2; circle of radius `emitterSize.width`; cuboid
    /// spanning ±w/2, ±h/2 and ±emitterDepth/2 in z; sphere of radius
    /// `emitterSize.width`. `outline` emits from the edge (the rectangle's
    /// perimeter, the circle, the cuboid's twelve edges, the sphere's
    /// surface), `surface` from the cuboid's faces and the sphere's surface,
    /// the other modes from anywhere inside (`points`, `surface` and
    /// `volume` coincide for the flat shapes).
    static func origin(_ e: EmitterProperties, _ random: inout ParticleRandom) -> (x: Double, y: Double, z: Double) {
        let c = e.emitterPosition, z = e.emitterZPosition
        let w = e.emitterSize.width, h = e.emitterSize.height
        let u1 = random.unit(), u2 = random.unit()
        switch e.emitterShape {
        case .point:
            return (c.x, c.y, z)
        case .line:
            return (c.x + (u1 - 0.5) * w, c.y, z)
        case .rectangle:
            if e.emitterMode == .outline {
                let p = perimeterPoint(u1, abs(w), abs(h))
                return (c.x + p.x, c.y + p.y, z)
            }
            return (c.x + (u1 - 0.5) * w, c.y + (u2 - 0.5) * h, z)
        case .circle:
            let angle = 2 * Double.pi * u1
            let r = e.emitterMode == .outline ? w : w * u2.squareRoot()  // uniform over the disc
            return (c.x + r * cos(angle), c.y + r * sin(angle), z)
        case .cuboid:
            let u3 = random.unit()
            let size = SIMD3(abs(w), abs(h), abs(e.emitterDepth))
            let p = cuboidPoint(SIMD3(u1, u2, u3), size, mode: e.emitterMode)
            return (c.x + p.x, c.y + p.y, z + p.z)
        case .sphere:
            let u3 = random.unit()
            // Uniform on the sphere (cos of the polar angle uniform), inside by r ∝ ∛u.
            let cosTheta = 1 - 2 * u2, sinTheta = max(0, 1 - cosTheta * cosTheta).squareRoot()
            let phi = 2 * Double.pi * u1
            let onSurface = e.emitterMode == .outline || e.emitterMode == .surface
            let r = onSurface ? w : w * cbrt(u3)
            return (c.x + r * sinTheta * cos(phi), c.y + r * sinTheta * sin(phi), z + r * cosTheta)
        }
    }

    /// A point on a w x h rectangle's perimeter centred on the origin, at
    /// fraction `u` of it clockwise from the top-left corner.
    private static func perimeterPoint(_ u: Double, _ w: Double, _ h: Double) -> (x: Double, y: Double) {
        let perimeter = 2 * (w + h)
        guard perimeter > 0 else { return (0, 0) }
        var d = u * perimeter
        let x0 = -w / 2, y0 = -h / 2
        if d < w { return (x0 + d, y0) }
        d -= w
        if d < h { return (x0 + w, y0 + d) }
        d -= h
        if d < w { return (x0 + w - d, y0 + h) }
        d -= w
        return (x0, y0 + h - d)
    }

    /// A point of a cuboid of `size` centred on the origin: on its edges
    /// (outline), its faces (surface), or inside; each uniform by length or area.
    private static func cuboidPoint(_ u: SIMD3<Double>, _ size: SIMD3<Double>, mode: EmitterMode) -> SIMD3<Double> {
        let half = size / 2
        switch mode {
        case .outline:
            // Twelve edges, four along each axis; pick by length.
            let total = 4 * (size.x + size.y + size.z)
            guard total > 0 else { return .zero }
            var d = u.x * total
            for axis in 0..<3 {
                let length = size[axis]
                if d < 4 * length || axis == 2 {
                    let edge = min(3, Int(d / max(length, 1e-300)))
                    var p = SIMD3<Double>(repeating: 0)
                    let (a, b) = ((axis + 1) % 3, (axis + 2) % 3)
                    p[axis] = (d / max(length, 1e-300) - Double(edge) - 0.5) * length
                    p[a] = edge & 1 == 0 ? -half[a] : half[a]
                    p[b] = edge & 2 == 0 ? -half[b] : half[b]
                    return p
                }
                d -= 4 * length
            }
            return .zero
        case .surface:
            // Six faces, two across each axis; pick by area.
            let areas = SIMD3(size.y * size.z, size.x * size.z, size.x * size.y)
            let total = 2 * areas.sum()
            guard total > 0 else { return .zero }
            var d = u.x * total
            for axis in 0..<3 {
                if d < 2 * areas[axis] || axis == 2 {
                    var p = SIMD3<Double>(repeating: 0)
                    let (a, b) = ((axis + 1) % 3, (axis + 2) % 3)
                    p[a] = (u.y - 0.5) * size[a]
                    p[b] = (u.z - 0.5) * size[b]
                    p[axis] = d < areas[axis] ? -half[axis] : half[axis]
                    return p
                }
                d -= 2 * areas[axis]
            }
            return .zero
        case .points, .volume:
            return (u - 0.5) * size
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
