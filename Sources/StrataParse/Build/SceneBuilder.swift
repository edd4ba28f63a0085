import StrataModel

/// Turns the YAML tree into a `Scene`, collecting every problem on the way:
/// each value that does not parse is reported and replaced by its default,
/// so one run reports all the errors of a file.
struct SceneBuilder {
    let file: String
    var sink = DiagnosticSink()
    /// What the builders of one load share (the scene's and its used scenes').
    let session: LoadSession
    /// Layers built so far in the whole load (the root excluded), against `Limits.maxLayers`.
    var layerCount: Int {
        get { session.layerCount }
        nonmutating set { session.layerCount = newValue }
    }
    var layerLimitReported: Bool {
        get { session.layerLimitReported }
        nonmutating set { session.layerLimitReported = newValue }
    }
    /// The depth of the layer that shows this file's scene (0 for the loaded scene):
    /// the file's top-level layers are one deeper, against `Limits.maxLayerDepth`.
    var baseDepth = 0
    /// Prefixed to the keys of `images` and `media` this file makes, so that
    /// the same name in two files (an asset, a relative path) stays two
    /// contents: "" for the loaded scene, the file and `#` for a used one.
    var keyScope = ""
    /// Files read so far besides the scene file (`Scene.readFiles`), each once.
    private(set) var readFiles: [String] = []
    private var readSet = Set<String>()
    /// Asset name -> resolved path, and the scene's directory, for `contents`.
    var assets: [String: String] = [:]
    var directory = ""
    /// Decoded `contents` images and opened media by contents key (SceneBuilder+Media).
    var images: [String: Pixmap] = [:]
    var media: [String: MediaContents] = [:]
    /// `SceneLoadOptions.verifiesMedia`: decode every frame of each video now.
    var verifiesMedia: Bool { session.verifiesMedia }
    /// The scene text, to point inside multi-line scalars (path data).
    var source: [Unicode.Scalar] = []
    /// Asset name -> resolved file path (font assets of text layers).
    var assetFiles: [String: String] = [:]
    /// Asset names in the order `assets:` lists them (font fallbacks follow it).
    var assetOrder: [String] = []
    /// The type and model values of the layer whose animations are being built.
    var layerType: LayerType = .layer
    var layerModel = LayerProperties()
    /// Key paths resolved so far, by their text: a scene's animations name a
    /// few key paths many times, and resolving one is a pure function of its text.
    var resolvedKeyPaths: [String: LayerKeyPath] = [:]

    init(file: String, session: LoadSession) {
        self.file = file
        self.session = session
    }

    /// Records a file the scene reads (once however often it is named).
    mutating func noteRead(_ path: String) {
        if readSet.insert(path).inserted { readFiles.append(path) }
    }

    // MARK: Recording results

    /// The value, or nil after recording its problem.
    mutating func take<T>(_ result: Parsed<T>) -> T? {
        switch result {
        case .success(let v): return v
        case .failure(let d):
            sink.append(d)
            return nil
        }
    }

    mutating func take<T>(_ result: ParsedMany<T>) -> T? {
        switch result {
        case .success(let v): return v
        case .failure(let list):
            sink.append(contentsOf: list.items)
            return nil
        }
    }

    /// Reads `key` of `m` with `parse`, when present.
    mutating func read<T>(_ m: MappingReader, _ key: String, _ parse: (YAMLNode) -> Parsed<T>) -> T? {
        guard let node = m[key] else { return nil }
        return take(parse(node))
    }

    mutating func read<T>(_ m: MappingReader, _ key: String, _ parse: (YAMLNode) -> ParsedMany<T>) -> T? {
        guard let node = m[key] else { return nil }
        return take(parse(node))
    }

    /// A number key within the bound its table gives it (the bound the schema states).
    mutating func number(_ m: MappingReader, _ key: String, what: String = "a number") -> Double? {
        read(m, key) { Values.number($0, m.table.bound(of: key), what: what) }
    }

    /// A time key within the bound its table gives it.
    mutating func time(_ m: MappingReader, _ key: String) -> Double? {
        read(m, key) { Values.time($0, m.table.bound(of: key)) }
    }

    /// A whole-number key within the bound its table gives it.
    mutating func integer(_ m: MappingReader, _ key: String, what: String = "a whole number") -> Int? {
        read(m, key) { Values.integer($0, m.table.bound(of: key), what: what) }
    }

    // MARK: Top level

    /// The scene, or nil when a part every later stage needs (the canvas) is missing.
    /// `params` are the values after `--set`; asset paths resolve against `directory`.
    mutating func build(root node: YAMLNode, params: [String: String], directory: String) -> Scene? {
        guard let top = MappingReader(node, KeyTables.top, sink: &sink) else { return nil }
        if let v = top["strata"], let version = take(Values.integer(v, what: "the format version 1")), version != 1 {
            sink.error(v.location, "unsupported format version \(version); this strata reads version 1")
        }
        var canvas = top["canvas"].flatMap { buildCanvas($0) }
        let assets = top["assets"].map { buildAssets($0, directory: directory) } ?? [:]
        self.assets = assets
        self.directory = directory
        assetFiles = assets
        assetOrder = (top["assets"]?.mapping ?? []).map(\.name).filter { assets[$0] != nil }
        var root = Layer(name: nil, location: node.location)
        if let size = canvas?.size {
            root.properties.bounds = Rect(0, 0, size.width, size.height)
            root.properties.position = Point(size.width / 2, size.height / 2)
        }
        root.properties.backgroundColor = canvas?.background
        if let items = top["sequence"], canvas != nil, let sequence = buildSequence(items, canvas: &canvas!) {
            root.sublayers = [sequence]
        }
        if let layers = top["layers"] {
            root.sublayers += buildLayers(layers, depth: baseDepth + 1, siblings: root.sublayers)
        }
        let timeline = top["timeline"].map { buildTimeline($0, root: root) } ?? []
        var golden: GoldenPolicy?
        if let g = top["golden"] { golden = buildGolden(g, canvas: canvas) }
        let audio = top["audio"].map { buildAudio($0) } ?? []
        guard let canvas else { return nil }
        var scene = Scene(file: file, canvas: canvas, root: root)
        scene.readFiles = readFiles
        scene.audio = audio
        scene.params = params
        scene.assets = assets
        scene.golden = golden
        scene.images = images
        scene.media = media
        scene.timeline = timeline
        return scene
    }

    // MARK: Canvas

    mutating func buildCanvas(_ node: YAMLNode) -> Canvas? {
        guard let m = MappingReader(node, KeyTables.canvas, sink: &sink) else { return nil }
        let size = read(m, "size") { Values.size($0, m.table.bound(of: "size")) }
        var canvas = Canvas(size: size ?? Size(1, 1))
        canvas.location = node.location
        if let v = number(m, "scale") { canvas.scale = v }
        if let v = read(m, "fps", Values.frameRate) { canvas.frameRate = v }
        if let v = time(m, "duration") { canvas.duration = v }
        if let b = m["background"], !b.isNull { canvas.background = take(Values.color(b)) }
        if let variants = m["variants"], let pairs = namedMapping(variants, what: "variant") {
            for pair in pairs {
                guard let name = take(Values.name(pair.key, what: "variant name")),
                      let s = take(Values.size(pair.value, m.table.bound(of: "variants"))) else { continue }
                checkPixels(s, scale: canvas.scale, at: pair.value, what: "variant '\(name)'")
                canvas.variants.append((name: name, size: s))
                canvas.locations.variants[name] = pair.value.location
            }
        }
        canvas.locations.scale = m["scale"]?.location
        canvas.locations.duration = m["duration"]?.location
        guard let size, let sizeNode = m["size"] else { return nil }
        canvas.locations.size = sizeNode.location
        checkPixels(size, scale: canvas.scale, at: sizeNode, what: "the canvas")
        if (canvas.duration * canvas.fps).rounded() < 1 {
            let at = m["duration"] ?? m["fps"] ?? node
            sink.error(at.location, "the scene has no frames: \(Values.format(canvas.duration))s at \(canvas.frameRate) fps rounds to 0 frames")
        }
        return canvas
    }

    /// Points x scale, rounded, must fit `Limits.maxPixelsPerSide` and `Limits.maxPixels`.
    mutating func checkPixels(_ size: Size, scale: Double, at node: YAMLNode, what: String) {
        let w = (size.width * scale).rounded(), h = (size.height * scale).rounded()
        let side = Double(Limits.maxPixelsPerSide)
        if w > side || h > side {
            sink.error(node.location, "\(what) is \(Values.format(w))x\(Values.format(h)) pixels; each side may be at most \(Limits.maxPixelsPerSide) pixels")
        } else if w * h > Double(Limits.maxPixels) {
            sink.error(node.location, "\(what) is \(Values.format(w))x\(Values.format(h)) = \(Values.format(w * h)) pixels; at most \(Limits.maxPixels) pixels are allowed")
        } else if w < 1 || h < 1 {
            sink.error(node.location, "\(what) is \(Values.format(w))x\(Values.format(h)) pixels; it needs at least 1 pixel per side")
        }
    }

    /// The pairs of a `name: value` mapping, or nil after an error.
    mutating func namedMapping(_ node: YAMLNode, what: String) -> [YAMLPair]? {
        guard let pairs = node.mapping else {
            sink.error(node.location, "expected a mapping of \(what) names to values, found \(node.found)")
            return nil
        }
        return pairs
    }
}
