import StrataModel
import StrataTestSupport
import XCTest
@testable import StrataRender

/// The one-pass kernel for coverage stores under turned maps
/// (`CoverageOver`) gives the very bytes of the general path: the run
/// fetched into a buffer (`TexelFetch.fetch`), then blended over
/// (`Blending.over`), and of each pixel sampled on its own
/// (`fetchOneByOne`) blended with the scalar `Pixel.over`; and so do exact
/// copies of a coverage store blended four at a time.
final class CoverageOverTests: XCTestCase {
    /// A coverage store of random bytes (often 0 or 255), a transparent
    /// border around it as the planner's stores have.
    private func store(width: Int, height: Int, _ g: inout SeededGenerator) -> BackingStore {
        let s = BackingStore(format: .a8, width: width, height: height)!
        for y in 1..<(height - 1) {
            for x in 1..<(width - 1) {
                let pick = g.next() % 4
                let c = pick == 0 ? 0 : pick == 1 ? 255 : UInt8(truncatingIfNeeded: g.next())
                (s.pixels + y * s.stride).storeBytes(of: c, toByteOffset: x, as: UInt8.self)
            }
        }
        return s
    }

    /// A premultiplied pixel (each channel at most its alpha).
    private func pixel(_ g: inout SeededGenerator) -> UInt32 {
        let a = UInt32(truncatingIfNeeded: g.next()) & 0xFF
        let c = { (n: UInt64) in a == 0 ? 0 : UInt32(n % UInt64(a + 1)) }
        return a << 24 | c(g.next()) << 16 | c(g.next()) << 8 | c(g.next())
    }

    private func double(_ g: inout SeededGenerator, _ lo: Double, _ hi: Double) -> Double {
        lo + (hi - lo) * Double(g.next() >> 11) / 0x1p53
    }

    func testOnePassMatchesFetchThenBlend() {
        var g = SeededGenerator(seed: 24)
        for trial in 0..<80 {
            let width = 3 + Int(g.next() % 20), height = 3 + Int(g.next() % 20)
            let s = store(width: width, height: height, &g)
            // Surface -> store: turned and scaled, offset so that runs start and end outside the store.
            let angle = double(&g, 0, 2 * .pi), scale = double(&g, 0.3, 3)
            let c = cos(angle) * scale, d = sin(angle) * scale
            let toStore = Homography(a11: c, a12: d, a13: 0, a21: -d, a22: c, a23: 0,
                                     a31: double(&g, -30, 30), a32: double(&g, -30, 30), a33: trial % 5 == 0 ? 2 : 1)
            let color = trial % 4 == 0 ? 0xFFFF_FFFF : pixel(&g) | 0x0100_0000
            let fetch = TexelFetch(store: s, toStore: toStore, color: color)
            XCTAssertTrue(CoverageOver.applies(to: fetch))
            let kernel = CoverageOver(fetch)
            for _ in 0..<8 {
                let y = Int(g.next() % 60) - 30, from = Int(g.next() % 60) - 30, count = Int(g.next() % 40)
                let dst = (0..<count).map { _ in pixel(&g) }
                var fast = dst, general = dst
                fast.withUnsafeMutableBufferPointer { kernel.blend(y: y, from: from, count: count, onto: $0.baseAddress!) }
                var source = [UInt32](repeating: 0, count: count)
                source.withUnsafeMutableBufferPointer { fetch.fetch(y: y, from: from, count: count, into: $0.baseAddress!) }
                general.withUnsafeMutableBufferPointer { Blending.over(source, $0.baseAddress!, count: count) }
                XCTAssertEqual(fast, general, "\(width)x\(height), row \(y) from \(from), \(count) pixels")
                var one = [UInt32](repeating: 0, count: count)
                one.withUnsafeMutableBufferPointer { fetch.fetchOneByOne(y: y, from: from, count: count, into: $0.baseAddress!) }
                XCTAssertEqual(fast, (0..<count).map { Pixel.over(one[$0], dst[$0]) })
            }
        }
    }

    func testRunsFarOutsideTheStoreGoOneByOne() {
        var g = SeededGenerator(seed: 3)
        let s = store(width: 8, height: 8, &g)
        // Positions past 32-bit lanes: clamped to the edge texels one pixel at a time.
        let fetch = TexelFetch(store: s, toStore: Homography(a11: 0.5, a12: 0.25, a13: 0, a21: 0, a22: 1, a23: 0,
                                                             a31: -0x1p20, a32: 3, a33: 1), color: 0xC080_4020)
        let dst = (0..<37).map { _ in pixel(&g) }
        var fast = dst, general = dst
        fast.withUnsafeMutableBufferPointer { CoverageOver(fetch).blend(y: 2, from: 5, count: 37, onto: $0.baseAddress!) }
        var source = [UInt32](repeating: 0, count: 37)
        source.withUnsafeMutableBufferPointer { fetch.fetch(y: 2, from: 5, count: 37, into: $0.baseAddress!) }
        general.withUnsafeMutableBufferPointer { Blending.over(source, $0.baseAddress!, count: 37) }
        XCTAssertEqual(fast, general)
    }

    /// Exact copies of a coverage store (`Compositor.coverageOver`: empty
    /// eights skipped, fours blended together) against the copy fetched and
    /// blended; stores with long empty stretches, runs reaching past the
    /// store's sides and rows.
    func testExactCopiesMatchFetchThenBlend() {
        var g = SeededGenerator(seed: 8)
        for _ in 0..<60 {
            let width = 3 + Int(g.next() % 40), height = 3 + Int(g.next() % 12)
            let s = store(width: width, height: height, &g)
            // Empty stretches, as strokes leave.
            for y in 0..<height where g.next() % 2 == 0 {
                let start = Int(g.next() % UInt64(width)), n = Int(g.next() % 20)
                for x in start..<min(width, start + n) {
                    (s.pixels + y * s.stride).storeBytes(of: 0, toByteOffset: x, as: UInt8.self)
                }
            }
            let dx = Int(g.next() % 20) - 10, dy = Int(g.next() % 8) - 4
            let toStore = Homography(a11: 1, a12: 0, a13: 0, a21: 0, a22: 1, a23: 0, a31: Double(dx), a32: Double(dy), a33: 1)
            let color = pixel(&g) | 0x0100_0000
            let fetch = TexelFetch(store: s, toStore: toStore, color: color)
            for _ in 0..<8 {
                let y = Int(g.next() % 24) - 6, from = Int(g.next() % 60) - 15, count = Int(g.next() % 50)
                let dst = (0..<count).map { _ in pixel(&g) }
                var fast = dst, general = dst
                fast.withUnsafeMutableBufferPointer {
                    Compositor.coverageOver(s, row: y + dy, from: from + dx, count: count, color: color, into: $0.baseAddress!)
                }
                var source = [UInt32](repeating: 0, count: count)
                source.withUnsafeMutableBufferPointer { fetch.fetch(y: y, from: from, count: count, into: $0.baseAddress!) }
                general.withUnsafeMutableBufferPointer { Blending.over(source, $0.baseAddress!, count: count) }
                XCTAssertEqual(fast, general, "\(width)x\(height) by \(dx), \(dy): row \(y) from \(from), \(count) pixels")
            }
        }
    }

    /// Colour stores and exact copies are not the kernel's.
    func testAppliesOnlyToTurnedCoverageStores() {
        let a8 = BackingStore(format: .a8, width: 4, height: 4)!, argb = BackingStore(format: .argb32, width: 4, height: 4)!
        let turned = Homography(a11: 0.8, a12: 0.6, a13: 0, a21: -0.6, a22: 0.8, a23: 0, a31: 1, a32: 2, a33: 1)
        let shifted = Homography(a11: 1, a12: 0, a13: 0, a21: 0, a22: 1, a23: 0, a31: 1, a32: 2, a33: 1)
        XCTAssertTrue(CoverageOver.applies(to: TexelFetch(store: a8, toStore: turned, color: 0xFF00_00FF)))
        XCTAssertFalse(CoverageOver.applies(to: TexelFetch(store: argb, toStore: turned, color: 0xFF00_00FF)))
        XCTAssertFalse(CoverageOver.applies(to: TexelFetch(store: a8, toStore: shifted, color: 0xFF00_00FF)))
    }

    /// The lanes check made once for a quad's box (`lanesFit`) holds only
    /// when every row's widest run passes the per-row check (any run of the
    /// box's rows lies within it), over maps and boxes that reach both
    /// outcomes.
    func testLanesFitForTheBoxOnlyWhenEveryRowFits() {
        var g = SeededGenerator(seed: 31)
        let s = store(width: 8, height: 8, &g)
        var fitting = 0, notFitting = 0
        for trial in 0..<300 {
            let scale = pow(2, double(&g, -4, 14)), angle = double(&g, 0, 2 * .pi)
            let c = cos(angle) * scale, d = sin(angle) * scale, reach = pow(2, double(&g, 0, 18))
            let k = Homography(a11: c, a12: d, a13: 0, a21: -d, a22: c, a23: 0,
                               a31: double(&g, -reach, reach), a32: double(&g, -reach, reach), a33: trial % 3 == 0 ? 0.5 : 1)
            let fetch = TexelFetch(store: s, toStore: k, color: 0xFFFF_FFFF)
            let minX = Int(g.next() % 2000) - 1000, minY = Int(g.next() % 2000) - 1000
            let box = PixelBox(minX: minX, minY: minY, maxX: minX + 1 + Int(g.next() % 300),
                               maxY: minY + 1 + Int(g.next() % 300))
            guard CoverageOver(fetch).lanesFit(box) else { notFitting += 1; continue }
            fitting += 1
            let count = box.maxX - box.minX
            for y in box.minY..<box.maxY {
                let (u0, v0) = fetch.rowStart(y: y)
                XCTAssertTrue(TexelFetch.fitsLanes(u0 &+ box.minX &* fetch.stepU, fetch.stepU, count: count), "\(k) row \(y)")
                XCTAssertTrue(TexelFetch.fitsLanes(v0 &+ box.minX &* fetch.stepV, fetch.stepV, count: count), "\(k) row \(y)")
            }
        }
        XCTAssertGreaterThan(fitting, 30)
        XCTAssertGreaterThan(notFitting, 30)
        // No finite map (or a33 = 0) decides nothing for the box.
        let infinite = Homography(a11: 1, a12: 0, a13: 0, a21: 0, a22: 1, a23: 0, a31: .infinity, a32: 0, a33: 1)
        XCTAssertFalse(CoverageOver(TexelFetch(store: s, toStore: infinite, color: 0xFFFF_FFFF))
            .lanesFit(PixelBox(minX: 0, minY: 0, maxX: 4, maxY: 4)))
    }
}
