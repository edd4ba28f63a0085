import XCTest
@testable import StrataModel

final class LayerGeometryTests: XCTestCase {
    private func layer(bounds: Rect, position: Point) -> LayerProperties {
        var p = LayerProperties()
        p.bounds = bounds
        p.position = position
        return p
    }

    private func assertRect(_ r: Rect, _ e: Rect, accuracy: Double = 1e-12, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(r.minX, e.minX, accuracy: accuracy, "x", file: file, line: line)
        XCTAssertEqual(r.minY, e.minY, accuracy: accuracy, "y", file: file, line: line)
        XCTAssertEqual(r.width, e.width, accuracy: accuracy, "width", file: file, line: line)
        XCTAssertEqual(r.height, e.height, accuracy: accuracy, "height", file: file, line: line)
    }

    // MARK: frame

    func testFrameFromBoundsAndPosition() {
        XCTAssertEqual(layer(bounds: Rect(0, 0, 100, 50), position: Point(200, 300)).frame, Rect(150, 275, 100, 50))
    }

    func testFrameIgnoresBoundsOrigin() {
        XCTAssertEqual(layer(bounds: Rect(30, -40, 100, 50), position: Point(200, 300)).frame, Rect(150, 275, 100, 50))
    }

    func testFrameWithAnchorPoint() {
        var p = layer(bounds: Rect(0, 0, 100, 50), position: Point(200, 300))
        p.anchorPoint = Point(0, 1)
        XCTAssertEqual(p.frame, Rect(200, 250, 100, 50))
    }

    func testFrameWithScaleTransform() {
        var p = layer(bounds: Rect(0, 0, 100, 50), position: Point(200, 300))
        p.transform = .scale(2, 4, 1)
        XCTAssertEqual(p.frame, Rect(100, 200, 200, 200))
    }

    func testFrameWithQuarterTurn() {
        var p = layer(bounds: Rect(0, 0, 100, 50), position: Point(200, 300))
        p.transform = .rotation(.pi / 2, 0, 0, 1)
        assertRect(p.frame, Rect(175, 250, 50, 100))
    }

    func testSettingFrame() {
        var p = layer(bounds: Rect(0, 0, 1, 1), position: .zero)
        p.setFrame(Rect(10, 20, 100, 50))
        XCTAssertEqual(p.position, Point(60, 45))
        XCTAssertEqual(p.bounds.size, Size(100, 50))
        XCTAssertEqual(p.frame, Rect(10, 20, 100, 50))
        p.anchorPoint = .zero
        p.setFrame(Rect(10, 20, 100, 50))
        XCTAssertEqual(p.position, Point(10, 20))
    }

    func testSettingFrameWithScaleTransform() {
        var p = LayerProperties()
        p.transform = .scale(2, 4, 1)
        p.setFrame(Rect(100, 200, 200, 200))
        XCTAssertEqual(p.bounds.size, Size(100, 50))
        XCTAssertEqual(p.position, Point(200, 300))
        XCTAssertEqual(p.frame, Rect(100, 200, 200, 200))
    }

    func testSettingFrameWithQuarterTurnSwapsTheSize() {
        var p = LayerProperties()
        p.transform = .rotation(.pi / 2, 0, 0, 1)
        p.setFrame(Rect(0, 0, 100, 50))
        XCTAssertEqual(p.bounds.width, 50, accuracy: 1e-12)
        XCTAssertEqual(p.bounds.height, 100, accuracy: 1e-12)
        assertRect(p.frame, Rect(0, 0, 100, 50))
    }

    // MARK: Transform3D

    func testOperationsOrderLastTouchesThePointFirst() {
        let m = Transform3D(operations: [.translate(10, 0, 0), .scale(2, 2, 1)])
        XCTAssertEqual(m.project(Point(1, 0)), Point(12, 0))
        let n = Transform3D(operations: [.scale(2, 2, 1), .translate(10, 0, 0)])
        XCTAssertEqual(n.project(Point(1, 0)), Point(22, 0))
    }

    func testConcatenationAppliesLeftFirst() {
        let m = Transform3D.translation(1, 0) * Transform3D.scale(2, 2)
        XCTAssertEqual(m.project(Point(0, 0)), Point(2, 0))
    }

    func testRotationSignIsClockwiseOnScreen() {
        let p = Transform3D.rotation(.pi / 2, 0, 0, 1).project(Point(1, 0))
        XCTAssertEqual(p.x, 0, accuracy: 1e-15)
        XCTAssertEqual(p.y, 1, accuracy: 1e-15)
        let q = Transform3D(operations: [.rotate(angle: .pi / 2, x: 0, y: 0, z: 1)]).project(Point(0, 1))
        XCTAssertEqual(q.x, -1, accuracy: 1e-15)
        XCTAssertEqual(q.y, 0, accuracy: 1e-15)
    }

    func testSkewAndPerspective() {
        let s = Transform3D.skew(atan(0.5), 0).project(Point(0, 2))
        XCTAssertEqual(s.x, 1, accuracy: 1e-15)
        XCTAssertEqual(s.y, 2)
        let p = Transform3D.perspective(500).apply(x: 0, y: 0, z: 100)
        XCTAssertEqual(p.w, 0.8, accuracy: 1e-15)
    }

    func testInverse() throws {
        let m = Transform3D(operations: [.perspective(800), .translate(10, -20, 5), .rotate(angle: 0.7, x: 1, y: 2, z: 3),
                                         .scale(2, 0.5, 3), .skew(0.2, -0.1)])
        let inv = try XCTUnwrap(m.inverted)
        assertMatrix(m * inv, .identity, accuracy: 1e-12)
        assertMatrix(inv * m, .identity, accuracy: 1e-12)
        XCTAssertNil(Transform3D.scale(0, 1).inverted)
        assertMatrix(try XCTUnwrap(Transform3D.translation(3, 4, 5).inverted), .translation(-3, -4, -5))
    }
}
