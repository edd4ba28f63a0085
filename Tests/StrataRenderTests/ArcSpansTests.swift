import StrataModel
import StrataTestSupport
import XCTest
@testable import StrataRender

/// The per-row runs of rounded shapes (`ItemRegion.runs`, `ArcSpans`):
/// every pixel a run calls full has coverage 255, every pixel left out of
/// the runs has coverage 0, and only pixels near an edge or an arc are left
/// to per-pixel coverage, under turns, scales, borders and clips.
final class ArcSpansTests: XCTestCase {
    /// An affine map: scale, turn by `degrees`, then move by (tx, ty).
    private func map(scale: Double, degrees: Double, tx: Double, ty: Double) -> Homography {
        let a = degrees * .pi / 180, c = cos(a) * scale, s = sin(a) * scale
        return Homography(a11: c, a12: s, a13: 0, a21: -s, a22: c, a23: 0, a31: tx, a32: ty, a33: 1)
    }

    private func shape(_ rect: Rect, radius: Double, _ m: Homography, corners: CornerMask = .all) -> SoftShape {
        SoftShape(RoundedRect(rect, cornerRadius: radius, corners: corners), through: m, nearW: FramePlanner.nearW)!
    }

    /// Checks the runs of every row of `box` against per-pixel coverage; returns how many pixels were partial.
    @discardableResult
    private func check(_ region: ItemRegion, box: PixelBox, file: StaticString = #filePath, line: UInt = #line) -> Int {
        let cover = UnsafeMutablePointer<UInt8>.allocate(capacity: box.width + 8)
        defer { cover.deallocate() }
        var partial = 0
        for y in box.minY..<box.maxY {
            var kind = [Int8](repeating: -1, count: box.width)  // -1 outside the runs, 0 partial, 1 full
            region.runs(y: y, minX: box.minX, maxX: box.maxX) { from, to, full in
                for x in from..<to { kind[x - box.minX] = full ? 1 : 0 }
                if !full { partial += to - from }
            }
            region.coverage(y: y, from: box.minX, count: box.width, into: cover)
            for i in 0..<box.width {
                if kind[i] == 1, cover[i] != 255 {
                    return fail("pixel (\(box.minX + i), \(y)) in a full run has coverage \(cover[i])", file, line)
                }
                if kind[i] == -1, cover[i] != 0 {
                    return fail("pixel (\(box.minX + i), \(y)) outside the runs has coverage \(cover[i])", file, line)
                }
            }
        }
        return partial
    }

    private func fail(_ message: String, _ file: StaticString, _ line: UInt) -> Int {
        XCTFail(message, file: file, line: line)
        return .max
    }

    func testRoundedRectsLeaveOnlyEdgeAndArcPixelsPartial() {
        let box = PixelBox(minX: 0, minY: 0, maxX: 400, maxY: 400)
        for degrees in [0.0, 7, 30, 45, 90, 133] {
            for scale in [1.0, 1.3, 0.6] {
                let m = map(scale: scale, degrees: degrees, tx: 200.3, ty: 190.7)
                let own = shape(Rect(-110, -70, 220, 140), radius: 40, m)
                let partial = check(ItemRegion(own: own, clip: .none), box: box)
                // About two pixels along the outline (a row along a side is
                // partial all along it); the 40 x 40 zones of the corners,
                // as the inner rectangles left them, would add ~5800.
                let outline = (2 * (220 + 140) - 8 * 40 + 2 * .pi * 40) * scale
                XCTAssertLessThanOrEqual(Double(partial), 3 * outline, "\(degrees) deg, scale \(scale)")
            }
        }
    }

    func testBordersClipsAndPartlyRoundedCornersMatchPerPixelCoverage() {
        let box = PixelBox(minX: 0, minY: 0, maxX: 320, maxY: 320)
        for degrees in [0.0, 20, 45] {
            let m = map(scale: 1.1, degrees: degrees, tx: 160.5, ty: 150.25)
            let own = shape(Rect(-100, -60, 200, 120), radius: 26, m)
            let hole = shape(Rect(-96, -56, 192, 112), radius: 22, m)
            check(ItemRegion(own: own, hole: hole, clip: .none), box: box)
            let clip = ClipStack(shapes: [shape(Rect(-80, -90, 150, 150), radius: 75, m)], cuts: [])
            check(ItemRegion(own: own, clip: clip), box: box)
            let some = shape(Rect(-100, -60, 200, 120), radius: 30, m, corners: [.minXMinY, .maxXMaxY])
            check(ItemRegion(own: some, clip: .none), box: box)
            // Continuous corners keep the inner rectangles (not solved on rows).
            let continuous = SoftShape(RoundedRect(Rect(-100, -60, 200, 120), cornerRadius: 30, curve: .continuous),
                                       through: m, nearW: FramePlanner.nearW)!
            check(ItemRegion(own: continuous, clip: .none), box: box)
            // A circle: the radius is half of both sides.
            check(ItemRegion(own: shape(Rect(-50, -50, 100, 100), radius: 50, m), clip: .none), box: box)
        }
    }

    /// Seeded random rounded rects (turned, scaled, some corners square,
    /// borders, rounded clips): the runs keep to per-pixel coverage, and
    /// `RowRuns` collects exactly the runs `ItemRegion.runs` gives, in order.
    func testRandomRoundedShapesRunsMatchCoverageAndCollectedRuns() {
        var random = SeededGenerator(seed: 0x5EED_A4C5)
        let box = PixelBox(minX: 0, minY: 0, maxX: 160, maxY: 160)
        let rowRuns = RowRuns.allocate()
        defer { rowRuns.deallocate() }
        for trial in 0..<40 {
            let m = map(scale: .random(in: 0.4...1.8, using: &random), degrees: .random(in: 0..<360, using: &random),
                        tx: .random(in: 60...100, using: &random), ty: .random(in: 60...100, using: &random))
            let w = Double.random(in: 8...90, using: &random), h = Double.random(in: 8...90, using: &random)
            let radius = Double.random(in: 0.5...(min(w, h) / 2), using: &random)
            let corners = CornerMask(rawValue: UInt8.random(in: 1...15, using: &random))
            let own = shape(Rect(-w / 2, -h / 2, w, h), radius: radius, m, corners: corners)
            let inset = Double.random(in: 1...2, using: &random)
            let hole = trial % 2 == 0
                ? shape(Rect(-w / 2 + inset, -h / 2 + inset, w - 2 * inset, h - 2 * inset),
                        radius: max(radius - inset, 0.25), m, corners: corners) : nil
            let clip = trial % 3 == 0
                ? ClipStack(shapes: [shape(Rect(-w / 3, -h / 2, w, h), radius: min(w, h) / 3, m)], cuts: []) : .none
            let region = ItemRegion(own: own, hole: hole, clip: clip)
            // Every shape's outline lies within the box: some pixels are partial.
            XCTAssertGreaterThan(check(region, box: box), 0, "trial \(trial)")
            for y in box.minY..<box.maxY {
                var given: [RowRuns.Run] = []
                region.runs(y: y, minX: box.minX, maxX: box.maxX) { given.append(RowRuns.Run(from: $0, to: $1, full: $2)) }
                let count = rowRuns.collect(region, y: y, minX: box.minX, maxX: box.maxX)
                let collected = (0..<count).map { rowRuns[$0] }
                XCTAssertEqual(collected.map { [$0.from, $0.to, $0.full ? 1 : 0] }, given.map { [$0.from, $0.to, $0.full ? 1 : 0] },
                               "trial \(trial), row \(y)")
            }
        }
    }
}
