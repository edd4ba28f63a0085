import XCTest
import StrataModel
@testable import StrataLayout

/// The example: Apple's layerA / layerB constraints in y-down coordinates.
final class SeedExampleTests: XCTestCase {
    func yaml(bFirst: Bool) -> String {
        let a = """
          - name: layerA
            bounds: [0, 0, 100, 25]
            constraints:
              - {attribute: midX, relativeTo: superlayer, target: midX}
              - {attribute: midY, relativeTo: superlayer, target: midY}

        """
        let b = """
          - name: layerB
            constraints:
              - {attribute: width, relativeTo: layerA, target: width}
              - {attribute: midX, relativeTo: layerA, target: midX}
              - {attribute: minY, relativeTo: layerA, target: maxY, offset: 10}
              - {attribute: maxY, relativeTo: superlayer, target: maxY, offset: -10}

        """
        return sceneYAML(bFirst ? b + a : a + b)
    }

    func testFramesAreExactlyTheExpectedOnes() {
        for bFirst in [false, true] {
            guard let s = laidOut(yaml(bFirst: bFirst)) else { return }
            XCTAssertEqual(s.frame("layerA"), Rect(150, 137.5, 100, 25), "B first: \(bFirst)")
            XCTAssertEqual(s.frame("layerB"), Rect(150, 172.5, 100, 117.5), "B first: \(bFirst)")
        }
    }

    func testFramesGoThroughTheAnchorPoint() {
        guard let s = laidOut(yaml(bFirst: false)) else { return }
        let b = s.root.sublayers[1].properties
        XCTAssertEqual(b.bounds, Rect(0, 0, 100, 117.5))
        XCTAssertEqual(b.position, Point(200, 231.25))
    }

    func testAnotherCanvasSizeLaysOutAgain() {
        guard let s = laidOut(yaml(bFirst: false), size: Size(600, 200)) else { return }
        XCTAssertEqual(s.frame("layerA"), Rect(250, 87.5, 100, 25))
        XCTAssertEqual(s.frame("layerB"), Rect(250, 122.5, 100, 67.5))
        XCTAssertEqual(s.root.properties.bounds, Rect(0, 0, 600, 200))
        XCTAssertEqual(s.root.properties.position, Point(300, 100))
        XCTAssertEqual(s.canvas.size, Size(600, 200))
    }
}
