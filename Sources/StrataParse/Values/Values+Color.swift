import StrataModel

extension Values {
    static let colorForms = "a color like \"#ff8800\", \"orange\", \"rgb(255, 136, 0)\" or [1, 0.5, 0, 1]"

    /// A non-premultiplied sRGB color: `"#rgb"`, `"#rgba"`, `"#rrggbb"`,
    /// `"#rrggbbaa"`, a CSS named color (any ASCII case; `transparent` is clear black),
    /// `rgb(r, g, b)` / `rgba(r, g, b, a)` with r, g, b 0...255 or percentages and
    /// alpha 0...1 or a percentage (commas, or CSS 4 spaces with `/ alpha`),
    /// or `[r, g, b]` / `[r, g, b, a]` with components 0...1. Spaces around a
    /// string are ignored. The scene JSON Schema's `color` patterns
    /// (`SceneJSONSchema.color`) accept exactly these strings.
    static func color(_ node: YAMLNode) -> Parsed<Color> {
        if node.sequence != nil {
            return numbers(node, counts: [3, 4], what: "a color [r, g, b, a] with components from 0 to 1") {
                number($0, .unit, what: "a color component")
            }.map { Color($0[0], $0[1], $0[2], $0.count == 4 ? $0[3] : 1) }
        }
        guard let s = node.scalar, case .string(let raw) = s.value else {
            return fail(node, "expected \(colorForms), found \(found(node))")
        }
        // ASCII case only: the schema's patterns spell each letter as [Xx].
        let text = String(raw.trimming(" ").map { $0.isASCII ? Character($0.lowercased()) : $0 })
        if text.hasPrefix("#") { return hexColor(String(text.dropFirst()), node) }
        if text.hasPrefix("rgb") { return functionalColor(text, node) }
        if text == "transparent" { return .success(.clear) }
        if let rgb = CSSColors.named[text] {
            return .success(Color(Double(rgb >> 16 & 0xFF) / 255, Double(rgb >> 8 & 0xFF) / 255, Double(rgb & 0xFF) / 255))
        }
        if !text.isEmpty, text.allSatisfy({ $0.isLetter }) {
            let hint = Suggestion.hint(for: text, in: CSSColors.allNames)
            return fail(node, "unknown color name '\(YAMLNode.clip(raw))'" + (hint.isEmpty ? "; expected \(colorForms)" : hint))
        }
        return fail(node, "expected \(colorForms), found \(node.found)")
    }

    private static func hexColor(_ digits: String, _ node: YAMLNode) -> Parsed<Color> {
        let values = digits.compactMap { $0.isASCII ? $0.hexDigitValue : nil }
        guard values.count == digits.count, [3, 4, 6, 8].contains(values.count) else {
            return fail(node, "expected a hex color of 3, 4, 6 or 8 hex digits after '#', found \(node.found)")
        }
        var channels: [Double]
        if values.count <= 4 {
            channels = values.map { Double($0 * 17) / 255 }
        } else {
            channels = stride(from: 0, to: values.count, by: 2).map { Double(values[$0] * 16 + values[$0 + 1]) / 255 }
        }
        if channels.count == 3 { channels.append(1) }
        return .success(Color(channels[0], channels[1], channels[2], channels[3]))
    }

    /// `rgb(255, 0, 0)`, `rgba(255, 0, 0, 0.5)`, `rgb(100% 0% 0% / 50%)`.
    private static func functionalColor(_ text: String, _ node: YAMLNode) -> Parsed<Color> {
        let usage = "rgb() takes red, green and blue from 0 to 255 or as percentages, and an optional alpha from 0 to 1"
        guard let open = text.firstIndex(of: "("), text.hasSuffix(")"),
              ["rgb", "rgba"].contains(text[..<open].trimming(" ")) else {
            return fail(node, "expected \(colorForms), found \(node.found)")
        }
        let inner = text[text.index(after: open)..<text.index(before: text.endIndex)]
        let args: [String]
        if inner.contains(",") {
            args = inner.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimming(" ") }
        } else {
            args = inner.replacingSlash().split(separator: " ").map(String.init)
        }
        guard args.count == 3 || args.count == 4 else { return fail(node, "\(usage), found \(node.found)") }
        var components: [Double] = []
        for (i, arg) in args.enumerated() {
            let isAlpha = i == 3
            var value: Double?
            if arg.hasSuffix("%") {
                value = plainDecimal(String(arg.dropLast()), atMost: 100).map { $0 / 100 }
            } else {
                value = plainDecimal(arg, atMost: isAlpha ? 1 : 255).map { isAlpha ? $0 : $0 / 255 }
            }
            guard let v = value else {
                return fail(node, "\(usage), found '\(arg)' in \(node.found)")
            }
            components.append(v)
        }
        return .success(Color(components[0], components[1], components[2], components.count == 4 ? components[3] : 1))
    }
}

/// `text` as a number when it is digits with at most one `.` (at least one
/// digit; no sign or exponent) and at most `limit`, decided on the digits
/// themselves (as the schema's patterns decide), not on a rounded Double.
func plainDecimal(_ text: String, atMost limit: Int) -> Double? {
    let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    guard text.utf8.allSatisfy({ ($0 >= 48 && $0 <= 57) || $0 == 46 }), parts.count <= 2,
          parts.contains(where: { !$0.isEmpty }), !(parts.count == 2 && parts[1].contains(".")) else { return nil }
    let whole = parts[0].drop { $0 == "0" }, fraction = parts.count == 2 ? parts[1] : ""
    let limitText = String(limit)
    guard whole.count < limitText.count || (whole.count == limitText.count && String(whole) <= limitText) else { return nil }
    if String(whole) == limitText, fraction.contains(where: { $0 != "0" }) { return nil }
    return Double(text.hasPrefix(".") ? "0" + text : text)
}

private extension Substring {
    /// CSS 4 space syntax: `r g b / a` -> `r g b a`.
    func replacingSlash() -> String { String(self).split(separator: "/").joined(separator: " ") }
}

extension String {
    /// Trims the given character from both ends (Foundation-free). Linear:
    /// each end is found once (dropping one character at a time re-walked
    /// the text, so a megabyte of spaces took minutes).
    func trimming(_ ch: Character) -> String {
        guard let first = firstIndex(where: { $0 != ch }), let last = lastIndex(where: { $0 != ch }) else { return "" }
        return String(self[first...last])
    }
}

extension Substring {
    func trimming(_ ch: Character) -> String { String(self).trimming(ch) }
}
