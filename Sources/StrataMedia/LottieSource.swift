import CLottie
import Foundation
import StrataModel

/// A Lottie (Bodymovin JSON) animation as `contents`: the frame the layer
/// shows, rendered by rlottie at the size it is shown.
///
/// The file is checked with Foundation's JSON parser first (rlottie says
/// only "no"), then loaded once per render thread that needs it: an rlottie
/// animation renders one frame at a time, and separate animations share
/// the parsed model. Frames are whole rlottie frames (0 ..< frameCount at
/// the file's frame rate), rendered with the composition's aspect ratio.
public final class LottieSource: MediaSource, @unchecked Sendable {
    public let kind = MediaKind.lottie
    public let identity: String
    public let naturalSize: Size
    public let frameTimes: MediaFrameTimes
    /// Files larger than this many bytes are refused.
    public static let maxFileBytes = 64 << 20

    private let json: [CChar]
    private let resourcePath: String
    private let cache: MediaFrameCache
    private let lock = NSLock()
    /// Animations not rendering now.
    private var idle: [OpaquePointer] = []

    public init(path: String, identity: String, cache: MediaFrameCache = .shared) throws(MediaError) {
        self.identity = identity
        self.cache = cache
        guard let data = FileManager.default.contents(atPath: path) else { throw MediaError("cannot read the file") }
        guard data.count <= Self.maxFileBytes else {
            throw MediaError("the Lottie file is \(data.count >> 20) MiB; at most \(Self.maxFileBytes >> 20) MiB are read")
        }
        let facts = try Self.check(data)
        json = Array(data.map { CChar(bitPattern: $0) }) + [0]
        resourcePath = (path as NSString).deletingLastPathComponent
        let animation = try Self.load(json, key: identity, resourcePath: resourcePath)
        var w = 0, h = 0
        lottie_animation_get_size(animation, &w, &h)
        let count = lottie_animation_get_totalframe(animation)
        let rate = lottie_animation_get_framerate(animation)
        guard w > 0, h > 0, w <= Limits.maxPixelsPerSide, h <= Limits.maxPixelsPerSide else {
            lottie_animation_destroy(animation)
            throw MediaError("the Lottie composition is \(w)x\(h); its w and h must be 1 to \(Limits.maxPixelsPerSide)")
        }
        guard rate.isFinite, rate > 0, rate <= 1000, count >= 1, Double(count) / rate <= Limits.maxDuration else {
            lottie_animation_destroy(animation)
            throw MediaError("the Lottie animation has \(count) frames at \(JSON.format(facts.rate)) fps (ip \(JSON.format(facts.inPoint)), op \(JSON.format(facts.outPoint))); it needs at least one frame, at most 1000 fps and \(Int(Limits.maxDuration)) s")
        }
        naturalSize = Size(Double(w), Double(h))
        frameTimes = .uniform(rate: rate, count: count)
        idle = [animation]
    }

    deinit {
        for animation in idle { lottie_animation_destroy(animation) }
        cache.removeAll(source: identity)
    }

    public func pixels(_ key: MediaPixelsKey) throws(MediaError) -> Pixmap {
        if let hit = cache.pixmap(key) { return hit }
        guard key.frame >= 0, key.frame < frameTimes.count else {
            throw MediaError("frame \(key.frame) is outside the animation (\(frameTimes.count) frames)")
        }
        guard key.width > 0, key.height > 0, key.width <= RasterScale.maxSide, key.height <= RasterScale.maxSide else {
            throw MediaError("cannot render the animation at \(key.width)x\(key.height) pixels")
        }
        lock.lock()
        let reused = idle.popLast()
        lock.unlock()
        let animation: OpaquePointer
        if let reused { animation = reused } else { animation = try Self.load(json, key: identity, resourcePath: resourcePath) }
        var pixmap = Pixmap(width: key.width, height: key.height,
                            pixels: cache.buffer(count: key.width * key.height * 4, zeroed: true))
        pixmap.pixels.withUnsafeMutableBytes { bytes in
            // ARGB32 premultiplied in native byte order: Cairo's layout, the pixmap's BGRA bytes.
            lottie_animation_render(animation, key.frame, bytes.baseAddress!.assumingMemoryBound(to: UInt32.self),
                                    key.width, key.height, key.width * 4)
        }
        lock.lock()
        idle.append(animation)
        lock.unlock()
        cache.insert(pixmap, for: key)
        return pixmap
    }

    /// An rlottie animation of the file. rlottie caches parsed models by
    /// `key` (the source identity: path, size and date), so this parses once.
    private static func load(_ json: [CChar], key: String, resourcePath: String) throws(MediaError) -> OpaquePointer {
        guard let animation = lottie_animation_from_data(json, key, resourcePath) else {
            throw MediaError("rlottie cannot load the animation")
        }
        return animation
    }

    /// What the file's top level says, after checking that it is a Lottie
    /// document at all (so that a wrong file gets a message that says why).
    static func check(_ data: Data) throws(MediaError) -> (rate: Double, inPoint: Double, outPoint: Double) {
        let object: Any
        do { object = try JSONSerialization.jsonObject(with: data) } catch {
            throw MediaError("not valid JSON: \((error as NSError).userInfo[NSDebugDescriptionErrorKey] ?? error.localizedDescription)")
        }
        guard let top = object as? [String: Any] else { throw MediaError("not a Lottie animation: the JSON is not an object") }
        let required = ["w", "h", "fr", "ip", "op", "layers"]
        let missing = required.filter { top[$0] == nil }
        guard missing.isEmpty else {
            throw MediaError("not a Lottie animation: the JSON has no \(missing.map { "'\($0)'" }.joined(separator: ", "))")
        }
        guard let rate = (top["fr"] as? NSNumber)?.doubleValue, let inPoint = (top["ip"] as? NSNumber)?.doubleValue,
              let outPoint = (top["op"] as? NSNumber)?.doubleValue, let w = (top["w"] as? NSNumber)?.doubleValue,
              let h = (top["h"] as? NSNumber)?.doubleValue, top["layers"] is [Any] else {
            throw MediaError("not a Lottie animation: 'w', 'h', 'fr', 'ip' and 'op' must be numbers and 'layers' a list")
        }
        let side = Double(Limits.maxPixelsPerSide)
        guard w >= 1, h >= 1, w <= side, h <= side else {
            throw MediaError("the Lottie composition is \(JSON.format(w))x\(JSON.format(h)); its w and h must be 1 to \(Limits.maxPixelsPerSide)")
        }
        guard outPoint > inPoint else {
            throw MediaError("the Lottie animation has no frames: its out point (op \(JSON.format(outPoint))) is not after its in point (ip \(JSON.format(inPoint)))")
        }
        return (rate, inPoint, outPoint)
    }
}
