import Foundation
import StrataModel
@testable import StrataRender
import XCTest

/// Issue #15: the conic seam, and gradient locations outside 0...1.
final class GradientStopsRenderTests: XCTestCase {
    private func gradient(_ type: GradientType, _ colors: [Color], start: Point, end: Point,
                          locations: [Double]? = nil, size: Double) throws -> Pixmap {
        var g = GradientProperties()
        g.type = type
        g.colors = colors
        g.startPoint = start
        g.endPoint = end
        g.locations = locations ?? GradientProperties.evenLocations(colors.count)
        var n = Fixture.layer("root.g", Rect(0, 0, size, size))
        n.content = .gradient(g)
        return try Fixture.render(Fixture.tree(size, size, [n]))
    }

    /// The example: on 110x110, pixel (100, 55) lies just clockwise
    /// of the 0° ray (its centre is half a pixel below it): the first color.
    func testConicSeamPixelJustClockwiseOfTheStartIsTheFirstColor() throws {
        let p = try gradient(.conic, [Fixture.red, Fixture.blue], start: Point(0.5, 0.5), end: Point(1, 0.5), size: 110)
        let c = p.rgba(100, 55)
        XCTAssertGreaterThan(c[0], 250, "\(c)")
        XCTAssertLessThan(c[2], 5, "\(c)")
        // And just counter-clockwise of it (pixel row 54): the last color.
        let before = p.rgba(100, 54)
        XCTAssertGreaterThan(before[2], 250, "\(before)")
    }

    /// Every pixel away from the centre has the color of its centre's angle
    /// (red at 0 turning to blue at one turn), on both sides of the seam.
    func testConicColorsFollowEachPixelCentresAngle() throws {
        let size = 110.0
        let p = try gradient(.conic, [Fixture.red, Fixture.blue], start: Point(0.5, 0.5), end: Point(1, 0.5), size: size)
        var worst = 0, at = (0, 0)
        for y in 0..<Int(size) {
            for x in 0..<Int(size) {
                let dx = Double(x) + 0.5 - 55, dy = Double(y) + 0.5 - 55
                guard dx * dx + dy * dy > 9 else { continue }
                var f = atan2(dy, dx) / (2 * Double.pi)
                if f < 0 { f += 1 }
                let expected = [Int((255 * (1 - f)).rounded()), 0, Int((255 * f).rounded()), 255]
                let error = zip(p.rgba(x, y), expected).map { abs($0 - $1) }.max()!
                if error > worst { worst = error; at = (x, y) }
            }
        }
        XCTAssertLessThanOrEqual(worst, 6, "pixel \(at): \(p.rgba(at.0, at.1))")
    }

    /// The shimmer: locations animate from [-1, -0.5, 0] to [1, 1.5, 2]; at
    /// [-0.5, 0, 0.5] the bright stop sits at the start and the band's far
    /// half spans the first half of the bounds.
    func testLocationsOutsideZeroToOneLieBeyondTheEnds() throws {
        let dim = Color(0.2, 0.2, 0.2), bright = Color(1, 1, 1)
        let p = try gradient(.axial, [dim, bright, dim], start: Point(0, 0.5), end: Point(1, 0.5),
                             locations: [-0.5, 0, 0.5], size: 100)
        XCTAssertEqual(p.rgba(0, 50)[0], 251, accuracy: 2)        // x 0.5: just past the bright stop
        XCTAssertEqual(p.rgba(24, 50)[0], 153, accuracy: 2)       // half way down to dim (0.2 + 0.8 · 0.51)
        XCTAssertEqual(p.rgba(75, 50), [51, 51, 51, 255])        // past 0.5: dim
        // All stops below 0: the last color everywhere; all above 1: the first.
        let early = try gradient(.axial, [dim, bright, dim], start: Point(0, 0.5), end: Point(1, 0.5),
                                 locations: [-1, -0.5, -0.1], size: 20)
        XCTAssertEqual(early.rgba(10, 10), [51, 51, 51, 255])
        let late = try gradient(.axial, [bright, dim, dim], start: Point(0, 0.5), end: Point(1, 0.5),
                                locations: [1.2, 1.5, 2], size: 20)
        XCTAssertEqual(late.rgba(10, 10), [255, 255, 255, 255])
    }

    /// Past endPoint the gradient goes on to a stop beyond 1 (axial), and
    /// a radial one reaches past its ellipse.
    func testStopsBeyondOneReachPastTheEndPoint() throws {
        let axial = try gradient(.axial, [Fixture.red, Fixture.blue], start: Point(0, 0.5), end: Point(0.5, 0.5),
                                 locations: [0, 2], size: 100)
        close(axial.rgba(49, 50), [128, 0, 127, 255], 2)   // t = 0.99 of 2: half way
        close(axial.rgba(99, 50), [1, 0, 254, 255], 2)     // t = 1.99
        let radial = try gradient(.radial, [Fixture.red, Fixture.blue], start: Point(0.5, 0.5), end: Point(0.75, 0.75),
                                  locations: [0, 2], size: 100)
        close(radial.rgba(74, 49), [130, 0, 125, 255], 3)  // distance 0.98 of 2
    }

    private func close(_ a: RGBA, _ b: RGBA, _ tolerance: Int, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }, "\(a) is not \(b)", file: file, line: line)
    }

    func testStopsClippedToTheEndsKeepTheColorsBetween() {
        let stops = GradientStops(colors: [Fixture.red, Fixture.blue, Fixture.green], locations: [-1, 1, 3])
        XCTAssertEqual(stops.clipped(to: 0...1).offsets, [0, 1, 1])
        // At 0, half way from red to blue; at 1, blue.
        XCTAssertEqual(stops.clipped(to: 0...1).colors[0].red, 0.5, accuracy: 1e-12)
        XCTAssertEqual(stops.clipped(to: 0...1).colors[0].blue, 0.5, accuracy: 1e-12)
        XCTAssertEqual(stops.clipped(to: 0...1).colors[1], Fixture.blue)
        XCTAssertEqual(stops.span, -1...3)
        XCTAssertEqual(stops.normalized(to: stops.span).offsets, [0, 0.5, 1])
        let inside = GradientStops(colors: [Fixture.red, Fixture.blue], locations: [0.2, 0.8])
        XCTAssertEqual(inside.offsets, [0.2, 0.8])
    }
}
