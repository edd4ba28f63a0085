import Foundation
import StrataEncode
import StrataModel

/// What a render wrote, for the line (or JSON object) that ends it.
struct WrittenOutput {
    var target: RenderCommand.Target
    var scene: Scene
    /// Frames rendered (tiles of a contact sheet).
    var frames: Int
    /// The time of the first frame, seconds (a still's time).
    var firstTime: Double?
    /// Pixel size of each frame; nil for a contact sheet (its tiles are smaller).
    var width: Int?
    var height: Int?
    /// Bytes written: the file, every frame of a sequence, the stream.
    var bytes: Int
}

extension RenderCommand {
    /// Says what was written: one line on a terminal or with `--progress
    /// plain|bar` (not with `--quiet`),
    /// `wrote out.mp4: 180 frames, 6 s, 1920x1080, 2.1 MB in 5.4 s`, or with
    /// `--json` the same as one JSON object on standard output (on standard
    /// error when the video itself goes to standard output).
    func report(_ written: WrittenOutput, since start: ContinuousClock.Instant, console: any Console) {
        let elapsed = (ContinuousClock.now - start) / .milliseconds(1) / 1000
        switch summary {
        case .none: return
        case .terminal:
            // Where progress is shown by default (a terminal) or was asked for.
            guard !quiet, console.showsProgress || [.bar, .plain].contains(progressStyle) else { return }
            console.status(Self.line(written, elapsed: elapsed))
        case .json:
            let text = Self.json(written, elapsed: elapsed).serialized()
            if case .stream = written.target { console.status(text) } else { console.write(text) }
        }
    }

    static func line(_ w: WrittenOutput, elapsed: Double) -> String {
        let size = w.width.map { "\($0)x\(w.height!)" }
        let took = "in " + (elapsed < 1 ? String(format: "%.2f", elapsed) : decimal(elapsed)) + " s"
        let bytes = byteCount(w.bytes)
        let span = "\(decimal(Double(w.frames) / w.scene.canvas.fps)) s"
        switch w.target {
        case .still(let path) where w.width == nil:
            return "wrote \(path): a contact sheet of \(w.frames) frames, \(bytes) \(took)"
        case .still(let path):
            return "wrote \(path): 1 frame at \(decimal(w.firstTime ?? 0)) s, \(size!), \(bytes) \(took)"
        case .video(let path, _), .pngSequence(let path):
            return "wrote \(path): \(frames(w.frames)), \(span), \(size!), \(bytes) \(took)"
        case .stream(let format):
            return "wrote \(format.title) to standard output: \(frames(w.frames)), \(span), \(size!), \(bytes) \(took)"
        case .discard:
            return "rendered \(frames(w.frames)), \(span), \(size!) \(took) (discarded)"
        }
    }

    /// `{"output", "format", "frames", "duration", "time", "width", "height",
    /// "bytes", "seconds"}`: `output` null for /dev/null, "-" for a stream;
    /// `duration` (seconds of video) null for a still or a contact sheet;
    /// `time` the first frame's; `width`/`height` null for a contact sheet;
    /// `seconds` the wall time of the render.
    static func json(_ w: WrittenOutput, elapsed: Double) -> JSON {
        let (output, format): (String?, String)
        var isStill = false
        switch w.target {
        case .video(let path, let container): (output, format) = (path, container.rawValue)
        case .still(let path): (output, format, isStill) = (path, w.width == nil ? "contact-sheet" : "png", true)
        case .pngSequence(let path): (output, format) = (path, "png-sequence")
        case .stream(let f): (output, format) = ("-", f.rawValue)
        case .discard: (output, format) = (nil, "discard")
        }
        return .object([
            ("output", output.map(JSON.string) ?? .null), ("format", .string(format)),
            ("frames", .number(Double(w.frames))),
            ("duration", isStill ? .null : .number(Double(w.frames) / w.scene.canvas.fps)),
            ("time", w.firstTime.map { .number($0) } ?? .null),
            ("width", w.width.map { .number(Double($0)) } ?? .null),
            ("height", w.height.map { .number(Double($0)) } ?? .null),
            ("bytes", .number(Double(w.bytes))), ("seconds", .number((elapsed * 1000).rounded() / 1000)),
        ])
    }

    private static func frames(_ n: Int) -> String { n == 1 ? "1 frame" : "\(n) frames" }

    /// One decimal, none when whole: `6`, `5.4`.
    private static func decimal(_ v: Double) -> String {
        let r = (v * 10).rounded() / 10
        return r == r.rounded() ? String(Int(r)) : String(format: "%.1f", r)
    }

    /// `812 B`, `312.5 kB`, `2.1 MB`, `1.3 GB` (SI: powers of 1000).
    static func byteCount(_ n: Int) -> String {
        let units = [(1e9, "GB"), (1e6, "MB"), (1e3, "kB")]
        for (size, unit) in units where Double(n) >= size { return "\(decimal(Double(n) / size)) \(unit)" }
        return "\(n) B"
    }
}
