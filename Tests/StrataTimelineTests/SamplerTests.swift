import StrataModel
@testable import StrataTimeline
import XCTest

final class SamplerTests: XCTestCase {
    let here = SourceLocation(file: "test.yaml", line: 1, column: 1)

    func path(_ text: String) -> LayerKeyPath { try! LayerKeyPath.parse(text).get() }

    func animation(_ keyPath: String, from: AnimatableValue? = nil, to: AnimatableValue? = nil,
                   by: AnimatableValue? = nil, duration: Double = 1,
                   configure: (inout Animation) -> Void = { _ in }) -> Animation {
        var a = Animation(keyPath: path(keyPath), kind: .basic(from: from, to: to, by: by), location: here)
        a.timing.duration = duration
        configure(&a)
        return a
    }

    func scene(_ layers: [Layer], size: Size = Size(200, 100)) -> Scene {
        var root = Layer(location: here)
        root.properties.bounds = Rect(0, 0, size.width, size.height)
        root.properties.position = Point(size.width / 2, size.height / 2)
        root.sublayers = layers
        var canvas = Canvas(size: size)
        canvas.duration = 2
        return Scene(file: "test.yaml", canvas: canvas, root: root)
    }

    func layer(_ name: String, position: Point = Point(0, 0), animations: [Animation] = [],
               sublayers: [Layer] = []) -> Layer {
        var l = Layer(name: name, location: here)
        l.properties.bounds = Rect(0, 0, 10, 10)
        l.properties.position = position
        l.animations = animations
        l.sublayers = sublayers
        return l
    }

    func presented(_ s: Scene, _ t: Double, _ index: Int = 0) -> LayerProperties {
        Sampler.presentation(of: s, at: t).sublayers[index].properties
    }

    func testFromToInterpolatesLinearlyByDefault() {
        let s = scene([layer("a", animations: [animation("position.x", from: .scalar(0), to: .scalar(100))])])
        XCTAssertEqual(presented(s, 0).position.x, 0)
        XCTAssertEqual(presented(s, 0.25).position.x, 25, accuracy: 1e-9)
        XCTAssertEqual(presented(s, 1.0.nextDown).position.x, 100, accuracy: 1e-6)
        // Removed at the end: back to the model value.
        XCTAssertEqual(presented(s, 1).position.x, 0)
    }

    func testMissingEndsUseTheModelValue() {
        let model = Point(50, 7)
        let toOnly = scene([layer("a", position: model, animations: [animation("position.x", to: .scalar(150))])])
        XCTAssertEqual(presented(toOnly, 0.5).position.x, 100, accuracy: 1e-9)
        XCTAssertEqual(presented(toOnly, 0.5).position.y, 7)
        let fromOnly = scene([layer("a", position: model, animations: [animation("position.x", from: .scalar(150))])])
        XCTAssertEqual(presented(fromOnly, 0.5).position.x, 100, accuracy: 1e-9)
        let byOnly = scene([layer("a", position: model, animations: [animation("position", by: .point(Point(10, 20)))])])
        XCTAssertEqual(presented(byOnly, 0.5).position, Point(55, 17))
        let fromBy = scene([layer("a", animations: [animation("position.x", from: .scalar(10), by: .scalar(20))])])
        XCTAssertEqual(presented(fromBy, 0.5).position.x, 20, accuracy: 1e-9)
        let toBy = scene([layer("a", animations: [animation("position.x", to: .scalar(10), by: .scalar(20))])])
        XCTAssertEqual(presented(toBy, 0.5).position.x, 0, accuracy: 1e-9)
    }

    func testLaterAnimationsWinAndAdditiveOnesAdd() {
        let s = scene([layer("a", animations: [
            animation("position.x", from: .scalar(0), to: .scalar(100)),
            animation("position.x", from: .scalar(500), to: .scalar(500)),
            animation("position.x", from: .scalar(0), to: .scalar(10)) { $0.additive = true },
        ])])
        XCTAssertEqual(presented(s, 0.5).position.x, 505, accuracy: 1e-9)
    }

    func testCumulativeRepeatsAccumulate() {
        let s = scene([layer("a", animations: [
            animation("position.x", from: .scalar(0), to: .scalar(10)) {
                $0.cumulative = true
                $0.timing.repeatCount = 3
            },
        ])])
        XCTAssertEqual(presented(s, 0.5).position.x, 5, accuracy: 1e-9)
        XCTAssertEqual(presented(s, 1.5).position.x, 15, accuracy: 1e-9)
        XCTAssertEqual(presented(s, 2.5).position.x, 25, accuracy: 1e-9)
    }

    func testVirtualRotationSpinsWholeTurnsAndKeepsScale() {
        var l = layer("a", animations: [animation("transform.rotation.z", from: .scalar(0), to: .scalar(2 * .pi))])
        l.properties.transform = .scale(2, 2)
        let s = scene([l])
        let quarter = presented(s, 0.25).transform
        let expected = Transform3D.scale(2, 2) * Transform3D.rotation(.pi / 2, 0, 0, 1)
        for (a, b) in zip(quarter.rowMajor, expected.rowMajor) { XCTAssertEqual(a, b, accuracy: 1e-9) }
        // Three quarters of the way is 270 degrees, not a shortest-path 90 back.
        let m = presented(s, 0.75).transform
        XCTAssertEqual(m.m12, -2, accuracy: 1e-9)
    }

    func testLayerTimeNestsAndSpeedsMultiply() {
        var inner = layer("inner", animations: [animation("opacity", from: .scalar(0), to: .scalar(1), duration: 2)])
        inner.timing = LayerTiming(beginTime: 0, speed: 2, timeOffset: 0)
        var outer = layer("outer", sublayers: [inner])
        outer.timing = LayerTiming(beginTime: 0.5, speed: 0.5, timeOffset: 0)
        let s = scene([outer])
        // Scene 1.5 s -> outer local 0.5 s -> inner local 1 s -> halfway.
        let p = Sampler.presentation(of: s, at: 1.5).sublayers[0].sublayers[0]
        XCTAssertEqual(p.localTime, 1, accuracy: 1e-12)
        XCTAssertEqual(p.properties.opacity, 0.5, accuracy: 1e-9)
    }

    func testRenderTreeOrdersByZPositionAndDropsHidden() {
        var a = layer("a"); a.properties.zPosition = 2
        let b = layer("b")
        var c = layer("c"); c.properties.hidden = true
        var d = layer("d"); d.properties.zPosition = -1
        let tree = Sampler.renderTree(of: scene([a, b, c, d]), at: 0)
        XCTAssertEqual(tree.root.children.map(\.path), ["d", "b", "a"])
    }

    func testRenderTransformsComposeSublayerTransformAboutTheAnchor() {
        var parent = layer("p", position: Point(100, 50), sublayers: [layer("child", position: Point(10, 5))])
        parent.properties.bounds = Rect(0, 0, 20, 10)
        parent.properties.sublayerTransform = .rotation(.pi / 2, 0, 0, 1)
        let tree = Sampler.renderTree(of: scene([parent]), at: 0)
        let child = tree.root.children[0].children[0]
        // The child's centre (5, 5 in its bounds) sits at the parent's anchor (10, 5): the rotation keeps it there.
        let centre = child.transform.project(Point(5, 5))
        XCTAssertEqual(centre.x, 10, accuracy: 1e-9)
        XCTAssertEqual(centre.y, 5, accuracy: 1e-9)
        // Its top-left corner (0, 0) is 5 left and 5 up of the centre; rotated +90deg (clockwise, y down) -> 5 right, 5 up.
        let corner = child.transform.project(Point(0, 0))
        XCTAssertEqual(corner.x, 15, accuracy: 1e-9)
        XCTAssertEqual(corner.y, 0, accuracy: 1e-9)
    }

    func testSamplingIsAPureFunctionOfTime() {
        let s = scene([layer("a", animations: [animation("position.x", from: .scalar(0), to: .scalar(100))])])
        let late = presented(s, 0.9)
        _ = presented(s, 0.1)
        XCTAssertEqual(presented(s, 0.9), late)
    }
}
