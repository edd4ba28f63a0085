import StrataEncode
import StrataModel

/// One layer's clip sound made into soundtrack samples: the clip's audio
/// decoded once over the media span its segments play (48 kHz), each
/// segment cut from it at the sample its scene time falls on and, at a rate
/// other than 1, played faster or slower by `AudioTempo` (`timePitch`).
/// Segments that touch in scene samples join into one run (a loop playing
/// again), which the soundtrack fades as a whole.
struct ClipSoundMix {
    let clip: ClipSound
    let sampleRate: Int
    let channels: Int
    /// The soundtrack's length in samples per channel.
    let length: Int

    init(_ clip: ClipSound, sampleRate: Int, channels: Int, length: Int) {
        self.clip = clip; self.sampleRate = sampleRate; self.channels = channels; self.length = length
    }

    /// Seconds of media one clip sound may decode (384 KB a second): an hour.
    static let maxMediaSpan = 3600.0

    /// Runs of samples from scene sample `start` on, in scene order.
    func runs() throws -> [(start: Int, samples: [Float])] {
        let rate = Double(sampleRate)
        let audio = clip.audio
        let segments = clip.segments
        guard let first = segments.map(\.mediaStart).min(),
              let last = segments.map({ $0.mediaStart + $0.mediaLength }).max() else { return [] }
        guard last - first <= Self.maxMediaSpan else {
            throw Diagnostic(audio.location, "the clip's sound on layer '\(clip.layerPath)' plays \(Int(last - first)) s of the clip's audio; at most \(Int(Self.maxMediaSpan)) s are decoded")
        }
        // Sample j of `decoded` is the clip's audio sample `origin + j`
        // (before its first sample: silence).
        let origin = Int(((first + audio.offset) * rate).rounded(.down))
        let count = Int(((last - first) * rate).rounded(.up)) + 2
        var decoded: [Float]
        do {
            let lead = min(count, max(0, -origin))
            decoded = [Float](repeating: 0, count: lead * channels)
            decoded += try AudioFile.decode(path: audio.file, sampleRate: sampleRate, channels: channels,
                                            fromSample: max(0, origin), maxSamples: count - lead)
        } catch let error as EncodeError {
            throw Diagnostic(audio.location, "cannot use the clip's audio: \(error.message)")
        }
        var runs: [(start: Int, samples: [Float])] = []
        for segment in segments {
            let start = max(0, Int((segment.sceneStart * rate).rounded()))
            let end = min(length, Int((segment.sceneEnd * rate).rounded()))
            guard end > start else { continue }
            // The media time heard at scene sample `start`, as a sample of `decoded`.
            let media = segment.mediaStart + (Double(start) / rate - segment.sceneStart) * segment.rate
            let from = Int(((media + audio.offset) * rate).rounded()) - origin
            let samples = try play(decoded, from: from, outputCount: end - start, rate: segment.rate, pitch: audio.timePitch)
            if let lastRun = runs.last, lastRun.start + lastRun.samples.count / channels == start {
                runs[runs.count - 1].samples += samples
            } else {
                runs.append((start, samples))
            }
        }
        return runs
    }

    /// `outputCount` samples of `decoded` from sample `from` on, at `rate`.
    private func play(_ decoded: [Float], from: Int, outputCount: Int, rate: Double, pitch: TimePitch) throws -> [Float] {
        let identity = abs(rate - 1) < 1e-9
        let inputCount = identity ? outputCount : Int((Double(outputCount) * rate).rounded())
        let available = decoded.count / channels
        var input = [Float](repeating: 0, count: inputCount * channels)
        let lo = max(0, from), hi = min(available, from + inputCount)
        if hi > lo {
            input.replaceSubrange((lo - from) * channels ..< (hi - from) * channels, with: decoded[lo * channels ..< hi * channels])
        }
        if identity { return input }
        do {
            return try AudioTempo.play(input, channels: channels, sampleRate: sampleRate, rate: rate, pitch: pitch,
                                       outputCount: outputCount)
        } catch let error as EncodeError {
            throw Diagnostic(clip.audio.location, "cannot play the clip's sound at \(rate)x: \(error.message)")
        }
    }
}
