/// Escaping for the report formats. Every piece of text that reaches a
/// report (scene names, paths, messages) goes through one of these.
enum Escape {
    /// Text or a quoted attribute value in HTML: `& < > " '` as entities.
    static func html(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for ch in s.unicodeScalars {
            switch ch {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\u{0}": out += "\u{FFFD}"
            default: out.unicodeScalars.append(ch)
            }
        }
        return out
    }

    /// Text (or, with `attribute`, a quoted attribute value) in XML 1.0.
    /// Characters XML cannot hold at all (most C0 controls, U+FFFE, U+FFFF)
    /// become U+FFFD; in attributes tab and line breaks become character
    /// references so attribute-value normalisation keeps them.
    static func xml(_ s: String, attribute: Bool = false) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for ch in s.unicodeScalars {
            switch ch {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where attribute: out += "&quot;"
            case "'" where attribute: out += "&apos;"
            case "\n" where attribute: out += "&#10;"
            case "\r": out += "&#13;"
            case "\t" where attribute: out += "&#9;"
            case "\t", "\n": out.unicodeScalars.append(ch)
            case "\u{0}"..."\u{1F}", "\u{FFFE}", "\u{FFFF}": out += "\u{FFFD}"
            default: out.unicodeScalars.append(ch)
            }
        }
        return out
    }

    /// A relative path as a URL path: every byte of its UTF-8 except
    /// `A-Z a-z 0-9 - . _ ~ /` percent-encoded (so `:`, `#`, `?`, `%` and
    /// spaces in file names cannot change what the link means).
    static func urlPath(_ s: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        for b in s.utf8 {
            switch b {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                 UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                bytes.append(b)
            default:
                bytes += [UInt8(ascii: "%"), hex[Int(b >> 4)], hex[Int(b & 15)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The message of a GitHub workflow command (`::error ...::MESSAGE`):
    /// `%`, CR and LF percent-encoded, as @actions/core's `escapeData` does.
    static func githubData(_ s: String) -> String {
        var out = ""
        for ch in s.unicodeScalars {
            switch ch {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            default: out.unicodeScalars.append(ch)
            }
        }
        return out
    }

    /// A property value of a GitHub workflow command (`file=VALUE,`): as
    /// ``githubData(_:)`` plus `:` and `,` (`escapeProperty`).
    static func githubProperty(_ s: String) -> String {
        var out = ""
        for ch in githubData(s).unicodeScalars {
            switch ch {
            case ":": out += "%3A"
            case ",": out += "%2C"
            default: out.unicodeScalars.append(ch)
            }
        }
        return out
    }
}
