import StrataModel
@testable import StrataTimeline
import XCTest

/// Layers whose only animated key is their whole opacity
/// (`CompiledLayer.onlyFades`) keep their node and evaluate the opacity
/// alone: the node must be the very one the general path builds from the
/// layer's whole presentation values, at every time.
final class FadingLayerTests: XCTestCase {
    static let yaml = """
    strata: 1
    canvas: {size: [200, 100], duration: 3s}
    layers:
      - name: basic
        type: shape
        bounds: [0, 0, 12, 12]
        position: [20, 20]
        path: {ellipse: [0, 0, 12, 12]}
        fillColor: "#f66"
        animations:
          - {keyPath: opacity, from: 1, to: 0.2, duration: 1s, beginTime: 0.5s, fillMode: both, timingFunction: easeInEaseOut}
      - name: keyframes
        type: shape
        bounds: [0, 0, 12, 12]
        position: [40, 20]
        path: {ellipse: [0, 0, 12, 12]}
        fillColor: "#6f6"
        opacity: 0.8
        animations:
          - {keyPath: opacity, values: [1, 0.15, 1], keyTimes: [0, 0.5, 1], duration: 1s, repeatCount: inf, timeOffset: 0.3s}
      - name: toModel
        bounds: [0, 0, 30, 20]
        position: [80, 40]
        backgroundColor: "#36c"
        borderWidth: 2
        borderColor: "#fff"
        cornerRadius: 4
        opacity: 0.6
        animations:
          - {keyPath: opacity, from: 0, duration: 2s, autoreverses: true}
          - {keyPath: opacity, by: 0.25, duration: 1s, additive: true, removedOnCompletion: false}
        sublayers:
          - {name: inner, bounds: [0, 0, 10, 10], position: [15, 10], backgroundColor: "#fc0",
             animations: [{keyPath: opacity, from: 1, to: 0, duration: 3s}]}
      - name: grouped
        bounds: [0, 0, 20, 20]
        position: [150, 50]
        backgroundColor: "#c3c"
        animations:
          - type: group
            duration: 2s
            repeatCount: 2
            animations:
              - {keyPath: opacity, from: 0, to: 1, duration: 0.5s}
              - {keyPath: opacity, to: 0.3, beginTime: 1s, duration: 0.5s, fillMode: forwards}
      - name: moving
        bounds: [0, 0, 10, 10]
        position: [20, 80]
        backgroundColor: "#0cc"
        animations:
          - {keyPath: opacity, from: 1, to: 0, duration: 1s}
          - {keyPath: position.x, from: 20, to: 180, duration: 3s}
      - name: changed
        bounds: [0, 0, 10, 10]
        position: [60, 80]
        backgroundColor: "#c60"
        animations:
          - {keyPath: opacity, from: 1, to: 0, duration: 1s}
    timeline:
      - {at: 1.5s, set: {changed.opacity: 0.5}}
    """

    func compiled() throws -> CompiledLayers {
        CompiledLayers(try XCTUnwrap(EngineFixture.load(Self.yaml)))
    }

    func testOnlyLayersThatOnlyFadeTakeTheShortPath() throws {
        let layers = try compiled().layers
        let fading = layers.filter(\.onlyFades).map(\.path)
        // Moving layers, and a layer a timeline change sets, take the general path.
        XCTAssertEqual(fading, ["basic", "keyframes", "toModel", "toModel/inner", "grouped"])
    }

    func testFadingNodesAreTheGeneralPathsNodes() throws {
        let compiled = try compiled()
        let fading = compiled.layers.filter(\.onlyFades).map(\.index)
        for step in 0...90 {
            let t = Double(step) / 30
            let context = SampleContext(sceneTime: t)
            for i in fading {
                var fast: [RenderNode] = []
                compiled.appendFaded(i, localTime: t, context: context, to: &fast)
                let p = compiled.presentation(of: i, localTime: t, context: context)
                let general = compiled.node(of: i, p, localTime: t, context: context)
                XCTAssertEqual(fast.count, 1)
                XCTAssertEqual(String(reflecting: fast[0]), String(reflecting: general),
                               "\(compiled.layers[i].path) at \(t) s")
            }
        }
    }

    func testOpacityTargetReadsAndWritesAsTheProperty() {
        var target = OpacityTarget(opacity: 0.25)
        var properties = LayerProperties()
        properties.opacity = 0.25
        let path = EngineFixture.path("opacity")
        XCTAssertEqual(target.value(at: path), properties.value(at: path))
        for value in [AnimatableValue.scalar(0.7), .point(Point(1, 2)), .scalar(-3)] {
            target.setValue(value, at: path)
            properties.setValue(value, at: path)
            XCTAssertEqual(target.opacity, properties.opacity)
        }
    }
}
