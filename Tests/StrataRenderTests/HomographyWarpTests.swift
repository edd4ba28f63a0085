import StrataModel
import XCTest
@testable import StrataRender

/// The perspective compositor's math: homography, coverage, near-plane clipping.
final class HomographyWarpTests: XCTestCase {
    /// A layer turned 60deg about y under perspective 300: the flattened
    /// 3x3 maps every corner exactly where Transform3D.project puts it.
    func testFlattenedHomographyMatchesTransformProjection() {
        let t = Transform3D.translation(-50, -40) * Transform3D.rotation(.pi / 3, 0, 1, 0)
            * Transform3D.translation(0, 0, 20) * Transform3D.perspective(300) * Transform3D.translation(160, 90)
        let h = Homography(flattening: t)
        for (x, y) in [(0.0, 0.0), (100, 0), (100, 80), (0, 80), (37.5, 12.25)] {
            let a = h.project(x, y), b = t.project(Point(x, y))
            XCTAssertEqual(a.x, b.x, accuracy: 1e-9)
            XCTAssertEqual(a.y, b.y, accuracy: 1e-9)
        }
        let inv = try! XCTUnwrap(h.inverted)
        let p = h.then(inv).project(12, 34)
        XCTAssertEqual(p.x, 12, accuracy: 1e-9)
        XCTAssertEqual(p.y, 34, accuracy: 1e-9)
    }

    /// Warping an opaque 4x4 bitmap onto the pixel-aligned square [2, 6)^2
    /// fills exactly those pixels; an edge through pixel centres covers half.
    func testWarpCoverageAtEdges() {
        let source = [UInt32](repeating: 0xFF00_00FF, count: 16)  // opaque blue
        func run(_ rect: DeviceBox) -> [UInt32] {
            var dest = [UInt32](repeating: 0, count: 100)
            let toSurface = Homography.scale((rect.maxX - rect.minX) / 4).then(.translation(rect.minX, rect.minY))
            source.withUnsafeBufferPointer { s in
                dest.withUnsafeMutableBufferPointer { d in
                    Warp.composite(Warp.Source(pixels: s.baseAddress!, width: 4, height: 4, stride: 4),
                                   toSource: toSurface.inverted!, polygon: ConvexPolygon(rect: rect), alpha: 1,
                                   into: Warp.Target(pixels: d.baseAddress!, width: 10, height: 10, stride: 10,
                                                     originX: 0, originY: 0))
                }
            }
            return dest
        }
        let exact = run(DeviceBox(minX: 2, minY: 2, maxX: 6, maxY: 6))
        for y in 0..<10 {
            for x in 0..<10 {
                let inside = (2..<6).contains(x) && (2..<6).contains(y)
                XCTAssertEqual(exact[y * 10 + x], inside ? 0xFF00_00FF : 0, "(\(x), \(y))")
            }
        }
        // Right edge at x = 6.5 runs through the centres of column 6: half coverage.
        let half = run(DeviceBox(minX: 2, minY: 2, maxX: 6.5, maxY: 6))
        XCTAssertEqual(Double(half[3 * 10 + 6] >> 24), 128, accuracy: 1)
        XCTAssertEqual(half[3 * 10 + 5] >> 24, 255)
        XCTAssertEqual(half[3 * 10 + 7], 0)
    }

    /// Two pieces sharing a hard (split) edge tile with no seam and no overlap.
    func testHardSplitEdgesTileWithoutSeams() {
        var left = ConvexPolygon(rect: DeviceBox(minX: 0, minY: 0, maxX: 10, maxY: 10))
        var right = left
        // Cut along a slanted line through pixel centres.
        left = left.clipped(a: -1, b: 0.3, c: 5.5)
        right = right.clipped(a: 1, b: -0.3, c: -5.5)
        let source = [UInt32](repeating: 0xFF00_FF00, count: 1)
        var dest = [UInt32](repeating: 0, count: 100)
        source.withUnsafeBufferPointer { s in
            dest.withUnsafeMutableBufferPointer { d in
                for p in [left, right] {
                    Warp.composite(Warp.Source(pixels: s.baseAddress!, width: 1, height: 1, stride: 1),
                                   toSource: Homography.scale(0.1), polygon: p, alpha: 0.5,
                                   into: Warp.Target(pixels: d.baseAddress!, width: 10, height: 10, stride: 10,
                                                     originX: 0, originY: 0))
                }
            }
        }
        // Half alpha everywhere: a doubly drawn pixel would be ~192, a gap 0.
        for (i, p) in dest.enumerated() { XCTAssertEqual(Double(p >> 24), 128, accuracy: 1, "pixel \(i)") }
    }

    /// A plane passing behind the eye is cut at W = epsilon before any divide.
    func testNearPlaneClipKeepsOnlyThePartInFrontOfTheEye() {
        // Tilted back 80deg under perspective 100: its far half is beyond the eye.
        let t = Transform3D.translation(-500, -500) * Transform3D.rotation(-80 * .pi / 180, 1, 0, 0)
            * Transform3D.perspective(100) * Transform3D.translation(100, 100)
        let h = Homography(flattening: t)
        let rect = DeviceBox(minX: 0, minY: 0, maxX: 1000, maxY: 1000)
        let visible = ConvexPolygon.visiblePart(of: rect, under: h, nearW: FramePlanner.nearW, clip: nil)
        XCTAssertFalse(visible.isEmpty)
        for i in 0..<visible.count {
            XCTAssertGreaterThanOrEqual(h.apply(visible.xs[i], visible.ys[i]).w, FramePlanner.nearW * 0.999)
        }
        XCTAssertLessThan(visible.boundingBox.maxY - visible.boundingBox.minY, 1000)
    }

    func testDepthSortOrdersCrossingPlanesBySplitting() {
        // Two planes crossing in an X seen from above: each is split once.
        func plane(_ z0: Double, _ z1: Double, leaf: Int) -> DepthPolygon {
            DepthPolygon(xs: [0, 10, 10, 0], ys: [0, 0, 10, 10], zs: [z0, z1, z1, z0], hard: [false, false, false, false], leaf: leaf)
        }
        let order = DepthSort.backToFront([plane(-5, 5, leaf: 0), plane(5, -5, leaf: 1)])
        XCTAssertEqual(order.count, 3)  // the second plane is cut in two by the first
        // Every piece is drawn after all pieces lying behind it at the same x.
        XCTAssertEqual(order.map(\.leaf).sorted(), [0, 1, 1])
        XCTAssertTrue(order.flatMap(\.hard).contains(true))
    }
}
