import StrataModel

/// The promises a target checks on what it got back. A broken one traps
/// with its reason, which libFuzzer reports as a crash with the input.
enum FuzzCheck {
    static func require(_ condition: Bool, _ reason: @autoclosure () -> String) {
        if !condition { fatalError("fuzz promise broken: " + reason()) }
    }

    /// Every diagnostic in the scene file is at a real place of it
    /// (`FILE:LINE:COLUMN`, 1-based, at most one past a line's end), and its
    /// text is one line; other files (assets, `<command line>`) are at 1 or more.
    static func located(_ diagnostics: [Diagnostic], in bytes: [UInt8], file: String) {
        let lines = lineLengths(bytes)
        for d in diagnostics {
            let places = [d.location] + d.notes.map(\.location)
            for place in places {
                require(place.line >= 1 && place.column >= 1, "\(d.headline): not 1-based")
                guard place.file == file else { continue }
                require(place.line <= lines.count + 1, "\(d.headline): past the last line (\(lines.count))")
                if place.line <= lines.count {
                    require(place.column <= lines[place.line - 1] + 1, "\(d.headline): past the end of its line")
                }
            }
            require(!d.message.isEmpty, "\(d.location): an empty message")
            require(!d.message.unicodeScalars.contains { $0.properties.generalCategory == .control },
                    "\(d.headline.debugDescription): a control character in the message (more than one line?)")
        }
    }

    /// The length of each line in Unicode scalars, lines broken as YAML
    /// breaks them (and as editors show them): CR LF, CR, LF, NEL, LS, PS.
    static func lineLengths(_ bytes: [UInt8]) -> [Int] {
        var lengths: [Int] = [], current = 0, afterCR = false
        for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
            switch scalar {
            case "\n" where afterCR: afterCR = false
            case "\r", "\n", "\u{85}", "\u{2028}", "\u{2029}":
                lengths.append(current); current = 0; afterCR = scalar == "\r"
            default: current += 1; afterCR = false
            }
        }
        return lengths + [current]
    }
}
