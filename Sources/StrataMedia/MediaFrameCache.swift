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
    /// Pixel buffers of evicted entries, for the next pixmaps of their size:
    /// writing over memory in use costs no page faults, where a fresh 8 MB
    /// buffer per 1080p frame costs about 2000 of them, and a fill, every
    /// frame. At most a quarter of `capacity`.
    private var spares: [[UInt8]] = []
    private var spareBytes = 0

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
            keepSpare(entry.pixmap.pixels)
        }
    }

    /// Drops every entry of the source with `identity` (a source that is
    /// closed: its frames cannot be asked for again).
    public func removeAll(source identity: String) {
        lock.lock()
        defer { lock.unlock() }
        for (key, entry) in entries where key.source == identity {
            entries[key] = nil
            bytes -= entry.pixmap.pixels.count
        }
    }

    /// A buffer of `count` bytes to make a pixmap in: an evicted entry's
    /// when one has that size (its old bytes still in it unless `zeroed`),
    /// else fresh (zero-filled unless not `zeroed`: the caller writes every
    /// byte). If a render thread still holds the evicted pixmap, the first
    /// write copies the buffer (arrays are copy on write), so a pixmap
    /// handed out never changes.
    public func buffer(count: Int, zeroed: Bool) -> [UInt8] {
        lock.lock()
        let index = spares.firstIndex { $0.count == count }
        var spare = index.map { spares.remove(at: $0) }
        if let spare { spareBytes -= spare.count }
        lock.unlock()
        guard var buffer = spare.take() else {
            return zeroed ? [UInt8](repeating: 0, count: count)
                          : [UInt8](unsafeUninitializedCapacity: count) { _, initialized in initialized = count }
        }
        if zeroed { buffer.withUnsafeMutableBytes { $0.initializeMemory(as: UInt8.self, repeating: 0) } }
        return buffer
    }

    /// Keeps an evicted entry's buffer for `buffer(count:zeroed:)`.
    private func keepSpare(_ pixels: [UInt8]) {
        guard pixels.count <= capacity / 4 else { return }
        spares.append(pixels)
        spareBytes += pixels.count
        while spareBytes > capacity / 4 { spareBytes -= spares.removeFirst().count }
    }

    /// Entries kept now (for tests).
    public var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return entries.count
    }
}
