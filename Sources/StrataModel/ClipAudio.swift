/// `contents: {video: clip, audio: true}` (or `audio: {volume, fadeIn,
/// fadeOut, timePitch}`): the clip's sound, mixed into the scene's
/// soundtrack wherever and however fast the layer plays the picture.
public struct ClipAudio: Sendable, Hashable {
    /// The clip's file, resolved against the scene's directory.
    public var file: String
    /// The `audio:` entry of the mapping, for errors found when the sound is placed or decoded.
    public var location: SourceLocation
    /// Seconds of the clip's audio, counted from its first decoded sample,
    /// at media time 0 (the first video frame): the two streams' start
    /// difference, so that sound and picture stay in sync.
    public var offset: Double = 0
    /// Linear gain (`volume: 0.5` or `-6dB`); >= 0.
    public var gain: Double = 1
    /// Seconds of linear fade from silence at the start of each run of sound.
    public var fadeIn: Double = 0
    /// Seconds of linear fade to silence at the end of each run of sound.
    public var fadeOut: Double = 0
    /// How the sound keeps up with a rate other than 1.
    public var timePitch: TimePitch = .timeDomain

    public init(file: String, location: SourceLocation) {
        self.file = file
        self.location = location
    }
}

/// AVFoundation's `AVAudioTimePitchAlgorithm` choices Strata offers for
/// sound played faster or slower than recorded.
public enum TimePitch: String, Sendable, Hashable, CaseIterable {
    /// Pitch kept (libavfilter `atempo`, a time-domain overlap-add, like
    /// AVPlayer's default): voices stay natural; an onset may move by up to
    /// half of its 20...40 ms window.
    case timeDomain
    /// Resampled like tape played faster (libavfilter `asetrate` +
    /// `aresample`): pitch goes up with the rate, timing is exact.
    case varispeed
}

/// Where a layer's clip sound is heard: the clip's audio from `mediaStart`
/// on, played at `rate` over scene seconds `sceneStart ..< sceneEnd`.
public struct ClipSoundSegment: Sendable, Hashable {
    /// Seconds of scene time.
    public var sceneStart: Double
    public var sceneEnd: Double
    /// Seconds of media time (the clip's picture clock) heard at `sceneStart`.
    public var mediaStart: Double
    /// Seconds of media per second of scene time (> 0): the layer's
    /// speeds down the tree times the contents' `rate`.
    public var rate: Double

    public init(sceneStart: Double, sceneEnd: Double, mediaStart: Double, rate: Double) {
        self.sceneStart = sceneStart; self.sceneEnd = sceneEnd; self.mediaStart = mediaStart; self.rate = rate
    }

    /// Seconds of media the segment plays.
    public var mediaLength: Double { (sceneEnd - sceneStart) * rate }
}

/// One layer's clip sound over the scene: segments in scene order, never
/// overlapping. Segments that touch (a loop starting again) form one run,
/// which fades in and out as a whole.
public struct ClipSound: Sendable {
    public var audio: ClipAudio
    /// The layer that plays it, as `inspect` names layers.
    public var layerPath: String
    public var segments: [ClipSoundSegment]

    public init(audio: ClipAudio, layerPath: String, segments: [ClipSoundSegment]) {
        self.audio = audio; self.layerPath = layerPath; self.segments = segments
    }
}
