import Foundation
import StrataEncode
import StrataModel

extension SceneBuilder {
    /// `audio:`: every track's file is opened now (a missing or undecodable
    /// file is an error at its `file:`), so a render fails before any output.
    mutating func buildAudio(_ node: YAMLNode) -> [AudioTrack] {
        guard let items = take(Values.list(node, of: "audio tracks")) else { return [] }
        if items.count > Limits.maxAudioTracks {
            sink.error(items[Limits.maxAudioTracks].location, "too many audio tracks: at most \(Limits.maxAudioTracks); mix some beforehand")
            return []
        }
        return items.compactMap { buildAudioTrack($0) }
    }

    mutating func buildAudioTrack(_ node: YAMLNode) -> AudioTrack? {
        guard let m = MappingReader(node, KeyTables.audioTrack, sink: &sink),
              let fileNode = m["file"], let path = take(Values.string(fileNode, what: "a file path")) else { return nil }
        let resolved = path.hasPrefix("/") || directory.isEmpty ? path : directory + "/" + path
        var track = AudioTrack(file: resolved, location: node.location)
        if let v = time(m, "start") { track.start = v }
        if let v = time(m, "fadeIn") { track.fadeIn = v }
        if let v = time(m, "fadeOut") { track.fadeOut = v }
        if let v = read(m, "loop", Values.bool) { track.loop = v }
        if let v = read(m, "volume", Values.gain) { track.gain = v }
        var trimNode: YAMLNode?
        if let t = m["trim"], let pair = take(Values.list(t, of: "two times [from, to]")) {
            trimNode = t
            if pair.count != 2 {
                sink.error(t.location, "expected trim: [from, to], two times in the file, found \(pair.count) values")
            } else if let from = take(Values.time(pair[0], m.table.bound(of: "trim"))), let to = take(Values.time(pair[1], m.table.bound(of: "trim"))) {
                if to <= from {
                    sink.error(pair[1].location, "trim ends at \(Values.format(to))s, not after its start \(Values.format(from))s")
                } else {
                    track.trimStart = from
                    track.trimEnd = to
                }
            }
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: resolved, isDirectory: &isDirectory), !isDirectory.boolValue else {
            sink.error(fileNode.location, "audio file '\(path)' not found (looked for '\(resolved)')")
            return nil
        }
        noteRead(resolved)
        do {
            let info = try AudioFile.probe(path: resolved)
            if info.duration > 0, track.trimStart >= info.duration, let trimNode {
                sink.error(trimNode.location, "trim starts at \(Values.format(track.trimStart))s, at or after the end of '\(path)' (\(Values.format((info.duration * 1000).rounded() / 1000))s)")
            }
        } catch let error as EncodeError {
            sink.error(fileNode.location, "cannot read audio file '\(path)': \(error.message)")
            return nil
        } catch {
            sink.error(fileNode.location, "cannot read audio file '\(path)': \(error)")
            return nil
        }
        return track
    }
}

extension Values {
    /// The loudest gain in decibels (+60dB: a factor of 1000).
    static let maxGainDecibels = 60.0
    /// Decibels as the schema matches them: a number, then `dB` (any case).
    static let decibelPattern = "^\\s*[-+]?([0-9]+(\\.[0-9]*)?|\\.[0-9]+)([eE][-+]?[0-9]+)?\\s*[dD][bB]$"

    /// A gain: a factor of 0 or more (`0.5`) or decibels (`-6dB`, `+3dB`).
    static func gain(_ node: YAMLNode) -> Parsed<Double> {
        let expected = "expected a volume: a factor of 0 or more (0.5) or decibels (\"-6dB\")"
        if let v = node.scalar?.number { return checked(v, node, .nonNegative, what: "a volume factor") }
        guard let text = node.scalar?.text, text.lowercased().hasSuffix("db"),
              let db = Double(text.dropLast(2).trimmingCharacters(in: .whitespaces)), db.isFinite, db <= maxGainDecibels else {
            return fail(node, "\(expected), found \(found(node))")
        }
        return .success(pow(10, db / 20))
    }
}
