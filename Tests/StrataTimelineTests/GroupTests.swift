import StrataModel
@testable import StrataTimeline
import XCTest

final class GroupTests: XCTestCase {
    typealias F = EngineFixture

    func basic(_ keyPath: String, _ from: Double, _ to: Double, duration: Double = 1,
               configure: (inout Animation) -> Void = { _ in }) -> Animation {
        F.animation(keyPath, .basic(from: .scalar(from), to: .scalar(to), by: nil), duration: duration, configure: configure)
    }

    func group(_ children: [Animation], duration: Double, configure: (inout Animation) -> Void = { _ in }) -> Animation {
        var g = Animation.group(children, location: F.here)
        g.timing.duration = duration
        configure(&g)
        return g
    }

    func testChildrenRunInTheGroupsTime() {
        let child = basic("position.x", 0, 10) { $0.timing.beginTime = 0.5 }
        let s = F.scene([group([child], duration: 2) { $0.timing.beginTime = 1 }])
        XCTAssertEqual(F.at(s, 1.5.nextDown).position.x, 0, "the child has not begun in the group's time")
        XCTAssertEqual(F.at(s, 1.75).position.x, 2.5, accuracy: 1e-12)
        XCTAssertEqual(F.at(s, 2.5).position.x, 0, "the child ended (removed) at group time 1.5")
        // A group's speed and timing function apply to its children's time.
        let fast = F.scene([group([basic("position.x", 0, 10, duration: 2)], duration: 2) { $0.timing.speed = 2 }])
        XCTAssertEqual(F.at(fast, 0.25).position.x, 2.5, accuracy: 1e-12)
        let eased = F.scene([group([basic("position.x", 0, 10)], duration: 1) { $0.timingFunction = .easeIn }])
        XCTAssertEqual(F.at(eased, 0.5).position.x, 10 * TimingFunction.easeIn.evaluate(0.5), accuracy: 1e-12)
    }

    func testTheGroupsDurationClipsItsChildren() {
        let s = F.scene([group([basic("position.x", 0, 100, duration: 4)], duration: 2)])
        XCTAssertEqual(F.at(s, 2.0.nextDown).position.x, 50, accuracy: 1e-9)
        XCTAssertEqual(F.at(s, 2).position.x, 0, "the group has ended")
        // Held by the group's fill, a child running to the group's end holds its value there.
        let held = F.scene([group([basic("position.x", 0, 100, duration: 2), basic("position.y", 0, 10, duration: 4)], duration: 2) {
            $0.timing.fillMode = .forwards; $0.removedOnCompletion = false
        }])
        XCTAssertEqual(F.at(held, 3).position.x, 100)
        XCTAssertEqual(F.at(held, 3).position.y, 5, accuracy: 1e-12)
        // A child that ended earlier inside the group stays ended, unless it fills.
        let early = F.scene([group([basic("position.x", 0, 100), basic("position.y", 0, 10) { $0.timing.fillMode = .forwards }], duration: 2)])
        XCTAssertEqual(F.at(early, 1.5).position.x, 0)
        XCTAssertEqual(F.at(early, 1.5).position.y, 10, "group children fill by their fillMode alone")
        // Repeats and autoreverse of the group replay the children.
        let repeated = F.scene([group([basic("position.x", 0, 10)], duration: 1) { $0.timing.repeatCount = 2; $0.timing.autoreverses = true }])
        XCTAssertEqual(F.at(repeated, 1.25).position.x, 7.5, accuracy: 1e-12)
        XCTAssertEqual(F.at(repeated, 2.25).position.x, 2.5, accuracy: 1e-12)
    }

    func testNestedGroups() {
        let leaf = basic("opacity", 0, 1, duration: 2)
        let inner = group([leaf], duration: 0.5) { $0.timing.beginTime = 1 }
        let outer = group([basic("position.x", 0, 20, duration: 2), inner], duration: 2)
        let s = F.scene([outer])
        XCTAssertEqual(F.at(s, 1.25).opacity, 0.125, accuracy: 1e-12)
        XCTAssertEqual(F.at(s, 1.25).position.x, 12.5, accuracy: 1e-12)
        XCTAssertEqual(F.at(s, 1.6).opacity, 1, "the inner group has ended: the model value")
        let active = Sampler.presentation(of: s, at: 1.25).sublayers[0].activeAnimations
        XCTAssertEqual(active.map(\.keyPath), ["position.x", "opacity"])
        XCTAssertEqual(active.map(\.groupDepth), [1, 2])
    }
}
