import StrataModel

/// A scene's layer tree compiled for sampling, once per (scene, canvas
/// size), after layout and the timeline: what every frame samples.
///
/// Every layer, masks included, gets a stable identity: its index in
/// `layers` (depth first, the root at 0, a layer's mask before its
/// sublayers), its path (`card/badge`, unnamed layers by index, a mask as
/// `card/mask`) and where it was written. Every property is decided once to
/// be constant or animated (`CompiledLayer.animatedKeys`, from the property
/// table), and what depends only on constant properties is computed here:
/// a layer nothing animates keeps one render node for the whole scene, and
/// an animated layer keeps its drawing (`content`) and its image while no
/// animated key touches them. A frame then evaluates only what moves
/// (`renderTree(at:)`), without a presentation tree or path strings.
public struct CompiledLayers: Sendable {
    /// Depth first, root at 0.
    public let layers: [CompiledLayer]
    /// Canvas size in points.
    public let size: Size
    /// Pixels per point.
    public let scale: Double
    let library: ContentsLibrary
    /// By layer index, for a layer that `onlyFades`: its node without
    /// sublayers, its opacity to be set (made once the layers exist).
    private(set) var fadingNodes: [RenderNode?] = []

    /// Compiles the timeline of a laid-out scene, then its layers.
    public init(_ scene: Scene) { self.init(TimelineCompiler.compile(scene)) }

    /// Compiles the layers of a scene whose timeline is compiled.
    public init(_ timeline: CompiledTimeline) {
        let scene = timeline.scene
        let library = ContentsLibrary(scene)
        var layers: [CompiledLayer] = []
        func add(_ layer: Layer, path: String, parent: Int?, treePath: [Int]?, slidesOut: Bool = false) -> Int {
            let index = layers.count
            let changes = timeline[treePath]
            layers.append(CompiledLayer(index: index, path: path, layer: layer, parent: parent,
                                        timeline: changes, library: library, slidesOut: slidesOut))
            let mask = layer.mask.first.map {
                add($0, path: (path.isEmpty ? "" : path + "/") + "mask", parent: index, treePath: nil)
            }
            let sublayers = layer.sublayers.enumerated().map { i, sub in
                let name = sub.name ?? String(i)
                // A sequence item that the next one pushes or covers moves.
                let next = layer.sublayers.indices.contains(i + 1) ? layer.sublayers[i + 1].composition?.entrance : nil
                return add(sub, path: path.isEmpty ? name : path + "/" + name, parent: index,
                           treePath: treePath.map { $0 + [i] }, slidesOut: next.map { $0.type != .fade } ?? false)
            }
            layers[index].mask = mask
            layers[index].sublayers = sublayers
            return index
        }
        _ = add(scene.root, path: "", parent: nil, treePath: [])
        self.layers = layers
        self.size = scene.canvas.size
        self.scale = scene.canvas.scale
        self.library = library
        fadingNodes = layers.indices.map { i in
            layers[i].onlyFades ? ownNode(of: i, layers[i].model, placement: layers[i].constantPlacement!, localTime: 0,
                                          context: SampleContext(sceneTime: 0)) : nil
        }
    }

    /// The layer at `path` (as `RenderNode.path` names it), if any.
    public func layer(atPath path: String) -> CompiledLayer? { layers.first { $0.path == path } }
}

/// One layer of a compiled scene: its identity, its written values and
/// everything of it that the whole scene keeps constant.
public struct CompiledLayer: Sendable {
    /// Position in `CompiledLayers.layers`.
    public let index: Int
    /// Path from the root ("" for the root).
    public let path: String
    /// Where the layer was written.
    public let location: SourceLocation
    public let type: LayerType
    /// The superlayer (or, for a mask, the masked layer); nil for the root.
    public let parent: Int?
    /// Indices of the sublayers, in list order.
    public internal(set) var sublayers: [Int] = []
    /// Index of the mask layer.
    public internal(set) var mask: Int? = nil
    /// The properties some animation or timeline change targets; all others
    /// keep `model` for the whole scene.
    public let animatedKeys: AnimatedKeys
    /// Whether anything in the scene moves the layer on the canvas: an
    /// animation of a key that places it or its sublayers, or a transition
    /// that slides its content (`RenderNode.animatesGeometry`).
    public let animatesGeometry: Bool

    /// The written values (after layout).
    let model: LayerProperties
    let timing: LayerTiming
    /// Explicit animations, then the timeline's, in list order.
    let animations: [Animation]
    /// Model values the timeline sets, in commit order.
    let modelChanges: [ModelChange]
    /// Transitions the timeline starts, in commit order.
    let transitions: [LayerTransition]
    /// Nothing animates the layer: it presents its model at every time.
    let isStill: Bool
    /// Where the layer and its sublayers go when no key that places them
    /// is animated, else nil.
    let constantPlacement: Placement?
    /// The layer's drawing when no animated key changes it and it does not
    /// depend on time (not an emitter's particles), else nil.
    let constantContent: RenderContent?
    /// The layer's image (and dissolve) when no animated key changes it and
    /// it is not time-based media.
    let constantImage: ConstantImage?
    /// Only its opacity changes, by animations of the whole key, and no
    /// part of its own node depends on time (no mask, media, replicator,
    /// transition or timeline change): a frame evaluates the opacity alone
    /// into its node made once (`CompiledLayers.fadingNodes`).
    let onlyFades: Bool
    /// It shows a used scene: its sublayers sample a scene of their own
    /// (`CompiledLayers.sublayerContext`).
    let opensScope: Bool
    /// The used scene's `audio:` tracks, in its time (a composition's).
    let usedAudio: [AudioTrack]
    /// A sequence item's transition from the sublayer before it (`Composition.entrance`).
    let entrance: Transition?
    /// Some sublayer has an `entrance` (the layer is a `sequence:`).
    let hasEntrances: Bool

    init(index: Int, path: String, layer: Layer, parent: Int?, timeline: TimelineOutput, library: ContentsLibrary,
         slidesOut: Bool = false) {
        self.index = index
        self.path = path
        self.location = layer.location
        self.type = layer.type
        self.parent = parent
        self.model = layer.properties
        self.timing = layer.timing
        self.animations = layer.animations
        self.modelChanges = timeline.modelChanges
        self.transitions = timeline.transitions
        let keys = AnimatedKeys(animations: layer.animations, modelChanges: timeline.modelChanges)
        self.animatedKeys = keys
        self.opensScope = layer.composition != nil
        self.usedAudio = layer.composition?.audio ?? []
        self.entrance = layer.composition?.entrance
        self.hasEntrances = layer.sublayers.contains { $0.composition?.entrance != nil }
        self.animatesGeometry = layer.animations.contains(where: Self.movesGeometry)
            || timeline.transitions.contains { $0.transition.type != .fade }
            || (entrance.map { $0.type != .fade } ?? false) || slidesOut
        let contentConstant = type != .emitter && !keys.contains(Self.hidden) && !keys.invalidation.contains(.content)
        self.constantContent = contentConstant
            ? Sampler.content(type: type, properties: model, localTime: 0, emitter: nil) : nil
        let imageConstant = !Self.imageKeys.contains(where: keys.contains)
            && !(model.contents.map { library.media[$0] != nil } ?? false)
        self.constantImage = imageConstant ? ConstantImage(model, library: library) : nil
        self.isStill = keys.isEmpty
        self.constantPlacement = Self.placementKeys.contains(where: keys.contains) ? nil : Placement(model)
        self.onlyFades = keys.properties == [Self.opacity] && timeline.modelChanges.isEmpty
            && timeline.transitions.isEmpty && layer.animations.allSatisfy(Self.fadesWhole)
            && type != .replicator && type != .emitter && layer.mask.isEmpty
            && constantContent != nil && constantImage != nil && constantPlacement != nil && !model.hidden
    }

    static let opacity = LayerProperty.named("opacity")!

    /// Whether an animation (a group: each of its animations) writes the
    /// whole opacity and nothing else (no value function, no turning).
    static func fadesWhole(_ animation: Animation) -> Bool {
        switch animation.kind {
        case .group(let children): return children.allSatisfy(fadesWhole)
        case .keyframe(let k) where k.rotationMode != nil: return false
        default:
            let path = animation.keyPath
            return path.property == opacity && path.fields.isEmpty && path.transformComponent == nil
                && animation.valueFunction == nil
        }
    }

    static let hidden = LayerProperty.named("hidden")!

    /// The keys `Placement` is computed from.
    static let placementKeys: [LayerProperty] = ["bounds", "position", "anchorPoint", "anchorPointZ", "zPosition",
                                                 "transform", "sublayerTransform", "geometryFlipped"]
        .map { LayerProperty.named($0)! }

    /// The keys a layer's `contents` image is placed by.
    static let imageKeys: [LayerProperty] = ["contents", "contentsGravity", "contentsRect", "contentsCenter",
                                             "contentsScale"].map { LayerProperty.named($0)! }

    /// Whether `property` keeps its model value for the whole scene.
    public func isConstant(_ property: LayerProperty) -> Bool { !animatedKeys.contains(property) }

    /// Whether an animation changes where the layer (or its sublayers) lands.
    static func movesGeometry(_ animation: Animation) -> Bool {
        if case .group(let children) = animation.kind { return children.contains(where: movesGeometry) }
        return geometryKeys.contains(animation.keyPath.property)
    }

    static let geometryKeys: Set<LayerProperty> = Set(["bounds", "position", "anchorPoint", "anchorPointZ", "zPosition",
                                                       "transform", "sublayerTransform", "instanceTransform",
                                                       "scrollPoint"].map { LayerProperty.named($0)! })
}

/// Where a layer goes in its superlayer and where its sublayers go in it.
struct Placement: Sendable {
    /// The layer's own space to its superlayer's, before the superlayer's sublayerTransform.
    let toSuperlayer: Transform3D
    /// What the layer's sublayers go through last (`sublayerTransformForSublayers`).
    let sublayerTransform: Transform3D

    init(_ p: LayerProperties) {
        toSuperlayer = p.toSuperlayer()
        sublayerTransform = p.sublayerTransformForSublayers
    }
}

/// A layer's image and contents dissolve when they are constant.
struct ConstantImage: Sendable {
    let image: RenderImage?
    let fade: RenderContentsFade?

    init(_ p: LayerProperties, library: ContentsLibrary) {
        image = Sampler.renderImage(p.contents, p, localTime: 0, library: library)
        fade = p.contentsBlend.map {
            RenderContentsFade(from: Sampler.renderImage($0.from, p, localTime: 0, library: library),
                               progress: min(max($0.progress, 0), 1))
        }
    }
}
