import StrataModel

extension SceneBuilder {
    /// CAKeyframeAnimation: `values` or `path`, and the keys that time them.
    /// Core Animation's rules for `keyTimes` are errors here, each at the
    /// value that breaks it; keys that a mode ignores are warnings.
    mutating func buildKeyframes(_ m: MappingReader, node: YAMLNode, keyPath: LayerKeyPath,
                                 additive: Bool, function: ValueFunction? = nil) -> Animation.Kind? {
        let mode = read(m, "calculationMode") { Values.choice($0, KeyframeAnimation.CalculationMode.self, what: "calculationMode") }
            ?? .linear
        let rotation = read(m, "rotationMode") { Values.choice($0, KeyframeAnimation.RotationMode.self, what: "rotationMode") }
        let paced = mode == .paced || mode == .cubicPaced
        let cubic = mode == .cubic || mode == .cubicPaced

        var values: [AnimatableValue]?
        var path: MotionPath?
        var what = "value"
        if let p = m["path"] {
            what = "point of the path"
            if let v = m.keyNode("values") {
                sink.error(v.location, m.table.exclusion(excluding: "values"))
            }
            if keyPath.valueKind != .point && keyPath.valueKind != .size {
                sink.error(p.location, "a path moves a point, but '\(keyPath.text)' is \(Self.kindPhrase(keyPath.valueKind)); animate position, anchorPoint, bounds.origin or transform.translation")
            } else {
                path = take(Self.motionPath(p, source: source))
            }
            for key in ["tensionValues", "continuityValues", "biasValues"] {
                if let k = m.keyNode(key) { sink.warning(k.location, "'\(key)' is ignored along a path: the path's own curves shape the motion") }
            }
        } else if let v = m["values"] {
            if let k = m.keyNode("rotationMode") {
                sink.error(k.location, "'rotationMode' turns the layer along a 'path'; it needs 'path'")
            }
            if let items = take(Values.list(v, of: "values")) {
                if items.isEmpty {
                    sink.error(v.location, "'values' needs at least one value")
                } else if items.count > Limits.maxKeyframes {
                    sink.error(v.location, "'values' has \(items.count) values; at most \(Limits.maxKeyframes) are allowed")
                } else if keyPath.valueKind == .image {
                    values = flipBookImages(items, mode: mode, m: m)
                } else {
                    let parsed = items.map { take(valueForAnimation($0, keyPath, isDelta: additive, function: function)) }
                    if parsed.allSatisfy({ $0 != nil }) { values = parsed.map { $0! } }
                }
            }
        } else {
            if !m.rejectedKeys { sink.error(node.location, "a keyframe animation needs 'values' or 'path'") }
            return nil
        }
        let count = path?.points.count ?? values?.count
        let keyTimes = m["keyTimes"].flatMap { buildKeyTimes($0, key: m.keyNode("keyTimes")!, count: count, mode: mode, what: what) }
        var functions: [TimingFunction]?
        if let f = m["timingFunctions"], let items = take(Values.list(f, of: "timing functions")) {
            let parsed = items.map { take(Self.timingFunction($0)) }
            if paced {
                sink.warning(m.keyNode("timingFunctions")!.location, "'timingFunctions' are ignored in \(mode.rawValue) mode (as in Core Animation): the speed is constant")
            } else if mode == .discrete {
                sink.warning(m.keyNode("timingFunctions")!.location, "'timingFunctions' have no effect in discrete mode: values do not interpolate")
            } else if let count, items.count != count - 1 {
                sink.error(f.location, "expected \(count - 1) timing function\(count == 2 ? "" : "s"), one per segment between keyframes, found \(items.count)")
            } else if parsed.allSatisfy({ $0 != nil }) {
                functions = parsed.map { $0! }
            }
        }
        var spline: [String: [Double]] = [:]
        for key in ["tensionValues", "continuityValues", "biasValues"] where path == nil {
            guard let v = m[key] else { continue }
            if !cubic {
                sink.warning(m.keyNode(key)!.location, "'\(key)' is ignored in \(mode.rawValue) mode; it shapes the cubic modes")
                continue
            }
            guard let items = take(Values.list(v, of: "numbers")) else { continue }
            let parsed = items.map { take(Values.number($0)) }
            if let count, items.count != count {
                sink.error(v.location, "expected \(count) \(key), one per value, found \(items.count)")
            } else if parsed.allSatisfy({ $0 != nil }) {
                spline[key] = parsed.map { $0! }
            }
        }
        if let path {
            return .keyframe(KeyframeAnimation(path: path, keyTimes: keyTimes, timingFunctions: functions,
                                               calculationMode: mode, rotationMode: rotation))
        }
        guard let values else { return nil }
        return .keyframe(KeyframeAnimation(values: values, keyTimes: keyTimes, timingFunctions: functions,
                                           calculationMode: mode, tensionValues: spline["tensionValues"],
                                           continuityValues: spline["continuityValues"], biasValues: spline["biasValues"]))
    }

    /// `keyTimes` by Core Animation's rules: one per keyframe (discrete mode
    /// also takes one more), each from 0 to 1 and not below the one before,
    /// the first 0 and the last 1. Ignored (a warning) in the paced modes.
    mutating func buildKeyTimes(_ node: YAMLNode, key: YAMLNode, count: Int?, mode: KeyframeAnimation.CalculationMode,
                                what: String) -> [Double]? {
        if mode == .paced || mode == .cubicPaced {
            sink.warning(key.location, "'keyTimes' are ignored in \(mode.rawValue) mode (as in Core Animation): the speed is constant")
            return nil
        }
        guard let items = take(Values.list(node, of: "key times")) else { return nil }
        var times: [Double] = []
        times.reserveCapacity(items.count)
        var ok = true
        let bound = KeyTables.animation.bound(of: "keyTimes")
        for (i, item) in items.enumerated() {
            guard let t = take(Values.number(item, bound, what: "a key time")) else { ok = false; continue }
            if let previous = times.last, t < previous {
                sink.error(item.location, "key times must not decrease: \(Values.format(t)) comes after \(Values.format(previous))")
                ok = false
            }
            if i == 0 && t != 0 {
                sink.error(item.location, "the first key time must be 0")
                ok = false
            }
            if i == items.count - 1 && i > 0 && t != 1 {
                sink.error(item.location, "the last key time must be 1")
                ok = false
            }
            times.append(t)
        }
        if let count {
            let plural = what == "value" ? "values" : "points of the path"
            if mode == .discrete {
                if items.count != count && items.count != count + 1 {
                    sink.error(node.location, "expected \(count) or \(count + 1) key times (one per \(what), or one more in discrete mode) for \(count) \(plural), found \(items.count)")
                    ok = false
                }
            } else if items.count != count {
                sink.error(node.location, "expected \(count) key time\(count == 1 ? "" : "s"), one per \(what), found \(items.count)")
                ok = false
            }
        }
        return ok ? times : nil
    }

    /// SVG path data as a motion path; errors point into the string.
    static func motionPath(_ node: YAMLNode, source: [Unicode.Scalar]) -> Parsed<MotionPath> {
        svgPath(node, limit: Limits.maxKeyframes, source: source).map(MotionPath.init)
    }

    static func kindPhrase(_ kind: ValueKind) -> String {
        switch kind {
        case .scalar: return "a number"
        case .transform: return "a transform"
        case .image: return "an image"
        case .bool: return "a boolean"
        case .color: return "a color"
        case .rect: return "a rect"
        case .point: return "a point"
        case .size: return "a size"
        case .path: return "path data"
        case .colors: return "a list of colors"
        case .numbers: return "a list of numbers"
        }
    }
}

extension MotionPath {
    /// The motion path of parsed path data (which starts with a move):
    /// later moves are jumps, a close is a line back to the subpath's start.
    init(_ path: BezierPath) {
        var start = Point.zero, current = Point.zero, subpath = Point.zero
        var segments: [Segment] = []
        for (i, element) in path.elements.enumerated() {
            switch element {
            case .move(let p):
                if i == 0 { start = p } else { segments.append(.jump(current, p)) }
                current = p; subpath = p
            case .line(let p): segments.append(.line(current, p)); current = p
            case .cubic(let c1, let c2, let p): segments.append(.cubic(current, c1, c2, p)); current = p
            case .close: segments.append(.line(current, subpath)); current = subpath
            }
        }
        self.init(start: start, segments: segments)
    }
}

extension SceneBuilder {
    /// `contents` by keyframes (CAKeyframeAnimation over images): each value
    /// an image (an asset name or a path, decoded when the scene loads, or
    /// null); `discrete` holds each for its key time (a flip-book), `linear`
    /// cross-dissolves from one to the next, as Core Animation does. The
    /// paced and cubic modes need distances between values, which images
    /// do not have.
    mutating func flipBookImages(_ items: [YAMLNode], mode: KeyframeAnimation.CalculationMode, m: MappingReader) -> [AnimatableValue]? {
        guard mode == .discrete || mode == .linear else {
            let at = m.keyNode("calculationMode")!
            sink.error(at.location, "image keyframes flip (discrete) or cross-dissolve (linear); '\(mode.rawValue)' needs distances between values, which images do not have")
            return nil
        }
        let parsed = items.map { contentsValue($0) }
        return parsed.allSatisfy { $0 != nil } ? parsed.map { $0! } : nil
    }
}
