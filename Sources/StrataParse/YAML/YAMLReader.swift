import CYAML
import StrataModel

/// Limits of the YAML layer (the rest are in `Limits`).
enum YAMLLimits {
    /// Nesting depth of the tree, counted after alias expansion.
    static let maxDepth = 256
}

/// Reads YAML text into a `YAMLNode` tree through libyaml's event API.
enum YAMLReader {
    /// Parses the single document of `bytes` (UTF-8). Problems go to `sink`;
    /// returns nil when no tree could be built (syntax errors, runaway aliases).
    /// `source` is the text as characters, used to place syntax errors.
    static func read(_ bytes: [UInt8], source: [Unicode.Scalar], file: String,
                     sink: inout DiagnosticSink) -> YAMLNode? {
        readNotingReferences(bytes, source: source, file: file, sink: &sink).root
    }

    /// `read`, also telling whether some scalar may hold a `${` param reference.
    static func readNotingReferences(_ bytes: [UInt8], source: [Unicode.Scalar], file: String,
                     sink: inout DiagnosticSink) -> (root: YAMLNode?, mayHoldReference: Bool) {
        var composer = YAMLComposer(file: file, source: source)
        // libyaml keeps the input pointer: the whole parse happens inside the buffer's lifetime.
        let root = bytes.withUnsafeBufferPointer { composer.run($0) }
        sink.append(contentsOf: composer.diagnostics)
        if root == nil && !composer.diagnostics.contains(where: { $0.severity == .error }) {
            sink.error(SourceLocation(file: file, line: 1, column: 1), "the scene file holds no YAML document")
        }
        return (root, composer.mayHoldReference)
    }
}

/// Builds nodes from libyaml events: keeps a stack of open collections,
/// the anchors seen so far and the count of nodes materialized by aliases.
struct YAMLComposer {
    let file: String
    let source: [Unicode.Scalar]
    private(set) var diagnostics: [Diagnostic] = []
    /// Whether some scalar's text may hold a `${` (`ParamSubstitution.mayHoldReference`):
    /// when none does, substitution has nothing to walk.
    private(set) var mayHoldReference = false

    private struct Frame {
        var isMapping: Bool
        var anchor: String?
        var location: SourceLocation
        var children: [YAMLNode]
        /// Nodes in the subtree (after alias expansion), this one included.
        var size = 1
        /// Levels in the subtree, this one included.
        var height = 1

        init(isMapping: Bool, anchor: String?, location: SourceLocation) {
            self.isMapping = isMapping
            self.anchor = anchor
            self.location = location
            // Room for a few pairs or items at once, rather than growing 1, 2, 4, 8.
            children = []
            children.reserveCapacity(8)
        }
    }

    private struct Anchored {
        var node: YAMLNode
        var size: Int
        var height: Int
    }

    private enum Step { case proceed, stop, abort }

    private var stack: [Frame] = []
    private var anchors: [String: Anchored] = [:]
    private var expanded = 0
    private var root: YAMLNode?
    private var documents = 0

    init(file: String, source: [Unicode.Scalar]) {
        self.file = file
        self.source = source
    }

    mutating func run(_ buffer: UnsafeBufferPointer<UInt8>) -> YAMLNode? {
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        defer { parser.deallocate() }
        guard yaml_parser_initialize(parser) != 0 else {
            error(SourceLocation(file: file, line: 1, column: 1), "cannot start the YAML parser")
            return nil
        }
        defer { yaml_parser_delete(parser) }
        guard let base = buffer.baseAddress, buffer.count > 0 else { return nil }
        yaml_parser_set_input_string(parser, base, buffer.count)
        // Scene text is UTF-8, as `source` decodes it. Left to detect the
        // encoding, libyaml reads text after a UTF-16 byte-order mark as
        // UTF-16, so its marks would point into text `source` does not hold.
        // It detects (and skips, uncounted) a UTF-8 mark only when left to.
        if !buffer.starts(with: Self.utf8ByteOrderMark) { yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING) }
        var event = yaml_event_t()
        while true {
            guard yaml_parser_parse(parser, &event) != 0 else {
                reportSyntaxError(parser.pointee, buffer)
                return nil
            }
            let step = handle(event)
            yaml_event_delete(&event)
            switch step {
            case .proceed: continue
            case .stop: return root
            case .abort: return nil
            }
        }
    }

    // MARK: Events

    private mutating func handle(_ event: yaml_event_t) -> Step {
        let at = location(event.start_mark)
        switch event.type {
        case YAML_DOCUMENT_START_EVENT:
            documents += 1
            if documents > 1 {
                error(at, "a scene file holds one YAML document; a second one starts here")
                return .stop
            }
        case YAML_STREAM_END_EVENT:
            return .stop
        case YAML_SCALAR_EVENT:
            let data = event.data.scalar
            let text = data.value.map { String(decoding: UnsafeBufferPointer(start: $0, count: data.length), as: UTF8.self) } ?? ""
            let tag = string(data.tag)
            // The bytes are scanned for a `$` first: most scalars have none.
            if !mayHoldReference, let bytes = data.value, UnsafeBufferPointer(start: bytes, count: data.length).contains(UInt8(ascii: "$")),
               ParamSubstitution.mayHoldReference(text) { mayHoldReference = true }
            if let tag, !YAMLScalar.knownTags.contains(tag) {
                error(at, "unsupported YAML tag '\(tag)'")
            }
            let scalar = YAMLScalar(text: text, style: style(data.style), tag: tag,
                                    sourceRange: Int(event.start_mark.index)..<Int(event.end_mark.index))
            let node = YAMLNode(.scalar(scalar), at: spanning(at, to: event.end_mark))
            if let anchor = string(data.anchor) { anchors[anchor] = Anchored(node: node, size: 1, height: 1) }
            add(node, size: 1, height: 1)
        case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
            let isMapping = event.type == YAML_MAPPING_START_EVENT
            let (anchorPtr, tagPtr) = isMapping
                ? (event.data.mapping_start.anchor, event.data.mapping_start.tag)
                : (event.data.sequence_start.anchor, event.data.sequence_start.tag)
            if stack.count + 1 > YAMLLimits.maxDepth {
                error(at, "the YAML nests deeper than \(YAMLLimits.maxDepth) levels")
                return .abort
            }
            if let tag = string(tagPtr), tag != "!",
               tag != (isMapping ? "tag:yaml.org,2002:map" : "tag:yaml.org,2002:seq") {
                error(at, "unsupported YAML tag '\(tag)'")
            }
            stack.append(Frame(isMapping: isMapping, anchor: string(anchorPtr), location: at))
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            let frame = stack.removeLast()
            let place = spanning(frame.location, to: event.end_mark)
            let node = frame.isMapping
                ? YAMLNode(.mapping(makePairs(frame.children)), at: place)
                : YAMLNode(.sequence(frame.children), at: place)
            if let anchor = frame.anchor {
                anchors[anchor] = Anchored(node: node, size: frame.size, height: frame.height)
            }
            add(node, size: frame.size, height: frame.height)
        case YAML_ALIAS_EVENT:
            return alias(string(event.data.alias.anchor) ?? "", at: spanning(at, to: event.end_mark))
        default:
            break
        }
        return .proceed
    }

    /// An alias reuses its anchor's node. Reuse is free in memory (values are
    /// copy-on-write), but later stages walk every copy, so the nodes it stands
    /// for count against `Limits.maxAliasExpansion`.
    private mutating func alias(_ name: String, at: SourceLocation) -> Step {
        guard let target = anchors[name] else {
            if stack.contains(where: { $0.anchor == name }) {
                error(at, "alias '*\(name)' refers to a node that contains it")
            } else {
                error(at, "unknown anchor '\(name)' (an anchor '&\(name)' must come before its alias)")
            }
            add(YAMLNode(.scalar(YAMLScalar(text: "", style: .plain, tag: nil, sourceRange: 0..<0)), at: at),
                size: 1, height: 1)
            return .proceed
        }
        expanded += target.size
        if expanded > Limits.maxAliasExpansion {
            error(at, "aliases expand to more than \(Limits.maxAliasExpansion) nodes at '*\(name)' (is this a 'billion laughs' file?)")
            return .abort
        }
        if stack.count + target.height > YAMLLimits.maxDepth {
            error(at, "alias '*\(name)' makes the YAML nest deeper than \(YAMLLimits.maxDepth) levels")
            return .abort
        }
        var node = target.node
        node.aliasLocation = at
        add(node, size: target.size, height: target.height)
        return .proceed
    }

    private mutating func add(_ node: YAMLNode, size: Int, height: Int) {
        guard !stack.isEmpty else {
            root = node
            return
        }
        stack[stack.count - 1].children.append(node)
        stack[stack.count - 1].size += size
        stack[stack.count - 1].height = max(stack[stack.count - 1].height, height + 1)
    }

    // MARK: Mappings

    /// Pairs up a mapping's children, rejects non-scalar and duplicate keys,
    /// and applies merge keys (`<<: *base`, `<<: [*a, *b]`): merged keys come
    /// in at the position of `<<`, explicit keys win, earlier merges win over later ones.
    private mutating func makePairs(_ children: [YAMLNode]) -> [YAMLPair] {
        var raw: [YAMLPair] = []
        raw.reserveCapacity(children.count / 2)
        // Small mappings (most) find a repeated key by a scan of the pairs kept
        // so far, cheaper than hashing every key; larger ones by a dictionary.
        let scans = children.count <= 2 * Self.scannedKeys
        var firstSeen: [String: SourceLocation] = [:]
        if !scans { firstSeen.reserveCapacity(children.count / 2) }
        var index = 0
        while index + 1 < children.count {
            let key = children[index], value = children[index + 1]
            index += 2
            guard let scalar = key.scalar else {
                error(key.location, "mapping keys must be plain names, not \(key.found)")
                continue
            }
            if let first = scans ? raw.first(where: { $0.name == scalar.text })?.key.location : firstSeen[scalar.text] {
                error(key.location, "duplicate key '\(YAMLNode.clip(scalar.text))'",
                      notes: [DiagnosticNote(first, "'\(YAMLNode.clip(scalar.text))' is first defined here")])
                continue
            }
            if !scans { firstSeen[scalar.text] = key.location }
            checkColourComment(key: key, value: value)
            raw.append(YAMLPair(key: key, value: value))
        }
        guard raw.contains(where: isMergeKey) else { return raw }
        var pairs: [YAMLPair] = []
        var present = Set(raw.filter { !isMergeKey($0) }.map(\.name))
        for pair in raw {
            guard isMergeKey(pair) else {
                pairs.append(pair)
                continue
            }
            let sources = pair.value.sequence ?? [pair.value]
            for source in sources {
                guard let merged = source.mapping else {
                    error(source.location, "'<<' merges a mapping or a list of mappings, found \(source.found)")
                    continue
                }
                for m in merged where !present.contains(m.name) {
                    present.insert(m.name)
                    pairs.append(m)
                }
            }
        }
        return pairs
    }

    /// Up to this many keys a mapping's repeated keys are found by a scan.
    private static let scannedKeys = 16

    /// `backgroundColor: #ff0000` unquoted: `#` after a space starts a YAML
    /// comment, so the value is null and the colour silently disappears.
    /// Found in the source text after `key:` when the value is an empty plain scalar.
    private mutating func checkColourComment(key: YAMLNode, value: YAMLNode) {
        guard let v = value.scalar, v.style == .plain, v.text.isEmpty, v.tag == nil,
              let k = key.scalar, let keyEnd = key.location.end, k.sourceRange.upperBound <= source.count else { return }
        var i = k.sourceRange.upperBound
        func skipSpaces() { while i < source.count, source[i] == " " || source[i] == "\t" { i += 1 } }
        skipSpaces()
        guard i < source.count, source[i] == ":" else { return }
        i += 1
        skipSpaces()
        guard i < source.count, source[i] == "#" else { return }
        let hash = i
        i += 1
        while i < source.count, source[i].properties.isASCIIHexDigit { i += 1 }
        let digits = i - hash - 1
        guard [3, 4, 6, 8].contains(digits), i == source.count || !source[i].properties.isAlphabetic else { return }
        let colour = String(String.UnicodeScalarView(source[hash..<i]))
        var at = key.location
        at.column = keyEnd.column + (hash - k.sourceRange.upperBound)
        at.end = SourcePosition(line: at.line, column: at.column + colour.unicodeScalars.count)
        diagnostics.append(Diagnostic(
            at, "'\(colour)' starts a YAML comment here, so '\(YAMLNode.clip(k.text))' has no value; quote the colour: \(YAMLNode.clip(k.text)): \"\(colour)\"",
            suggestion: "\"\(colour)\""))
    }

    private func isMergeKey(_ pair: YAMLPair) -> Bool {
        guard let s = pair.key.scalar else { return false }
        return s.text == "<<" && s.style == .plain && (s.tag == nil || s.tag == "tag:yaml.org,2002:merge")
    }

    // MARK: Helpers

    private func location(_ mark: yaml_mark_t) -> SourceLocation {
        SourceLocation(file: file, line: Int(mark.line) + 1, column: Int(mark.column) + 1)
    }

    /// `start` with the end of its span: just past the node's last character.
    private func spanning(_ start: SourceLocation, to end: yaml_mark_t) -> SourceLocation {
        var place = start
        place.end = SourcePosition(line: Int(end.line) + 1, column: Int(end.column) + 1)
        return place
    }

    private func string(_ p: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        p.map { String(cString: UnsafePointer($0)) }
    }

    private func style(_ s: yaml_scalar_style_t) -> YAMLScalar.Style {
        switch s {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: return .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: return .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: return .literal
        case YAML_FOLDED_SCALAR_STYLE: return .folded
        default: return .plain
        }
    }

    private mutating func error(_ at: SourceLocation, _ message: String, notes: [DiagnosticNote] = []) {
        diagnostics.append(Diagnostic(at, message, notes: notes))
    }

    /// libyaml stops at the first syntax error; report it where it found it.
    static let utf8ByteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    private mutating func reportSyntaxError(_ parser: yaml_parser_t, _ buffer: UnsafeBufferPointer<UInt8>) {
        let problem = parser.problem.map { String(cString: $0) } ?? "unknown problem"
        if parser.error == YAML_READER_ERROR {
            // Reader errors (bad UTF-8) carry a byte offset, not a mark.
            let offset = min(Int(parser.problem_offset), buffer.count)
            let prefix = String(decoding: UnsafeBufferPointer(rebasing: buffer[..<offset]), as: UTF8.self)
            let utf16 = offset == 0 && (buffer.starts(with: [0xFE, 0xFF]) || buffer.starts(with: [0xFF, 0xFE]))
            error(Self.location(after: prefix, in: file), "the scene file is not valid UTF-8 text: \(problem)"
                  + (utf16 ? " (it starts with a UTF-16 byte-order mark: save it as UTF-8)" : ""))
            return
        }
        var message = "invalid YAML: \(problem)"
        let mark = parser.problem_mark
        var notes: [DiagnosticNote] = []
        if let context = parser.context.map({ String(cString: $0) }) {
            notes.append(DiagnosticNote(location(parser.context_mark), "\(context) that starts here"))
        }
        let at = Int(mark.index)
        if at < source.count, source[at] == "\t" {
            message += "; YAML indents with spaces, not tabs"
        }
        // `${x}` unquoted inside [...] or {...}: braces are YAML flow syntax there.
        let window = source[max(0, min(at, source.count) - 3)..<min(source.count, at + 1)]
        if zip(window, window.dropFirst()).contains(where: { $0 == "$" && $1 == "{" }) {
            message += "; inside [...] or {...}, quote a param reference: \"${name}\""
        }
        error(location(mark), message, notes: notes)
    }

    /// Where the text after `prefix` starts, with lines broken as libyaml
    /// breaks them for its marks (CR LF, CR, LF, NEL, LS, PS), so that every
    /// location of a file counts lines the same way.
    static func location(after prefix: String, in file: String) -> SourceLocation {
        var line = 1, column = 1, afterCR = false
        // libyaml skips a byte-order mark without counting it.
        for scalar in prefix.unicodeScalars.drop(while: { $0 == "\u{FEFF}" }) {
            switch scalar {
            case "\n" where afterCR: afterCR = false
            case "\r", "\n", "\u{85}", "\u{2028}", "\u{2029}":
                line += 1; column = 1; afterCR = scalar == "\r"
            default: column += 1; afterCR = false
            }
        }
        return SourceLocation(file: file, line: line, column: column)
    }
}
