import StrataModel

/// A mapping checked against its key table: unknown keys (with a "did you
/// mean"), keys not supported yet and missing required keys are reported when
/// it is made; then the supported keys are read by name.
struct MappingReader {
    let node: YAMLNode
    let table: KeyTable
    /// The mapping's pairs, in file order.
    private let list: [YAMLPair]
    /// For each key of `table` (by its place there): where its pair is in
    /// `list` when the key is present and accepted, else -1. Every mapping of
    /// a scene is read: an array indexed by the table's positions costs no
    /// hashing and no dictionary storage per mapping.
    private var slots: [Int]
    /// Where the accepted pairs are in `list`, in file order.
    private var accepted: [Int] = []
    /// Whether some key was rejected (unknown, or not supported yet).
    private(set) var rejectedKeys = false
    /// Keys suggested for misspellings: a missing key that was suggested is
    /// not reported again as missing.
    private(set) var suggested: Set<String> = []

    /// Nil (with an error) when `node` is not a mapping. `layerType` lets the
    /// keys of that layer type pass silently (the type itself was already reported).
    init?(_ node: YAMLNode, _ table: KeyTable, layerType: LayerType? = nil, sink: inout DiagnosticSink) {
        guard let list = node.mapping else {
            sink.error(node.location, "expected \(Self.article(table.what)) mapping, found \(node.found)")
            return nil
        }
        self.node = node
        self.table = table
        self.list = list
        slots = Array(repeating: -1, count: table.keys.count)
        accepted.reserveCapacity(list.count)
        for (index, pair) in list.enumerated() {
            let name = pair.name
            guard let position = table.position(of: name) else {
                rejectedKeys = true
                let guess = Suggestion.closest(to: pair.name, in: table.names)
                if let guess { suggested.insert(guess) }
                let hint = guess.map { "; did you mean '\($0)'?" } ?? ""
                let choices = table.keys.count <= 6 ? "; expected \(Suggestion.list(table.names))" : ""
                sink.error(pair.key.location, "unknown \(table.what) key '\(YAMLNode.clip(pair.name))'" + (hint.isEmpty ? choices : hint),
                           suggestion: guess)
                continue
            }
            switch table.keys[position].status {
            case .supported:
                slots[position] = index
                accepted.append(index)
            case .notSupportedYet:
                rejectedKeys = true
                sink.error(pair.key.location, "'\(pair.name)' is not supported yet")
            case .typeSpecific(let types):
                if let layerType, types.contains(layerType) {
                    slots[position] = index
                    accepted.append(index)
                    continue
                }
                rejectedKeys = true
                let names = Suggestion.list(types.map(\.rawValue))
                sink.error(pair.key.location, "'\(pair.name)' is a key of \(names) layers, not of type '\(layerType?.rawValue ?? "layer")'")
            }
        }
        for name in table.requiredNames where !suggested.contains(name) && list.allSatisfy({ $0.name != name }) {
            let place = table.what == KeyTables.top.what ? "" : " in \(table.what)"
            sink.error(node.location, "missing required key '\(name)'\(place)")
        }
    }

    /// The value of a supported key, if present.
    subscript(_ key: String) -> YAMLNode? {
        assert(table.spec(key).map { $0.status != .notSupportedYet } ?? false, "'\(key)' is not a supported key of the \(table.what) table")
        return pairIndex(key).map { list[$0].value }
    }

    /// The key node itself, to point at the key rather than its value.
    func keyNode(_ key: String) -> YAMLNode? { pairIndex(key).map { list[$0].key } }

    func has(_ key: String) -> Bool { pairIndex(key) != nil }

    /// The accepted pairs, in file order (a mapping's keys are unique).
    var pairs: LazyMapSequence<[Int], YAMLPair> { accepted.lazy.map { list[$0] } }

    /// Where the pair of an accepted key is in `list`.
    private func pairIndex(_ key: String) -> Int? {
        guard let position = table.position(of: key) else { return nil }
        let index = slots[position]
        return index >= 0 ? index : nil
    }

    static func article(_ what: String) -> String {
        "aeiou".contains(what.first ?? "x") ? "an \(what)" : "a \(what)"
    }
}
