import StrataModel

/// "Did you mean" suggestions by edit distance.
public enum Suggestion {
    /// The candidate closest to `word`, if it is close enough to be a likely
    /// misspelling: a case-insensitive match, or an edit distance (insert,
    /// delete, substitute, swap of neighbours) of at most max(1, length / 3).
    /// Words under 3 letters only match case-insensitively (any 1-letter word
    /// is one edit from any other).
    ///
    /// Bounded work: words longer than `Limits.maxSuggestedLength` get no
    /// suggestion (no name is that long); a candidate whose length differs
    /// by more than the edit limit is skipped before any table is made; a
    /// table stops once every entry of a row is past the limit. No candidate
    /// costs an allocation, so thousands of unknown names against thousands
    /// of candidates stay fast.
    ///
    /// `aliases` maps names other tools use (CSS's `ease-in-out`, a
    /// guessed `easeInOut`) to the candidate they mean; they win over distance.
    public static func closest(to word: String, in candidates: [String], aliases: [String: String] = [:]) -> String? {
        if let meant = aliases[word], candidates.contains(meant) { return meant }
        var index = Index(candidates)
        return index.closest(to: word)
    }

    /// Candidates made ready once (lower-cased, by length), for many
    /// questions against the same names (every unknown `${param}` of a scene).
    public struct Index: Sendable {
        private let names: [String]
        private let lowered: [[Unicode.Scalar]]
        /// Indices into `names` by lower-cased length, in list order.
        private let byLength: [Int: [Int]]
        /// Table cells left for questions to this index (`Limits.maxSuggestionWork`).
        private var budget = Limits.maxSuggestionWork

        public init(_ candidates: [String]) {
            names = candidates
            lowered = candidates.map { Array($0.lowercased().unicodeScalars) }
            var byLength: [Int: [Int]] = [:]
            for (i, l) in lowered.enumerated() { byLength[l.count, default: []].append(i) }
            self.byLength = byLength
        }

        /// `Suggestion.closest(to:in:)` over these candidates, while the
        /// index's work budget lasts (then nil: a scene with thousands of
        /// unknown names gets suggestions for the first ones).
        public mutating func closest(to word: String) -> String? {
            let query = Array(word.lowercased().unicodeScalars)
            guard query.count <= Limits.maxSuggestedLength else { return nil }
            let limit = query.count >= 3 ? max(1, query.count / 3) : 0
            // Candidates within the limit's lengths, in list order (the first of equals wins).
            var indices: [Int] = []
            for length in max(0, query.count - limit)...(query.count + limit) { indices += byLength[length] ?? [] }
            indices.sort()
            var table = DistanceTable(width: query.count + limit + 1)
            var best: (index: Int, distance: Int)?
            for i in indices {
                budget -= max(1, query.count * lowered[i].count)
                guard budget >= 0 else { return nil }
                let d = table.distance(query, lowered[i], limit: limit)
                if d == 0 { return names[i] }
                if d <= limit, d < (best?.distance ?? .max) { best = (i, d) }
            }
            return best.map { names[$0.index] }
        }
    }

    /// `; did you mean 'x'?` or nothing.
    public static func hint(for word: String, in candidates: [String]) -> String {
        closest(to: word, in: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// Optimal string alignment distance (Damerau-Levenshtein without
    /// repeated edits of a substring) of two words, ignoring case.
    static func distance(_ a: String, _ b: String) -> Int {
        let b = Array(b.lowercased().unicodeScalars)
        var table = DistanceTable(width: b.count + 1)
        return table.distance(Array(a.lowercased().unicodeScalars), b, limit: Int.max - 1)
    }

    /// `'a', 'b' or 'c'` for messages that list every choice.
    static func list(_ names: [String], conjunction: String = "or") -> String {
        let quoted = names.map { "'\($0)'" }
        guard quoted.count > 1 else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " \(conjunction) " + quoted.last!
    }
}

/// Three rows of an optimal string alignment table in one buffer, kept
/// between candidates so that none allocates.
private struct DistanceTable {
    private var cells: [Int]
    private var width: Int

    init(width: Int) {
        self.width = width
        cells = [Int](repeating: 0, count: 3 * width)
    }

    /// The distance of `a` to `b`, or `limit + 1` as soon as it must be larger than `limit`.
    mutating func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        if b.count + 1 > width {
            width = b.count + 1
            cells = [Int](repeating: 0, count: 3 * width)
        }
        let w = width
        return cells.withUnsafeMutableBufferPointer { t in
            // Row i is at ((i % 3) * w): rows i - 1 and i - 2 are the other two.
            for j in 0...b.count { t[j] = j }
            for i in 1...a.count {
                let row = (i % 3) * w, last = ((i + 2) % 3) * w, previous = ((i + 1) % 3) * w
                t[row] = i
                var smallest = i
                for j in 1...b.count {
                    let cost = a[i - 1] == b[j - 1] ? 0 : 1
                    var d = min(t[last + j] + 1, t[row + j - 1] + 1, t[last + j - 1] + cost)
                    if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d = min(d, t[previous + j - 2] + 1) }
                    t[row + j] = d
                    smallest = min(smallest, d)
                }
                if smallest > limit { return limit + 1 }
            }
            return t[(a.count % 3) * w + b.count]
        }
    }
}
