import StrataModel
@testable import StrataParse

/// The value parsers of the scene format. The first byte picks one; the
/// rest is read as YAML (so a transform gets its list or mapping, a colour
/// its string or list) and handed to it.
enum ValuesTarget {
    /// Each parser with what it returns reduced to its diagnostics.
    static let parsers: [(name: String, parse: @Sendable (YAMLNode, [Unicode.Scalar]) -> [Diagnostic])] = [
        ("color", { node, _ in one(Values.color(node)) }),
        ("colors", { node, _ in one(SceneBuilder.colorList(node)) }),
        ("time", { node, _ in one(Values.time(node)) }),
        ("angle", { node, _ in one(Values.angle(node)) }),
        ("length", { node, _ in one(Values.length(node)) }),
        ("number", { node, _ in one(Values.number(node)) }),
        ("integer", { node, _ in one(Values.integer(node)) }),
        ("point", { node, _ in one(Values.point(node)) }),
        ("size", { node, _ in one(Values.size(node)) }),
        ("rect", { node, _ in one(Values.rect(node)) }),
        ("transform", { node, _ in many(Values.transform(node)) }),
        ("frame rate", { node, _ in one(Values.frameRate(node)) }),
        ("timing function", { node, _ in one(SceneBuilder.timingFunction(node)) }),
        ("repeat count", { node, _ in one(SceneBuilder.repeatCount(node)) }),
        ("motion path", { node, source in one(SceneBuilder.motionPath(node, source: source)) }),
        ("shadow path", { node, source in one(SceneBuilder.svgShapePath(node, source: source)) }),
        ("gain", { node, _ in one(Values.gain(node)) }),
        ("shape path", { node, source in many(SceneBuilder.pathValue(node, source: source)) }),
    ]

    static func run(_ bytes: [UInt8]) {
        guard let selector = bytes.first else { return }
        let parser = parsers[Int(selector) % parsers.count]
        let text = Array(bytes.dropFirst())
        let file = "value.yaml"
        var sink = DiagnosticSink()
        let source = Array(String(decoding: text, as: UTF8.self).unicodeScalars)
        guard let node = YAMLReader.read(text, source: source, file: file, sink: &sink) else { return }
        FuzzCheck.located(parser.parse(node, source), in: text, file: file)
    }

    private static func one<T>(_ parsed: Parsed<T>) -> [Diagnostic] {
        if case .failure(let d) = parsed { return [d] }
        return []
    }

    private static func many<T>(_ parsed: ParsedMany<T>) -> [Diagnostic] {
        if case .failure(let list) = parsed { return list.items }
        return []
    }
}
