import StrataModel

extension SceneBuilder {
    /// One entry of a layer's `animations` (CABasicAnimation only, for now).
    mutating func buildAnimation(_ node: YAMLNode) -> Animation? {
        var supportedType = true
        var isGroup = false
        if node.mapping != nil, let t = node["type"],
           let type = take(Values.choice(t, KeyTables.animationTypes, what: "animation type")), type != "basic" {
            sink.error(t.location, "animation type '\(type)' is not supported yet")
            supportedType = false
            isGroup = type == "group"
        }
        guard let m = MappingReader(node, KeyTables.animation, sink: &sink) else { return nil }
        var keyPath: LayerKeyPath?
        if let k = m["keyPath"] {
            keyPath = take(Values.string(k, what: "a key path").flatMap { Self.keyPath($0, at: k) })
        } else if !isGroup && !m.suggested.contains("keyPath") {
            sink.error(node.location, "missing required key 'keyPath' in animation")
        }
        let timing = buildMediaTiming(m)
        var timingFunction = TimingFunction.linear
        if let f = read(m, "timingFunction", Self.timingFunction) { timingFunction = f }
        let removedOnCompletion = read(m, "removedOnCompletion", Values.bool)
        let additive = read(m, "additive", Values.bool)
        let cumulative = read(m, "cumulative", Values.bool)

        let ends = ["from", "to", "by"].filter { m.has($0) }
        // Keys rejected above (a misspelled 'to', keyframe 'values') already explain a missing end.
        if ends.isEmpty && supportedType && !m.rejectedKeys {
            sink.error(node.location, "an animation needs 'from', 'to' or 'by'")
        } else if ends.count == 3, let by = m.keyNode("by") {
            sink.error(by.location, "'from', 'to' and 'by' cannot all be set; use two of them")
        }
        guard let keyPath, supportedType else { return nil }
        if let owner = keyPath.property.layerType, owner != layerType, let k = m["keyPath"] {
            sink.error(k.location, "'\(keyPath.property.rawValue)' is a key of '\(owner.rawValue)' layers, not of type '\(layerType.rawValue)'")
            return nil
        }
        if keyPath.valueKind == .bool, let by = m.keyNode("by") {
            sink.error(by.location, "'by' does not apply to the boolean key path '\(keyPath.text)'; use 'from' and 'to'")
        }
        let from = m["from"].flatMap { take(valueForAnimation($0, keyPath, isDelta: false)) }
        let to = m["to"].flatMap { take(valueForAnimation($0, keyPath, isDelta: false)) }
        let by = m["by"].flatMap { take(valueForAnimation($0, keyPath, isDelta: true)) }
        checkTypedEnds(keyPath, m, from: from, to: to, by: by)

        var animation = Animation(keyPath: keyPath, kind: .basic(from: from, to: to, by: by), location: node.useLocation)
        animation.timing = timing
        animation.timingFunction = timingFunction
        if let removedOnCompletion { animation.removedOnCompletion = removedOnCompletion }
        if let additive { animation.additive = additive }
        if let cumulative { animation.cumulative = cumulative }
        return animation
    }

    /// The CAMediaTiming keys of an animation.
    mutating func buildMediaTiming(_ m: MappingReader) -> MediaTiming {
        var t = MediaTiming()
        if let v = read(m, "duration", { Values.time($0, .nonNegative) }) { t.duration = v }
        if let v = read(m, "beginTime", { Values.time($0) }) { t.beginTime = v }
        if let v = read(m, "timeOffset", { Values.time($0) }) { t.timeOffset = v }
        if let v = read(m, "speed", { Values.number($0, .nonNegative) }) { t.speed = v }
        if let v = read(m, "repeatCount", Self.repeatCount) { t.repeatCount = v }
        if let v = read(m, "repeatDuration", { Values.time($0, .nonNegative) }) { t.repeatDuration = v }
        if m.has("repeatCount"), let key = m.keyNode("repeatDuration") {
            sink.error(key.location, "'repeatCount' and 'repeatDuration' cannot both be set")
        }
        if let v = read(m, "autoreverses", Values.bool) { t.autoreverses = v }
        if let v = read(m, "fillMode", { Values.choice($0, FillMode.self, what: "fillMode") }) { t.fillMode = v }
        return t
    }

    /// A number of 0 or more, or `inf` / `.inf` for ever.
    static func repeatCount(_ node: YAMLNode) -> Parsed<Double> {
        if let s = node.scalar {
            if s.text == "inf" { return .success(.infinity) }
            if let n = s.number, n == .infinity { return .success(.infinity) }
        }
        return Values.number(node, .nonNegative, what: "a repeat count").mapError {
            Diagnostic($0.location, $0.message.replacingOccurrences(", found", " or inf, found"))
        }
    }

    /// `linear`, `easeIn`, `easeOut`, `easeInEaseOut`, `default`, or
    /// `[c1x, c1y, c2x, c2y]` with c1x and c2x from 0 to 1.
    static func timingFunction(_ node: YAMLNode) -> Parsed<TimingFunction> {
        if node.sequence != nil {
            var index = 0
            return Values.numbers(node, counts: [4], what: "control points [c1x, c1y, c2x, c2y]") { item in
                defer { index += 1 }
                return index % 2 == 0 ? Values.number(item, .unit, what: "an x control coordinate") : Values.number(item)
            }.map { .custom($0[0], $0[1], $0[2], $0[3]) }
        }
        return Values.choice(node, KeyTables.timingFunctionNames, what: "timing function").map {
            switch $0 {
            case "easeIn": return .easeIn
            case "easeOut": return .easeOut
            case "easeInEaseOut": return .easeInEaseOut
            case "default": return .default
            default: return .linear
            }
        }
    }

    /// Resolves a key path, with "did you mean" for misspellings and a clear
    /// message for properties that exist but cannot be animated yet.
    static func keyPath(_ text: String, at node: YAMLNode) -> Parsed<LayerKeyPath> {
        let root = String(text.prefix { $0 != "." })
        if LayerKeyPath.Property(rawValue: root) == nil, let spec = KeyTables.layer.spec(root) {
            switch spec.status {
            case .notSupportedYet: return Values.fail(node, "animating '\(root)' is not supported yet")
            case .typeSpecific: return Values.fail(node, "'\(root)' is not an animatable property")
            case .supported where root == "masksToBounds": return Values.fail(node, "animating '\(root)' is not supported yet")
            case .supported: return Values.fail(node, "'\(root)' is not an animatable property")
            }
        }
        switch LayerKeyPath.parse(text) {
        case .success(let path): return .success(path)
        case .failure(let e):
            let words = [text] + text.split(separator: ".").map(String.init).reversed()
            if let guess = words.lazy.compactMap({ Suggestion.closest(to: $0, in: e.candidates) }).first {
                return Values.fail(node, "\(e.message); did you mean '\(guess)'?")
            }
            let choices = e.candidates.count <= 6 ? "; expected \(Suggestion.list(e.candidates))" : ""
            return Values.fail(node, e.message + choices)
        }
    }

    /// A from / to / by value of the key path's kind. Rotations are angles,
    /// translations lengths, scales factors. `isDelta` (by) lifts range limits.
    static func animationValue(_ node: YAMLNode, _ path: LayerKeyPath, isDelta: Bool) -> ParsedMany<AnimatableValue> {
        func one(_ r: Parsed<AnimatableValue>) -> ParsedMany<AnimatableValue> { r.mapError { DiagnosticList([$0]) } }
        let sizeBound: Bound = isDelta || path.transformComponent != nil ? .any : .nonNegative
        switch path.valueKind {
        case .scalar:
            switch path.transformComponent {
            case .rotation?: return one(Values.angle(node).map { .scalar($0) })
            case .translation?: return one(Values.length(node).map { .scalar($0) })
            case .scale?: return one(Values.number(node, what: "a scale factor").map { .scalar($0) })
            case nil: break
            }
            var bound = Bound.any
            if !isDelta {
                switch path.property {
                case .opacity: bound = .unit
                case .cornerRadius, .borderWidth: bound = .nonNegative
                case .bounds where path.fields.contains("size"): bound = .nonNegative
                default: bound = Self.typedBound(path.property)
                }
            }
            return one(Values.number(node, bound).map { .scalar($0) })
        case .point: return one(Values.point(node).map { .point($0) })
        case .size: return one(Values.size(node, sizeBound).map { .size($0) })
        case .rect: return one(Values.rect(node, sizeBound: sizeBound).map { .rect($0) })
        case .color: return one(Values.color(node).map { .color($0) })
        case .bool: return one(Values.bool(node).map { .bool($0) })
        case .transform: return Values.transform(node).map { .transform($0) }
        case .path, .colors, .numbers: return listAnimationValue(node, path, isDelta: isDelta, source: [])
        }
    }
}
