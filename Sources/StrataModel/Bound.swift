/// The allowed range of a number, and how to say it in a message: the
/// bounds of the layer property table (`LayerProperty.form`), which the
/// parser checks, the JSON Schema states and the docs print.
public struct Bound: Sendable, Hashable {
    public var min: Double?
    public var minInclusive = true
    public var max: Double?
    public var maxInclusive = true

    public init(min: Double? = nil, minInclusive: Bool = true, max: Double? = nil, maxInclusive: Bool = true) {
        self.min = min; self.minInclusive = minInclusive; self.max = max; self.maxInclusive = maxInclusive
    }

    public static let any = Bound()
    public static let nonNegative = Bound(min: 0)
    public static let positive = Bound(min: 0, minInclusive: false)
    public static let unit = Bound(min: 0, max: 1)
    public static func closed(_ lo: Double, _ hi: Double) -> Bound { Bound(min: lo, max: hi) }
    public static func positive(atMost hi: Double) -> Bound { Bound(min: 0, minInclusive: false, max: hi) }

    public func contains(_ v: Double) -> Bool {
        if let lo = min, minInclusive ? v < lo : v <= lo { return false }
        if let hi = max, maxInclusive ? v > hi : v >= hi { return false }
        return true
    }

    /// "from 0 to 1", "greater than 0", "0 or more", "greater than 0 and at most 8",
    /// numbers written by `f`.
    public func phrase(_ f: (Double) -> String = Bound.format) -> String {
        switch (min, max) {
        case (nil, nil): return ""
        case (let lo?, let hi?) where minInclusive && maxInclusive: return "from \(f(lo)) to \(f(hi))"
        case (let lo?, let hi?):
            return (minInclusive ? "\(f(lo)) or more" : "greater than \(f(lo))")
                + (maxInclusive ? " and at most \(f(hi))" : " and less than \(f(hi))")
        case (let lo?, nil): return minInclusive ? "\(f(lo)) or more" : "greater than \(f(lo))"
        case (nil, let hi?): return maxInclusive ? "at most \(f(hi))" : "less than \(f(hi))"
        }
    }

    /// `1`, `0.5`, `1e-06`: whole numbers without a fraction, others as Swift prints them.
    public static func format(_ v: Double) -> String {
        if v == v.rounded(), abs(v) < 1e15 { return String(Int(v)) }
        return String(v)
    }
}
