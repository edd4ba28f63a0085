/// A frame rate as an exact fraction: `numerator` frames every `denominator`
/// seconds (30000/1001 for NTSC's "29.97"). Frame `i` is at exactly
/// `i * denominator / numerator` seconds; containers take the inverse as
/// their time base, so a 29.97 fps video has no drift however long it is.
public struct FrameRate: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Frames per `denominator` seconds; > 0.
    public let numerator: Int
    /// Seconds per `numerator` frames; > 0.
    public let denominator: Int

    /// `numerator/denominator` in lowest terms; nil unless both are in 1...`maxTerm`.
    public init?(_ numerator: Int, _ denominator: Int = 1) {
        guard (1...Self.maxTerm).contains(numerator), (1...Self.maxTerm).contains(denominator) else { return nil }
        let g = Self.gcd(numerator, denominator)
        self.numerator = numerator / g
        self.denominator = denominator / g
    }

    /// Largest numerator or denominator (libav time bases are 32-bit).
    public static let maxTerm = 1_000_000

    /// A decimal rate taken exactly: whole numbers as N/1, the NTSC family
    /// (23.976, 29.97, 47.952, 59.94, 119.88, written to at least two
    /// decimals) as N*1000/1001, any other decimal of up to 6 places as its
    /// fraction (12.5 -> 25/2). Nil for 0, negatives, NaN and rates that need
    /// more places.
    public init?(decimal value: Double) {
        guard value.isFinite, value > 0, value <= Double(Self.maxTerm) else { return nil }
        if value == value.rounded() {
            self.init(Int(value))
            return
        }
        let ntsc = (value * 1.001).rounded()
        if ntsc >= 2, abs(value - ntsc / 1.001) < 0.0051, abs(value - ntsc / 1.001) < ntsc * 1e-4 {
            self.init(Int(ntsc) * 1000, 1001)
            return
        }
        for places in 1...6 {
            let scale = Double(Self.powerOfTen(places))
            let scaled = (value * scale).rounded()
            if abs(scaled / scale - value) < 1e-9 * value, scaled <= Double(Self.maxTerm) {
                self.init(Int(scaled), Self.powerOfTen(places))
                return
            }
        }
        return nil
    }

    /// `30`, `29.97`, `12.5` (as `init(decimal:)`) or `24000/1001`.
    public init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        if parts.count == 2 {
            guard let n = Int(parts[0]), let d = Int(parts[1]) else { return nil }
            self.init(n, d)
        } else if parts.count == 1, let v = Double(text) {
            self.init(decimal: v)
        } else {
            return nil
        }
    }

    /// Frames per second, for display and for scene-time arithmetic.
    public var framesPerSecond: Double { Double(numerator) / Double(denominator) }

    /// Seconds of frame `i`: exactly `i * denominator / numerator`, rounded once.
    public func time(ofFrame i: Int) -> Double { Double(i * denominator) / Double(numerator) }

    /// The frame whose time is nearest to `seconds`.
    public func frame(nearest seconds: Double) -> Int {
        Int((seconds * Double(numerator) / Double(denominator)).rounded())
    }

    /// `round(samplesPerSecond * i * denominator / numerator)`: the first
    /// audio sample of frame `i`, exact in integers so that chunks split at
    /// frame boundaries join without a gap or an overlap.
    public func sample(ofFrame i: Int, samplesPerSecond: Int) -> Int {
        let n = i * denominator * samplesPerSecond
        return (2 * n + numerator) / (2 * numerator)
    }

    /// `30`, `25/2`, `30000/1001`.
    public var description: String { denominator == 1 ? "\(numerator)" : "\(numerator)/\(denominator)" }

    private static func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }
    private static func powerOfTen(_ n: Int) -> Int { (0..<n).reduce(1) { p, _ in p * 10 } }
}
