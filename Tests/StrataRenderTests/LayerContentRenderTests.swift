import Foundation
import StrataModel
@testable import StrataRender
import XCTest

/// Drawing of shape, gradient, text and particle content.
final class LayerContentRenderTests: XCTestCase {
    func node(_ frame: Rect, _ content: RenderContent, opacity: Double = 1, masksToBounds: Bool = false) -> RenderNode {
        var n = Fixture.layer("root.content", frame, opacity: opacity, masksToBounds: masksToBounds)
        n.content = content
        return n
    }

    func shape(_ path: BezierPath, fill: Color? = Fixture.red, configure: (inout ShapeProperties) -> Void = { _ in }) -> RenderContent {
        var s = ShapeProperties()
        s.path = path
        s.fillColor = fill
        configure(&s)
        return .shape(s)
    }

    func close(_ a: RGBA, _ b: RGBA, _ tolerance: Int = 2, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }, "\(a) is not \(b)", file: file, line: line)
    }

    // MARK: Shape

    func testShapeWithZeroBoundsDrawsItsPath() throws {
        let n = node(Rect(0, 0, 0, 0), shape(.rect(Rect(10, 10, 20, 20))))
        try Fixture.render(Fixture.tree(40, 40, [n])).assertExactly(opaqueRed, in: (10, 10, 29, 29))
    }

    func testMasksToBoundsClipsTheShape() throws {
        let n = node(Rect(0, 0, 15, 40), shape(.rect(Rect(10, 10, 20, 20))), masksToBounds: true)
        try Fixture.render(Fixture.tree(40, 40, [n])).assertExactly(opaqueRed, in: (10, 10, 14, 29))
    }

    func testFillRules() throws {
        // Two squares wound the same way: nonZero fills the inner one, evenOdd leaves a hole.
        let outer = BezierPath.rect(Rect(0, 0, 30, 30)), inner = BezierPath.rect(Rect(10, 10, 10, 10))
        let both = BezierPath(outer.elements + inner.elements)
        let nonZero = try Fixture.render(Fixture.tree(30, 30, [node(.zero, shape(both))]))
        XCTAssertEqual(nonZero.rgba(15, 15), opaqueRed)
        let evenOdd = try Fixture.render(Fixture.tree(30, 30, [node(.zero, shape(both) { $0.fillRule = .evenOdd })]))
        XCTAssertEqual(evenOdd.rgba(15, 15), transparent)
        XCTAssertEqual(evenOdd.rgba(5, 5), opaqueRed)
    }

    func testStrokeEndTrimsByArcLength() throws {
        let line = BezierPath([.move(Point(0, 10)), .line(Point(100, 10))])
        let half = shape(line, fill: nil) { $0.strokeColor = Fixture.blue; $0.lineWidth = 2; $0.strokeEnd = 0.5 }
        try Fixture.render(Fixture.tree(100, 20, [node(.zero, half)])).assertExactly(opaqueBlue, in: (0, 9, 49, 10))
        let middle = shape(line, fill: nil) { $0.strokeColor = Fixture.blue; $0.lineWidth = 2; $0.strokeStart = 0.25; $0.strokeEnd = 0.75 }
        try Fixture.render(Fixture.tree(100, 20, [node(.zero, middle)])).assertExactly(opaqueBlue, in: (25, 9, 74, 10))
        let none = shape(line, fill: nil) { $0.strokeColor = Fixture.blue; $0.strokeStart = 0.6; $0.strokeEnd = 0.6 }
        XCTAssertNil(try Fixture.render(Fixture.tree(100, 20, [node(.zero, none)])).paintedBox)
    }

    func testTrimSpansSubpathsAndKeepsWholeClosedOnesClosed() {
        let a = StrokeTrim.Subpath(points: [Point(0, 0), Point(10, 0)], closed: false)
        let b = StrokeTrim.Subpath(points: [Point(0, 5), Point(10, 5)], closed: false)
        let pieces = StrokeTrim.trimmed([a, b], from: 0.25, to: 0.75)
        XCTAssertEqual(pieces.map(\.points), [[Point(5, 0), Point(10, 0)], [Point(0, 5), Point(5, 5)]])
        // A closed square: its closing edge counts in the length.
        let square = StrokeTrim.Subpath(points: [Point(0, 0), Point(10, 0), Point(10, 10), Point(0, 10)], closed: true)
        XCTAssertEqual(StrokeTrim.trimmed([square], from: 0, to: 1).map(\.closed), [true])
        let last = StrokeTrim.trimmed([square], from: 0.75, to: 1)
        XCTAssertEqual(last.map(\.points), [[Point(0, 10), Point(0, 0)]])
        XCTAssertEqual(last.map(\.closed), [false])
        XCTAssertEqual(StrokeTrim.trimmed([square], from: 0.5, to: 0.5).count, 0)
    }

    func testFillAndStrokeOfATranslucentShapeAreOneGroup() throws {
        // Group opacity: the fill must not show through the stroke above it.
        let content = shape(.rect(Rect(10, 10, 20, 20))) { $0.strokeColor = Fixture.blue; $0.lineWidth = 8 }
        let pixmap = try Fixture.render(Fixture.tree(40, 40, [node(.zero, content, opacity: 0.5)]))
        close(pixmap.rgba(11, 20), [0, 0, 128, 128])
        close(pixmap.rgba(20, 20), [128, 0, 0, 128])
    }

    func testDashPatternOfZerosDrawsASolidLineWithoutBreakingCairo() throws {
        let line = BezierPath([.move(Point(0, 10)), .line(Point(20, 10))])
        let content = shape(line, fill: nil) { $0.strokeColor = Fixture.blue; $0.lineWidth = 2; $0.lineDashPattern = [0, 0] }
        try Fixture.render(Fixture.tree(20, 20, [node(.zero, content)])).assertExactly(opaqueBlue, in: (0, 9, 19, 10))
        let dashed = shape(line, fill: nil) { $0.strokeColor = Fixture.blue; $0.lineWidth = 2; $0.lineDashPattern = [5] }
        let pixmap = try Fixture.render(Fixture.tree(20, 20, [node(.zero, dashed)]))
        XCTAssertEqual(pixmap.rgba(2, 10), opaqueBlue)
        XCTAssertEqual(pixmap.rgba(7, 10), transparent)
        XCTAssertEqual(pixmap.rgba(12, 10), opaqueBlue)
    }

    func testDashesFinerThanTheLimitDrawAsTheirAverageCoverage() throws {
        // 100 points of 0.0001-point dashes would be a million dashes.
        let line = BezierPath([.move(Point(0, 10)), .line(Point(100, 10))])
        let fine = shape(line, fill: nil) { $0.strokeColor = Fixture.blue; $0.lineWidth = 2; $0.lineDashPattern = [0.0001, 0.0003] }
        let pixmap = try Fixture.render(Fixture.tree(100, 20, [node(.zero, fine)]))
        close(pixmap.rgba(50, 10), [0, 0, 64, 64])
        close(pixmap.rgba(99, 9), [0, 0, 64, 64])
    }

    // MARK: Gradient

    func gradient(_ type: GradientType, _ colors: [Color], start: Point, end: Point,
                  locations: [Double]? = nil) -> RenderContent {
        var g = GradientProperties()
        g.type = type
        g.colors = colors
        g.startPoint = start
        g.endPoint = end
        g.locations = locations ?? GradientProperties.evenLocations(colors.count)
        return .gradient(g)
    }

    func testAxialGradientRunsFromStartToEndAndPads() throws {
        let content = gradient(.axial, [Fixture.red, Fixture.blue], start: Point(0.25, 0), end: Point(0.75, 0))
        let pixmap = try Fixture.render(Fixture.tree(100, 10, [node(Rect(0, 0, 100, 10), content)]))
        XCTAssertEqual(pixmap.rgba(5, 5), opaqueRed)
        close(pixmap.rgba(49, 5), [130, 0, 125, 255])  // pixel centre 49.5: 49% of the way
        XCTAssertEqual(pixmap.rgba(95, 5), opaqueBlue)
    }

    func testRadialGradientIsAnEllipseOfTheBoundsSize() throws {
        // Radii |end - start| x size: 0.5 x 200 = 100 across, 0.5 x 50 = 25 down.
        let content = gradient(.radial, [Fixture.red, Fixture.blue], start: Point(0.5, 0.5), end: Point(1, 1))
        let pixmap = try Fixture.render(Fixture.tree(200, 50, [node(Rect(0, 0, 200, 50), content)]))
        close(pixmap.rgba(100, 25), [250, 0, 5, 255], 2)   // pixel centre 0.5 below: 2% of ry
        close(pixmap.rgba(150, 25), [128, 0, 127, 255], 3)   // half way along x
        close(pixmap.rgba(100, 37), [128, 0, 127, 255], 6)   // half way along y (12.5 of 25)
        XCTAssertEqual(pixmap.rgba(1, 1), opaqueBlue)
    }

    func testConicGradientStartsTowardsEndPointAndTurnsClockwise() throws {
        let content = gradient(.conic, [Fixture.red, Fixture.green, Fixture.blue], start: Point(0.5, 0.5), end: Point(1, 0.5))
        let pixmap = try Fixture.render(Fixture.tree(100, 100, [node(Rect(0, 0, 100, 100), content)]))
        close(pixmap.rgba(95, 52), [247, 8, 0, 255], 8)      // just clockwise of 3 o'clock: red
        close(pixmap.rgba(5, 50), [0, 255, 0, 255], 8)       // 9 o'clock, half way: green
        close(pixmap.rgba(95, 47), [0, 8, 247, 255], 8)      // just before a full turn: blue
    }

    func testRetainedGradientGivesTheSamePixelsWhateverCameBefore() throws {
        let content = gradient(.conic, [Fixture.red, Fixture.green, Fixture.blue], start: Point(0.5, 0.5), end: Point(1, 0.5))
        func tree(_ x: Double) -> RenderTree { Fixture.tree(120, 60, [node(Rect(x, 5.25, 50, 50), content)]) }
        let fresh = try FrameRenderer().render(tree(10.5))
        let reused = FrameRenderer()
        _ = try reused.render(tree(30))
        _ = try reused.render(tree(10.5))
        XCTAssertEqual(try reused.render(tree(10.5)).pixels, fresh.pixels)
        // Moved by whole pixels: the same bitmap, the same pixels, moved.
        let moved = try reused.render(tree(30.5))
        XCTAssertEqual(moved.rgba(20 + 25, 30), fresh.rgba(25, 30))
    }

    func testGradientInsideAGroupAndUnderAClip() throws {
        let content = gradient(.axial, [Fixture.red, Fixture.red], start: Point(0, 0), end: Point(1, 0))
        let a = node(Rect(0, 0, 20, 20), content), b = Fixture.layer("root.g.b", Rect(10, 0, 20, 20), background: Fixture.blue)
        let group = Fixture.layer("root.g", Rect(5, 5, 30, 20), opacity: 0.5, masksToBounds: true, children: [a, b])
        let pixmap = try Fixture.render(Fixture.tree(40, 30, [group]))
        close(pixmap.rgba(8, 10), [128, 0, 0, 128])
        close(pixmap.rgba(20, 10), [0, 0, 128, 128])   // the group hides the red under the blue
        XCTAssertEqual(pixmap.rgba(36, 10), transparent)
    }

    // MARK: Text

    func text(_ string: String, size: Double = 20, alignment: TextAlignment = .natural) -> RenderContent {
        var t = TextProperties()
        t.string = string
        t.font = FontSpec(description: "sans", file: RenderPaths.font)
        t.fontSize = size
        t.foregroundColor = Fixture.red
        t.alignmentMode = alignment
        return .text(t)
    }

    func testTextDrawsInsideItsBoundsWithTheFontFile() throws {
        let n = node(Rect(10, 10, 60, 30), text("Hgy Hgy Hgy"))
        let pixmap = try Fixture.render(Fixture.tree(100, 60, [n]))
        let box = try XCTUnwrap(pixmap.paintedBox)
        XCTAssertGreaterThanOrEqual(box.minX, 10)
        XCTAssertGreaterThanOrEqual(box.minY, 10)
        XCTAssertLessThanOrEqual(box.maxX, 69)   // cut at the bounds (the string is wider)
        XCTAssertEqual(box.maxX, 69)
        XCTAssertLessThanOrEqual(box.maxY, 39)
        // Rendering twice (the second from the layout cache) gives the same bytes.
        let renderer = FrameRenderer()
        let tree = Fixture.tree(100, 60, [n])
        XCTAssertEqual(try renderer.render(tree).pixels, try renderer.render(tree).pixels)
        XCTAssertEqual(try renderer.render(tree).pixels, pixmap.pixels)
    }

    func testTextAlignment() throws {
        func box(_ a: TextAlignment) throws -> (Int, Int) {
            let pixmap = try Fixture.render(Fixture.tree(200, 40, [node(Rect(0, 0, 200, 40), text("ab", alignment: a))]))
            let b = try XCTUnwrap(pixmap.paintedBox)
            return (b.minX, b.maxX)
        }
        let left = try box(.left), right = try box(.right), centre = try box(.center)
        XCTAssertLessThan(left.0, 5)
        XCTAssertGreaterThan(right.1, 194)
        XCTAssertEqual(Double(centre.0 + centre.1) / 2, 100, accuracy: 3)
        XCTAssertEqual(try box(.natural).0, left.0)
    }

    func testMissingFontFileFallsBackWithoutFailing() throws {
        var t = TextProperties()
        t.string = "x"
        t.font = FontSpec(description: "sans", file: "/nonexistent/font.ttf")
        let pixmap = try Fixture.render(Fixture.tree(40, 40, [node(Rect(0, 0, 40, 40), .text(t))]))
        XCTAssertNotNil(pixmap.paintedBox)
    }

    // MARK: Particles

    func testParticlesAndAdditiveBlending() throws {
        let half = Color(1, 0, 0, 0.5)
        let a = Particle(center: Point(10, 10), z: 0, sprite: .rect(Size(4, 4)), scale: 1, angle: 0, color: half)
        let over = try Fixture.render(Fixture.tree(20, 20, [node(.zero, .particles(ParticleContent(particles: [a, a], additive: false)))]))
        close(over.rgba(10, 10), [191, 0, 0, 191])
        let add = try Fixture.render(Fixture.tree(20, 20, [node(.zero, .particles(ParticleContent(particles: [a, a], additive: true)))]))
        close(add.rgba(10, 10), [255, 0, 0, 255])
        let box = try XCTUnwrap(add.paintedBox)
        XCTAssertEqual([box.minX, box.minY, box.maxX, box.maxY], [8, 8, 11, 11])
        // Scale and rotation: a 2 x 10 bar turned a quarter is 10 wide.
        let bar = Particle(center: Point(10, 10), z: 0, sprite: .rect(Size(2, 5)), scale: 2, angle: Double.pi / 2, color: Fixture.red)
        let turned = try Fixture.render(Fixture.tree(20, 20, [node(.zero, .particles(ParticleContent(particles: [bar], additive: false)))]))
        let t = try XCTUnwrap(turned.paintedBox)
        XCTAssertEqual([t.minX, t.minY, t.maxX, t.maxY], [5, 8, 14, 11])
    }
}

enum RenderPaths {
    /// The committed DejaVu Sans file.
    static var font: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("scenes/fonts/DejaVuSans.ttf").path
    }
}
