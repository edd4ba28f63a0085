import StrataModel

extension Values {
    /// Seconds per time unit, the longest unit first (`unitValue` tries `ms` before `s`).
    static let timeUnits: [(unit: String, factor: Double)] = [("ms", 0.001), ("s", 1)]
    /// Radians per angle unit, the longest unit first.
    static let angleUnits: [(unit: String, factor: Double)] = [("turn", 2 * Double.pi), ("deg", Double.pi / 180), ("rad", 1)]

    /// A time in seconds: `500ms`, `2s`, or a bare number of seconds.
    static func time(_ node: YAMLNode, _ bound: Bound = .any) -> Parsed<Double> {
        measure(node, bound, units: timeUnits, bareFactor: 1, what: "a time", example: "like 500ms or 2s")
    }

    /// An angle in radians: `45deg`, `1.2rad`, `0.25turn`, or a bare number of degrees.
    /// A bare number that looks like radians (3.14159, 1.5708: a multiple of
    /// π/4 or π/6 up to 4π, within 0.2%) is a warning: it is read as degrees.
    static func angle(_ node: YAMLNode, _ bound: Bound = .any) -> Parsed<Double> {
        let parsed = measure(node, bound, units: angleUnits, bareFactor: Double.pi / 180,
                             what: "an angle", example: "like 45deg, 1.2rad or 0.25turn")
        if case .success = parsed, let s = node.scalar, let bare = s.number, let radians = radianLook(bare) {
            let text = s.text
            ValueWarnings.current?.add(Diagnostic(
                node.location, "a bare angle is in degrees: \(text) is \(text)°, but it looks like \(radians.name) radians (\(format(radians.degrees))°); write \(text)rad if radians are meant, or \(format(radians.degrees))deg",
                severity: .warning, suggestion: text + "rad"))
        }
        return parsed
    }

    /// The multiple of π a bare number is close to, with its name and size in
    /// degrees: `6.283185` is 2π, 360°. Nil for whole numbers and other values.
    static func radianLook(_ value: Double) -> (name: String, degrees: Double)? {
        let v = abs(value)
        guard v >= 0.2, v != v.rounded(), value.isFinite else { return nil }
        for denominator in [1, 2, 3, 4, 6] {
            let n = (v / Double.pi * Double(denominator)).rounded()
            guard n >= 1, n <= Double(4 * denominator) else { continue }
            let exact = n * Double.pi / Double(denominator)
            guard abs(v - exact) / exact < 0.002 else { continue }
            let whole = Int(n), sign = value < 0 ? "-" : ""
            let numerator = whole == 1 ? "π" : "\(whole)π"
            return (sign + (denominator == 1 ? numerator : "\(numerator)/\(denominator)"), (value < 0 ? -1 : 1) * n * 180 / Double(denominator))
        }
        return nil
    }

    /// A number with one of `units` (no space between), or a bare number times
    /// `bareFactor`. `bound` applies to the converted value.
    static func measure(_ node: YAMLNode, _ bound: Bound, units: [(unit: String, factor: Double)],
                        bareFactor: Double, what: String, example: String) -> Parsed<Double> {
        guard let s = node.scalar else { return fail(node, "expected \(what) \(example), found \(node.found)") }
        // The scalar resolved once: a number, or text that may end in a unit.
        var value: Double?
        switch s.value {
        case .int(let i): value = Double(i) * bareFactor
        case .float(let d): value = d * bareFactor
        case .string(let text): value = unitValue(text, units: units)
        case .null, .bool: value = nil
        }
        guard let value else { return fail(node, "expected \(what) \(example), found \(found(node))") }
        guard value.isFinite else { return fail(node, "expected a finite \(what.dropArticle), found \(node.found)") }
        guard bound.contains(value) else {
            // The bound reads in the unit of a bare number: seconds or degrees.
            return fail(node, "expected \(what)\(boundPhrase(bound, bareFactor: bareFactor)), found \(node.found)")
        }
        guard abs(value) <= Limits.maxMagnitude else { return tooLarge(node, what: what) }
        return .success(value)
    }

    /// `500ms` -> 0.5 with the time units. Nil when the text is not a number followed by a unit.
    /// `units` come longest first, so that a unit ending another (`s`, `ms`) is tried after it.
    static func unitValue(_ text: String, units: [(unit: String, factor: Double)]) -> Double? {
        for (unit, factor) in units where text.hasSuffix(unit) {
            let digits = String(text.dropLast(unit.count))
            if YAMLScalar.isDecimalFloat(digits), let v = Double(digits) { return v * factor }
        }
        return nil
    }

    /// The bound in the unit a bare number means (seconds, degrees); bounds are kept in seconds / radians.
    private static func boundPhrase(_ bound: Bound, bareFactor: Double) -> String {
        let unitName = bareFactor == 1 ? "s" : "deg"
        return suffix(bound) { format($0 / bareFactor) + unitName }
    }
}

extension Values {
    /// A frame rate, exact: a number (29.97 is NTSC's 30000/1001, see
    /// `FrameRate(decimal:)`) or a fraction `"24000/1001"`, greater than 0
    /// and at most `Limits.maxFPS`.
    static func frameRate(_ node: YAMLNode) -> Parsed<FrameRate> {
        let expected = "expected a frame rate greater than 0 and at most \(format(Limits.maxFPS)) (30, 29.97 or \"30000/1001\")"
        guard let s = node.scalar, !node.isNull else { return fail(node, "\(expected), found \(found(node))") }
        let rate = s.number.flatMap { FrameRate(decimal: $0) } ?? FrameRate(parsing: s.text)
        guard let rate, rate.framesPerSecond <= Limits.maxFPS else { return fail(node, "\(expected), found \(node.found)") }
        return .success(rate)
    }
}
