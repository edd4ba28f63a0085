import Foundation

/// Media `contents` whose pixels are made when they are drawn: video frames
/// decoded on request, and vector images (SVG, Lottie) rasterized at the
/// size they are shown. StrataMedia implements it with libavcodec, librsvg
/// and rlottie; the renderer only sees this protocol, so it links none of them.
///
/// The seam between the stages:
/// - the **sampler** decides *which* frame a layer shows at a time (its
///   local time through `MediaPlayback`, then `frameTimes`): timing;
/// - the **renderer** decides at *what size* it needs the pixels (the scale
///   it draws at, quantized by `RasterScale`) and asks `pixels(_:)`.
///
/// A source is shared by every render thread: `pixels(_:)` must be safe to
/// call concurrently and return the same bytes for the same key whatever
/// was asked before (a frame stays a pure function of the scene and time).
public protocol MediaSource: AnyObject, Sendable {
    /// What the file is, and so how its pixels are made.
    var kind: MediaKind { get }
    /// Identity in pixel keys and messages: the file path, with its size
    /// and modification time, so an edited file is a different source.
    var identity: String { get }
    /// The size `contentsGravity` places, in image pixels at
    /// `contentsScale` 1: a video's display size (pixel aspect ratio and
    /// rotation applied), an SVG's intrinsic size, a Lottie composition's size.
    var naturalSize: Size { get }
    /// When each frame starts, in seconds of media time.
    var frameTimes: MediaFrameTimes { get }
    /// Premultiplied BGRA pixels of `key.frame`. Vector media are
    /// rasterized at `key.width` x `key.height`; a video returns its decoded
    /// frame at its stored size whatever the key's size.
    func pixels(_ key: MediaPixelsKey) throws(MediaError) -> Pixmap
}

/// The kinds of media `contents` can hold besides still images.
public enum MediaKind: String, Sendable, Hashable, CaseIterable {
    case video, svg, lottie

    /// Vector media are rasterized at the scale they are shown; a video has fixed pixels.
    public var isVector: Bool { self != .video }
}

/// What identifies the pixels of one media image: the source, the frame
/// and the pixel size asked for. Sources cache on it; a renderer that keeps
/// bitmaps between frames keys them on it too.
public struct MediaPixelsKey: Sendable, Hashable {
    /// `MediaSource.identity`.
    public var source: String
    /// 0-based frame in presentation order (0 for an SVG).
    public var frame: Int
    /// Pixels of the raster (for a video: its stored size).
    public var width: Int
    public var height: Int

    public init(source: String, frame: Int, width: Int, height: Int) {
        self.source = source; self.frame = frame; self.width = width; self.height = height
    }
}

/// Why media cannot be opened or drawn; `message` is for a located diagnostic.
public struct MediaError: Error, Sendable, Equatable {
    public var message: String
    public init(_ message: String) { self.message = message }
}

/// The rasterization scales of vector media: the scale a layer is shown
/// at, rounded up to a quarter-octave ladder (1, 1.25, 1.5, 1.75, 2, 2.5,
/// 3, 3.5, 4, 5, ...; 0.5, 0.625, ...). Rounding up never shows a raster
/// enlarged; the ladder makes a zoom rasterize again only when its scale
/// crosses a step (at most 25% apart) and keeps the common scales (1, 1.5,
/// 2, 3, 4) exact, so a layer shown at them is drawn pixel for pixel.
public enum RasterScale {
    /// Steps per octave.
    public static let stepsPerOctave = 4.0
    /// Sides of a vector raster are at most this many pixels...
    public static let maxSide = 8192
    /// ...and a raster has at most this many pixels (64 MiB of BGRA).
    public static let maxPixels = 16 * 1024 * 1024

    /// `scale` rounded up to the ladder; 0 for a scale that is not a finite positive number.
    public static func quantized(_ scale: Double) -> Double {
        guard scale.isFinite, scale > 0 else { return 0 }
        let step = pow(2, floor(log2(scale))) / stepsPerOctave
        // A scale a hair above a step (rounding in the matrices) stays on it.
        return (scale / step - 1e-9).rounded(.up) * step
    }

    /// The raster size for media of `natural` size shown at `scale`
    /// (quantized), within `maxSide` and `maxPixels` (a larger need is
    /// drawn enlarged from the largest raster allowed), at least 1 x 1.
    public static func pixelSize(natural: Size, scale: Double) -> (width: Int, height: Int) {
        let s = quantized(scale)
        guard s > 0, natural.width > 0, natural.height > 0 else { return (1, 1) }
        var w = natural.width * s, h = natural.height * s
        let limit = min(1, Double(maxSide) / max(w, h), (Double(maxPixels) / (w * h)).squareRoot())
        w *= limit; h *= limit
        // Whole pixels: up (never enlarged), or down when a limit cut the size.
        func whole(_ v: Double) -> Int { max(1, min(maxSide, Int(limit < 1 ? v.rounded(.down) : (v - 1e-6).rounded(.up)))) }
        return (whole(w), whole(h))
    }
}
