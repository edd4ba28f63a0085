import StrataModel
import XCTest
@testable import StrataRender

/// `shadowPath` given as SVG path data: the shape is filled (non-zero, open
/// subpaths closed), offset and blurred like the other shapes.
final class SVGShadowPathTests: XCTestCase {
    /// A sharp (radius 0) triangle shadow under a transparent layer: inside
    /// the triangle opaque shadow, outside nothing; the offset moves it.
    func testTriangleShadowFillsThePathWithItsOffset() throws {
        var layer = Fixture.layer("l", Rect(10, 10, 100, 100))
        let triangle: [ShapePath.Element] = [.move(Point(0, 0)), .line(Point(80, 0)), .line(Point(0, 80)), .close]
        layer.shadow = RenderShadow(color: Color(0, 0, 1, 1), offset: Size(5, 0), radius: 0, path: .path(triangle))
        let pixmap = try Fixture.render(Fixture.tree(120, 120, [layer]))
        // Layer origin (10, 10), offset 5: the triangle spans x 15...95, y 10...90, hypotenuse x + y = 105.
        XCTAssertEqual(pixmap.rgba(20, 15), opaqueBlue)
        XCTAssertEqual(pixmap.rgba(60, 30), opaqueBlue)      // x + y = 90 < 105
        XCTAssertEqual(pixmap.rgba(70, 50), transparent)    // x + y = 120 > 105
        XCTAssertEqual(pixmap.rgba(12, 40), transparent)    // left of the offset edge
        XCTAssertEqual(pixmap.paintedBox.map { [$0.minX, $0.minY] }, [15, 10])
    }

    /// An open subpath is closed for filling; a quadratic curve bulges as
    /// its degree-elevated cubic: the curve's midpoint is at
    /// (p0 + 2c + p1) / 4.
    func testOpenQuadraticPathIsClosedAndCurved() throws {
        var layer = Fixture.layer("l", Rect(0, 0, 100, 100))
        let dome: [ShapePath.Element] = [.move(Point(10, 90)), .quad(Point(50, 10), Point(90, 90))]
        layer.shadow = RenderShadow(color: Color(0, 0, 0, 1), offset: Size(0, 0), radius: 0, path: .path(dome))
        let pixmap = try Fixture.render(Fixture.tree(100, 100, [layer]))
        // Apex at y = (90 + 20 + 90) / 4 = 50.
        XCTAssertEqual(pixmap.rgba(50, 53)[3], 255)
        XCTAssertEqual(pixmap.rgba(50, 47)[3], 0)
        XCTAssertEqual(pixmap.rgba(50, 85)[3], 255)          // closed back to the start along y = 90
        XCTAssertEqual(pixmap.rgba(50, 93)[3], 0)
    }
}
