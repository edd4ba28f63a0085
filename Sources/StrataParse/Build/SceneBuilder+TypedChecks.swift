import StrataModel

extension SceneBuilder {
    /// A from / to / by or keyframe value; paths are read with the scene
    /// text so that a syntax error points inside the string.
    func valueForAnimation(_ node: YAMLNode, _ path: LayerKeyPath, isDelta: Bool,
                           function: ValueFunction? = nil) -> ParsedMany<AnimatableValue> {
        guard let function else { return Self.animationValue(node, path, isDelta: isDelta, source: source) }
        return Self.valueFunctionValue(node, function, of: path)
    }

    /// A value of a CAValueFunction: a scalar function takes its component's
    /// values (`rotateZ` angles, `scaleX` factors, `translateX` lengths);
    /// `scale` and `translate` take `[x, y]` or `[x, y, z]`.
    static func valueFunctionValue(_ node: YAMLNode, _ function: ValueFunction, of path: LayerKeyPath) -> ParsedMany<AnimatableValue> {
        if let (c, axis) = function.component {
            var component = path
            component.transformComponent = c
            component.axis = axis
            return animationValue(node, component, isDelta: true)
        }
        let isScale = function == .scale
        let what = isScale ? "scale factors [sx, sy] or [sx, sy, sz]" : "a translation [tx, ty] or [tx, ty, tz] in points"
        // Always three, so that [x, y] and [x, y, z] ends interpolate.
        return Values.numbers(node, counts: [2, 3], what: what) { item in
            isScale ? Values.number(item, what: "a scale factor") : Values.length(item)
        }.map { .numbers($0.count == 3 ? $0 : $0 + [isScale ? 1 : 0]) }.mapError { DiagnosticList([$0]) }
    }

    /// Paths interpolate only between paths of the same structure, and
    /// lists only between lists of the same length (Core Animation's rule):
    /// a mismatch between the ends, or between one end and the layer's own
    /// value that a missing end stands for, is an error here rather than a
    /// jump in the middle of the animation.
    mutating func checkTypedEnds(_ keyPath: LayerKeyPath, _ m: MappingReader,
                                 from: AnimatableValue?, to: AnimatableValue?, by: AnimatableValue?) {
        guard keyPath.fields.isEmpty, [.path, .colors, .numbers].contains(keyPath.valueKind) else { return }
        if keyPath.valueKind == .path, let key = m.keyNode("by") {
            sink.error(key.location, "'by' does not apply to '\(keyPath.property.name)'; use 'from' and 'to'")
            return
        }
        var ends: [(String, AnimatableValue, YAMLNode)] = []
        if let from, let node = m["from"] { ends.append(("from", from, node)) }
        if let to, let node = m["to"] { ends.append(("to", to, node)) }
        if let by, let node = m["by"] { ends.append(("by", by, node)) }
        if ends.count == 2 {
            if let problem = Self.mismatch(ends[1].1, ends[0].1, other: "'\(ends[0].0)'") {
                sink.error(ends[1].2.location, "'\(ends[1].0)' \(problem)")
            }
        } else if let (name, value, node) = ends.first {
            let model = keyPath.property.animatableValue(of: layerModel)
            if keyPath.valueKind == .path, case .path(let p) = model, p.isEmpty {
                sink.error(node.location, "the layer has no '\(keyPath.property.name)' for the animation to start or end at; give both 'from' and 'to'")
            } else if let problem = Self.mismatch(value, model, other: "the layer's '\(keyPath.property.name)' (the animation's other end)") {
                sink.error(node.location, "'\(name)' \(problem)")
            }
        }
    }

    /// Why `a` cannot be interpolated with `b`, or nil when it can.
    static func mismatch(_ a: AnimatableValue, _ b: AnimatableValue, other: String) -> String? {
        switch (a, b) {
        case (.path(let p), .path(let q)):
            guard !p.hasSameStructure(as: q) else { return nil }
            return "has a path of another structure than \(other): \(p.structure) vs \(q.structure) "
                + "(M move, L line, C curve, Z close; H/V are lines, Q/T/S/A curves); "
                + "paths interpolate only with the same elements"
        case (.colors(let p), .colors(let q)):
            guard p.count != q.count else { return nil }
            return "has \(p.count) color\(p.count == 1 ? "" : "s") but \(other) has \(q.count); lists interpolate only with the same count"
        case (.numbers(let p), .numbers(let q)):
            guard p.count != q.count else { return nil }
            return "has \(p.count) value\(p.count == 1 ? "" : "s") but \(other) has \(q.count); lists interpolate only with the same count"
        default:
            return nil
        }
    }

    /// Limits that depend on the whole layer: an emitter's live particles,
    /// a replicator's expanded layer count.
    mutating func checkTypedLayer(_ layer: Layer, _ m: MappingReader) {
        if layer.type == .emitter, let e = layer.properties.emitter {
            let estimate = Self.particleEstimate(e, animations: layer.animations)
            if estimate > Double(Limits.maxParticles) {
                let at = m.keyNode("emitterCells")?.location ?? layer.location
                sink.error(at, "the emitter may have \(Values.format(estimate.rounded(.up))) particles alive at once "
                           + "(birthRate x (lifetime + lifetimeRange) summed over its cells and sub-cells, with the layer's multipliers); "
                           + "at most \(Limits.maxParticles) are allowed")
            }
        }
        if layer.type == .replicator {
            let drawn = Self.drawnLayers(layer)
            let children = layer.sublayers.reduce(0) { $0 + Self.drawnLayers($1) }
            if drawn > Double(Limits.maxReplicatedLayers), children <= Double(Limits.maxReplicatedLayers) {
                let at = m.keyNode("instanceCount")?.location ?? layer.location
                sink.error(at, "the replicator would draw \(Values.format(drawn)) layers (its copies times its sublayers, "
                           + "nested replicators multiplying); at most \(Limits.maxReplicatedLayers) are allowed")
            }
        }
    }

    /// Particles alive at once: Σ cells of the births within the cell's
    /// largest life. A top-level cell's births in a window W are
    /// birthRate x W; a sub-cell's are its parent's births in W + the
    /// parent's life, times its birthRate x min(W, parent's life) (each
    /// parent emits only while it lives). Rates and lives are the largest
    /// the model, the animations (`animations`) and the transactions
    /// (`changes`, the key paths they set with their values) name, with the
    /// layer's largest birthRate and lifetime multipliers.
    static func particleEstimate(_ e: EmitterProperties, animations: [Animation],
                                 changes: [(LayerKeyPath, AnimatableValue)] = []) -> Double {
        func largest(_ p: LayerProperty, _ model: Double) -> Double {
            var v = abs(model)
            for a in animations where a.keyPath.property == p {
                guard case .basic(let from, let to, let by) = a.kind else { continue }
                for case .scalar(let x)? in [from, to] { v = max(v, abs(x)) }
                if case .scalar(let x)? = by { v += abs(x) }
            }
            for case (let path, .scalar(let x)) in changes where path.property == p && path.emitterCell == nil { v = max(v, abs(x)) }
            return v
        }
        let layerRate = largest(.birthRate, e.birthRate), layerLife = largest(.lifetime, e.lifetime)
        func value(_ cell: EmitterCell, _ path: [String], _ key: CellKey) -> Double {
            var v = cell.largestValue(ofKey: key, path: path, animations: animations)
            for case (let p, .scalar(let x)) in changes where p.emitterCell?.path == path && p.emitterCell?.key == key { v = max(v, abs(x)) }
            return v
        }
        var total = 0.0
        func visit(_ cells: [EmitterCell], _ path: [String], parent: ((Double) -> Double, Double)?) {
            for cell in cells {
                let here = path + [cell.name ?? ""]
                let rate = value(cell, here, .birthRate) * layerRate
                let life = (value(cell, here, .lifetime) + value(cell, here, .lifetimeRange)) * layerLife
                let births: (Double) -> Double
                if let (parentBirths, parentLife) = parent {
                    births = { w in parentBirths(w + parentLife) * rate * min(w, parentLife) }
                } else {
                    births = { w in rate * w }
                }
                total += births(life)
                if !cell.cells.isEmpty { visit(cell.cells, here, parent: (births, life)) }
            }
        }
        visit(e.cells, [], parent: nil)
        return total
    }

    /// Layers a subtree draws once replicators are expanded.
    static func drawnLayers(_ layer: Layer) -> Double {
        let children = layer.sublayers.reduce(0.0) { $0 + drawnLayers($1) }
        let copies = layer.type == .replicator ? Double(layer.properties.replicator?.instanceCount ?? 1) : 1
        return 1 + copies * children
    }
}
