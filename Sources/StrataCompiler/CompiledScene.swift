import Foundation
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
    /// Bytes the frames drawn at once may hold together (`--memory-limit`):
    /// each frame's estimate is checked against it before the frame is drawn.
    public var memory = MemoryBudget(limit: Limits.frameMemory)

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
            let frame = try renderer.prepare(renderTree(at: time), memoryLimit: Double(memory.limit))
            try memory.holding(frame.bytes) { () throws(RenderError) in try renderer.draw(frame.plan, into: &pixmap) }
        } catch {
            throw located(error, at: time)
        }
    }

    /// The frame at `time` seconds in the renderer's own frame buffer, drawn
    /// again only where it differs from the renderer's last frame (the
    /// bytes of a frame drawn from scratch either way).
    public func render(at time: Double, with renderer: FrameRenderer) throws(DiagnosticList) -> Pixmap {
        try renderChanges(at: time, with: renderer).frame
    }

    /// Like `render(at:with:)`, and which rows may differ from the frame the
    /// renderer returned before (`FrameRenderer.drawChanges`).
    public func renderChanges(at time: Double, with renderer: FrameRenderer)
        throws(DiagnosticList) -> (frame: Pixmap, change: FrameChange) {
        do {
            // Planned within the limit, then drawn while its bytes are held
            // (with the other render threads' frames, within the limit too).
            let frame = try renderer.prepare(renderTree(at: time), memoryLimit: Double(memory.limit))
            return try memory.holding(frame.bytes) { () throws(RenderError) in try renderer.drawChanges(frame.plan) }
        } catch {
            throw located(error, at: time)
        }
    }

    /// A render error (of the frame at `time` seconds) at the failing
    /// layer's place in the scene file. A frame over the memory limit
    /// (`FrameMemory`) is refused at the layer where its total passes it,
    /// before that layer's bitmaps are allocated.
    private func located(_ error: RenderError, at time: Double) -> DiagnosticList {
        var message = error.message
        if let need = error.memoryNeed {
            message = "the frame at \(Self.seconds(time)) needs about \(Self.bytes(need)) to draw at once (its frame buffer, "
                + "the backing stores it makes and the offscreen buffers of group opacity, masks, shadows and filters; "
                + "from here on the total passes the limit), more than the limit of \(Self.bytes(Double(memory.limit))); "
                + "give --memory-limit to raise it, or use fewer or smaller such layers"
        }
        return DiagnosticList([Diagnostic(error.location ?? laidOut.location(ofLayer: error.layerPath), message)])
    }

    /// `1.5 GiB`, `300 MiB`: a byte count for messages.
    public static func bytes(_ n: Double) -> String {
        let units = ["bytes", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"]
        var v = n, i = 0
        while v >= 1024, i < units.count - 1 { v /= 1024; i += 1 }
        return i == 0 ? "\(Int(v)) bytes" : (v < 10 ? String(format: "%.1f", v) : String(Int(v.rounded()))) + " " + units[i]
    }

    private static func seconds(_ t: Double) -> String { String(format: "%.3fs", t) }

    /// What `strata inspect` prints at `time` seconds.
    public func inspect(at time: Double) -> JSON {
        Inspector.inspect(timeline, at: time)
    }
}
