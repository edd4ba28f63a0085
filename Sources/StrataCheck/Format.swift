import Foundation

/// Number formatting for reports: fixed, locale-free, and never showing two
/// different values as the same text in a comparison.
enum Format {
    /// `value` with `decimals` places, trailing zeros kept.
    static func fixed(_ value: Double, _ decimals: Int) -> String {
        String(format: "%.\(decimals)f", value)
    }

    /// Shortest of up to 6 places, trailing zeros dropped: 45 -> "45", 0.5 -> "0.5".
    static func number(_ value: Double) -> String {
        if value.isInfinite { return value > 0 ? "inf" : "-inf" }
        if value.isNaN { return "nan" }
        var s = fixed(value, 6)
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
        return s == "-0" ? "0" : s
    }

    /// A fraction 0...1 as a percentage with 2 places, more when a non-zero
    /// value would print as 0.00%: 0.002 -> "0.20%", 0.00001 -> "0.001%".
    static func percent(_ fraction: Double) -> String {
        let p = fraction * 100
        var decimals = 2
        while decimals < 6, p != 0, fixed(p, decimals) == fixed(0, decimals) { decimals += 1 }
        return fixed(p, decimals) + "%"
    }

    /// Two fractions as percentages with enough places to tell them apart.
    static func percentPair(_ a: Double, _ b: Double) -> (String, String) {
        var decimals = 2
        func text(_ f: Double) -> String { fixed(f * 100, decimals) }
        while decimals < 6, (text(a) == text(b) && a != b) || (a != 0 && text(a) == text(0)) || (b != 0 && text(b) == text(0)) {
            decimals += 1
        }
        return (text(a) + "%", text(b) + "%")
    }

    /// PSNR in dB with one place ("38.2 dB"), "inf dB" for identical frames;
    /// more places when one place would print as `floor` itself.
    static func decibels(_ value: Double, below floor: Double? = nil) -> String {
        if value.isInfinite { return "inf dB" }
        var decimals = 1
        if let floor {
            while decimals < 6, fixed(value, decimals) == fixed(floor, decimals) { decimals += 1 }
        }
        return fixed(value, decimals) + " dB"
    }

    /// Seconds with up to 3 places, trailing zeros dropped: 0.5 -> "0.5s", 1/30 -> "0.033s".
    static func seconds(_ t: Double) -> String {
        var s = fixed(t, 3)
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
        return s + "s"
    }
}
