import StrataModel

/// Compiles `timeline:` transactions into what the sampler reads, before
/// any frame is drawn, so that a frame stays a pure function of (scene, t).
///
/// Transactions commit in time order (file order at equal times); nested
/// ones commit with their outer one and share its sequence number k. Each
/// change of transaction k, committed at scene time `at`, becomes:
///
///     model step       the layer's modelChanges += (at, k, keyPath, value)
///     its action       chosen as Core Animation's actionForKey: does it,
///                      from the most specific to the default:
///       disableActions         -> none
///       layer.actions[key]     -> that animation / transition / none (null)
///       transaction transition -> that transition
///       animatable property    -> implicit CABasicAnimation of the whole
///                                 property (key = property name) from its
///                                 presentation value just before the commit
///                                 to its new model value, with the
///                                 transaction's duration and timing function
///       otherwise              -> none (the value just changes)
///
/// Presentation values are sampled from the scene compiled so far, at `at`,
/// with only transactions before k: a change in the middle of an animation
/// starts from where the layer is on screen. An animation added for a key
/// replaces (ends, at the commit) the earlier timeline animation for that
/// key on that layer, and a transition replaces the layer's earlier one, as
/// `addAnimation(_:forKey:)` does. Animations begin at the commit in the
/// layer's local time.
///
/// The animations go onto the layers (`CompiledTimeline.scene`); model
/// changes and transitions are the compiler's output beside them
/// (`CompiledTimeline.layers`), read by `CompiledLayers`.
public enum TimelineCompiler {
    public static func compile(_ scene: Scene) -> CompiledTimeline {
        guard !scene.timeline.isEmpty || Compilation.hasExplicitTransitions(scene.root) || scene.usesScenes else {
            return CompiledTimeline(scene: scene)
        }
        var result = scene
        var output: [[Int]: TimelineOutput] = [:]
        result.root = compileScope(scene.root, timeline: scene.timeline, end: scene.canvas.duration, into: &output)
        result.timeline = []
        return CompiledTimeline(scene: result, layers: output)
    }

    /// One time scope: the tree below `root` down to the layers that show
    /// used scenes, whose own scopes (their used scene's timeline, in their
    /// local time) are compiled the same way after it. Output by index
    /// path from `root`.
    static func compileScope(_ root: Layer, timeline: [Transaction], end: Double,
                             into output: inout [[Int]: TimelineOutput]) -> Layer {
        var tree = root
        if !timeline.isEmpty || Compilation.hasExplicitTransitions(root) {
            var compiler = Compilation(root: root)
            compiler.laysOut = Compilation.hasLayout(root)
            let ordered = timeline.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }
            for (k, item) in ordered.enumerated() {
                compiler.commit(item.element, sequence: k)
            }
            compiler.placeExplicitTransitions(commits: ordered.map(\.element.at), sceneEnd: end)
            tree = compiler.root
            output = compiler.output
        }
        compileUsedScenes(below: &tree, path: [], into: &output)
        return tree
    }

    /// Compiles the scope of every layer below `layer` that shows a used
    /// scene (not those inside it: its scope does).
    static func compileUsedScenes(below layer: inout Layer, path: [Int], into output: inout [[Int]: TimelineOutput]) {
        for i in layer.sublayers.indices {
            let subPath = path + [i]
            guard let composition = layer.sublayers[i].composition else {
                compileUsedScenes(below: &layer.sublayers[i], path: subPath, into: &output)
                continue
            }
            // The scope's root stands for the used scene's root: its own
            // time, animations and transitions are the outer scope's.
            var scopeRoot = layer.sublayers[i]
            scopeRoot.timing = LayerTiming()
            scopeRoot.animations = []
            scopeRoot.transitions = []
            scopeRoot.composition = nil
            var inner: [[Int]: TimelineOutput] = [:]
            let compiled = compileScope(scopeRoot, timeline: composition.timeline, end: composition.duration, into: &inner)
            layer.sublayers[i].sublayers = compiled.sublayers
            layer.sublayers[i].composition?.timeline = []
            for (innerPath, changes) in inner where !innerPath.isEmpty { output[subPath + innerPath] = changes }
        }
    }
}

/// Settings in force for a change: the transaction's own, else inherited.
struct TransactionSettings {
    var duration = Transaction.defaultDuration
    var timingFunction = TimingFunction.default
    var disableActions = false
    var transition: Transition?

    func overridden(by t: Transaction) -> TransactionSettings {
        var s = self
        if let d = t.duration { s.duration = d }
        if let f = t.timingFunction { s.timingFunction = f }
        if let d = t.disableActions { s.disableActions = d }
        if let tr = t.transition { s.transition = tr }
        return s
    }
}

/// What one commit reads and writes, per layer (index path).
struct CommitState {
    /// Presentation values just before the transaction.
    var before: [[Int]: LayerProperties] = [:]
    /// Model values as the transaction's changes apply.
    var working: [[Int]: LayerProperties] = [:]
    /// Layers this transaction runs a transition on.
    var transitioned: Set<[Int]> = []
}

struct Compilation {
    var root: Layer
    /// Per layer (index path), per action key: the index in `animations` of
    /// the timeline animation for that key that is not replaced yet.
    var keyed: [[Int]: [String: Int]] = [:]
    /// Per layer: the model after every commit so far (commits come in time
    /// order, so this is the model at the next commit before it applies).
    var models: [[Int]: LayerProperties] = [:]
    /// Per layer: indices of timeline animations that may still apply
    /// (not replaced, not ended without a fill), so that reading the
    /// presentation before a commit does not walk every earlier animation.
    var open: [[Int]: [Int]] = [:]
    /// Whether the tree has constraints or autoresizing: only then do
    /// geometry changes lay it out again (TimelineCompiler+Layout.swift).
    var laysOut = false
    /// Per layer: its model changes and transitions so far.
    var output: [[Int]: TimelineOutput] = [:]

    init(root: Layer) { self.root = root }

    mutating func commit(_ transaction: Transaction, sequence k: Int) {
        let at = transaction.at
        var changes: [(PropertyChange, TransactionSettings)] = []
        Self.flatten(transaction, TransactionSettings(), into: &changes)
        // Everything "before" is read first, from the state before k.
        var state = CommitState()
        for (change, _) in changes { readBefore(change.layer, at: at, sequence: k, into: &state) }
        defer { for (path, model) in state.working { models[path] = model } }
        for (change, settings) in changes {
            perform(change, settings: settings, at: at, sequence: k, state: &state)
        }
        // Layout over time: the tree lays itself out again against the new
        // geometry, and the frames it changes animate like set values.
        for (change, settings) in relaidOut(changes, at: at, sequence: k, state: &state) {
            perform(change, settings: settings, at: at, sequence: k, state: &state, fromLayout: true)
        }
    }

    /// Reads the model and the presentation of the layer at `path` just
    /// before transaction k (once per layer and transaction).
    mutating func readBefore(_ path: [Int], at: Double, sequence k: Int, into state: inout CommitState) {
        guard state.before[path] == nil, let layer = Self.layer(at: path, in: root) else { return }
        let model = models[path] ?? layer.properties
        let local = localTime(of: path, at: at)
        var presented = model
        AnimationEvaluator.apply(liveAnimations(of: layer, path: path, at: local), layerTime: local,
                                 model: model, to: &presented, sequenceLimit: k, record: false)
        state.before[path] = presented
        state.working[path] = model
    }

    /// One change of transaction k: the model step, then its action. A
    /// change made by layout (`fromLayout`) takes the layer's own action or
    /// the implicit animation, never the transaction's transition, and does
    /// not animate inside a layer that this transaction transitions.
    mutating func perform(_ change: PropertyChange, settings: TransactionSettings, at: Double, sequence k: Int,
                          state: inout CommitState, fromLayout: Bool = false) {
        guard var model = state.working[change.layer], let old = state.before[change.layer] else { return }
        model.apply(change.value, at: change.keyPath)
        state.working[change.layer] = model
        let local = localTime(of: change.layer, at: at)
        let step = ModelChange(time: at, sequence: k, keyPath: change.keyPath, value: change.value, layerTime: local)
        let key = change.keyPath.emitterCell != nil ? change.keyPath.text : change.keyPath.property.name
        var action: LayerAction = .none
        if !settings.disableActions && !(fromLayout && state.transitioned.contains(change.layer)) {
            if let own = Self.layer(at: change.layer, in: root)?.actions[key] {
                action = own
            } else if let t = settings.transition, !fromLayout {
                action = .transition(t)
            } else if let cell = change.keyPath.emitterCell {
                // A cell key animates as itself (its cell's other keys are not touched).
                if cell.key.animates {
                    let path = change.keyPath
                    var a = Animation(keyPath: path, kind: .basic(from: old.value(at: path), to: model.value(at: path), by: nil),
                                      location: change.location)
                    a.timing.duration = settings.duration
                    a.timingFunction = settings.timingFunction
                    action = .animation(ActionAnimation(animation: a, hasDuration: true, hasTimingFunction: true))
                }
            } else if change.keyPath.property.animation.isAnimatable {
                let whole = LayerKeyPath.root(change.keyPath.property)
                var a = Animation(keyPath: whole, kind: .basic(from: old.value(at: whole), to: model.value(at: whole), by: nil),
                                  location: change.location)
                a.timing.duration = settings.duration
                a.timingFunction = settings.timingFunction
                action = .animation(ActionAnimation(animation: a, hasDuration: true, hasTimingFunction: true))
            }
        }
        output[change.layer, default: TimelineOutput()].modelChanges.append(step)
        switch action {
        case .none:
            break
        case .animation(let spec):
            var a = spec.animation
            if !spec.hasDuration { a.timing.duration = settings.duration }
            // A spring keeps physical time: the transaction's curve would distort it.
            if !spec.hasTimingFunction, !a.isSpring { a.timingFunction = settings.timingFunction }
            a.timing.beginTime += local
            a.kind = Self.filled(a.kind, keyPath: a.keyPath, before: old, after: model)
            a.lifetime.addedBy = k
            add(a, key: key, layer: change.layer, at: local, sequence: k)
        case .transition(let t):
            guard !state.transitioned.contains(change.layer) else { break }
            state.transitioned.insert(change.layer)
            addTransition(t, settings: settings, layer: change.layer, at: at, local: local, sequence: k)
        }
    }

    /// The layer's explicit animations and the timeline animations that may
    /// still apply at `local`, in list order; drops the others from `open`.
    mutating func liveAnimations(of layer: Layer, path: [Int], at local: Double) -> [Animation] {
        let timelineStart = layer.animations.firstIndex { $0.lifetime.addedBy != nil } ?? layer.animations.count
        let live = (open[path] ?? []).filter { i in
            let a = layer.animations[i]
            if a.lifetime.removedAt != nil { return false }
            let holds = (a.timing.fillMode == .forwards || a.timing.fillMode == .both) && !a.removedOnCompletion
            return holds || a.timing.speed <= 0 || a.timing.endTime > local
        }
        open[path] = live
        return Array(layer.animations[..<timelineStart]) + live.map { layer.animations[$0] }
    }

    /// The changes of a transaction and its nested ones, in order, each with its settings.
    static func flatten(_ t: Transaction, _ outer: TransactionSettings, into out: inout [(PropertyChange, TransactionSettings)]) {
        let settings = outer.overridden(by: t)
        for c in t.changes { out.append((c, settings)) }
        for n in t.nested { flatten(n, settings, into: &out) }
    }

    /// An action animation without values runs from the presentation value
    /// before the commit to the new model value (a basic or spring animation
    /// with no from / to / by, as Core Animation fills them in).
    static func filled(_ kind: Animation.Kind, keyPath: LayerKeyPath, before: LayerProperties,
                       after: LayerProperties) -> Animation.Kind {
        switch kind {
        case .basic(nil, nil, nil):
            return .basic(from: before.value(at: keyPath), to: after.value(at: keyPath), by: nil)
        case .spring(var s) where s.from == nil && s.to == nil && s.by == nil:
            s.from = before.value(at: keyPath)
            s.to = after.value(at: keyPath)
            return .spring(s)
        default:
            return kind
        }
    }

    mutating func add(_ animation: Animation, key: String, layer path: [Int], at local: Double, sequence k: Int) {
        let replaced = keyed[path]?[key]
        var index = 0
        Self.modify(path, in: &root) { layer in
            if let i = replaced {
                layer.animations[i].lifetime.removedAt = local
                layer.animations[i].lifetime.removedBy = k
            }
            index = layer.animations.count
            layer.animations.append(animation)
        }
        open[path, default: []].append(index)
        keyed[path, default: [:]][key] = index
    }

    mutating func addTransition(_ t: Transition, settings: TransactionSettings, layer path: [Int],
                                at: Double, local: Double, sequence k: Int) {
        var resolved = t
        resolved.duration = t.duration ?? settings.duration
        resolved.timingFunction = t.timingFunction ?? settings.timingFunction
        var timing = MediaTiming()
        timing.beginTime = local
        timing.duration = resolved.duration ?? Transaction.defaultDuration
        var item = LayerTransition(transition: resolved, timing: timing,
                                   timingFunction: resolved.timingFunction ?? .default, sequence: k,
                                   commitTime: at, parentTimeAtCommit: parentTime(of: path, at: at))
        item.lifetime.addedBy = k
        var transitions = output[path]?.transitions ?? []
        // Only the last transition can still be unreplaced.
        if let i = transitions.indices.last, transitions[i].lifetime.removedAt == nil {
            transitions[i].lifetime.removedAt = local
            transitions[i].lifetime.removedBy = k
        }
        transitions.append(item)
        output[path, default: TimelineOutput()].transitions = transitions
    }

    // MARK: The tree by index path

    /// The time mapping from scene time to the local time of the layer at `path`.
    func timing(of path: [Int]) -> LayerTiming {
        var t = root.timing
        var layer = root
        for i in path {
            guard layer.sublayers.indices.contains(i) else { break }
            layer = layer.sublayers[i]
            t = t.then(layer.timing)
        }
        return t
    }

    /// The local time of the layer at `path`: its superlayers' time is affine
    /// within a scope, its own may be a composition's, folded.
    func localTime(of path: [Int], at sceneTime: Double) -> Double {
        guard !path.isEmpty, let layer = Self.layer(at: path, in: root) else { return timing(of: path).localTime(sceneTime) }
        let parent = timing(of: Array(path.dropLast())).localTime(sceneTime)
        return layer.timing.activeTime(parent) ?? layer.timing.localTime(parent)
    }

    /// The superlayer's local time (scene time for the root).
    func parentTime(of path: [Int], at sceneTime: Double) -> Double {
        path.isEmpty ? sceneTime : localTime(of: Array(path.dropLast()), at: sceneTime)
    }

    static func layer(at path: [Int], in root: Layer) -> Layer? {
        var layer = root
        for i in path {
            guard layer.sublayers.indices.contains(i) else { return nil }
            layer = layer.sublayers[i]
        }
        return layer
    }

    static func modify(_ path: [Int], in layer: inout Layer, _ body: (inout Layer) -> Void) {
        guard let first = path.first else { return body(&layer) }
        guard layer.sublayers.indices.contains(first) else { return }
        modify(Array(path.dropFirst()), in: &layer.sublayers[first], body)
    }
}

extension Animation {
    var isSpring: Bool { if case .spring = kind { return true } else { return false } }
}
