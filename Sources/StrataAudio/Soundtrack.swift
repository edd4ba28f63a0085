import StrataEncode
import StrataModel

/// The scene's `audio:` tracks and its layers' clip sounds mixed into one
/// 48 kHz stereo soundtrack.
///
/// Each track's span (`trim`) is decoded once, at construction, resampled
/// to 48 kHz; samples are then mixed on demand for any range of scene
/// samples, so a render of `--frames A-B` gets exactly the samples of its
/// span and chunks join without drift. Sample `n` is at scene time
/// `n / 48000`; a track starts at sample `round(start * 48000)` (sample
/// accurate), plays its span once or, with `loop`, until the scene ends,
/// scaled by `gain` and linear fades. Clip sounds are placed by their
/// segments (`ClipSoundPlanner`), see `ClipSoundMix`; used scenes' tracks
/// by theirs (`UsedSoundPlanner`), see `UsedSoundMix`. Everything is summed
/// (no normalisation) and clipped to -1...1.
public struct Soundtrack: Sendable {
    /// Samples heard from `startSample` to `endSample`, repeating when shorter.
    struct Placed: Sendable {
        var samples: [Float]
        var startSample: Int
        /// The sample after the last one heard.
        var endSample: Int
        var gain: Float
        /// Samples of linear fade at the start and before the end.
        var fadeIn: Double
        var fadeOut: Double
    }

    public let sampleRate = SoundtrackFormat.sampleRate
    public let channels = SoundtrackFormat.channels
    /// Scene samples per channel: the soundtrack is exactly as long as the scene.
    public let length: Int
    private var placed: [Placed] = []

    /// Decodes every track and clip sound. Throws a `Diagnostic` at the
    /// track (or the clip's `audio:`) whose file cannot be decoded.
    /// - Parameter length: the scene's length in samples per channel.
    public init(tracks: [AudioTrack], clips: [ClipSound] = [], used: [UsedSound] = [], length: Int) throws {
        self.length = length
        let rate = Double(sampleRate)
        for track in tracks {
            let start = Int((track.start * rate).rounded())
            guard start < length else { continue }
            let from = Int((track.trimStart * rate).rounded())
            let span = track.trimEnd.map { Int(($0 * rate).rounded()) - from }
            // Nothing past the scene's end is heard (a loop longer than the rest
            // never repeats): decode no more than that. Memory: 384 KB a second.
            let needed = min(span ?? Int.max, length - start)
            let samples: [Float]
            do {
                samples = try AudioFile.decode(path: track.file, sampleRate: sampleRate, channels: channels,
                                               fromSample: from, maxSamples: needed)
            } catch let error as EncodeError {
                throw Diagnostic(track.location, "cannot use the audio file: \(error.message)")
            }
            let count = samples.count / channels
            guard count > 0 else { continue }
            let end = track.loop ? length : min(length, start + count)
            placed.append(Placed(samples: samples, startSample: start, endSample: end, gain: Float(track.gain),
                                 fadeIn: track.fadeIn * rate, fadeOut: track.fadeOut * rate))
        }
        for clip in clips {
            let mix = ClipSoundMix(clip, sampleRate: sampleRate, channels: channels, length: length)
            for run in try mix.runs() {
                placed.append(Placed(samples: run.samples, startSample: run.start, endSample: run.start + run.samples.count / channels,
                                     gain: Float(clip.audio.gain), fadeIn: clip.audio.fadeIn * rate,
                                     fadeOut: clip.audio.fadeOut * rate))
            }
        }
        for sound in used {
            let mix = UsedSoundMix(sound: sound, sampleRate: sampleRate, channels: channels, length: length)
            for run in try mix.runs() {
                placed.append(Placed(samples: run.samples, startSample: run.start, endSample: run.start + run.samples.count / channels,
                                     gain: Float(sound.track.gain), fadeIn: sound.track.fadeIn * rate,
                                     fadeOut: sound.track.fadeOut * rate))
            }
        }
    }

    /// Whether any track is heard.
    public var isSilent: Bool { placed.isEmpty }

    /// The mixed samples of scene samples `range` (clamped to the scene), interleaved.
    public func samples(_ range: Range<Int>) -> [Float] {
        let range = range.clamped(to: 0..<length)
        var out = [Float](repeating: 0, count: range.count * channels)
        for p in placed {
            let overlap = range.clamped(to: p.startSample..<p.endSample)
            guard !overlap.isEmpty else { continue }
            let count = p.samples.count / channels
            let fadeIn = p.fadeIn, fadeOut = p.fadeOut, gain = p.gain
            p.samples.withUnsafeBufferPointer { src in
                out.withUnsafeMutableBufferPointer { dst in
                    for n in overlap {
                        let local = n - p.startSample
                        var g = gain
                        if fadeIn > 0, Double(local) < fadeIn { g *= Float(Double(local) / fadeIn) }
                        let left = Double(p.endSample - n)
                        if fadeOut > 0, left < fadeOut { g *= Float(left / fadeOut) }
                        let s = (local % count) * channels, d = (n - range.lowerBound) * channels
                        for c in 0..<channels { dst[d + c] += src[s + c] * g }
                    }
                }
            }
        }
        for i in out.indices { out[i] = min(1, max(-1, out[i])) }
        return out
    }
}
