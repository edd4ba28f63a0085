import StrataModel

/// `sequence:` (docs/scene-format.md#sequences): scenes played one after
/// another, an edit of parts. It is written out as layers, so that
/// everything else treats it as any composition: a layer named `sequence`
/// filling the canvas (the root's first sublayer, below `layers:`), and
/// one layer per item filling it, showing the item's scene from where the
/// item before it ends, for one play (`duration`, repeats, `speed`).
///
///     item i-1  ├──────────────────────┤
///     item i                  ├─ transition ─┼──────────────┤
///                             ▲ begins d before item i-1 ends
///
/// A `transition` (fade, push, moveIn, reveal) into item i plays over its
/// first d seconds while both scenes play (`Composition.entrance`), as an
/// editor's transition does: the edit is d shorter than its items. The
/// canvas's `duration`, when not written, is the edit's.
extension SceneBuilder {
    mutating func buildSequence(_ node: YAMLNode, canvas: inout Canvas) -> Layer? {
        guard let items = take(Values.list(node, of: "sequence items")) else { return nil }
        guard !items.isEmpty else {
            sink.error(node.location, "the sequence is empty; list the scenes it plays, each as {scene: file.yaml}")
            return nil
        }
        let frame = Rect(0, 0, canvas.size.width, canvas.size.height)
        var container = Layer(name: "sequence", location: node.location)
        Self.fill(&container, frame)
        layerCount += 1
        var names: [String: SourceLocation] = [:]
        var end = 0.0
        for item in items {
            guard layerCount < Limits.maxLayers else {
                if !layerLimitReported { sink.error(item.useLocation, "the scene has more than \(Limits.maxLayers) layers") }
                layerLimitReported = true
                break
            }
            layerCount += 1
            guard let m = MappingReader(item, KeyTables.sequenceItem, sink: &sink) else { continue }
            var layer = Layer(name: nil, location: item.useLocation)
            if let n = m["name"], let name = take(Values.name(n, what: "sequence item name")) {
                if name.allSatisfy(\.isNumber) {
                    sink.error(n.location, "item name '\(name)' is only digits, which layer paths read as an index; add a letter")
                } else if let first = names[name] {
                    sink.error(n.location, "duplicate item name '\(name)' in the sequence",
                               notes: [DiagnosticNote(first, "the first item named '\(name)'")])
                } else {
                    layer.name = name
                    names[name] = n.location
                }
            }
            Self.fill(&layer, frame)
            if let v = number(m, "speed") { layer.timing.speed = v }
            if let v = time(m, "timeOffset") { layer.timing.timeOffset = v }
            guard let use = m["scene"] else { continue }
            buildComposition(m, use: use, into: &layer, depth: baseDepth + 2, bounds: frame)
            guard layer.composition != nil else { continue }
            let length = layer.timing.media.activeDuration / layer.timing.speed
            guard length.isFinite else {
                sink.error((m.keyNode("repeatCount") ?? m.keyNode("repeatDuration") ?? item).location,
                           "a sequence item plays for a limited time; this one repeats for ever")
                continue
            }
            var begin = end
            if let t = m["transition"], var transition = buildTransition(t, table: KeyTables.sequenceTransition) {
                transition.duration = transition.duration ?? Transaction.defaultDuration
                transition.timingFunction = transition.timingFunction ?? .linear
                let d = transition.duration!
                let at = t["duration"]?.location ?? t.location
                if container.sublayers.isEmpty {
                    sink.error(t.location, "the first item of a sequence has no item before it to make a transition from")
                } else if d > end - (container.sublayers.last!.timing.beginTime) + 1e-9 || d > length + 1e-9 {
                    let before = end - container.sublayers.last!.timing.beginTime
                    sink.error(at, "the transition lasts \(Values.format(d))s, longer than the item before it (\(Values.format(before))s) or this one (\(Values.format(length))s); both play while it runs")
                } else if d + (container.sublayers.last!.composition?.entranceDuration ?? 0)
                            > end - container.sublayers.last!.timing.beginTime + 1e-9 {
                    sink.error(at, "the transition overlaps the one into the item before it, which is too short for both; shorten one of them")
                } else {
                    begin = end - d
                    layer.composition!.entrance = transition
                }
            }
            layer.timing.beginTime = begin
            end = begin + length
            container.sublayers.append(layer)
        }
        guard !container.sublayers.isEmpty else { return nil }
        if canvas.locations.duration == nil {
            if end > Limits.maxDuration {
                sink.error(node.location, "the sequence lasts \(Values.format(end))s; a scene lasts at most \(Values.format(Limits.maxDuration))s")
            } else if (end * canvas.fps).rounded() < 1 {
                sink.error(node.location, "the sequence has no frames: \(Values.format(end))s at \(canvas.frameRate) fps rounds to 0 frames")
            } else {
                canvas.duration = end
            }
        }
        return container
    }

    /// Places a sequence layer over the whole of `frame`, following its size (variants).
    static func fill(_ layer: inout Layer, _ frame: Rect) {
        layer.properties.bounds = Rect(0, 0, frame.width, frame.height)
        layer.properties.position = Point(frame.midX, frame.midY)
        layer.autoresizingMask = [.widthSizable, .heightSizable]
    }
}
