import XCTest
import StrataModel
@testable import StrataParse

/// `{arc: {...}}` as UIBezierPath(arcCenter:radius:startAngle:endAngle:clockwise:),
/// and `shadowPath` animations.
final class ArcPathTests: XCTestCase {
    private let deg = Double.pi / 180

    private func points(_ p: BezierPath) -> [Point] {
        p.elements.compactMap { e -> Point? in
            switch e {
            case .move(let q), .line(let q): return q
            case .cubic(_, _, let q): return q
            case .close: return nil
            }
        }
    }

    private func assertPoint(_ a: Point, _ b: Point, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(a.x, b.x, accuracy: 1e-9, "\(a) vs \(b)", file: file, line: line)
        XCTAssertEqual(a.y, b.y, accuracy: 1e-9, "\(a) vs \(b)", file: file, line: line)
    }

    /// y down: -90° is 12 o'clock, and clockwise goes through 3 o'clock first.
    func testTheProgressRingStartsAtTwelveAndTurnsClockwise() {
        let ring = BezierPath.arc(center: Point(50, 50), radius: 40, startAngle: -90 * deg, endAngle: 270 * deg, clockwise: true)
        XCTAssertEqual(ring.structure, "MCCCC")
        let p = points(ring)
        assertPoint(p[0], Point(50, 10))   // 12 o'clock
        assertPoint(p[1], Point(90, 50))   // a quarter later: 3 o'clock
        assertPoint(p[2], Point(50, 90))   // 6 o'clock
        assertPoint(p[3], Point(10, 50))   // 9 o'clock
        assertPoint(p[4], Point(50, 10))
    }

    func testSweepFollowsUIKit() {
        // Clockwise with the end below the start: the long way round (270°).
        let long = points(.arc(center: .zero, radius: 1, startAngle: 0, endAngle: -90 * deg, clockwise: true))
        assertPoint(long[1], Point(cos(67.5 * deg), sin(67.5 * deg)))
        assertPoint(long[4], Point(0, -1))
        // Counter-clockwise from 0 to -90°: the short way, through the upper right.
        let short = points(.arc(center: .zero, radius: 1, startAngle: 0, endAngle: -90 * deg, clockwise: false))
        assertPoint(short[2], Point(cos(-45 * deg), sin(-45 * deg)))
        // A turn or more is one full circle; equal angles sweep nothing.
        let full = points(.arc(center: .zero, radius: 2, startAngle: 0, endAngle: 720 * deg, clockwise: true))
        assertPoint(full[2], Point(-2, 0))
        let none = points(.arc(center: Point(3, 4), radius: 2, startAngle: 1, endAngle: 1, clockwise: true))
        XCTAssertTrue(none.allSatisfy { abs($0.x - none[0].x) < 1e-12 && abs($0.y - none[0].y) < 1e-12 })
    }

    func testCubicsStayOnTheCircle() {
        let arc = BezierPath.arc(center: Point(10, 20), radius: 100, startAngle: 0.3, endAngle: 5.9, clockwise: true)
        guard case .move(var from) = arc.elements[0] else { return XCTFail() }
        for case .cubic(let c1, let c2, let to) in arc.elements.dropFirst() {
            for i in 1..<10 {
                let t = Double(i) / 10, u = 1 - t
                let x = u * u * u * from.x + 3 * u * u * t * c1.x + 3 * u * t * t * c2.x + t * t * t * to.x
                let y = u * u * u * from.y + 3 * u * u * t * c1.y + 3 * u * t * t * c2.y + t * t * t * to.y
                XCTAssertEqual(((x - 10) * (x - 10) + (y - 20) * (y - 20)).squareRoot(), 100, accuracy: 0.03)
            }
            from = to
        }
    }

    func testSceneArcs() throws {
        let m = Marked(layerScene("""
        type: shape
        path: {arc: {center: [50, 50], radius: 40, startAngle: -90deg, endAngle: 270deg}}
        shadowPath: {arc: {center: [0, 0], radius: 5, startAngle: 0, endAngle: 180, clockwise: false}}
        """))
        let layer = try XCTUnwrap(scene(m)?.root.sublayers.first)
        let path = try XCTUnwrap(layer.properties.shape?.path)
        XCTAssertEqual(path, .arc(center: Point(50, 50), radius: 40, startAngle: -90 * deg, endAngle: 270 * deg, clockwise: true))
        XCTAssertEqual(layer.properties.shadowPath, .path(.arc(center: .zero, radius: 5, startAngle: 0, endAngle: .pi, clockwise: false)))
    }

    func testArcErrors() {
        assertOnlyError(Marked(layerScene("type: shape\npath: {arc: ⟨a⟩{center: [0, 0], startAngle: 0, endAngle: 90}}")),
                        at: "a", "missing required key 'radius' in arc")
        assertOnlyError(Marked(layerScene("type: shape\npath: {arc: {center: [0, 0], radius: 4, startAngle: 0, endAngle: 90, ⟨c⟩clockWise: true}}")),
                        at: "c", "unknown arc key 'clockWise'; did you mean 'clockwise'?")
        assertOnlyError(Marked(layerScene("type: shape\npath: {arc: {center: [0, 0], radius: ⟨r⟩-4, startAngle: 0, endAngle: 90}}")),
                        at: "r", "expected a length of 0 or more, found '-4'")
        assertOnlyError(Marked(layerScene("type: shape\npath: {arc: {center: [0, 0], radius: 4, startAngle: ⟨s⟩fast, endAngle: 90}}")),
                        at: "s", "expected an angle like 45deg, 1.2rad or 0.25turn, found 'fast'")
    }

    func testShadowPathAnimates() throws {
        let m = Marked(layerScene("""
        name: card
        shadowPath: {rect: [0, 0, 10, 10], cornerRadius: 2}
        animations:
          - {keyPath: shadowPath, to: {rect: [0, 0, 20, 30], cornerRadius: 6}}
        """))
        let a = try XCTUnwrap(scene(m)?.root.sublayers.first?.animations.first)
        guard case .basic(_, .path(let to)?, _) = a.kind else { return XCTFail("\(a.kind)") }
        XCTAssertEqual(to, .rect(Rect(0, 0, 20, 30), cornerRadius: 6))
        let mismatch = Marked(layerScene("""
        shadowPath: {rect: [0, 0, 10, 10]}
        animations:
          - {keyPath: shadowPath, to: ⟨t⟩{ellipse: [0, 0, 20, 30]}}
        """))
        let items = diagnostics(mismatch)
        XCTAssertEqual(items.count, 1)
        XCTAssertTrue(items.first?.description.hasPrefix("\(mismatch.at("t")): error: 'to' has a path of another structure than the layer's 'shadowPath'") ?? false, "\(items)")
        assertOnlyError(Marked(layerScene("animations:\n  - {keyPath: shadowPath, to: ⟨t⟩{rect: [0, 0, 10, 10]}}")),
                        at: "t", "the layer has no 'shadowPath' for the animation to start or end at; give both 'from' and 'to'")
    }
}
