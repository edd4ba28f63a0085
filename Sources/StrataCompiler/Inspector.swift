import StrataModel
import StrataTimeline

/// `strata inspect`: the presentation tree at one time as JSON.
public enum Inspector {
    /// `{"time": t, "layers": [...]}`, one entry per layer in depth-first order, root first.
    /// The timeline is compiled first, so model values include the
    /// transactions committed by `time` and implicit animations are listed.
    public static func inspect(_ scene: Scene, at time: Double) -> JSON {
        inspect(TimelineCompiler.compile(scene), at: time)
    }

    /// The same for a scene whose timeline is compiled.
    public static func inspect(_ timeline: CompiledTimeline, at time: Double) -> JSON {
        let scene = timeline.scene
        var layers: [JSON] = []
        let layouts = layoutEntries(scene.root)
        func visit(_ layer: PresentationLayer) {
            let shown = adding(media: scene.media, of: layer, to: entry(layer))
            layers.append(adding(layout: layouts[layer.path], to: shown))
            layer.sublayers.forEach(visit)
        }
        visit(Sampler.presentation(of: timeline, at: time))
        return .object([("time", .number(time)), ("layers", .array(layers))])
    }

    static func entry(_ layer: PresentationLayer) -> JSON {
        var pairs: [(String, JSON)] = [("path", .string(layer.path)), ("type", .string(layer.type.rawValue))]
        pairs += properties(layer.properties)
        if layer.timing != LayerTiming() {
            pairs += [("beginTime", .number(layer.timing.beginTime)), ("speed", .number(layer.timing.speed)),
                      ("timeOffset", .number(layer.timing.timeOffset))]
        }
        if let scene = layer.scene { pairs += composition(scene, layer.timing, active: layer.isActive) }
        if let mask = layer.mask.first { pairs.append(("mask", maskEntry(mask))) }
        pairs.append(("localTime", .number(layer.localTime)))
        if case .particles(let p) = layer.content { pairs.append(("particles", .number(Double(p.particles.count)))) }
        if !layer.activeAnimations.isEmpty || layer.transition != nil || layer.model != layer.properties {
            pairs.append(("model", .object(properties(layer.model))))
        }
        var animations = layer.activeAnimations.map(animation)
        if let t = layer.transition { animations.append(transition(t)) }
        if !animations.isEmpty { pairs.append(("animations", .array(animations))) }
        return .object(pairs)
    }

    /// `contentsFrame`: the frame of time-based media `contents` the layer shows.
    static func adding(media: [String: MediaContents], of layer: PresentationLayer, to entry: JSON) -> JSON {
        guard let key = layer.properties.contents, let contents = media[key], contents.source.frameTimes.count > 1,
              case .object(var pairs) = entry else { return entry }
        pairs.append(("contentsFrame", .number(Double(contents.frame(atLayerTime: layer.localTime)))))
        return .object(pairs)
    }

    static func animation(_ a: ActiveAnimation) -> JSON {
        var pairs: [(String, JSON)] = [
            ("keyPath", .string(a.keyPath.text)), ("kind", .string(a.kind.rawValue)),
            ("fraction", .number(a.fraction)), ("progress", .number(a.progress)),
            ("iteration", .number(Double(a.iteration))), ("localTime", .number(a.time)),
            ("duration", .number(a.duration)), ("value", .value(a.value)),
        ]
        if let s = a.settlingDuration { pairs.append(("settlingDuration", .number(s))) }
        if a.groupDepth > 0 { pairs.append(("groupDepth", .number(Double(a.groupDepth)))) }
        if let k = a.transaction { pairs.append(("transaction", .number(Double(k)))) }
        return .object(pairs)
    }

    static func transition(_ t: ActiveTransition) -> JSON {
        .object([("kind", .string("transition")), ("type", .string(t.transition.type.rawValue)),
                 ("subtype", .string(t.transition.subtype.rawValue)), ("fraction", .number(t.fraction)),
                 ("progress", .number(t.progress)), ("duration", .number(t.transition.duration ?? 0)),
                 ("transaction", t.transaction.map { .number(Double($0)) } ?? .null)]
                + (t.from.map { [("from", JSON.string($0))] } ?? []))
    }

    /// A layer that shows a used scene: the file, its params and canvas,
    /// its time (one play, repeats, fill) and whether it plays now.
    static func composition(_ c: Composition, _ t: LayerTiming, active: Bool) -> [(String, JSON)] {
        var scene: [(String, JSON)] = [("file", .string(c.source)),
                                       ("size", .array([.number(c.size.width), .number(c.size.height)])),
                                       ("duration", .number(c.duration))]
        if !c.params.isEmpty {
            scene.append(("params", .object(c.params.keys.sorted().map { ($0, .string(c.params[$0]!)) })))
        }
        var timing: [(String, JSON)] = [("duration", .number(t.duration ?? c.duration))]
        if t.repeatCount != 0 { timing.append(("repeatCount", .number(t.repeatCount))) }
        if t.repeatDuration != 0 { timing.append(("repeatDuration", .number(t.repeatDuration))) }
        if t.autoreverses { timing.append(("autoreverses", .bool(true))) }
        if t.fillMode != .removed { timing.append(("fillMode", .string(t.fillMode.rawValue))) }
        return [("scene", .object(scene)), ("sceneTiming", .object(timing)), ("active", .bool(active))]
    }
}
