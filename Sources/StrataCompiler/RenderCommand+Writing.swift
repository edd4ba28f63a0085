import Foundation
import StrataEncode
import StrataModel

extension RenderCommand {
    /// Writes into a temporary name beside `path` and renames it when
    /// complete. A failure names `path` (what the user gave), never the
    /// temporary name, and leaves nothing behind.
    func writeAtomically(_ path: String, _ body: (String) throws -> Void) throws {
        try ensureParentExists(path)
        let temp = TemporaryOutputs.shared.temporaryPath(for: path)
        do {
            try body(temp)
            try TemporaryOutputs.shared.commit(temp, to: path)
        } catch {
            TemporaryOutputs.shared.discard(temp)
            throw Self.naming(error, temporary: temp, as: path)
        }
    }

    /// `error` with every mention of the temporary path replaced by the
    /// user's. Scene problems (located diagnostics) pass through.
    static func naming(_ error: any Error, temporary: String, as path: String) -> any Error {
        switch error {
        case is Diagnostic, is DiagnosticList: return error
        case let error as CompileError:
            return CompileError(error.message.replacingOccurrences(of: temporary, with: path), status: error.status)
        default:
            return CompileError("\(error)".replacingOccurrences(of: temporary, with: path), status: .failure)
        }
    }

    /// A PNG sequence goes into a temporary folder first; when all frames are
    /// written they replace the folder's numbered frames: the new ones are
    /// moved in, and numbered frames (`00042.png`) of an earlier render that
    /// this one did not write are removed, so the folder never mixes two
    /// renders. Other files in the folder are left alone. Returns the bytes written.
    func writeSequence(into dir: String, indices: [Int], pipeline: FramePipeline, times: [Double],
                       progress: ProgressReporter) throws -> Int {
        let finalDir = dir.hasSuffix("/") && dir.count > 1 ? String(dir.dropLast()) : dir
        try ensureParentExists(finalDir)
        let temp = TemporaryOutputs.shared.temporaryPath(for: finalDir)
        var bytes = 0
        do {
            try SystemFiles.createFolder(temp)
            let last = sequenceLastFrame ?? indices.last ?? 0
            func name(_ i: Int) -> String { Self.sequenceFileName(frame: i, lastFrame: last) }
            // The render threads encode their own frames (the costly part); this thread writes the files.
            try pipeline.run(times: times, progress: progress, makeEmpty: { [UInt8]() }, makeFinisher: {
                { pixmap, _, png in png = try PNGCodec.encode(pixmap) }
            }, consume: { position, png in
                try PNGCodec.store(png, to: temp + "/" + name(indices[position]))
                bytes += png.count
            })
            try commitSequence(temp, into: finalDir, names: indices.map(name))
        } catch {
            TemporaryOutputs.shared.discard(temp)
            throw Self.naming(error, temporary: temp, as: finalDir)
        }
        return bytes
    }

    /// Moves a complete temporary folder of frames into place: renamed whole
    /// when `finalDir` does not exist yet; else each frame replaces its
    /// namesake and the numbered frames this sequence does not have are
    /// removed (never two renders' frames in one folder; other files stay).
    func commitSequence(_ temp: String, into finalDir: String, names: [String]) throws {
        guard SystemFiles.exists(finalDir) else { return try TemporaryOutputs.shared.commit(temp, to: finalDir) }
        for name in names { try TemporaryOutputs.shared.commit(temp + "/" + name, to: finalDir + "/" + name) }
        TemporaryOutputs.shared.discard(temp)
        let written = Set(names)
        for stale in Self.numberedFrames(in: finalDir) where !written.contains(stale) {
            try? FileManager.default.removeItem(atPath: finalDir + "/" + stale)
        }
    }

    /// `00042.png`: frame numbers with at least 5 digits, as many as `lastFrame` needs.
    static func sequenceFileName(frame: Int, lastFrame: Int) -> String {
        let digits = max(5, String(lastFrame).count), number = String(frame)
        return String(repeating: "0", count: max(0, digits - number.count)) + number + ".png"
    }

    /// The files of `dir` named like frames of a PNG sequence: digits, `.png`.
    static func numberedFrames(in dir: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
        return names.filter { name in
            name.hasSuffix(".png") && name.count > 4 && name.dropLast(4).allSatisfy(\.isASCII) && name.dropLast(4).allSatisfy(\.isNumber)
        }.sorted()
    }

    /// `-o -`: frames as raw video on standard output, in order, as they are
    /// rendered (each render thread makes its frames' bytes). Returns the bytes written.
    func writeStream(_ format: StreamFormat, scene: Scene, pipeline: FramePipeline, times: [Double],
                     progress: ProgressReporter) throws -> Int {
        let (width, height) = (scene.canvas.pixelWidth, scene.canvas.pixelHeight)
        let stream = try RawVideoStream(format: format, width: width, height: height, frameRate: scene.canvas.frameRate)
        try pipeline.run(times: times, progress: progress, makeEmpty: { [UInt8]() }, makeFinisher: {
            let encoder = try RawVideoStream.Encoder(format: format, width: width, height: height)
            return { pixmap, _, payload in payload = try encoder.payload(pixmap) }
        }, consume: { _, payload in try stream.append(payload) })
        try stream.finish()
        return stream.bytesWritten
    }

    /// `-o -` writes binary video: never onto a terminal, and only from `render`.
    func checkStreamTarget(_ target: Target) throws(CompileError) {
        guard case .stream(let format) = target else { return }
        if isatty(1) == 1 {
            throw CompileError("-o - writes \(format.title) video to standard output, which is a terminal; pipe it into a program (strata render SCENE -o - | ffmpeg -i - out.mkv) or redirect it (> out.\(format.rawValue))")
        }
        if contactSheet != nil { throw CompileError("a contact sheet is one PNG: give -o sheet.png, not -o -") }
    }

    /// `-n`: an output that exists is refused before anything renders. For a
    /// PNG sequence, a folder holding numbered frames counts as existing.
    func checkOverwrite(_ target: Target) throws(CompileError) {
        guard overwrite == .refuse else { return }
        let existing: String?
        switch target {
        case .video(let path, _), .still(let path): existing = SystemFiles.exists(path) ? path : nil
        case .pngSequence(let dir): existing = Self.numberedFrames(in: dir).isEmpty ? nil : dir
        case .discard, .stream: existing = nil
        }
        if let existing {
            throw CompileError("'\(existing)' already exists; not replacing it (-n). Remove it, or give -y to replace it", status: .failure)
        }
    }

    func ensureParentExists(_ path: String) throws {
        let parent = parentFolder(of: path)
        guard !parent.isEmpty, !SystemFiles.isFolder(parent) else { return }
        do { try SystemFiles.createFolder(parent) } catch { throw CompileError(error.message, status: .failure) }
    }
}
