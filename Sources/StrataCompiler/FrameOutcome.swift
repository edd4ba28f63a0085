import StrataCheck
import StrataModel

/// What `strata check` found for one golden frame.
struct FrameOutcome {
    enum Status: String { case passed, failed, missing, updated, orphan }

    var scene: String
    /// Frame number, or nil for an orphan file that names no frame.
    var frame: Int?
    /// Seconds.
    var time: Double?
    var status: Status
    var comparison: FrameComparison?
    /// Why it failed, in words.
    var reasons: [String] = []
    /// The scene's `golden:` line (or the frame's entry), for annotations.
    var location: SourceLocation
    var goldenPath: String
    /// Artifacts, relative to the artifacts folder.
    var actualImage: String?
    var expectedImage: String?
    var diffImage: String?
}
