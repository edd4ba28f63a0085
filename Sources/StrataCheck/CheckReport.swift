import StrataModel

/// The outcome of checking one golden frame of one scene.
public struct FrameCheck: Sendable, Hashable {
    /// Declared in report order: problems first.
    public enum Status: String, Sendable, Hashable, CaseIterable {
        /// The frame does not match its golden image.
        case fail
        /// The scene lists the frame but no golden image exists (CI never records).
        case missing
        /// A golden image exists that no listed frame produces.
        case orphan
        /// The golden image was (re)written by `--update`.
        case updated
        /// The frame matches its golden image.
        case pass
    }

    /// The scene file, as given on the command line.
    public var scene: String
    /// 1-based line and column of the frame's entry in `golden.frames`
    /// (for orphans, of the `golden:` section, or 1:1).
    public var line: Int
    public var column: Int
    /// Frame index and its time in seconds.
    public var frame: Int
    public var time: Double
    public var status: Status
    /// The figures, when the frame was compared.
    public var comparison: FrameComparison?
    /// The tolerance the frame was compared with.
    public var tolerance: Tolerance
    /// Image paths relative to the directory the report is written to
    /// (the HTML links them as they are, percent-encoded).
    public var actualImage: String?
    public var expectedImage: String?
    public var diffImage: String?
    /// Extra text appended to the message (e.g. why a golden could not be read).
    public var note: String?
    /// The canvas variant the frame was rendered at, or nil for the authored size.
    public var variant: String? = nil
    /// A contact sheet of the scene's whole timeline (path relative to the
    /// report), set on frames that did not pass: where the frame sits in the
    /// animation, at a glance.
    public var timeline: String? = nil
    /// What the check is about when it is not a frame: an orphan golden
    /// folder (`golden folder 'golden/old'`) or a stray file's name.
    public var subject: String? = nil
    /// Seconds spent on the frame: its share of the scene's render, and its comparison.
    public var seconds: Double = 0

    public init(scene: String, line: Int = 1, column: Int = 1, frame: Int, time: Double,
                status: Status, comparison: FrameComparison? = nil, tolerance: Tolerance = .default,
                actualImage: String? = nil, expectedImage: String? = nil, diffImage: String? = nil,
                note: String? = nil) {
        self.scene = scene; self.line = line; self.column = column
        self.frame = frame; self.time = time; self.status = status
        self.comparison = comparison; self.tolerance = tolerance
        self.actualImage = actualImage; self.expectedImage = expectedImage; self.diffImage = diffImage
        self.note = note
    }

    /// The same, with the scene and place taken from a golden frame's location.
    public init(location: SourceLocation, frame: Int, time: Double, status: Status,
                comparison: FrameComparison? = nil, tolerance: Tolerance = .default,
                actualImage: String? = nil, expectedImage: String? = nil, diffImage: String? = nil,
                note: String? = nil) {
        self.init(scene: location.file, line: location.line, column: location.column,
                  frame: frame, time: time, status: status, comparison: comparison,
                  tolerance: tolerance, actualImage: actualImage, expectedImage: expectedImage,
                  diffImage: diffImage, note: note)
    }

    /// `"frame 15 (0.5s)"`.
    /// With a variant: `"frame 15 (0.5s) @story"`.
    public var title: String {
        (subject ?? "frame \(frame) (\(Format.seconds(time)))") + (variant.map { " @" + $0 } ?? "")
    }

    /// What happened, in one line, e.g. `"412 pixels differ by more than 2
    /// (0.20% > 0.10%); PSNR 38.2 dB < 45 dB"` or `"no golden image at
    /// golden/a/00015.png; record it with --update"`.
    public var message: String {
        let golden = expectedImage.map { " " + $0 } ?? ""
        var text: String
        switch status {
        case .fail:
            let reasons = comparison?.failureReasons(tolerance) ?? []
            text = reasons.isEmpty ? "does not match golden image\(golden)" : reasons.joined(separator: "; ")
        case .missing:
            text = "no golden image" + (expectedImage.map { " at " + $0 } ?? "") + "; record it with --update"
        case .orphan where subject != nil:
            text = "orphan golden \(expectedImage == nil ? "folder" : "file\(golden)")"
        case .orphan:
            text = "orphan golden image\(golden): the scene does not list frame \(frame)"
        case .updated:
            text = "golden image\(golden) updated"
        case .pass:
            text = "matches golden image\(golden)"
        }
        if let note, !note.isEmpty { text += " (\(note))" }
        return text
    }

    /// The same check with its image paths rewritten (from the report's
    /// folder to the repository root, for annotations and JUnit).
    public func withImages(_ map: (String) -> String) -> FrameCheck {
        var c = self
        c.expectedImage = expectedImage.map(map)
        c.actualImage = actualImage.map(map)
        c.diffImage = diffImage.map(map)
        c.timeline = timeline.map(map)
        return c
    }
}

/// Everything one `strata check` run found, with writers for HTML, JUnit XML
/// and GitHub annotations.
public struct CheckReport: Sendable, Hashable {
    /// Heading of the HTML report and name of the JUnit `testsuites`.
    public var title: String
    /// In the order checked; writers group by scene and put problems first.
    public var frames: [FrameCheck]
    /// Whether an orphan golden fails the run (JUnit `failure`, `::error`)
    /// rather than warning (JUnit `skipped`, `::warning`).
    public var orphansFail: Bool
    /// Scenes that could not be checked (JUnit `error`, `::error` at each diagnostic).
    public var sceneErrors: [SceneError] = []
    /// Warnings of scenes that were checked (`::warning` annotations).
    public var warnings: [Diagnostic] = []
    /// When the run started, UTC, `2025-03-01T12:34:56` (JUnit `timestamp`); nil leaves it out.
    public var timestamp: String? = nil
    /// How annotations and JUnit name files.
    public var paths = ReportPaths.unchanged

    public init(frames: [FrameCheck], title: String = "strata check", orphansFail: Bool = false) {
        self.frames = frames; self.title = title; self.orphansFail = orphansFail
    }

    /// Frames with `status`.
    public func count(_ status: FrameCheck.Status) -> Int {
        frames.reduce(0) { $0 + ($1.status == status ? 1 : 0) }
    }

    /// Whether `check` fails the run: a mismatch, a missing golden, or an
    /// orphan when `orphansFail`.
    public func isFailure(_ check: FrameCheck) -> Bool {
        switch check.status {
        case .fail, .missing: return true
        case .orphan: return orphansFail
        case .updated, .pass: return false
        }
    }

    /// Whether the run fails (the CLI exits 1, or 2 when a scene could not be checked).
    public var failed: Bool { !sceneErrors.isEmpty || frames.contains(where: isFailure) }

    /// Frames in report order: by status (fail, missing, orphan, updated,
    /// pass), keeping the checked order within a status.
    public var orderedFrames: [FrameCheck] {
        let rank = Dictionary(uniqueKeysWithValues: FrameCheck.Status.allCases.enumerated().map { ($1, $0) })
        return frames.enumerated()
            .sorted { (rank[$0.element.status]!, $0.offset) < (rank[$1.element.status]!, $1.offset) }
            .map(\.element)
    }

    /// Scene files in first-seen order (those that could not be checked last).
    public var scenes: [String] {
        var seen = Set<String>()
        return (frames.map(\.scene) + sceneErrors.map(\.scene)).compactMap { seen.insert($0).inserted ? $0 : nil }
    }
}
