import StrataModel
import StrataParse
import StrataRender
import StrataTimeline

/// A scene loaded, laid out at one canvas size and with its timeline
/// compiled: what every frame samples. `render`, `check`, `preview` and
/// `watch` all draw their frames through it, so a frame is the same pure
/// function of (scene, time) whichever command asks for it.
public struct CompiledScene: Sendable {
    /// Laid out at the canvas size; the timeline not compiled (what `inspect` reads).
    public let laidOut: Scene
    /// Its timeline compiled: animations on the layers, model changes and transitions beside them.
    public let timeline: CompiledTimeline
    /// The layers compiled for sampling: what every frame samples.
    public let layers: CompiledLayers

    /// Compiles the timeline and the layers of a scene that `SceneOverrides.apply` has laid out.
    public init(laidOut: Scene) {
        self.laidOut = laidOut
        self.timeline = TimelineCompiler.compile(laidOut)
        self.layers = CompiledLayers(timeline)
    }

    /// Loads a scene file, applies `overrides` (size, variant, fps, scale)
    /// and lays it out. Load and layout warnings go to `warn`.
    public static func load(file: String, options: SceneLoadOptions, overrides: SceneOverrides,
                            warn: (Diagnostic) -> Void) throws -> CompiledScene {
        let (loaded, warnings) = try SceneLoader.load(file: file, options: options)
        warnings.forEach(warn)
        return try compile(loaded, overrides: overrides, warn: warn)
    }

    /// Lays a loaded scene out with `overrides` and compiles it.
    public static func compile(_ loaded: Scene, overrides: SceneOverrides,
                               warn: (Diagnostic) -> Void) throws(CompileError) -> CompiledScene {
        var scene = loaded
        try overrides.apply(to: &scene).forEach(warn)
        return CompiledScene(laidOut: scene)
    }

    public var canvas: Canvas { laidOut.canvas }

    /// The render tree at `time` seconds.
    public func renderTree(at time: Double) -> RenderTree {
        layers.renderTree(at: time)
    }

    /// Draws the frame at `time` seconds into `pixmap` from scratch (reusing
    /// its storage when it has the frame's size). A render error becomes a
    /// diagnostic located at the failing layer.
    public func render(at time: Double, with renderer: FrameRenderer, into pixmap: inout Pixmap) throws(DiagnosticList) {
        do {
            try renderer.render(renderTree(at: time), into: &pixmap)
        } catch {
            throw located(error)
        }
    }

    /// The frame at `time` seconds in the renderer's own frame buffer, drawn
    /// again only where it differs from the renderer's last frame (the
    /// bytes of a frame drawn from scratch either way).
    public func render(at time: Double, with renderer: FrameRenderer) throws(DiagnosticList) -> Pixmap {
        do {
            return try renderer.render(renderTree(at: time))
        } catch {
            throw located(error)
        }
    }

    /// A render error at the failing layer's place in the scene file.
    private func located(_ error: RenderError) -> DiagnosticList {
        DiagnosticList([Diagnostic(error.location ?? laidOut.location(ofLayer: error.layerPath), error.message)])
    }

    /// What `strata inspect` prints at `time` seconds.
    public func inspect(at time: Double) -> JSON {
        Inspector.inspect(timeline, at: time)
    }
}
