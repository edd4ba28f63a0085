import Foundation
import StrataModel
import XCTest
@testable import StrataRender

final class BackingStoreCacheTests: XCTestCase {
    private func key(_ n: Int) -> StoreKey { Self.key(n) }
    private func make(_ key: StoreKey) -> Result<BackingStore, RasterFailure> { Self.make(key) }

    private static func key(_ n: Int, side: Int = 8) -> StoreKey {
        StoreKey(content: .particleShape(.rect(Size(Double(n), 1))), raster: .scale(1, offsetX: 0, offsetY: 0),
                 width: side, height: side)
    }

    private static func make(_ key: StoreKey) -> Result<BackingStore, RasterFailure> {
        .success(BackingStore(format: .a8, width: key.width, height: key.height)!)
    }

    func testAKeyIsMadeOnceAndSharedByIdentity() {
        let cache = BackingStoreCache()
        let a = try! cache.store(for: key(1), make: { make(key(1)) }).get()
        let b = try! cache.store(for: key(1), make: { XCTFail("made twice"); return make(key(1)) }).get()
        XCTAssertTrue(a === b)
        XCTAssertEqual(cache.made, 1)
    }

    func testThreadsAskingForOneKeyWaitForTheOneMakingIt() {
        let cache = BackingStoreCache()
        let made = Counter()
        let stores = Box()
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            let s = try! cache.store(for: Self.key(7), make: {
                made.add()
                Thread.sleep(forTimeInterval: 0.05)
                return Self.make(Self.key(7))
            }).get()
            stores.add(ObjectIdentifier(s))
        }
        XCTAssertEqual(made.value, 1)
        XCTAssertEqual(stores.distinct, 1)
    }

    func testBytesStayWithinTheLimitOldestOutFirst() {
        // Each 8x8 A8 store takes stride 12 x 9 rows = 108 bytes; room for three.
        let cache = BackingStoreCache(byteLimit: 330)
        for n in 0..<10 { _ = cache.store(for: key(n), make: { make(key(n)) }) }
        XCTAssertLessThanOrEqual(cache.byteCount, 330)
        XCTAssertEqual(cache.made, 10)
        // The newest are kept, the oldest made again.
        _ = cache.store(for: key(9), make: { make(key(9)) })
        XCTAssertEqual(cache.made, 10)
        _ = cache.store(for: key(0), make: { make(key(0)) })
        XCTAssertEqual(cache.made, 11)
    }

    func testStoresAskedForOnceDoNotPushOutSharedOnes() {
        // 108-byte stores; probation holds 1/8 of 3456 bytes = 432: four of them.
        let cache = BackingStoreCache(byteLimit: 3456)
        XCTAssertEqual(cache.probationLimit, 432)
        // A store every frame asks for: made once, then in the main tier.
        _ = cache.store(for: key(-1), make: { make(key(-1)) })
        _ = cache.store(for: key(-1), make: { XCTFail("made twice"); return make(key(-1)) })
        // Content that changes every frame, far more than the whole limit of it.
        for n in 0..<200 {
            _ = cache.store(for: key(n), make: { make(key(n)) })
            XCTAssertLessThanOrEqual(cache.probationByteCount, cache.probationLimit)
            XCTAssertLessThanOrEqual(cache.byteCount, cache.byteLimit)
        }
        XCTAssertEqual(cache.made, 201)
        // The shared store stayed; of the rest, only the last four.
        _ = cache.store(for: key(-1), make: { XCTFail("shared store pushed out"); return make(key(-1)) })
        XCTAssertEqual(cache.byteCount, 5 * 108)
        _ = cache.store(for: key(199), make: { XCTFail("newest once-used store gone"); return make(key(199)) })
        _ = cache.store(for: key(0), make: { make(key(0)) })
        XCTAssertEqual(cache.made, 202)
    }

    func testAStoreTooLargeForProbationIsKeptOnFirstUse() {
        // 108-byte stores, probation 330 / 8 = 41 bytes: straight to the main tier.
        let cache = BackingStoreCache(byteLimit: 330)
        _ = cache.store(for: key(1), make: { make(key(1)) })
        XCTAssertEqual(cache.probationByteCount, 0)
        XCTAssertEqual(cache.byteCount, 108)
    }

    func testAFailureIsNotKept() {
        let cache = BackingStoreCache()
        let failed = cache.store(for: key(3), make: { .failure(RasterFailure("no")) })
        XCTAssertThrowsError(try failed.get())
        XCTAssertNoThrow(try cache.store(for: key(3), make: { make(key(3)) }).get())
    }

    func testAStoreThatCannotBeMadeIsAnErrorAtItsLayer() throws {
        var node = RenderNode(path: "root/big", bounds: Rect(0, 0, 10, 10), transform: .identity, opacity: 1,
                              backgroundColor: nil, cornerRadius: 0, borderWidth: 0, borderColor: .black,
                              masksToBounds: false, children: [])
        node.location = SourceLocation(file: "scene.yaml", line: 12, column: 5)
        let planner = FramePlanner(cache: BackingStoreCache(), rasterizer: Rasterizer(textEngine: TextEngine()),
                                   compositor: Compositor())
        let tooLarge = StoreKey(content: .particleShape(.rect(Size(1, 1))), raster: .scale(1, offsetX: 0, offsetY: 0),
                                width: BackingStore.maxSide + 1, height: 4)
        XCTAssertThrowsError(try planner.store(for: tooLarge, node: node)) { error in
            let e = error as? RenderError
            XCTAssertEqual(e?.location, node.location)
            XCTAssertEqual(e?.layerPath, "root/big")
        }
    }
}

private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var n = 0
    func add() { lock.lock(); n += 1; lock.unlock() }
    var value: Int { lock.lock(); defer { lock.unlock() }; return n }
}

private final class Box: @unchecked Sendable {
    private let lock = NSLock()
    private var ids: [ObjectIdentifier] = []
    func add(_ id: ObjectIdentifier) { lock.lock(); ids.append(id); lock.unlock() }
    var distinct: Int { lock.lock(); defer { lock.unlock() }; return Set(ids).count }
}
