import Foundation
import StrataCompiler
import StrataModel

/// Which canvas size a request wants: the authored one, a variant, or any size.
enum CanvasChoice: Sendable, Hashable {
    case authored
    case variant(String)
    /// Points.
    case size(width: Double, height: Double)

    /// A short stable name for cache keys.
    var key: String {
        switch self {
        case .authored: "authored"
        case .variant(let name): "variant:" + name
        case .size(let w, let h): "size:\(w)x\(h)"
        }
    }

    var overrides: SceneOverrides {
        var o = SceneOverrides()
        switch self {
        case .authored: break
        case .variant(let name): o.variant = name
        case .size(let w, let h): o.size = Size(w, h)
        }
        return o
    }
}

/// One successful compile of the scene file: immutable, so a request that
/// holds it sees one whole scene however often the file is reloaded meanwhile.
final class SceneVersion: @unchecked Sendable {
    /// 1, 2, 3... in load order.
    let number: Int
    /// As loaded, before layout (other sizes are laid out from it).
    let loaded: Scene
    /// Laid out at the authored size, timeline compiled.
    let authored: CompiledScene
    /// Load and layout warnings.
    let warnings: [Diagnostic]
    /// The files the scene read (the scene file, assets, images): what is watched.
    let inputs: [String]

    /// Other sizes laid out so far (a few: the switcher's choices).
    private static let maxSizes = 8
    private let lock = NSLock()
    private var sizes: [CanvasChoice: Result<CompiledScene, HTTPError>] = [:]
    private var order: [CanvasChoice] = []

    init(number: Int, loaded: Scene, authored: CompiledScene, warnings: [Diagnostic], inputs: [String]) {
        self.number = number; self.loaded = loaded; self.authored = authored
        self.warnings = warnings; self.inputs = inputs
    }

    /// The scene laid out for `choice` (laid out once per size and kept);
    /// a bad size or an unknown variant is a 400 with the layout's message.
    /// Runs on a render thread: layout and timeline compilation take time.
    func scene(for choice: CanvasChoice) -> Result<CompiledScene, HTTPError> {
        if choice == .authored { return .success(authored) }
        lock.lock()
        if let known = sizes[choice] { lock.unlock(); return known }
        lock.unlock()
        let result: Result<CompiledScene, HTTPError>
        do {
            result = .success(try CompiledScene.compile(loaded, overrides: choice.overrides, warn: { _ in }))
        } catch {
            result = .failure(.badRequest(error.message))
        }
        lock.lock()
        defer { lock.unlock() }
        if sizes[choice] == nil {
            order.append(choice)
            if order.count > Self.maxSizes { sizes[order.removeFirst()] = nil }
        }
        sizes[choice] = result
        return result
    }
}
