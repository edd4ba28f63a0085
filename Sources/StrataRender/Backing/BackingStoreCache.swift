#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The backing stores of a render, shared by its render threads: a bounded
/// map from content keys to immutable stores, least recently used out first.
///
/// A store is made outside the lock by the thread that first asks for it;
/// a thread asking for a key that is being made waits for it rather than
/// making it twice. Which thread made a store never shows: its pixels are a
/// function of its key.
///
/// Admission has two tiers (a segmented LRU). A store asked for once waits
/// in a small probation tier (`probationLimit` bytes, an eighth of the
/// whole); asked for again, it moves to the main tier. Content that changes
/// every frame (a trimmed stroke, a playing video) is made, used once and
/// pushed out of probation by the next frame's, so it never pushes out
/// stores that frames share. A store too large for probation goes straight
/// to the main tier (it is expensive to make again). Past `byteLimit` bytes
/// in both tiers the oldest leave, probation first (frames still holding a
/// store keep it alive until they end), so memory stays flat however long
/// the render.
public final class BackingStoreCache: @unchecked Sendable {
    /// Bytes of stores kept at most, both tiers together.
    public let byteLimit: Int
    /// Bytes of stores asked for only once kept at most.
    public let probationLimit: Int
    private let lock = Condition()
    // Guarded by `lock`:
    private var entries: [StoreKey: Entry] = [:]
    private var main = Tier(), probation = Tier()
    private var pending: Set<StoreKey> = []
    private var madeCount = 0

    /// 256 MiB by default: thirty 1080p full-frame layers.
    public static let defaultByteLimit = 256 << 20

    public init(byteLimit: Int = BackingStoreCache.defaultByteLimit) {
        self.byteLimit = max(0, byteLimit)
        probationLimit = self.byteLimit / 8
    }

    /// Stores made so far (for tests of sharing).
    public var made: Int { lock.locked { madeCount } }
    /// Bytes held now.
    public var byteCount: Int { lock.locked { main.bytes + probation.bytes } }
    /// Bytes held now by stores asked for once.
    public var probationByteCount: Int { lock.locked { probation.bytes } }

    /// The store for `key`, made by `make` on this thread when no thread has it.
    func store(for key: StoreKey, make: () -> Result<BackingStore, RasterFailure>) -> Result<BackingStore, RasterFailure> {
        lock.lock()
        while true {
            if let entry = entries[key] {
                touch(entry)
                lock.unlock()
                return .success(entry.store)
            }
            guard pending.contains(key) else { break }
            lock.wait()
        }
        pending.insert(key)
        lock.unlock()
        let result = make()
        lock.lock()
        pending.remove(key)
        if case .success(let store) = result {
            madeCount += 1
            insert(Entry(key: key, store: store))
        }
        lock.broadcast()
        lock.unlock()
        return result
    }

    private final class Entry {
        let key: StoreKey
        let store: BackingStore
        /// In the main tier (asked for more than once, or too large for probation).
        var isMain = false
        // `newer` is weak so that neighbours hold no cycle.
        weak var newer: Entry?
        var older: Entry?
        init(key: StoreKey, store: BackingStore) { self.key = key; self.store = store }
    }

    /// One tier's entries, most recently used first, and their bytes.
    private struct Tier {
        var newest: Entry?, oldest: Entry?
        var bytes = 0

        mutating func link(_ entry: Entry) {
            entry.older = newest
            entry.newer = nil
            newest?.newer = entry
            newest = entry
            if oldest == nil { oldest = entry }
            bytes += entry.store.byteCount
        }

        mutating func unlink(_ entry: Entry) {
            if let newer = entry.newer { newer.older = entry.older } else { newest = entry.older }
            if let older = entry.older { older.newer = entry.newer } else { oldest = entry.newer }
            entry.newer = nil
            entry.older = nil
            bytes -= entry.store.byteCount
        }
    }

    /// A store just made: into probation, or the main tier when too large for it.
    private func insert(_ entry: Entry) {
        let size = entry.store.byteCount
        guard size <= byteLimit else { return }  // used by the frame that asked, never kept
        entry.isMain = size > probationLimit
        if !entry.isMain {
            while probation.bytes + size > probationLimit, let victim = probation.oldest { remove(victim) }
        }
        makeRoom(for: size)
        entries[entry.key] = entry
        if entry.isMain { main.link(entry) } else { probation.link(entry) }
    }

    /// Evicts until `size` more bytes fit the limit: probation first.
    private func makeRoom(for size: Int) {
        while main.bytes + probation.bytes + size > byteLimit,
              let victim = probation.oldest ?? main.oldest { remove(victim) }
    }

    private func remove(_ entry: Entry) {
        if entry.isMain { main.unlink(entry) } else { probation.unlink(entry) }
        entries[entry.key] = nil
    }

    /// A store asked for again: the newest of the main tier.
    private func touch(_ entry: Entry) {
        if entry.isMain {
            guard main.newest !== entry else { return }
            main.unlink(entry)
        } else {
            probation.unlink(entry)
            entry.isMain = true
        }
        main.link(entry)
    }
}

/// A pthread mutex with a condition variable (owner of both).
final class Condition: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let cond = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(cond, nil)
    }

    deinit {
        pthread_cond_destroy(cond)
        pthread_mutex_destroy(mutex)
        cond.deallocate()
        mutex.deallocate()
    }

    func lock() { pthread_mutex_lock(mutex) }
    func unlock() { pthread_mutex_unlock(mutex) }
    /// Waits for `broadcast`; the lock must be held.
    func wait() { pthread_cond_wait(cond, mutex) }
    func broadcast() { pthread_cond_broadcast(cond) }

    func locked<T>(_ body: () -> T) -> T {
        lock()
        defer { unlock() }
        return body()
    }
}
