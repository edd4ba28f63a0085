import StrataModel
import XCTest
@testable import StrataRender

/// Bilinear fetches four pixels at a time give the very bytes of each pixel
/// sampled on its own (`TexelFetch.fetchOneByOne`), over whole runs: the
/// ends of a run, where positions are clamped to the store's edge, and the
/// last group of fewer than four included.
final class TexelFetchTests: XCTestCase {
    /// A seeded xorshift generator: the same stores and maps on every run.
    private struct Noise {
        var state: UInt64
        mutating func next() -> UInt32 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return UInt32(truncatingIfNeeded: state >> 32)
        }
        /// Uniform in [lo, hi).
        mutating func double(_ lo: Double, _ hi: Double) -> Double { lo + (hi - lo) * Double(next()) / 0x1p32 }
    }

    /// A store of random texels (coverage bytes, or premultiplied pixels), a
    /// transparent border around it as the planner's stores have.
    private func store(_ format: BackingStore.Format, width: Int, height: Int, noise: inout Noise) -> BackingStore {
        let s = BackingStore(format: format, width: width, height: height)!
        for y in 1..<(height - 1) {
            let row = s.pixels + y * s.stride
            for x in 1..<(width - 1) {
                if format == .a8 {
                    row.storeBytes(of: UInt8(truncatingIfNeeded: noise.next()), toByteOffset: x, as: UInt8.self)
                } else {
                    let a = noise.next() & 0xFF, c = { (n: UInt32) in a == 0 ? 0 : n % (a + 1) }
                    row.storeBytes(of: a << 24 | c(noise.next()) << 16 | c(noise.next()) << 8 | c(noise.next()),
                                   toByteOffset: x * 4, as: UInt32.self)
                }
            }
        }
        return s
    }

    func testFourWideFetchesMatchEachPixelOnItsOwn() {
        var noise = Noise(state: 11)
        for format in [BackingStore.Format.a8, .argb32] {
            for trial in 0..<60 {
                let width = 3 + Int(noise.next() % 20), height = 3 + Int(noise.next() % 20)
                let s = store(format, width: width, height: height, noise: &noise)
                // Surface -> store: turned and scaled, offset so that runs start and end outside the store.
                let angle = noise.double(0, 2 * .pi), scale = noise.double(0.3, 3)
                let c = cos(angle) * scale, d = sin(angle) * scale
                let toStore = Homography(a11: c, a12: d, a13: 0, a21: -d, a22: c, a23: 0,
                                         a31: noise.double(-30, 30), a32: noise.double(-30, 30), a33: 1)
                let color: UInt32 = trial % 3 == 0 ? 0xFFFF_FFFF : 0xC0_80_40_20
                let fetch = TexelFetch(store: s, toStore: toStore, color: color)
                guard case .affine = fetch.mode else { XCTFail("not affine"); continue }
                for _ in 0..<8 {
                    let y = Int(noise.next() % 60) - 30, from = Int(noise.next() % 60) - 30
                    let count = Int(noise.next() % 40)
                    var fast = [UInt32](repeating: 1, count: count), slow = fast
                    fast.withUnsafeMutableBufferPointer { fetch.fetch(y: y, from: from, count: count, into: $0.baseAddress!) }
                    slow.withUnsafeMutableBufferPointer {
                        fetch.fetchOneByOne(y: y, from: from, count: count, into: $0.baseAddress!)
                    }
                    XCTAssertEqual(fast, slow, "\(format), \(width)x\(height), row \(y) from \(from), \(count) pixels")
                }
            }
        }
    }

    func testRunsFarOutsideTheStoreAreClampedOneByOne() {
        var noise = Noise(state: 5)
        let s = store(.a8, width: 8, height: 8, noise: &noise)
        // Positions past 32-bit lanes: the run goes one pixel at a time, clamped to the edge texels.
        let fetch = TexelFetch(store: s, toStore: Homography(a11: 0.5, a12: 0.25, a13: 0, a21: 0, a22: 1, a23: 0,
                                                             a31: -0x1p20, a32: 3, a33: 1), color: 0xFFFF_FFFF)
        var fast = [UInt32](repeating: 1, count: 37), slow = fast
        fast.withUnsafeMutableBufferPointer { fetch.fetch(y: 2, from: 5, count: 37, into: $0.baseAddress!) }
        slow.withUnsafeMutableBufferPointer { fetch.fetchOneByOne(y: 2, from: 5, count: 37, into: $0.baseAddress!) }
        XCTAssertEqual(fast, slow)
    }

    /// A row's start for both axes in one pair of lanes is each axis's own
    /// scalar form (`fixed` of its expression): ties of the rounding, -0.0,
    /// positions past `fixed`'s range, infinities and NaN included.
    func testRowStartPairMatchesEachAxisOnItsOwn() {
        var noise = Noise(state: 23)
        let s = store(.a8, width: 4, height: 4, noise: &noise)
        let specials: [Double] = [0, -0.0, 0.5, -0.5, 1, 0x1p40, -0x1p40, 0x1p60, .infinity, -.infinity, .nan]
        func value() -> Double {
            switch noise.next() % 8 {
            case 0: return specials[Int(noise.next()) % specials.count]
            // 0.5 plus an odd number of half 16.16 steps: a tie when the rest of the sum is 0.
            case 1: return 0.5 + Double(Int(noise.next() % 2001) - 1000) / 0x1p17
            case 2: return noise.double(-1, 1) * 0x1p40
            default: return noise.double(-40, 40)
            }
        }
        for trial in 0..<500 {
            let w = trial % 5 == 0 ? value() : [1, 2, 0.7, -1.5][trial % 4]
            let k = Homography(a11: value(), a12: value(), a13: 0, a21: value(), a22: value(), a23: 0,
                               a31: value(), a32: value(), a33: w)
            let fetch = TexelFetch(store: s, toStore: k, color: 0xFFFF_FFFF)
            for _ in 0..<4 {
                let y = trial % 3 == 0 ? 0 : Int(noise.next() % 4000) - 2000, cy = Double(y) + 0.5
                let u = TexelFetch.fixed((k.a11 * 0.5 + k.a21 * cy + k.a31) / k.a33 - 0.5)
                let v = TexelFetch.fixed((k.a12 * 0.5 + k.a22 * cy + k.a32) / k.a33 - 0.5)
                let pair = fetch.rowStart(y: y)
                XCTAssertEqual(pair.u, u, "\(k), row \(y)")
                XCTAssertEqual(pair.v, v, "\(k), row \(y)")
            }
        }
    }

    /// The pair truncation without range checks is `Int(t)` lane by lane:
    /// whole numbers, halves and the doubles next to them, both signs, up
    /// to fixed's range (2^46).
    func testPairTruncationMatchesTheCheckedConversion() {
        var noise = Noise(state: 41)
        var values: [Double] = [0, -0.0, 0x1p46, -0x1p46, 0x1p46 + 0.5, -0x1p46 - 0.5]
        for _ in 0..<4000 {
            let whole = (noise.double(-1, 1) * pow(2, noise.double(0, 46))).rounded()
            for base in [whole, whole + 0.5, noise.double(-1, 1) * pow(2, noise.double(-30, 46))] {
                values += [base, base.nextUp, base.nextDown, -base]
            }
        }
        for i in stride(from: 0, to: values.count - 1, by: 2) {
            let n = TexelFetch.truncated(SIMD2(values[i], values[i + 1]))
            XCTAssertEqual(Int(n[0]), Int(values[i]), "\(values[i])")
            XCTAssertEqual(Int(n[1]), Int(values[i + 1]), "\(values[i + 1])")
        }
    }
}
