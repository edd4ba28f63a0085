import StrataModel
@testable import StrataTimeline
import XCTest

/// `CompiledLayer.animatedKeys` on a compiled scene: which properties change over
/// the scene (explicit, implicit and action animations, transaction sets),
/// which stay constant, and what their changes invalidate.
final class AnimatedKeysTests: XCTestCase {
    typealias F = EngineFixture

    static let yaml = """
    strata: 1
    canvas: {size: [200, 100], duration: 4s}
    layers:
      - name: still
        bounds: [0, 0, 10, 10]
        backgroundColor: red
      - name: moving
        bounds: [0, 0, 10, 10]
        animations:
          - {keyPath: position.x, from: 0, to: 100, duration: 1s}
          - type: group
            animations:
              - {keyPath: opacity, to: 0.5}
          - {keyPath: position, path: "M 0 0 L 50 50", rotationMode: auto}
      - name: set
        bounds: [0, 0, 10, 10]
        actions: {cornerRadius: null}
      - name: scroller
        type: scroll
        bounds: [0, 0, 10, 10]
      - name: sparks
        type: emitter
        emitterCells: [{name: spark, birthRate: 1, lifetime: 1, contents: circle}]
        animations:
          - {keyPath: emitterCells.spark.velocity, to: 40}
    timeline:
      - at: 1s
        set: {set.backgroundColor: blue, set.cornerRadius: 4, set.masksToBounds: true, scroller.scrollPoint: [0, 5]}
    """

    func keys(_ name: String) throws -> AnimatedKeys {
        try layer(name).animatedKeys
    }

    func layer(_ name: String) throws -> CompiledLayer {
        try XCTUnwrap(CompiledLayers(try XCTUnwrap(F.load(Self.yaml))).layer(atPath: name))
    }

    func testAnimationsGroupsAndPathsMarkTheirProperties() throws {
        let moving = try keys("moving")
        XCTAssertEqual(moving.properties.map(\.name), ["position", "opacity", "transform"],
                       "a field animates its property; a group's children count; rotationMode turns the layer")
        XCTAssertTrue(moving.contains(.position))
        XCTAssertFalse(moving.contains(.bounds))
        XCTAssertEqual(moving.invalidation, [.layout, .compositing])
    }

    func testAConstantLayerHasNoKeys() throws {
        let still = try keys("still")
        XCTAssertTrue(still.isEmpty)
        XCTAssertEqual(still.invalidation, [])
        XCTAssertTrue(try layer("still").isConstant(LayerProperty.named("backgroundColor")!))
        XCTAssertFalse(try layer("moving").isConstant(.position))
    }

    func testTransactionsImplicitAnimationsAndActionsMarkTheirProperties() throws {
        // backgroundColor: a set and its implicit animation; cornerRadius: a set whose
        // action is none; masksToBounds: set at once (not animatable).
        let set = try keys("set")
        XCTAssertEqual(set.properties.map(\.name), ["backgroundColor", "cornerRadius", "masksToBounds"])
        XCTAssertEqual(set.invalidation, [.content, .compositing])
        // scrollPoint moves bounds.origin: bounds changes too.
        XCTAssertEqual(try keys("scroller").properties.map(\.name), ["bounds", "scrollPoint"])
    }

    func testEmitterCellKeysMarkTheCells() throws {
        let sparks = try keys("sparks")
        XCTAssertEqual(sparks.properties, [.emitterCells])
        XCTAssertEqual(sparks.invalidation, .content)
    }

    func testSetOperations() {
        var k = AnimatedKeys()
        XCTAssertTrue(k.isEmpty)
        k.insert(.contents)
        k.insert(.contents)
        XCTAssertEqual(k, AnimatedKeys([.contents]))
        XCTAssertEqual(k.properties, [.contents])
        // The last entry of the table has its own bit.
        let last = LayerProperty.all.last!
        k.insert(last)
        XCTAssertTrue(k.contains(last))
        XCTAssertEqual(k.properties, [.contents, last])
    }
}
