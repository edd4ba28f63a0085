import Foundation
import StrataLayout
import StrataModel

/// Compositions (docs/scene-format.md#compositions): a layer whose content
/// is another scene file, `scene: parts/card.yaml` with `params:`. The used
/// file is read once per load and built for each use with its params, by a
/// builder of its own (its paths resolve against its directory, its
/// contents keys are its own); its layers become the using layer's
/// sublayers (`Layer(showing:)`). Its problems are reported in it, each
/// with the chain of uses as notes.
extension SceneBuilder {
    /// The document of this builder's file: params substituted (`params`,
    /// the values after `--set` or the using layer's), then the scene.
    mutating func buildDocument(_ document: SceneDocument, declared: [DeclaredParam],
                                params: [String: String]) -> Scene? {
        var substitution = ParamSubstitution(params: params, source: document.source)
        let root = document.root
        // Without a `${` in any scalar, substitution would keep every node as it is.
        let substituted = !document.mayHoldReference ? root : YAMLNode(.mapping(root.mapping!.map {
            $0.name == "params" ? $0 : YAMLPair(key: $0.key, value: substitution.apply($0.value))
        }), at: root.location)
        sink.append(contentsOf: substitution.diagnostics)
        for p in declared where !substitution.used.contains(p.name) {
            sink.warning(p.key.location, "param '\(p.name)' is never used")
        }
        let valueWarnings = ValueWarnings()
        let scene = ValueWarnings.$current.withValue(valueWarnings) {
            build(root: substituted, params: params, directory: Self.directory(of: file))
        }
        sink.append(contentsOf: valueWarnings.diagnostics)
        return scene
    }

    /// Params with their defaults (a required one, until given, as empty text).
    static func defaults(_ declared: [DeclaredParam]) -> [String: String] {
        var params: [String: String] = [:]
        for p in declared { params[p.name] = p.value ?? "" }
        return params
    }

    /// The scene file `text` names (relative to this file), built with the
    /// using layer's `params`, its top-level layers at `depth + 1`; nil
    /// after an error. `use` is the `scene:` value.
    mutating func buildUsedScene(_ text: String, at use: YAMLNode, params: YAMLNode?, depth: Int) -> Scene? {
        let path = text.hasPrefix("/") || directory.isEmpty ? text : directory + "/" + text
        if let chain = session.cycle(closedBy: path) {
            sink.error(use.location, "scene '\(YAMLNode.clip(text))' uses itself: \(chain.joined(separator: " → "))")
            return nil
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            sink.error(use.location, "scene file '\(YAMLNode.clip(text))' not found (looked for '\(path)')")
            return nil
        }
        guard !isDirectory.boolValue else {
            sink.error(use.location, "scene '\(YAMLNode.clip(text))' is a folder ('\(path)'), not a scene file")
            return nil
        }
        var read = DiagnosticSink()
        let document: SceneDocument?
        do throws(SystemError) {
            document = try session.document(of: path, sink: &read)
        } catch {
            sink.error(use.location, "cannot read scene '\(YAMLNode.clip(text))': \(error.message)")
            return nil
        }
        noteRead(path)
        var used = SceneBuilder(file: path, session: session)
        used.baseDepth = depth
        used.keyScope = path + "#"
        used.images = images
        used.media = media
        used.resolvedKeyPaths = resolvedKeyPaths
        session.enter(path)
        var scene: Scene?
        if let document {
            used.source = document.source
            let declared = document.root["params"].map { used.declaredParams($0) } ?? []
            var values = Self.defaults(declared)
            useParams(params, declared: declared, usedFile: text, use: use, into: &values)
            scene = used.buildDocument(document, declared: declared, params: values)
        }
        session.leave()
        images = used.images
        media = used.media
        resolvedKeyPaths = used.resolvedKeyPaths
        let note = DiagnosticNote(use.location, "'\(YAMLNode.clip(text))' is used from here")
        for var d in read.items + used.sink.items where session.firstReport(of: d) {
            d.notes.append(note)
            sink.append(d)
        }
        guard let scene, !used.sink.hasErrors, !read.hasErrors else { return nil }
        scene.readFiles.forEach { noteRead($0) }
        return scene
    }

    /// `scene:` on a layer being built: its sublayers, default bounds and
    /// background, its time (one play of the used scene unless the layer's
    /// CAMediaTiming keys say more), laid out from the used canvas to the
    /// layer's bounds (autoresizing, constraints) as a variant would be.
    /// `bounds`: the layer's, whatever the used canvas (a sequence item's).
    mutating func buildComposition(_ m: MappingReader, use: YAMLNode, into layer: inout Layer, depth: Int,
                                   bounds: Rect? = nil) {
        if layer.type != .layer, m.table.spec("type") != nil, let t = m["type"] {
            sink.error(t.location, "\(KeyTables.sceneLayerTypeMessage), not type '\(layer.type.rawValue)'")
            return
        }
        guard let text = take(Values.string(use, what: "a scene file path")),
              let used = buildUsedScene(text, at: use, params: m["params"], depth: depth) else { return }
        let shown = Layer(showing: used, location: use.location)
        layer.sublayers = shown.sublayers
        layer.composition = shown.composition
        layer.timing.duration = shown.timing.duration
        if let bounds {
            layer.properties.bounds = bounds
        } else if !m.has("bounds") && !m.has("frame") {
            layer.properties.bounds = shown.properties.bounds
        }
        if !m.has("backgroundColor") { layer.properties.backgroundColor = shown.properties.backgroundColor }
        readSceneTiming(m, into: &layer.timing)
        sink.append(contentsOf: Layout.layOutSublayers(of: &layer, oldSize: used.canvas.size))
    }

    /// `duration`, `repeatCount`, `repeatDuration`, `autoreverses`, `fillMode` of a layer with `scene`.
    mutating func readSceneTiming(_ m: MappingReader, into timing: inout LayerTiming) {
        if let v = time(m, "duration") { timing.duration = v }
        if let v = read(m, "repeatCount", Self.repeatCount) { timing.repeatCount = v }
        if let v = time(m, "repeatDuration") { timing.repeatDuration = v }
        if m.has("repeatCount"), let key = m.keyNode("repeatDuration") {
            sink.error(key.location, m.table.exclusion(excluding: "repeatDuration"))
        }
        if let v = read(m, "autoreverses", Values.bool) { timing.autoreverses = v }
        // A sequence item has no fill: the sequence decides when it shows.
        if m.table.spec("fillMode") != nil,
           let v = read(m, "fillMode", { Values.choice($0, FillMode.self, what: "fillMode") }) { timing.fillMode = v }
    }

    /// The keys only a layer with `scene` takes, on a layer without one.
    mutating func rejectSceneKeys(_ m: MappingReader) {
        for key in KeyTables.sceneOnlyKeys {
            guard let k = m.keyNode(key) else { continue }
            let hint = key == "params" ? "" : "; a layer's own time has only beginTime, speed and timeOffset (animations take '\(key)')"
            sink.error(k.location, "'\(key)' is \(KeyTables.sceneOnlyMessage)\(hint)")
        }
    }
}
