import Foundation

/// Encoded frames by (scene version, size, time, format), least recently
/// used dropped first once they pass `byteLimit`. A frame is a pure
/// function of (scene, time), so a cached one is never stale within a version.
final class FrameCache: @unchecked Sendable {
    let byteLimit: Int
    private let lock = NSLock()
    // Guarded by `lock`:
    private var entries: [String: (bytes: [UInt8], tick: UInt64)] = [:]
    private var totalBytes = 0
    private var tick: UInt64 = 0
    private(set) var hits = 0
    private(set) var misses = 0

    init(byteLimit: Int = 256 << 20) { self.byteLimit = byteLimit }

    func get(_ key: String) -> [UInt8]? {
        lock.lock()
        defer { lock.unlock() }
        guard let entry = entries[key] else { misses += 1; return nil }
        hits += 1
        tick += 1
        entries[key] = (entry.bytes, tick)
        return entry.bytes
    }

    func put(_ key: String, _ bytes: [UInt8]) {
        guard bytes.count <= byteLimit else { return }
        lock.lock()
        defer { lock.unlock() }
        tick += 1
        if let old = entries.updateValue((bytes, tick), forKey: key) { totalBytes -= old.bytes.count }
        totalBytes += bytes.count
        while totalBytes > byteLimit, let oldest = entries.min(by: { $0.value.tick < $1.value.tick }) {
            totalBytes -= oldest.value.bytes.count
            entries[oldest.key] = nil
        }
    }

    /// Drops every frame whose key does not start with `prefix` (an older scene version).
    func keepOnly(prefix: String) {
        lock.lock()
        defer { lock.unlock() }
        for key in entries.keys where !key.hasPrefix(prefix) {
            totalBytes -= entries[key]!.bytes.count
            entries[key] = nil
        }
    }
}
