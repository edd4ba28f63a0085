import StrataModel

extension YAMLNode {
    /// Where character `offset` of this scalar's text is in the source, to
    /// point at an error inside a string (a column of path data). The text
    /// is matched to the source greedily: quotes, block indicators,
    /// indentation and folded line breaks are skipped, so plain, quoted and
    /// block scalars over several lines all map. Falls back to the scalar's
    /// start when the text was changed by `${param}` substitution or
    /// escapes make the two disagree.
    func location(ofTextOffset offset: Int, source: [Unicode.Scalar]) -> SourceLocation {
        guard let s = scalar, !s.substituted, offset >= 0 else { return location }
        let range = s.sourceRange.clamped(to: 0..<source.count)
        guard !range.isEmpty else {
            // No source (a one-line test value): count columns from the start.
            guard s.style == .plain || s.style == .singleQuoted || s.style == .doubleQuoted,
                  !s.text.contains("\n") else { return location }
            var loc = location
            loc.column += offset + (s.style == .plain ? 0 : 1)
            return loc
        }
        let text = Array(s.text.unicodeScalars)
        var j = range.lowerBound
        var line = location.line, column = location.column
        // Lines break as libyaml breaks them for its marks: CR LF, CR, LF, NEL, LS, PS.
        func advance() {
            switch source[j] {
            case "\r" where j + 1 < range.upperBound && source[j + 1] == "\n": line += 1; column = 1; j += 1
            case "\r", "\n", "\u{85}", "\u{2028}", "\u{2029}": line += 1; column = 1
            default: column += 1
            }
            j += 1
        }
        // Past the opening quote, or the block header line (`|`, `>-`, ...).
        switch s.style {
        case .singleQuoted, .doubleQuoted: advance()
        case .literal, .folded:
            while j < range.upperBound && source[j] != "\n" { advance() }
            if j < range.upperBound { advance() }
        case .plain: break
        }
        func isSpace(_ c: Unicode.Scalar) -> Bool { c == " " || c == "\t" || c == "\n" || c == "\r" }
        for k in 0..<min(offset, text.count) {
            let c = text[k]
            if isSpace(c) {
                // A space or line break of the text: one source space, if there is one.
                if j < range.upperBound && isSpace(source[j]) { advance() }
                continue
            }
            // Skip source whitespace (indentation, folded breaks) up to the character.
            while j < range.upperBound && source[j] != c && (isSpace(source[j]) || source[j] == "\\") { advance() }
            guard j < range.upperBound, source[j] == c else { return location }
            advance()
        }
        // Land on the character itself, not on whitespace before it.
        if offset < text.count, !isSpace(text[offset]) {
            while j < range.upperBound && source[j] != text[offset] && isSpace(source[j]) { advance() }
        }
        return SourceLocation(file: location.file, line: line, column: column)
    }
}
