import Foundation
import StrataParse

/// `strata preview SCENE` as parsed from the command line. The server lives
/// in StrataPreview (which depends on this module), so the executable hands
/// its runners in through `AuthoringCommands`.
public struct PreviewOptions: Sendable {
    /// The port when `--port` is not given.
    public static let defaultPort: UInt16 = 8765

    public var scenePath: String
    /// The loopback address unless `--host` names another.
    public var host = "127.0.0.1"
    /// 0 picks any free port (printed in the URL line).
    public var port = PreviewOptions.defaultPort
    public var load = SceneLoadOptions()
    /// Render threads.
    public var jobs = ProcessInfo.processInfo.activeProcessorCount

    public init(scenePath: String) { self.scenePath = scenePath }
}

/// The runners of `strata preview` and `strata watch` (StrataPreview), given to `CLI.run`.
public struct AuthoringCommands: Sendable {
    public var preview: @Sendable (PreviewOptions) throws -> Int32
    public var watch: @Sendable (RenderCommand) throws -> Int32

    public init(preview: @escaping @Sendable (PreviewOptions) throws -> Int32,
                watch: @escaping @Sendable (RenderCommand) throws -> Int32) {
        self.preview = preview
        self.watch = watch
    }

    /// Without StrataPreview linked (tests of this module): the commands say so.
    public static let unavailable = AuthoringCommands(
        preview: { _ in throw CompileError("this build of strata has no preview server", exitCode: 1) },
        watch: { _ in throw CompileError("this build of strata has no watch mode", exitCode: 1) })
}
