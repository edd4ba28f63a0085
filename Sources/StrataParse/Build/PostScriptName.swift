/// A PostScript font name as Core Text takes it (`UIFont(name:
/// "HelveticaNeue-Bold", size:)`): the family without spaces, then `-` and
/// the style. Fontconfig answers for the fonts it has (their real family
/// and style); for others the name is read the way such names are made:
/// the family split where a capital starts a word (`HelveticaNeue` ->
/// `Helvetica Neue`, `SFProText` -> `SF Pro Text`) and the style's words
/// mapped to Pango's weights and slants (`BoldItalic` -> `Bold Italic`,
/// `Semibold` -> `Semi-Bold`), so fontconfig can match the family or fall
/// back with its usual warning.
enum PostScriptName {
    /// Style words of PostScript names and Pango's words for them, longest first.
    static let styles: [(String, String)] = [
        ("UltraLight", "Ultra-Light"), ("ExtraLight", "Ultra-Light"), ("SemiLight", "Semi-Light"),
        ("DemiBold", "Semi-Bold"), ("SemiBold", "Semi-Bold"), ("Semibold", "Semi-Bold"), ("Demibold", "Semi-Bold"),
        ("ExtraBold", "Ultra-Bold"), ("UltraBold", "Ultra-Bold"), ("Extrabold", "Ultra-Bold"),
        ("Condensed", "Condensed"), ("Oblique", "Oblique"), ("Italic", "Italic"), ("Medium", "Medium"),
        ("Light", "Light"), ("Heavy", "Heavy"), ("Black", "Heavy"), ("Thin", "Thin"), ("Bold", "Bold"),
        ("Book", "Book"), ("Regular", ""), ("Roman", ""), ("Plain", ""),
    ]

    /// Whether `text` has the shape of a PostScript name: letters and
    /// digits, one `-`, a style of known words (`HelveticaNeue-Bold`).
    static func isPostScriptName(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[0].first!.isLetter,
              parts[0].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { return false }
        return styleWords(String(parts[1])) != nil
    }

    /// The Pango description for a PostScript name read by its shape
    /// (`HelveticaNeue-BoldItalic` -> `Helvetica Neue Bold Italic`), or nil.
    static func description(_ text: String) -> String? {
        guard isPostScriptName(text) else { return nil }
        let parts = text.split(separator: "-").map(String.init)
        let words = styleWords(parts[1]) ?? []
        return ([family(parts[0])] + words.filter { !$0.isEmpty }).joined(separator: " ")
    }

    /// `HelveticaNeue` -> `Helvetica Neue`; a run of capitals stays one
    /// word up to the capital that starts the next (`SFProText` -> `SF Pro Text`).
    static func family(_ squeezed: String) -> String {
        let chars = Array(squeezed)
        var out = ""
        for (i, c) in chars.enumerated() {
            if i > 0, c.isUppercase {
                let previous = chars[i - 1]
                let nextIsLower = i + 1 < chars.count && chars[i + 1].isLowercase
                if previous.isLowercase || previous.isNumber || (previous.isUppercase && nextIsLower) { out.append(" ") }
            }
            out.append(c)
        }
        return out
    }

    /// The style part as Pango's words, or nil when it is not made of style words.
    static func styleWords(_ style: String) -> [String]? {
        var rest = Substring(style), words: [String] = []
        while !rest.isEmpty {
            guard let (word, pango) = styles.first(where: { rest.hasPrefix($0.0) }) else { return nil }
            words.append(pango)
            rest = rest.dropFirst(word.count)
        }
        return words.isEmpty ? nil : words
    }
}
