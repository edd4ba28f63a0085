#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The backing stores of a render, shared by its render threads: a bounded
/// LRU map from content keys to immutable stores.
///
/// A store is made outside the lock by the thread that first asks for it;
/// a thread asking for a key that is being made waits for it rather than
/// making it twice. Past `byteLimit` the least recently used stores leave
/// the cache (frames still holding one keep it alive until they end), so
/// memory stays flat however long the render. Which thread made a store
/// never shows: its pixels are a function of its key.
public final class BackingStoreCache: @unchecked Sendable {
    /// Bytes of stores kept at most.
    public let byteLimit: Int
    private let lock = Condition()
    // Guarded by `lock`:
    private var entries: [StoreKey: Entry] = [:]
    /// Most recently used first.
    private var newest: Entry?, oldest: Entry?
    private var bytes = 0
    private var pending: Set<StoreKey> = []
    private var madeCount = 0

    /// 256 MiB by default: thirty 1080p full-frame layers.
    public static let defaultByteLimit = 256 << 20

    public init(byteLimit: Int = BackingStoreCache.defaultByteLimit) {
        self.byteLimit = max(0, byteLimit)
    }

    /// Stores made so far (for tests of sharing).
    public var made: Int { lock.locked { madeCount } }
    /// Bytes held now.
    public var byteCount: Int { lock.locked { bytes } }

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
        // `newer` is weak so that neighbours hold no cycle.
        weak var newer: Entry?
        var older: Entry?
        init(key: StoreKey, store: BackingStore) { self.key = key; self.store = store }
    }

    private func insert(_ entry: Entry) {
        let size = entry.store.byteCount
        guard size <= byteLimit else { return }  // used by the frame that asked, never kept
        while bytes + size > byteLimit, let victim = oldest { remove(victim) }
        entries[entry.key] = entry
        link(entry)
        bytes += size
    }

    private func remove(_ entry: Entry) {
        unlink(entry)
        entries[entry.key] = nil
        bytes -= entry.store.byteCount
    }

    private func touch(_ entry: Entry) {
        guard newest !== entry else { return }
        unlink(entry)
        link(entry)
    }

    private func link(_ entry: Entry) {
        entry.older = newest
        entry.newer = nil
        newest?.newer = entry
        newest = entry
        if oldest == nil { oldest = entry }
    }

    private func unlink(_ entry: Entry) {
        if let newer = entry.newer { newer.older = entry.older } else { newest = entry.older }
        if let older = entry.older { older.newer = entry.newer } else { oldest = entry.newer }
        entry.newer = nil
        entry.older = nil
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
