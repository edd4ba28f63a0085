import XCTest
@testable import StrataModel

final class LayerTimingTests: XCTestCase {
    func testLocalTime() {
        let t = LayerTiming(beginTime: 1, speed: 2, timeOffset: 0.5)
        XCTAssertEqual(t.localTime(1), 0.5)
        XCTAssertEqual(t.localTime(3), 4.5)
        XCTAssertEqual(t.parentTime(forLocalTime: 4.5), 3)
        XCTAssertNil(LayerTiming(beginTime: 0, speed: 0, timeOffset: 1).parentTime(forLocalTime: 1))
    }

    func testNestedSpeedsMultiply() {
        let parent = LayerTiming(beginTime: 1, speed: 2, timeOffset: 0)
        let child = LayerTiming(beginTime: 0.5, speed: 3, timeOffset: 0.25)
        let chain = parent.then(child)
        XCTAssertEqual(chain.speed, 6)
        for t in [0.0, 1, 1.25, 2, 7.5] {
            XCTAssertEqual(chain.localTime(t), child.localTime(parent.localTime(t)), accuracy: 1e-12)
        }
        XCTAssertEqual(chain.localTime(2), 4.75)   // parent 2, child (2 - 0.5) * 3 + 0.25
        for t in [-1.0, 0, 0.5, 3] {
            XCTAssertEqual(LayerTiming.identity.then(child).localTime(t), child.localTime(t), accuracy: 1e-12)
            XCTAssertEqual(child.then(.identity).localTime(t), child.localTime(t), accuracy: 1e-12)
        }
    }

    func testParentSpeedZeroFreezesTheSubtree() {
        let parent = LayerTiming(beginTime: 0, speed: 0, timeOffset: 2)
        let chain = parent.then(LayerTiming(beginTime: 1, speed: 4, timeOffset: 0))
        XCTAssertEqual(chain.localTime(0), 4)
        XCTAssertEqual(chain.localTime(100), 4)
    }

    func testAnimationInANestedLayer() {
        // Root time -> layer (speed 2, begins at 1) -> animation (begins at 1 in layer time, 1 s).
        let layer = LayerTiming(beginTime: 1, speed: 2, timeOffset: 0)
        let animation = timing(begin: 1, duration: 1)
        // Layer time 1 is root time 1.5; the animation lasts 0.5 s of root time.
        XCTAssertNil(animation.sample(layerTime: layer.localTime(1.25), removedOnCompletion: true))
        assertSample(animation.sample(layerTime: layer.localTime(1.5), removedOnCompletion: true), 0, 0)
        assertSample(animation.sample(layerTime: layer.localTime(1.75), removedOnCompletion: true), 0.5, 0)
        XCTAssertNil(animation.sample(layerTime: layer.localTime(2), removedOnCompletion: true))
        XCTAssertEqual(layer.parentTime(forLocalTime: animation.endTime), 2)
    }
}
