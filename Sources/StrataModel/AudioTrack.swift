/// One entry of the scene's `audio:` list: a sound file placed on the
/// scene's timeline. The tracks are mixed into one soundtrack.
public struct AudioTrack: Sendable, Hashable {
    /// The file path, resolved against the scene file's directory.
    public var file: String
    /// The track's entry in the scene, for errors found while decoding.
    public var location: SourceLocation
    /// Scene seconds at which the track's first sample (after `trimStart`) plays; >= 0.
    public var start: Double = 0
    /// Seconds into the file where the track begins; >= 0.
    public var trimStart: Double = 0
    /// Seconds into the file where the track ends; nil: the file's end.
    public var trimEnd: Double?
    /// Linear gain (`volume: 0.5` or `volume: -6dB` = 0.501); >= 0.
    public var gain: Double = 1
    /// Seconds of linear fade from silence at the track's start.
    public var fadeIn: Double = 0
    /// Seconds of linear fade to silence at the track's end (its own end,
    /// or the scene's end when that comes first or the track loops).
    public var fadeOut: Double = 0
    /// Repeat the trimmed span until the scene ends.
    public var loop = false

    public init(file: String, location: SourceLocation) {
        self.file = file
        self.location = location
    }
}

/// The one soundtrack every output with audio gets: 48 kHz stereo.
public enum SoundtrackFormat {
    /// Samples per second per channel.
    public static let sampleRate = 48_000
    /// Interleaved channels (left, right).
    public static let channels = 2
}

/// A used scene's `audio:` track (a composition's) placed in the using
/// scene: the track's own time (seconds from its `start`, before `trim`)
/// played over scene spans, as fast as the using layer plays the used
/// scene (`ClipSoundSegment.mediaStart` and `rate` are in track time).
/// The soundtrack decodes the track once and loops it or ends it as the
/// track says.
public struct UsedSound: Sendable {
    public var track: AudioTrack
    /// The layer that shows the used scene, as `inspect` names layers.
    public var layerPath: String
    /// Where the scene is used (for problems found when the sound is mixed).
    public var use: SourceLocation
    public var segments: [ClipSoundSegment]

    public init(track: AudioTrack, layerPath: String, use: SourceLocation, segments: [ClipSoundSegment]) {
        self.track = track; self.layerPath = layerPath; self.use = use; self.segments = segments
    }
}
