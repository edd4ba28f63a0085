/// The fuzz targets: each takes arbitrary bytes and must return (a value or
/// diagnostics) without trapping, hanging or growing without bound. A target
/// also checks what the promise says of its result (`FuzzCheck`): a broken
/// promise traps, so libFuzzer keeps the input as a crash.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// Scene text -> the front end's scene or located diagnostics.
    case scene
    /// SVG path data -> a normalized path or a located syntax error.
    case path
    /// One value of the scene format (colour, time, angle, transform, ...):
    /// the first byte picks the parser, the rest is YAML for it.
    case values
    /// PNG, JPEG or WebP bytes -> a premultiplied pixmap or an error.
    case image
    /// Scene text -> one small frame (at most `FrameTarget.maxSide` pixels a side).
    case frame

    func run(_ bytes: [UInt8]) {
        switch self {
        case .scene: SceneTarget.run(bytes)
        case .path: PathTarget.run(bytes)
        case .values: ValuesTarget.run(bytes)
        case .image: ImageTarget.run(bytes)
        case .frame: FrameTarget.run(bytes)
        }
    }
}
