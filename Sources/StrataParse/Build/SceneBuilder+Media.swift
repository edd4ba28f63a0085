import Foundation
import StrataImage
import StrataMedia
import StrataModel

/// `contents` values (docs/compositing.md#contents): a still image, an SVG,
/// a Lottie animation or a video, named by an asset or a path (the kind
/// comes from the file's content), or a mapping that plays a video or a
/// Lottie animation (`{video: clip.mp4, start, trim, rate, loop, audio}`,
/// `{lottie: icon.json, start, trim, speed, loop}`). Files are opened now,
/// once per process, so a file Strata cannot use is a located error for
/// `validate` as much as for `render`.
extension SceneBuilder {
    /// The contents key of `node` (a key of `images` or of `media`), or nil after an error.
    mutating func contentsKey(_ node: YAMLNode) -> String? {
        if node.mapping != nil { return mediaContentsKey(node) }
        guard let text = take(Values.string(node, what: "an asset name, a file path or a {video: ...} / {lottie: ...} mapping")),
              let path = contentsFile(text, at: node) else { return nil }
        let key = keyScope + text
        if images[key] != nil || media[key] != nil { return key }
        switch MediaLibrary.kind(ofFileAt: path) {
        case .image:
            switch ImageCache.shared.image(path: path) {
            case .success(let pixmap):
                images[key] = pixmap
                return key
            case .failure(let error):
                sink.error(node.location, "cannot use image '\(text)' ('\(path)'): \(error.message)")
                return nil
            }
        case .svg: return openMedia(.svg, text: text, path: path, key: key, playback: MediaPlayback(), at: node)
        case .lottie: return openMedia(.lottie, text: text, path: path, key: key, playback: MediaPlayback(), at: node)
        case .video: return openMedia(.video, text: text, path: path, key: key, playback: MediaPlayback(), at: node)
        }
    }

    /// The file an asset name or a path (relative to the scene) names, or nil after an error.
    mutating func contentsFile(_ text: String, at node: YAMLNode) -> String? {
        if let asset = assets[text] { return asset }
        guard let resolved = existingFile(text, at: node) else { return nil }
        noteRead(resolved)
        return resolved
    }

    /// The file a path (relative to the scene) names, or nil after an error.
    private mutating func existingFile(_ text: String, at node: YAMLNode) -> String? {
        let resolved = text.hasPrefix("/") || directory.isEmpty ? text : directory + "/" + text
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: resolved, isDirectory: &isDirectory), !isDirectory.boolValue else {
            let hint = Suggestion.hint(for: text, in: assets.keys.sorted())
            sink.error(node.location, "contents '\(YAMLNode.clip(text))' is neither an asset name nor a file (looked for '\(resolved)')\(hint)")
            return nil
        }
        return resolved
    }

    /// `{video: ..., ...}` or `{lottie: ..., ...}`: its key is the mapping
    /// written out again with the values that differ from the defaults
    /// (`{video: clip.mp4, start: 1, trim: [2, 6]}`), so layers that play a
    /// file the same way share one entry.
    mutating func mediaContentsKey(_ node: YAMLNode) -> String? {
        guard let m = MappingReader(node, KeyTables.mediaContents, sink: &sink) else { return nil }
        let named = ["video", "lottie"].filter { m.has($0) }
        guard named.count == 1, let fileNode = m[named[0]] else {
            // A misspelt 'video' was reported with a suggestion already.
            if named.isEmpty && !m.suggested.isDisjoint(with: ["video", "lottie"]) { return nil }
            sink.error(node.location, named.isEmpty
                ? "media contents name their file with 'video' or 'lottie'"
                : "media contents take one of 'video' and 'lottie', not both")
            return nil
        }
        let kind: MediaKind = named[0] == "video" ? .video : .lottie
        let rateKey = kind == .video ? "rate" : "speed"
        for (key, owner) in [("rate", MediaKind.video), ("speed", .lottie), ("audio", .video)] where owner != kind && m.has(key) {
            let hint = key == "audio" ? "" : "; \(kind == .video ? "a video" : "a Lottie animation") plays faster with '\(rateKey)'"
            sink.error(m.keyNode(key)!.location, "'\(key)' is a key of \(owner.rawValue) contents, not of \(kind.rawValue) contents\(hint)")
        }
        var playback = MediaPlayback()
        if let v = read(m, "start", { Values.time($0, .closed(-Limits.maxDuration, Limits.maxDuration)) }) { playback.start = v }
        if let v = read(m, rateKey, { Values.number($0, .closed(-64, 64)) }) { playback.rate = v }
        if let v = read(m, "loop", Values.bool) { playback.loop = v }
        let trimNode = m["trim"]
        if let trimNode, let pair = take(Values.list(trimNode, of: "times")) {
            if pair.count != 2 {
                sink.error(trimNode.location, "trim is [from, to] in seconds of the media, found \(pair.count) values")
            } else if let from = take(Values.time(pair[0], .closed(0, Limits.maxDuration))),
                      let to = take(Values.time(pair[1], .closed(0, Limits.maxDuration))) {
                if to <= from {
                    sink.error(pair[1].location, "trim ends at \(Values.format(to))s, not after it starts (\(Values.format(from))s)")
                } else {
                    playback.trimFrom = from; playback.trimTo = to
                }
            }
        }
        var audio = kind == .video ? m["audio"].flatMap { clipAudio($0) } : nil
        guard let text = take(Values.string(fileNode, what: "an asset name or a file path")),
              let path = contentsFile(text, at: fileNode) else { return nil }
        let key = keyScope + Self.mediaKey(kind: kind, file: text, playback: playback, audio: audio)
        if media[key] != nil { return key }
        guard openMedia(kind, text: text, path: path, key: key, playback: playback, at: fileNode) != nil,
              let source = media[key]?.source else { return nil }
        checkTrim(playback, of: source, at: trimNode)
        if audio != nil {
            audio?.file = path
            audio = checkAudio(audio!, of: source)
        }
        media[key]?.audio = audio
        return key
    }

    /// `audio: true`, `false` or `{volume, fadeIn, fadeOut, timePitch}`;
    /// nil for false or after an error. The file is set by the caller.
    mutating func clipAudio(_ node: YAMLNode) -> ClipAudio? {
        var audio = ClipAudio(file: "", location: node.location)
        if node.mapping == nil {
            return take(Values.bool(node)) == true ? audio : nil
        }
        guard let m = MappingReader(node, KeyTables.clipAudio, sink: &sink) else { return nil }
        if let v = read(m, "volume", Values.gain) { audio.gain = v }
        if let v = read(m, "fadeIn", { Values.time($0, .nonNegative) }) { audio.fadeIn = v }
        if let v = read(m, "fadeOut", { Values.time($0, .nonNegative) }) { audio.fadeOut = v }
        if let v = read(m, "timePitch", { Values.choice($0, TimePitch.self, what: "timePitch") }) {
            audio.timePitch = v
        }
        return audio
    }

    /// Opens the file as `kind` into `media[key]`; returns the key, or nil after an error at `node`.
    mutating func openMedia(_ kind: MediaKind, text: String, path: String, key: String, playback: MediaPlayback,
                            at node: YAMLNode) -> String? {
        let what = ["video": "video", "svg": "SVG", "lottie": "Lottie animation"][kind.rawValue]!
        switch MediaLibrary.shared.source(path: path, kind: kind) {
        case .success(let source):
            if verifiesMedia, let video = source as? VideoSource {
                do throws(MediaError) { try video.verify(frames: playback.playedFrames(times: video.frameTimes)) } catch {
                    sink.error(node.location, "cannot use \(what) '\(YAMLNode.clip(text))' ('\(path)'): \(error.message)")
                    return nil
                }
            }
            media[key] = MediaContents(source: source, playback: playback, file: text)
            return key
        case .failure(let error):
            sink.error(node.location, "cannot use \(what) '\(YAMLNode.clip(text))' ('\(path)'): \(error.message)")
            return nil
        }
    }

    /// `trim` must lie within the media.
    mutating func checkTrim(_ playback: MediaPlayback, of source: any MediaSource, at node: YAMLNode?) {
        guard let node, let to = playback.trimTo else { return }
        let duration = source.frameTimes.duration
        let place = node.sequence.flatMap { $0.count == 2 ? $0 : nil }
        if playback.trimFrom >= duration {
            sink.error((place?[0] ?? node).location, "trim starts at \(Values.format(playback.trimFrom))s, past the end of the media (\(JSON.format(duration))s)")
        } else if to > duration + MediaFrameTimes.tolerance {
            sink.error((place?[1] ?? node).location, "trim ends at \(Values.format(to))s, past the end of the media (\(JSON.format(duration))s)")
        }
    }

    /// A clip's sound needs an audio stream; its offset from the picture comes from the file.
    mutating func checkAudio(_ audio: ClipAudio, of source: any MediaSource) -> ClipAudio? {
        guard let video = source as? VideoSource, video.hasAudio else {
            sink.error(audio.location, "audio: true, but the clip has no audio stream")
            return nil
        }
        do throws(MediaError) {
            var audio = audio
            audio.offset = try video.audioOffset()
            return audio
        } catch {
            sink.error(audio.location, "cannot use the clip's audio: \(error.message)")
            return nil
        }
    }

    /// The mapping written back with its non-default values.
    static func mediaKey(kind: MediaKind, file: String, playback: MediaPlayback, audio: ClipAudio?) -> String {
        var parts = ["\(kind.rawValue): \(file)"]
        if playback.start != 0 { parts.append("start: \(Values.format(playback.start))") }
        if let to = playback.trimTo { parts.append("trim: [\(Values.format(playback.trimFrom)), \(Values.format(to))]") }
        if playback.rate != 1 { parts.append("\(kind == .video ? "rate" : "speed"): \(Values.format(playback.rate))") }
        if playback.loop { parts.append("loop: true") }
        if let audio { parts.append("audio: " + audioKey(audio)) }
        return "{" + parts.joined(separator: ", ") + "}"
    }

    /// `true`, or the settings that differ from the defaults: `{volume: 0.5, fadeIn: 1}`.
    static func audioKey(_ audio: ClipAudio) -> String {
        var parts: [String] = []
        if audio.gain != 1 { parts.append("volume: \(Values.format(audio.gain))") }
        if audio.fadeIn != 0 { parts.append("fadeIn: \(Values.format(audio.fadeIn))") }
        if audio.fadeOut != 0 { parts.append("fadeOut: \(Values.format(audio.fadeOut))") }
        if audio.timePitch != .timeDomain { parts.append("timePitch: \(audio.timePitch.rawValue)") }
        return parts.isEmpty ? "true" : "{" + parts.joined(separator: ", ") + "}"
    }
}

extension SceneBuilder {
    /// A `type: lottie` layer: `contents: {lottie: animation, loop}` played
    /// from the layer's local time 0, fitted into the bounds
    /// (`contentsGravity` resizeAspect unless given, as lottie-ios's views fit).
    mutating func buildLottie(_ m: MappingReader, into p: inout LayerProperties) {
        if let contents = m.keyNode("contents") {
            sink.error(contents.location, "a lottie layer draws its 'animation' as its contents; give the file as 'animation'")
        }
        if !m.has("contentsGravity") { p.contentsGravity = .resizeAspect }
        guard let node = m["animation"] else {
            sink.warning(m.node.location, "the lottie layer has no 'animation', so it draws nothing")
            return
        }
        guard let text = take(Values.string(node, what: "an asset name or a file path")),
              let path = contentsFile(text, at: node) else { return }
        var playback = MediaPlayback()
        if let v = read(m, "loop", Values.bool) { playback.loop = v }
        let key = keyScope + Self.mediaKey(kind: .lottie, file: text, playback: playback, audio: nil)
        p.contents = media[key] != nil ? key : openMedia(.lottie, text: text, path: path, key: key, playback: playback, at: node)
    }
}
