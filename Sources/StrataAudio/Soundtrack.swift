import StrataEncode
import StrataModel

/// The scene's `audio:` tracks mixed into one 48 kHz stereo soundtrack.
///
/// Each track's span (`trim`) is decoded once, at construction, resampled
/// to 48 kHz; samples are then mixed on demand for any range of scene
/// samples, so a render of `--frames A-B` gets exactly the samples of its
/// span and chunks join without drift. Sample `n` is at scene time
/// `n / 48000`; a track starts at sample `round(start * 48000)` (sample
/// accurate), plays its span once or, with `loop`, until the scene ends,
/// scaled by `gain` and linear fades. The tracks are summed (no
/// normalisation) and clipped to -1...1.
public struct Soundtrack: Sendable {
    struct Placed: Sendable {
        var samples: [Float]
        var track: AudioTrack
        var startSample: Int
        /// The sample after the track's last one in the scene.
        var endSample: Int
    }

    public let sampleRate = SoundtrackFormat.sampleRate
    public let channels = SoundtrackFormat.channels
    /// Scene samples per channel: the soundtrack is exactly as long as the scene.
    public let length: Int
    private var placed: [Placed] = []

    /// Decodes every track. Throws a `Diagnostic` at the track whose file
    /// cannot be decoded.
    /// - Parameter length: the scene's length in samples per channel.
    public init(tracks: [AudioTrack], length: Int) throws {
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
            placed.append(Placed(samples: samples, track: track, startSample: start, endSample: end))
        }
    }

    /// Whether any track is heard.
    public var isSilent: Bool { placed.isEmpty }

    /// The mixed samples of scene samples `range` (clamped to the scene), interleaved.
    public func samples(_ range: Range<Int>) -> [Float] {
        let range = range.clamped(to: 0..<length)
        var out = [Float](repeating: 0, count: range.count * channels)
        let rate = Double(sampleRate)
        for p in placed {
            let overlap = range.clamped(to: p.startSample..<p.endSample)
            guard !overlap.isEmpty else { continue }
            let count = p.samples.count / channels
            let fadeIn = p.track.fadeIn * rate, fadeOut = p.track.fadeOut * rate
            let gain = Float(p.track.gain)
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
