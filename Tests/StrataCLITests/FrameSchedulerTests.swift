import Foundation
import XCTest

@testable import StrataCompiler

/// The scheduler's order, in-flight bound and product recycling.
final class FrameSchedulerTests: XCTestCase {
    /// A product that records which frames it carried.
    final class Box: @unchecked Sendable {
        let serial: Int
        var frames: [Int] = []
        init(serial: Int) { self.serial = serial }
    }

    /// Counts `makeEmpty` calls across threads.
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func next() -> Int { lock.lock(); defer { lock.unlock() }; value += 1; return value }
        var count: Int { lock.lock(); defer { lock.unlock() }; return value }
    }

    private func run(frames: Int, workers: Int, recycle: Bool,
                     fail: Int? = nil) throws -> (order: [Int], boxes: [Box], made: Int) {
        let made = Counter()
        let scheduler = FrameScheduler<Box>(frames: Array(0..<frames), workers: workers) {
            Box(serial: made.next())
        }
        var order: [Int] = [], boxes: [Box] = []
        try scheduler.run(recycle: recycle, makeWorker: {
            { frame, box in
                if frame == fail { throw CocoaError(.fileReadUnknown) }
                // Uneven work, so that frames finish out of order.
                usleep(UInt32((frame * 7919) % 5) * 200)
                box.frames.append(frame)
            }
        }, consume: { frame, box in
            order.append(frame)
            XCTAssertEqual(box.frames.last, frame, "the product holds the frame it is delivered as")
            if !boxes.contains(where: { $0 === box }) { boxes.append(box) }
        })
        return (order, boxes, made.count)
    }

    func testFramesArriveInOrderAndProductsAreRecycled() throws {
        let (order, boxes, made) = try run(frames: 60, workers: 3, recycle: true)
        XCTAssertEqual(order, Array(0..<60))
        // At most maxInFlight (2 per worker) rendered and waiting, one being
        // rendered per worker and one being consumed are ever alive.
        XCTAssertLessThanOrEqual(made, 3 * 2 + 3 + 1)
        XCTAssertEqual(boxes.count, made)
        XCTAssertEqual(boxes.reduce(0) { $0 + $1.frames.count }, 60)
    }

    func testWithoutRecyclingEveryFrameGetsANewProduct() throws {
        let (order, boxes, made) = try run(frames: 20, workers: 2, recycle: false)
        XCTAssertEqual(order, Array(0..<20))
        XCTAssertEqual(made, 20)
        XCTAssertTrue(boxes.allSatisfy { $0.frames.count == 1 })
    }

    func testAWorkerErrorStopsTheRunAfterTheFramesBeforeIt() {
        let scheduler = FrameScheduler<Box>(frames: Array(0..<40), workers: 2) { Box(serial: 0) }
        var delivered: [Int] = []
        XCTAssertThrowsError(try scheduler.run(makeWorker: {
            { frame, box in
                if frame == 13 { throw CocoaError(.fileReadUnknown) }
                box.frames.append(frame)
            }
        }, consume: { frame, _ in delivered.append(frame) })) { error in
            XCTAssertEqual((error as? CocoaError)?.code, .fileReadUnknown)
        }
        // In order, and nothing from the failed frame on (frames just before
        // it may be dropped too, if they were still rendering when it failed).
        XCTAssertEqual(delivered, Array(0..<delivered.count))
        XCTAssertLessThanOrEqual(delivered.count, 13)
    }
}

extension FrameSchedulerTests {
    struct FrameFailure: Error, Equatable { var frame: Int }

    /// Issue #13: with several failing frames, the error is the lowest
    /// failing frame's, whatever order the threads finish in (a render's
    /// message does not change from run to run).
    func testTheLowestFailingFramesErrorIsReported() {
        for _ in 0..<20 {
            let scheduler = FrameScheduler<Int>(frames: Array(0..<40), workers: 4) { 0 }
            XCTAssertThrowsError(try scheduler.run(makeWorker: {
                { frame, _ in
                    // Frame 9 fails late, 10 and later at once.
                    if frame == 9 { usleep(50_000); throw FrameFailure(frame: 9) }
                    if frame > 9 { throw FrameFailure(frame: frame) }
                }
            }, consume: { _, _ in })) { XCTAssertEqual($0 as? FrameFailure, FrameFailure(frame: 9)) }
        }
    }
}
