import Foundation
import StrataModel
import StrataCompiler

/// Parsers for values typed on the command line (`2s`, `1920x1080`, `0-119`).
enum CommandLineValue {
    /// `1.5s`, `500ms`, or bare seconds; at most `Limits.maxDuration` either
    /// way (no scene is longer), so a frame number made from it fits an Int.
    static func time(_ text: String) -> Double? {
        let t = text.trimmingCharacters(in: .whitespaces)
        let value: Double?
        if t.hasSuffix("ms") { value = Double(t.dropLast(2)).map { $0 / 1000 } }
        else if t.hasSuffix("s") { value = Double(t.dropLast()) }
        else { value = Double(t) }
        guard let v = value, v.isFinite, abs(v) <= Limits.maxDuration else { return nil }
        return v
    }

    /// A frame number: 0 up to the last frame of the longest scene at the
    /// highest rate (`Limits.maxFrames`).
    static func frame(_ text: String) -> Int? {
        Int(text).flatMap { (0...Limits.maxFrames).contains($0) ? $0 : nil }
    }

    /// `WxH` in points.
    static func size(_ text: String) -> Size? {
        let parts = text.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]),
              w.isFinite, h.isFinite, w > 0, h > 0 else { return nil }
        return Size(w, h)
    }

    /// `8G`, `512M`, `1.5GiB`, `64MB`: bytes, the units powers of 1024 (K, M,
    /// G, T, optionally followed by `B` or `iB`); a unit is required.
    static func bytes(_ text: String) -> Int? {
        var t = text.trimmingCharacters(in: .whitespaces).uppercased()
        if t.hasSuffix("IB") { t.removeLast(2) } else if t.hasSuffix("B") { t.removeLast() }
        guard let unit = t.last, let power = ["K": 1, "M": 2, "G": 3, "T": 4][unit],
              let number = Double(t.dropLast()), number.isFinite, number > 0 else { return nil }
        let bytes = number * pow(1024, Double(power))
        return bytes < 0x1p62 ? Int(bytes) : nil
    }

    /// `A-B` or `A` (inclusive frame numbers).
    static func frames(_ text: String) -> ClosedRange<Int>? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        if parts.count == 1, let a = frame(String(parts[0])) { return a...a }
        guard parts.count == 2, let a = frame(String(parts[0])), let b = frame(String(parts[1])), b >= a else { return nil }
        return a...b
    }

    /// `COLSxROWS` (a contact sheet grid) or `COLS` alone; at most `ContactSheet.maxTiles` tiles.
    static func grid(_ text: String) -> (columns: Int, rows: Int?)? {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard let columns = Int(parts[0]), columns >= 1, columns <= ContactSheet.maxTiles else { return nil }
        if parts.count == 1 { return (columns, nil) }
        guard parts.count == 2, let rows = Int(parts[1]), rows >= 1, columns * rows <= ContactSheet.maxTiles else { return nil }
        return (columns, rows)
    }
}

/// `--set NAME=VALUE`: a param's value from the command line.
struct ParamOverride: Sendable, Hashable {
    var name: String
    var value: String

    /// `name=value` with a name before the first `=`.
    init?(_ text: String) {
        guard let eq = text.firstIndex(of: "="), eq != text.startIndex else { return nil }
        name = String(text[..<eq])
        value = String(text[text.index(after: eq)...])
    }
}
