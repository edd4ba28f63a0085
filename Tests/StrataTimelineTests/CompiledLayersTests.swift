import StrataModel
@testable import StrataTimeline
import XCTest

/// The compiled form frames are sampled from: identities, the constant /
/// animated split, and frames as pure functions of (compiled scene, time).
final class CompiledLayersTests: XCTestCase {
    typealias F = EngineFixture

    static let yaml = """
    strata: 1
    canvas: {size: [200, 100], duration: 2s}
    layers:
      - name: card
        bounds: [0, 0, 80, 60]
        position: [60, 50]
        backgroundColor: "#3366cc"
        mask: {bounds: [0, 0, 80, 60], position: [40, 30], backgroundColor: "#000"}
        animations:
          - {keyPath: position.x, from: 60, to: 140, duration: 2s}
        sublayers:
          - type: shape
            bounds: [0, 0, 20, 20]
            position: [40, 30]
            path: {ellipse: [0, 0, 20, 20]}
            fillColor: "#fff"
            animations:
              - {keyPath: opacity, from: 1, to: 0, duration: 1s}
          - name: line
            type: shape
            bounds: [0, 0, 40, 4]
            position: [40, 50]
            path: {rect: [0, 0, 40, 4]}
            strokeColor: "#f00"
            animations:
              - {keyPath: strokeEnd, from: 0, to: 1, duration: 1s}
      - name: label
        bounds: [0, 0, 40, 20]
        position: [160, 20]
        backgroundColor: "#ccc"
    timeline:
      - {at: 1s, set: {label.opacity: 0.5}}
    """

    func compiled() throws -> CompiledLayers {
        CompiledLayers(try XCTUnwrap(F.load(Self.yaml)))
    }

    func testEveryLayerHasAStableIdentity() throws {
        let layers = try compiled().layers
        XCTAssertEqual(layers.map(\.path), ["", "card", "card/mask", "card/0", "card/line", "label"])
        XCTAssertEqual(layers.map(\.index), Array(0..<6))
        XCTAssertEqual(layers.map(\.parent), [nil, 0, 1, 1, 1, 0])
        XCTAssertEqual(layers[1].mask, 2)
        XCTAssertEqual(layers[1].sublayers, [3, 4])
        XCTAssertEqual(layers[0].sublayers, [1, 5])
        // Source locations: the line each layer was written on.
        XCTAssertEqual(layers.dropFirst().map(\.location.line), [4, 8, 12, 19, 27])
    }

    func testPropertiesAreDecidedConstantOrAnimatedOnce() throws {
        let layers = try compiled().layers
        let root = layers[0], card = layers[1], dot = layers[3], line = layers[4], label = layers[5]
        XCTAssertTrue(root.isStill)
        XCTAssertNotNil(root.constantPlacement)
        // position.x moves the card: its placement is evaluated per frame; its drawing is not.
        XCTAssertFalse(card.isStill)
        XCTAssertNil(card.constantPlacement)
        XCTAssertTrue(card.animatesGeometry)
        XCTAssertTrue(card.animatedKeys.contains(.position))
        // Opacity only: placement and drawing are computed once.
        XCTAssertNotNil(dot.constantPlacement)
        XCTAssertNotNil(dot.constantContent)
        XCTAssertFalse(dot.animatesGeometry)
        // strokeEnd changes the drawing: evaluated per frame.
        XCTAssertNil(line.constantContent)
        XCTAssertNotNil(line.constantPlacement)
        // A timeline change makes a property animated too (on the compiled scene, not on the layer).
        XCTAssertFalse(label.isStill)
        XCTAssertTrue(label.animatedKeys.properties.map(\.name).contains("opacity"))
    }

    func testFramesArePureFunctionsOfTime() throws {
        let layers = try compiled()
        let times = [0, 0.5, 1, 1.25, 2]
        let forward = times.map { String(reflecting: layers.renderTree(at: $0)) }
        let backward = times.reversed().map { String(reflecting: layers.renderTree(at: $0)) }
        XCTAssertEqual(forward, backward.reversed())
        // The tree moves: the card slides and the line grows.
        XCTAssertNotEqual(forward[0], forward[1])
    }

    func testRenderNodesCarryIdentityAndValues() throws {
        let layers = try compiled()
        let tree = layers.renderTree(at: 0.5)
        let card = tree.root.children[0]
        XCTAssertEqual(card.path, "card")
        XCTAssertEqual(card.location?.line, 4)
        XCTAssertEqual(card.transform.m41, 40, accuracy: 1e-9)  // position.x 80 at 0.5 s, less half the width
        XCTAssertEqual(card.mask?.node.path, "card/mask")
        XCTAssertEqual(card.children.map(\.path), ["card/0", "card/line"])
        XCTAssertEqual(card.children[0].opacity, 0.5, accuracy: 1e-9)
        guard case .shape(let s) = card.children[1].content else { return XCTFail("no shape") }
        XCTAssertEqual(s.strokeEnd, 0.5, accuracy: 1e-9)
        XCTAssertEqual(tree.root.children[1].opacity, 1, accuracy: 1e-9)
        // The timeline's change (with its implicit animation of 0.25 s) is read from the compiled scene.
        XCTAssertEqual(layers.renderTree(at: 1.5).root.children[1].opacity, 0.5, accuracy: 1e-9)
    }
}
