/// A layer's media `contents` (`Scene.media`): the opened source and how
/// the layer plays it.
public struct MediaContents: Sendable {
    public var source: any MediaSource
    /// Ignored for an SVG (it has one frame).
    public var playback: MediaPlayback
    /// `audio:` of a video: the clip's sound belongs in the scene's soundtrack; nil: silent.
    public var audio: ClipAudio?
    /// The file as the scene names it (an asset name or a path), for messages and `inspect`.
    public var file: String

    public init(source: any MediaSource, playback: MediaPlayback = MediaPlayback(), audio: ClipAudio? = nil, file: String) {
        self.source = source; self.playback = playback; self.audio = audio; self.file = file
    }

    /// The frame shown at `layerTime` (seconds of the layer's local time).
    public func frame(atLayerTime layerTime: Double) -> Int {
        playback.frame(atLayerTime: layerTime, times: source.frameTimes)
    }
}
