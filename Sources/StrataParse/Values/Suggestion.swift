/// "Did you mean" suggestions by edit distance.
public enum Suggestion {
    /// The candidate closest to `word`, if it is close enough to be a likely
    /// misspelling: a case-insensitive match, or an edit distance (insert,
    /// delete, substitute, swap of neighbours) of at most max(1, length / 3).
    /// Words under 3 letters only match case-insensitively (any 1-letter word
    /// is one edit from any other).
    /// `aliases` maps names other tools use (CSS's `ease-in-out`, a
    /// guessed `easeInOut`) to the candidate they mean; they win over distance.
    public static func closest(to word: String, in candidates: [String], aliases: [String: String] = [:]) -> String? {
        if let meant = aliases[word], candidates.contains(meant) { return meant }
        let lower = word.lowercased()
        if let same = candidates.first(where: { $0.lowercased() == lower }) { return same }
        guard word.count >= 3 else { return nil }
        let limit = max(1, word.count / 3)
        var best: (name: String, distance: Int)?
        for c in candidates {
            let d = distance(lower, c.lowercased())
            if d <= limit, d < (best?.distance ?? .max) { best = (c, d) }
        }
        return best?.name
    }

    /// `; did you mean 'x'?` or nothing.
    public static func hint(for word: String, in candidates: [String]) -> String {
        closest(to: word, in: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// Optimal string alignment distance (Damerau-Levenshtein without repeated edits of a substring).
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }

    /// `'a', 'b' or 'c'` for messages that list every choice.
    static func list(_ names: [String], conjunction: String = "or") -> String {
        let quoted = names.map { "'\($0)'" }
        guard quoted.count > 1 else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " \(conjunction) " + quoted.last!
    }
}
