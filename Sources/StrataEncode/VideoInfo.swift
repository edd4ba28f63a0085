/// What `VideoReader.probe` finds in a video file's first video stream.
/// Names are libav's (`h264`, `yuv420p`, `bt709`, `tv` = limited range).
public struct VideoInfo: Sendable, Hashable {
    public var codec: String
    public var pixelFormat: String
    /// Pixels.
    public var width: Int
    public var height: Int
    /// Number of video packets (one per frame for H.264).
    public var frameCount: Int
    /// Seconds, from the stream's duration (the container's if unset).
    public var duration: Double
    /// Frames per second (the stream's average frame rate).
    public var fps: Double
    /// The same rate as libav's exact fraction, `30000/1001`.
    public var frameRate: String = ""
    public var colorPrimaries: String
    public var colorTransfer: String
    public var colorMatrix: String
    /// `tv` (limited, 16...235) or `pc` (full range), or `unknown`.
    public var colorRange: String

    public init(codec: String, pixelFormat: String, width: Int, height: Int, frameCount: Int, duration: Double,
                fps: Double, colorPrimaries: String, colorTransfer: String, colorMatrix: String, colorRange: String) {
        self.codec = codec; self.pixelFormat = pixelFormat; self.width = width; self.height = height
        self.frameCount = frameCount; self.duration = duration; self.fps = fps
        self.colorPrimaries = colorPrimaries; self.colorTransfer = colorTransfer
        self.colorMatrix = colorMatrix; self.colorRange = colorRange
    }
}
