import CAV
import Foundation
import StrataEncode
import StrataModel

/// A video file as `contents`: frames decoded on request, exact to the
/// frame, by a small pool of decoder sessions shared by every render thread.
///
/// A request for frame N is served from `MediaFrameCache` when it is there;
/// otherwise a session decodes it, chosen by cost: an idle session that can
/// decode on to N (it started from N's key frame and has not passed N), a
/// busy one about to (the request waits for it instead of decoding the same
/// packets twice), or a session that seeks to N's key frame. Whichever it
/// is, N's pixels are the same (`VideoDecoderSession`).
public final class VideoSource: MediaSource, @unchecked Sendable {
    public let kind = MediaKind.video
    public let identity: String
    public let naturalSize: Size
    public var frameTimes: MediaFrameTimes { index.frameTimes }
    /// Whether the file has an audio stream (for `audio: true`).
    public let hasAudio: Bool
    /// Seconds of the clip's audio (from its first decoded sample) at media
    /// time 0, for `audio: true`: the start of the picture on the file's
    /// clock minus the start of the sound (decoded, after encoder priming is dropped).
    public func audioOffset() throws(MediaError) -> Double {
        do {
            return index.origin - (try AudioFile.firstSampleTime(path: path))
        } catch let error as EncodeError {
            throw MediaError("its audio cannot be decoded: \(error.message)")
        } catch {
            throw MediaError("its audio cannot be decoded: \(error)")
        }
    }
    /// Sessions at most (each holds a file and a decoder's reference frames).
    public let maxSessions: Int

    let path: String
    let index: VideoIndex
    /// EXIF-style orientation (1: as stored) from the stream's display matrix.
    let orientation: Int
    private let cache: MediaFrameCache
    private let condition = NSCondition()
    private var idle: [VideoDecoderSession] = []
    /// Frames sessions are decoding now, with their start packets.
    private var decoding: [(frame: Int, start: Int)] = []
    /// Frames being made now (decoded or converted): a second request waits for the first.
    private var inFlight: Set<Int> = []
    private var sessions = 0
    /// Packets the sessions sent to their decoders.
    private var sent = 0
    /// Packets decoded so far for frames asked for (a sequential play of a
    /// clip decodes each packet once; seeks decode some again). For tests and benchmarks.
    public var packetsDecoded: Int {
        condition.lock()
        defer { condition.unlock() }
        return sent
    }
    /// Frames `verify` decoded.
    private var verified: [ClosedRange<Int>] = []
    /// swscale contexts not in use (one per converting thread at most).
    private var converters: [FrameConverter] = []

    /// Opens `path`, reads its packet index and decodes its first frame,
    /// so that a file Strata cannot use is an error when the scene loads.
    public init(path: String, identity: String, cache: MediaFrameCache = .shared,
                maxSessions: Int = min(4, max(2, ProcessInfo.processInfo.activeProcessorCount))) throws(MediaError) {
        self.path = path
        self.identity = identity
        self.cache = cache
        self.maxSessions = maxSessions
        let session = try VideoDecoderSession(path: path)
        index = try session.scan()
        let stream = session.stream
        hasAudio = session.hasAudio
        orientation = Self.orientation(of: stream)
        let parameters = stream.pointee.codecpar.pointee
        var aspect = parameters.sample_aspect_ratio
        // Unknown or absurd pixel aspect ratios (beyond 1:100 and 100:1) count as square.
        if aspect.num <= 0 || aspect.den <= 0 || !(0.01...100).contains(av_q2d(aspect)) { aspect = AVRational(num: 1, den: 1) }
        let width = Double(parameters.width) * av_q2d(aspect), height = Double(parameters.height)
        naturalSize = orientation >= 5 ? Size(height, width) : Size(width, height)
        guard naturalSize.width <= Double(VideoLimits.maxSide) else {
            throw MediaError("the video shows \(Int(naturalSize.width)) pixels wide (pixel aspect ratio \(aspect.num):\(aspect.den)); at most \(VideoLimits.maxSide) are allowed")
        }
        sessions = 1
        idle = [session]
        _ = try decode(key(frame: 0))
    }

    /// Its decoder sessions close with it; its cached frames go too.
    deinit { cache.removeAll(source: identity) }

    /// Decodes `frames` of the video once (`strata validate`: the frames a
    /// layer can show), so that damage anywhere in them is found before a
    /// render reaches it. A fast pass (frame threads on every core, no loop
    /// filter) finds whether and about where decoding fails; the frames
    /// about there are then decoded as a render decodes them, so the error
    /// is the one a render would give, with its frame. Frames checked once
    /// are not checked again. Costs about 7.5 s of CPU per minute of 1080p
    /// H.264 (docs/compositing.md#video).
    public func verify(frames: ClosedRange<Int>) throws(MediaError) {
        let frames = frames.clamped(to: 0...(index.frameCount - 1))
        condition.lock()
        let done = verified.contains { $0.lowerBound <= frames.lowerBound && frames.upperBound <= $0.upperBound }
        condition.unlock()
        if done { return }
        let threads = max(1, ProcessInfo.processInfo.activeProcessorCount)
        let session = try VideoDecoderSession(path: path, checking: threads)
        if let failure = try session.firstFailure(of: frames, in: index) {
            // The frames whose packets the failure may belong to, in decode order.
            let window = max(0, failure.packet - threads - 1)...failure.packet
            let suspects = frames.filter { window.contains(index.packetOfFrame[$0]) }
                .sorted { index.packetOfFrame[$0] < index.packetOfFrame[$1] }
            for frame in suspects { _ = try decode(key(frame: frame)) }
            throw MediaError("the video is damaged near frame \(suspects.first ?? frames.upperBound): \(failure.message)")
        }
        condition.lock()
        verified.append(frames)
        condition.unlock()
    }

    /// The key under which frame `frame` is cached.
    func key(frame: Int) -> MediaPixelsKey {
        MediaPixelsKey(source: identity, frame: frame, width: Int(naturalSize.width.rounded()),
                       height: Int(naturalSize.height.rounded()))
    }

    /// Frame `key.frame`; a failure names the file (the renderer reports it at the layer).
    public func pixels(_ key: MediaPixelsKey) throws(MediaError) -> Pixmap {
        do { return try decode(key) } catch {
            throw MediaError("video '\((path as NSString).lastPathComponent)': \(error.message)")
        }
    }

    private func decode(_ key: MediaPixelsKey) throws(MediaError) -> Pixmap {
        let frame = key.frame
        guard frame >= 0, frame < index.frameCount else {
            throw MediaError("frame \(frame) is outside the video (\(index.frameCount) frames)")
        }
        if let hit = cache.pixmap(key) { return hit }
        condition.lock()
        let session: VideoDecoderSession?
        switch take(frame: frame, key: key) {
        case .cached(let pixmap):
            condition.unlock()
            return pixmap
        case .session(let s):
            session = s
        }
        decoding.append((frame, index.startPacket[frame]))
        inFlight.insert(frame)
        condition.unlock()
        defer {
            condition.lock()
            inFlight.remove(frame)
            condition.broadcast()
            condition.unlock()
        }

        // Decode with the session, then give it back before converting, so
        // the next frame decodes while this one converts.
        var decoded: Result<DecodedFrame, MediaError>
        var kept: VideoDecoderSession?
        do throws(MediaError) {
            let s: VideoDecoderSession
            if let session { s = session } else { s = try VideoDecoderSession(path: path) }
            kept = s
            decoded = .success(try s.decode(frame: frame, in: index))
        } catch {
            decoded = .failure(error)
        }
        condition.lock()
        sent += kept?.takeSentCount() ?? 0
        decoding.removeAll { $0.frame == frame }
        if let kept { idle.append(kept) } else { sessions -= 1 }
        var converter = converters.popLast()
        condition.broadcast()
        condition.unlock()

        let result = Result { () throws(MediaError) -> Pixmap in
            try decoded.get().pixmap(converter: &converter, orientation: orientation, cache: cache)
        }
        condition.lock()
        if let converter { converters.append(converter) }
        condition.unlock()
        let pixmap = try result.get()
        cache.insert(pixmap, for: key)
        return pixmap
    }

    private enum Taken { case cached(Pixmap), session(VideoDecoderSession?) }

    /// With `condition` locked: the frame from the cache once another thread
    /// made it, or the session to decode it with (nil: open a new one).
    private func take(frame: Int, key: MediaPixelsKey) -> Taken {
        let seekCost = index.seekCost(ofFrame: frame)
        while true {
            if let hit = cache.pixmap(key) { return .cached(hit) }
            if inFlight.contains(frame) { condition.wait(); continue }
            let costs = idle.map { $0.cost(of: frame, in: index) }
            let best = costs.indices.min { costs[$0] < costs[$1] }
            let bestCost = best.map { costs[$0] } ?? (sessions < maxSessions ? seekCost : .max)
            // A session decoding an earlier frame of the same run will stand
            // just before this one when it is done: wait for it.
            let start = index.startPacket[frame]
            let soon = decoding.contains { other in
                other.start == start && other.frame < frame
                    && index.packetOfFrame[frame] - index.packetOfFrame[other.frame] < bestCost
            }
            if soon { condition.wait(); continue }
            if let best { return .session(idle.remove(at: best)) }
            if sessions < maxSessions { sessions += 1; return .session(nil) }
            condition.wait()
        }
    }

    /// The display matrix's rotation as an EXIF orientation (1, 3, 6 or 8).
    static func orientation(of stream: UnsafeMutablePointer<AVStream>) -> Int {
        var size = 0
        guard let data = av_stream_get_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, &size), size >= 36 else { return 1 }
        let degrees = data.withMemoryRebound(to: Int32.self, capacity: 9) { -av_display_rotation_get($0) }
        guard degrees.isFinite else { return 1 }
        // Clockwise quarter turns that make the stored picture upright.
        switch ((Int(degrees.rounded()) % 360) + 360) % 360 {
        case 90: return 6
        case 180: return 3
        case 270: return 8
        default: return 1
        }
    }
}
