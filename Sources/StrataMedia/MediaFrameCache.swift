import Foundation
import StrataModel

/// Media pixels made recently (decoded video frames, vector rasters), kept
/// up to a bound in bytes and shared by every render thread and source.
/// The least recently used entries go first. Entries are immutable once
/// made: a pixmap handed out stays valid after eviction (copy on write).
public final class MediaFrameCache: @unchecked Sendable {
    /// The cache every source shares.
    public static let shared = MediaFrameCache(capacity: MediaFrameCache.defaultCapacity)
    /// Bytes of pixels kept by `shared`: 64 MiB, 8 frames of 1080p video. Enough for what
    /// is asked again soon (a 30 fps clip in a 60 fps scene, layers sharing a frame, a
    /// replicator's delayed copies); more only costs memory and fresh pages in playback.
    public static let defaultCapacity = 64 << 20

    /// Bytes of pixels kept at most.
    public let capacity: Int
    private let lock = NSLock()
    private var entries: [MediaPixelsKey: (pixmap: Pixmap, stamp: UInt64)] = [:]
    private var clock: UInt64 = 0
    /// Bytes held now.
    public private(set) var bytes = 0

    public init(capacity: Int) { self.capacity = capacity }

    public func pixmap(_ key: MediaPixelsKey) -> Pixmap? {
        lock.lock()
        defer { lock.unlock() }
        guard let entry = entries[key] else { return nil }
        clock += 1
        entries[key] = (entry.pixmap, clock)
        return entry.pixmap
    }

    /// Keeps `pixmap` under `key`, evicting the least recently used entries
    /// beyond the capacity. A pixmap larger than the whole capacity is not kept.
    public func insert(_ pixmap: Pixmap, for key: MediaPixelsKey) {
        let size = pixmap.pixels.count
        guard size <= capacity else { return }
        lock.lock()
        defer { lock.unlock() }
        clock += 1
        if let old = entries.updateValue((pixmap, clock), forKey: key) { bytes -= old.pixmap.pixels.count }
        bytes += size
        guard bytes > capacity else { return }
        // Evict oldest first; a sort per overflow is fine at these counts
        // (tens to hundreds of entries), and happens at most once per insert.
        for (oldKey, entry) in entries.sorted(by: { $0.value.stamp < $1.value.stamp }) where bytes > capacity {
            guard oldKey != key else { continue }
            entries[oldKey] = nil
            bytes -= entry.pixmap.pixels.count
        }
    }

    /// Entries kept now (for tests).
    public var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return entries.count
    }
}
