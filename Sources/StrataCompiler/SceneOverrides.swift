import StrataLayout
import StrataModel

/// Command-line changes to a loaded scene: another canvas size (points),
/// frame rate or pixel scale.
public struct SceneOverrides: Sendable {
    /// `--size WxH` in points.
    public var size: Size?
    /// `--variant NAME`, one of `canvas.variants`.
    public var variant: String?
    /// `--fps`: 30, 29.97 (= 30000/1001) or 24000/1001.
    public var frameRate: FrameRate?
    public var scale: Double?
    public init() {}

    /// Applies the overrides, then lays the tree out (StrataLayout): the root
    /// layer takes the canvas size, autoresizing and constraints follow.
    /// Call once, on the scene as loaded. Returns the layout's warnings.
    @discardableResult
    public func apply(to scene: inout Scene) throws(CompileError) -> [Diagnostic] {
        if let variant {
            guard let v = scene.canvas.variants.first(where: { $0.name == variant }) else {
                let names = scene.canvas.variants.map(\.name)
                let hint = names.isEmpty ? "the scene defines no canvas.variants"
                    : "known variants: " + names.joined(separator: ", ")
                throw CompileError("unknown variant '\(variant)'; \(hint)")
            }
            scene.canvas.size = v.size
        }
        if let size { scene.canvas.size = size }
        if let frameRate {
            guard frameRate.framesPerSecond <= Limits.maxFPS else {
                throw CompileError("--fps must be in (0, \(Int(Limits.maxFPS))], found \(frameRate)")
            }
            scene.canvas.frameRate = frameRate
        }
        if let scale {
            guard scale > 0, scale <= Limits.maxScale else {
                throw CompileError("--scale must be in (0, \(Int(Limits.maxScale))]")
            }
            scene.canvas.scale = scale
        }
        // In Doubles first: a size from --size can be any finite number of points.
        let w = (scene.canvas.size.width * scene.canvas.scale).rounded()
        let h = (scene.canvas.size.height * scene.canvas.scale).rounded()
        let side = Double(Limits.maxPixelsPerSide)
        guard w >= 1, h >= 1, w <= side, h <= side, w * h <= Double(Limits.maxPixels) else {
            throw CompileError("output size \(Self.format(w))x\(Self.format(h)) pixels is outside the limits (1...\(Limits.maxPixelsPerSide) per side, \(Limits.maxPixels) pixels)")
        }
        return scene.layOut(canvasSize: scene.canvas.size)
    }

    /// A pixel count as a whole number, or in exponent form when it is too large for one.
    private static func format(_ v: Double) -> String {
        abs(v) < 1e15 ? String(Int(v)) : String(v)
    }
}
