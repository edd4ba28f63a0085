import StrataModel
import StrataParse

/// A moment of a scene, as the command line names it: a time, or a frame
/// whose time is known only once the scene's frame rate is.
public enum SceneInstant: Sendable, Hashable {
    /// Seconds from the start of the scene (>= 0).
    case seconds(Double)
    /// A frame number (>= 0); its time is `frame / fps`.
    case frame(Int)

    /// How the command line names it: `--time 1.5s`, `--frame 45`.
    var commandLine: String {
        switch self {
        case .seconds(let t): "--time \(Scene.number(t))s"
        case .frame(let frame): "--frame \(frame)"
        }
    }

    /// The time in seconds, at the scene's frame rate (after `--fps`).
    public func seconds(in scene: Scene) -> Double {
        switch self {
        case .seconds(let t): t
        case .frame(let frame): scene.time(ofFrame: frame)
        }
    }
}

/// `strata inspect SCENE`: the presentation tree at one moment as JSON.
public struct InspectCommand: StrataCommand {
    public var scenePath: String
    public var load = SceneLoadOptions()
    /// `--size` / `--variant`: the tree is laid out at that size.
    public var overrides = SceneOverrides()
    public var instant = SceneInstant.seconds(0)
    /// One line of JSON instead of indented lines.
    public var compact = false

    public init(scenePath: String) {
        self.scenePath = scenePath
    }

    public func run(_ console: any Console) throws -> ExitStatus {
        let compiled = try CompiledScene.load(file: scenePath, options: load, overrides: overrides,
                                              warn: { console.report([$0]) })
        try compiled.laidOut.check(instant)
        let json = compiled.inspect(at: instant.seconds(in: compiled.laidOut))
        console.write(json.serialized(indent: compact ? nil : 2))
        return .success
    }
}
