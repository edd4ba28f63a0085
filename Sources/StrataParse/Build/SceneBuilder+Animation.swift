import StrataModel

/// What an action (an entry of a layer's `actions`) lets an animation leave
/// out: its key path is the action's key, and a basic or spring animation
/// may have no values (it then runs from the presentation value to the new
/// model value).
struct ActionContext {
    var keyPath: LayerKeyPath
}

/// An animation as written, with whether it set what a transaction would
/// otherwise fill in.
struct BuiltAnimation {
    var animation: Animation
    var hasDuration: Bool
    var hasTimingFunction: Bool
}

extension SceneBuilder {
    /// One entry of a layer's `animations`.
    mutating func buildAnimation(_ node: YAMLNode) -> Animation? {
        buildAnimation(node, depth: 0, action: nil)?.animation
    }

    /// An animation of any type: `basic` (the default), `keyframe` (also
    /// when `values` or `path` is given), `spring`, `group` (also when
    /// `animations` is given). `depth` counts enclosing groups.
    mutating func buildAnimation(_ node: YAMLNode, depth: Int, action: ActionContext?) -> BuiltAnimation? {
        var type = KeyTables.defaultAnimationType
        var typeKnown = true
        if node.mapping != nil {
            if let t = node["type"] {
                if let name = t.scalar?.text, let transition = Transition.Kind(rawValue: name) {
                    // Only a layer's own `animations` take a CATransition (a group's time is not a layer's).
                    sink.error(t.location, "'\(transition.rawValue)' is a transition (CATransition): it goes in a layer's 'animations' (or as a transaction's or an action's 'transition'), not in a group")
                    typeKnown = false
                } else if let parsed = take(Values.choice(t, KeyTables.animationTypes, what: "animation type")) {
                    type = parsed
                } else {
                    typeKnown = false
                }
            } else if let implied = KeyTables.animationTypeImpliedBy.first(where: { $0.keys.contains { node[$0] != nil } }) {
                type = implied.type
            }
        }
        guard let m = MappingReader(node, KeyTables.animation, sink: &sink) else { return nil }
        guard typeKnown else { return nil }
        checkKeysBelong(m, to: type)
        var keyPath: LayerKeyPath?
        if let k = m["keyPath"] {
            if type == "group" {
                sink.error(m.keyNode("keyPath")!.location, "a group has no 'keyPath'; the animations in it do")
            } else {
                keyPath = take(Values.string(k, what: "a key path")).flatMap { resolvedKeyPath($0, at: k) }
                if let path = keyPath, !path.property.animation.isAnimatable {
                    sink.error(k.location, "'\(path.property.name)' is not an animatable property")
                    keyPath = nil
                }
                if let cell = keyPath?.emitterCell, layerType == .emitter, !checkEmitterCellName(cell.path, at: k.location) {
                    keyPath = nil
                }
            }
        } else if let action {
            keyPath = action.keyPath
        } else if type != "group" && !m.suggested.contains("keyPath") {
            sink.error(node.location, "missing required key 'keyPath' in animation")
        }
        let function = buildValueFunction(m, keyPath: keyPath, type: type)
        // Without its function the values cannot be read as what they are.
        if m.has("valueFunction") && function == nil { return nil }
        var timing = buildMediaTiming(m)
        let timingFunction = read(m, "timingFunction", Self.timingFunction)
        let removedOnCompletion = read(m, "removedOnCompletion", Values.bool)
        let additive = read(m, "additive", Values.bool) ?? false
        let cumulative = read(m, "cumulative", Values.bool) ?? false
        var hasDuration = m.has("duration")

        let kind: Animation.Kind?
        switch type {
        case "group":
            for key in ["additive", "cumulative"] {
                if let k = m.keyNode(key) {
                    sink.error(k.location, "'\(key)' does not apply to a group; set it on the animations in it")
                }
            }
            kind = buildGroup(m, node: node, depth: depth)
        case "keyframe":
            kind = keyPath.flatMap { buildKeyframes(m, node: node, keyPath: $0, additive: additive, function: function) }
        default:
            let values = buildEnds(m, node: node, keyPath: keyPath, valuesOptional: action != nil, function: function)
            if type == "spring" {
                var spring = buildSpring(m)
                spring.from = values?.from; spring.to = values?.to; spring.by = values?.by
                // The contract: a spring's duration defaults to its settling duration.
                if timing.duration == 0 {
                    timing.duration = spring.settlingDuration
                    hasDuration = true
                }
                kind = values == nil ? nil : .spring(spring)
            } else {
                kind = values.map { .basic(from: $0.from, to: $0.to, by: $0.by) }
            }
        }
        guard let kind else { return nil }
        var animation: Animation
        if case .group(let children) = kind {
            animation = .group(children, location: node.useLocation)
        } else {
            guard let keyPath else { return nil }
            animation = Animation(keyPath: keyPath, kind: kind, location: node.useLocation)
        }
        animation.timing = timing
        animation.timingFunction = timingFunction ?? .linear
        if let removedOnCompletion { animation.removedOnCompletion = removedOnCompletion }
        if depth == 0 { warnAboutFillWithoutHold(m, animation) }
        animation.additive = additive
        animation.cumulative = cumulative
        animation.valueFunction = function
        return BuiltAnimation(animation: animation, hasDuration: hasDuration, hasTimingFunction: timingFunction != nil)
    }

    /// Core Animation removes a finished animation unless `removedOnCompletion`
    /// is false, so a forwards fill alone never holds the end value: the
    /// layer snaps back to its model value. (Inside a group the children's
    /// fill works and their `removedOnCompletion` is ignored, so only
    /// animations on the layer itself are checked.)
    mutating func warnAboutFillWithoutHold(_ m: MappingReader, _ animation: Animation) {
        let fill = animation.timing.fillMode
        guard fill == .forwards || fill == .both, animation.removedOnCompletion, let at = m["fillMode"] else { return }
        let notes = m.keyNode("removedOnCompletion").map { [DiagnosticNote($0.location, "removedOnCompletion is set to true here")] } ?? []
        let what = fill == .both ? "the forwards half of fillMode 'both' has no effect" : "fillMode 'forwards' has no effect"
        sink.warning(at.location, "\(what): removedOnCompletion is true\(notes.isEmpty ? " (the default)" : ""), so the animation is removed when it ends and the layer shows its model value again; add 'removedOnCompletion: false' to hold the end value (or set the model value to it)", notes: notes)
    }

    /// Keys of another animation type are errors that name the types they belong to.
    mutating func checkKeysBelong(_ m: MappingReader, to type: String) {
        for key in KeyTables.foreignAnimationKeys(of: type) {
            guard let k = m.keyNode(key) else { continue }
            let owners = KeyTables.animationKeysByType.filter { $0.1.contains(key) }.map(\.0)
            let hint = owners.count == 1 && owners[0] != "keyframe" ? "; add 'type: \(owners[0])'" : ""
            let names = owners.joined(separator: " and ")
            sink.error(k.location, "'\(key)' is a key of \(names) animations, not of \(type) animations\(hint)")
        }
    }

    /// from / to / by of a basic or spring animation, or nil after an error.
    /// In an action all three may be missing.
    mutating func buildEnds(_ m: MappingReader, node: YAMLNode, keyPath: LayerKeyPath?, valuesOptional: Bool,
                            function: ValueFunction? = nil)
        -> (from: AnimatableValue?, to: AnimatableValue?, by: AnimatableValue?)? {
        let ends = ["from", "to", "by"].filter { m.has($0) }
        var failed = false
        // Keys rejected above (a misspelled 'to', keyframe 'values') already explain a missing end.
        if ends.isEmpty && !valuesOptional && !m.rejectedKeys {
            sink.error(node.location, "an animation needs 'from', 'to' or 'by'")
            failed = true
        } else if ends.count == 3, let by = m.keyNode("by") {
            sink.error(by.location, m.table.exclusion(excluding: "by"))
            failed = true
        }
        guard let keyPath else { return nil }
        if let owners = Self.owners(of: keyPath.property, unlike: layerType), let k = m["keyPath"] {
            sink.error(k.location, "'\(keyPath.property.name)' is a key of \(owners) layers, not of type '\(layerType.rawValue)'")
            return nil
        }
        if keyPath.valueKind == .bool, let by = m.keyNode("by") {
            sink.error(by.location, "'by' does not apply to the boolean key path '\(keyPath.text)'; use 'from' and 'to'")
            failed = true
        }
        if keyPath.valueKind == .image {
            // `contents` from one image to another: Core Animation's cross-dissolve.
            if let k = m.keyNode("by") ?? m.keyNode("additive") ?? m.keyNode("cumulative") {
                sink.error(k.location, "'\(k.scalar?.text ?? "by")' does not apply to images; use 'from' and 'to'")
                return nil
            }
            let from = m["from"].flatMap { contentsValue($0) }, to = m["to"].flatMap { contentsValue($0) }
            if (m.has("from") && from == nil) || (m.has("to") && to == nil) || failed { return nil }
            return (from, to, nil)
        }
        let from = m["from"].flatMap { take(valueForAnimation($0, keyPath, isDelta: false, function: function)) }
        let to = m["to"].flatMap { take(valueForAnimation($0, keyPath, isDelta: false, function: function)) }
        let by = m["by"].flatMap { take(valueForAnimation($0, keyPath, isDelta: true, function: function)) }
        checkTypedEnds(keyPath, m, from: from, to: to, by: by)
        if failed || (m.has("from") && from == nil) || (m.has("to") && to == nil) || (m.has("by") && by == nil) {
            return nil
        }
        if ends.isEmpty && !valuesOptional { return nil }
        return (from, to, by)
    }

    /// CAPropertyAnimation's `valueFunction` (CAValueFunction), on a whole
    /// transform key path (`transform`, `sublayerTransform`,
    /// `instanceTransform`) of a basic, keyframe or spring animation.
    mutating func buildValueFunction(_ m: MappingReader, keyPath: LayerKeyPath?, type: String) -> ValueFunction? {
        guard let node = m["valueFunction"],
              let f = take(Values.choice(node, ValueFunction.self, what: "value function")) else { return nil }
        if type == "group" {
            sink.error(m.keyNode("valueFunction")!.location, "'valueFunction' does not apply to a group; set it on the animations in it")
            return nil
        }
        guard let path = keyPath else { return nil }
        guard path.valueKind == .transform, path.transformComponent == nil else {
            let whole = path.transformComponent != nil ? path.property.name : "transform"
            sink.error(node.location, "a value function makes a whole transform: use keyPath '\(whole)', not '\(path.text)'")
            return nil
        }
        if let p = m.keyNode("path") {
            sink.error(p.location, "a value function takes 'values', not a 'path'")
            return nil
        }
        return f
    }

    /// CASpringAnimation's keys, written one of three ways (mixing them is an
    /// error): the physical `mass`, `stiffness`, `damping` (defaults 1, 100,
    /// 10); iOS 17's `perceptualDuration` and `bounce`; or SwiftUI's
    /// `response` and `dampingRatio`. The last two are converted exactly
    /// (`SpringAnimation.constants`); a missing one of a pair takes
    /// SwiftUI's default (duration or response 0.5 s, bounce 0, damping
    /// ratio 0.825). An over-damped feel (bounce < 0, damping ratio > 1)
    /// over-damps unless `allowsOverdamping` says otherwise, as SwiftUI's does.
    mutating func buildSpring(_ m: MappingReader) -> SpringAnimation {
        var s = SpringAnimation()
        let ways = [["mass", "stiffness", "damping"], ["perceptualDuration", "bounce"], ["response", "dampingRatio"]]
        let written = ways.map { way in way.filter { m.has($0) } }
        if written.filter({ !$0.isEmpty }).count > 1, let second = written.lastIndex(where: { !$0.isEmpty }),
           let k = m.keyNode(written[second][0]) {
            let first = written.firstIndex { !$0.isEmpty }!
            sink.error(k.location, "'\(written[second][0])' and '\(written[first][0])' describe the spring two ways; write \(Suggestion.list(ways[second], conjunction: "and")) or \(Suggestion.list(ways[first], conjunction: "and")), not both")
        }
        if let v = number(m, "mass", what: "a mass") { s.mass = v }
        if let v = number(m, "stiffness", what: "a stiffness") { s.stiffness = v }
        if let v = number(m, "damping", what: "a damping") { s.damping = v }
        let perceptual = time(m, "perceptualDuration")
        let bounce = number(m, "bounce", what: "a bounce")
        let response = time(m, "response")
        let ratio = number(m, "dampingRatio", what: "a damping ratio")
        var overdamped = false
        if !written[1].isEmpty {
            let b = bounce ?? 0
            (s.mass, s.stiffness, s.damping) = SpringAnimation.constants(perceptualDuration: perceptual ?? 0.5, bounce: b)
            overdamped = b < 0
        } else if !written[2].isEmpty {
            let z = ratio ?? 0.825
            (s.mass, s.stiffness, s.damping) = SpringAnimation.constants(response: response ?? 0.5, dampingRatio: z)
            overdamped = z > 1
        }
        if let v = number(m, "initialVelocity", what: "a velocity") { s.initialVelocity = v }
        s.allowsOverdamping = read(m, "allowsOverdamping", Values.bool) ?? overdamped
        return s
    }

    /// CAAnimationGroup's `animations`, each built in the group's time.
    mutating func buildGroup(_ m: MappingReader, node: YAMLNode, depth: Int) -> Animation.Kind? {
        guard let list = m["animations"] else {
            sink.error(node.location, "a group needs 'animations'")
            return nil
        }
        guard depth < Limits.maxGroupDepth else {
            sink.error(list.location, "animation groups nest deeper than \(Limits.maxGroupDepth) levels")
            return nil
        }
        guard let items = take(Values.list(list, of: "animations")) else { return nil }
        return .group(items.compactMap { buildAnimation($0, depth: depth + 1, action: nil)?.animation })
    }

    /// The CAMediaTiming keys of an animation.
    mutating func buildMediaTiming(_ m: MappingReader) -> MediaTiming {
        var t = MediaTiming()
        if let v = time(m, "duration") { t.duration = v }
        if let v = time(m, "beginTime") { t.beginTime = v }
        if let v = time(m, "timeOffset") { t.timeOffset = v }
        if let v = number(m, "speed") { t.speed = v }
        if let v = read(m, "repeatCount", Self.repeatCount) { t.repeatCount = v }
        if let v = time(m, "repeatDuration") { t.repeatDuration = v }
        if m.has("repeatCount"), let key = m.keyNode("repeatDuration") {
            sink.error(key.location, m.table.exclusion(excluding: "repeatDuration"))
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
        return Values.choice(node, KeyTables.timingFunctionNames, what: "timing function",
                             aliases: KeyTables.timingFunctionAliases).map {
            switch $0 {
            case "easeIn": return .easeIn
            case "easeOut": return .easeOut
            case "easeInEaseOut": return .easeInEaseOut
            case "default": return .default
            default: return .linear
            }
        }
    }

    /// `keyPath(_:at:)` once per text: the failures (reported each time) are not kept.
    mutating func resolvedKeyPath(_ text: String, at node: YAMLNode) -> LayerKeyPath? {
        if let known = resolvedKeyPaths[text] { return known }
        let path = take(Self.keyPath(text, at: node))
        if let path { resolvedKeyPaths[text] = path }
        return path
    }

    /// Resolves a key path, with "did you mean" for misspellings and a clear
    /// message for keys that exist but cannot be animated (yet).
    static func keyPath(_ text: String, at node: YAMLNode) -> Parsed<LayerKeyPath> {
        let root = String(text.prefix { $0 != "." })
        if let p = LayerProperty.named(root), !p.animation.isAddressable {
            return Values.fail(node, p.animation == .notYet ? "animating '\(root)' is not supported yet"
                                                             : "'\(root)' is not an animatable property")
        }
        if LayerProperty.named(root) == nil, let spec = KeyTables.layer.spec(root) {
            // A key that builds the tree (name, frame, mask...), not a property.
            return Values.fail(node, spec.status == .notSupportedYet ? "animating '\(root)' is not supported yet"
                                                                      : "'\(root)' is not an animatable property")
        }
        switch LayerKeyPath.parse(text) {
        case .success(let path): return .success(path)
        case .failure(let e):
            let words = [text] + text.split(separator: ".").map(String.init).reversed()
            // One index for every word: its work budget bounds a path of a million parts.
            var index = Suggestion.Index(e.candidates)
            if let guess = words.lazy.compactMap({ index.closest(to: $0) }).first {
                return .failure(Diagnostic(node.location, "\(e.message); did you mean '\(guess)'?",
                                           suggestion: guess == words[0] || !text.contains(".") ? guess : nil))
            }
            let choices = !e.candidates.isEmpty && e.candidates.count <= 6 ? "; expected \(Suggestion.list(e.candidates))" : ""
            return Values.fail(node, e.message + choices)
        }
    }

    /// A from / to / by value (or a keyframe's, or a transaction's) of the
    /// key path's kind, within the property's bounds (`bounds.size.width`: a
    /// size's). Rotations are angles, translations lengths, scales factors,
    /// times (`instanceDelay`) times. `isDelta` (by) lifts the bounds.
    static func animationValue(_ node: YAMLNode, _ path: LayerKeyPath, isDelta: Bool,
                               source: [Unicode.Scalar] = []) -> ParsedMany<AnimatableValue> {
        func one(_ r: Parsed<AnimatableValue>) -> ParsedMany<AnimatableValue> { r.mapError { DiagnosticList([$0]) } }
        let form = isDelta ? path.valueForm.unbounded : path.valueForm
        let bound = form.bound
        switch path.valueKind {
        case .scalar:
            switch form {
            case .time(let b): return one(Values.time(node, b).map { .scalar($0) })
            case .angle: return one(Values.angle(node).map { .scalar($0) })
            default:
                let what = path.transformComponent == .translation ? "a length"
                    : path.transformComponent == .scale ? "a scale factor" : "a number"
                return one(Values.number(node, bound, what: what).map { .scalar($0) })
            }
        case .size: return one(Values.size(node, bound).map { .size($0) })
        case .rect: return one(Values.rect(node, sizeBound: isDelta ? .any : .nonNegative).map { .rect($0) })
        case .point: return one(Values.point(node).map { .point($0) })
        case .color: return one(Values.color(node).map { .color($0) })
        case .bool: return one(Values.bool(node).map { .bool($0) })
        case .transform: return Values.transform(node).map { .transform($0) }
        case .path: return pathValue(node, source: source).map { .path($0) }
        case .colors: return one(colorList(node).map { .colors($0) })
        case .numbers:
            guard case .numbers(_, let what) = form else { return one(Values.fail(node, "expected a list of numbers")) }
            return one(numberList(node, bound, what: what).map { .numbers($0) })
        case .image:
            // Images are decoded by the (mutating) builder where it reads them
            // (`contentsValue`: from/to, keyframes, transactions); nowhere else.
            return one(Values.fail(node, "an image value is not allowed here"))
        }
    }
}
