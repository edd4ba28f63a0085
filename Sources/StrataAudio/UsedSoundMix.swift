import StrataEncode
import StrataModel

/// A used scene's track (`UsedSound`) made into soundtrack samples: the
/// track's span (`trim`) decoded once at 48 kHz, then each segment cut from
/// it at the track time its scene time falls on, looping the span or
/// ending with it as the track says, and at a rate other than 1 played
/// faster or slower by `AudioTempo` (pitch kept). Segments that touch in
/// scene samples join into one run (a repeat of the scene that starts the
/// track again does not touch the last), which the soundtrack fades as a
/// whole, as it fades a track of its own at its start and end.
struct UsedSoundMix {
    let sound: UsedSound
    let sampleRate: Int
    let channels: Int
    /// The soundtrack's length in samples per channel.
    let length: Int

    /// Runs of samples from scene sample `start` on, in scene order.
    func runs() throws -> [(start: Int, samples: [Float])] {
        let rate = Double(sampleRate)
        let track = sound.track
        let from = Int((track.trimStart * rate).rounded())
        let span = track.trimEnd.map { Int(($0 * rate).rounded()) - from }
        // Track samples the segments reach (a loop needs its whole span once);
        // no more than a scene can last (384 KB a second).
        let reach = sound.segments.map { s in Int(((s.mediaStart + s.mediaLength) * rate).rounded(.up)) + 2 }.max() ?? 0
        let most = Int(Limits.maxDuration * rate)
        let wanted = min(track.loop ? span ?? most : min(span ?? most, reach), most)
        let decoded: [Float]
        do {
            decoded = try AudioFile.decode(path: track.file, sampleRate: sampleRate, channels: channels,
                                           fromSample: from, maxSamples: wanted)
        } catch let error as EncodeError {
            throw Diagnostic(track.location, "cannot use the audio file: \(error.message)")
        }
        let count = decoded.count / channels
        guard count > 0 else { return [] }
        var runs: [(start: Int, samples: [Float])] = []
        for segment in sound.segments {
            let start = max(0, Int((segment.sceneStart * rate).rounded()))
            var end = min(length, Int((segment.sceneEnd * rate).rounded()))
            // The track sample heard at scene sample `start`.
            let first = Int(((segment.mediaStart + (Double(start) / rate - segment.sceneStart) * segment.rate) * rate).rounded())
            if !track.loop {
                guard first < count else { continue }
                end = min(end, start + Int((Double(count - first) / segment.rate).rounded(.up)))
            }
            guard end > start else { continue }
            let samples = try play(decoded, count: count, from: first, outputCount: end - start, rate: segment.rate)
            if let last = runs.last, last.start + last.samples.count / channels == start {
                runs[runs.count - 1].samples += samples
            } else {
                runs.append((start, samples))
            }
        }
        return runs
    }

    /// `outputCount` samples of the track from track sample `from` on, at
    /// `rate`: wrapped around the span when the track loops, else silence past it.
    private func play(_ decoded: [Float], count: Int, from: Int, outputCount: Int, rate: Double) throws -> [Float] {
        let identity = abs(rate - 1) < 1e-9
        let inputCount = identity ? outputCount : Int((Double(outputCount) * rate).rounded())
        var input = [Float](repeating: 0, count: inputCount * channels)
        for j in 0..<inputCount {
            var n = from + j
            if sound.track.loop { n = ((n % count) + count) % count } else if n < 0 || n >= count { continue }
            for c in 0..<channels { input[j * channels + c] = decoded[n * channels + c] }
        }
        if identity { return input }
        do {
            return try AudioTempo.play(input, channels: channels, sampleRate: sampleRate, rate: rate, pitch: .timeDomain,
                                       outputCount: outputCount)
        } catch let error as EncodeError {
            throw Diagnostic(sound.track.location, "cannot play the used scene's track at \(rate)x: \(error.message)")
        }
    }
}
