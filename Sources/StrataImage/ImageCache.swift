import Foundation
import StrataModel

/// Decoded images by file, once per process: a scene loaded again (watch
/// mode, variants, tests) or several scenes sharing an asset decode it once.
/// Keyed by path, size and modification time, so an edited file is decoded again.
public final class ImageCache: @unchecked Sendable {
    public static let shared = ImageCache()
    private let lock = NSLock()
    private var entries: [String: (stamp: String, result: Result<Pixmap, ImageError>)] = [:]
    /// Decodes performed (for tests of the caching).
    public private(set) var decodeCount = 0

    public init() {}

    public func image(path: String) -> Result<Pixmap, ImageError> {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        let size = (attributes?[.size] as? NSNumber)?.int64Value ?? -1
        let date = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        let stamp = "\(size):\(date)"
        lock.lock()
        if let hit = entries[path], hit.stamp == stamp { lock.unlock(); return hit.result }
        lock.unlock()
        let result: Result<Pixmap, ImageError>
        do { result = .success(try ImageDecoder.read(path: path)) } catch { result = .failure(error) }
        lock.lock()
        entries[path] = (stamp, result)
        decodeCount += 1
        lock.unlock()
        return result
    }
}
