import XCTest
@testable import StrataModel

/// `Transform3D.concatenating` works out four entries at a time; every
/// entry must keep the bits of the entry-by-entry sum it replaced
/// (0 + a[i][0] b[0][j] + ... in k order), signed zeros and
/// infinities included: frames are compared byte for byte.
final class TransformConcatenationTests: XCTestCase {
    /// The entry-by-entry product, as it was written before.
    func reference(_ x: Transform3D, _ y: Transform3D) -> [Double] {
        let a = x.rowMajor, b = y.rowMajor
        var r = [Double](repeating: 0, count: 16)
        for i in 0..<4 {
            for j in 0..<4 {
                var s = 0.0
                for k in 0..<4 { s += a[i * 4 + k] * b[k * 4 + j] }
                r[i * 4 + j] = s
            }
        }
        return r
    }

    func assertSameBits(_ x: Transform3D, _ y: Transform3D, file: StaticString = #filePath, line: UInt = #line) {
        // Any NaN stands for NaN (which NaN an operation returns is the hardware's choice).
        func bits(_ v: Double) -> UInt64 { v.isNaN ? Double.nan.bitPattern : v.bitPattern }
        let got = x.concatenating(y).rowMajor.map(bits)
        let want = reference(x, y).map(bits)
        XCTAssertEqual(got, want, "\(x) * \(y)", file: file, line: line)
    }

    func testEntriesKeepTheBitsOfTheEntryByEntrySum() {
        // A fixed, varied list (small LCG): turned, scaled, perspective and odd values.
        let special: [Double] = [0, -0.0, 1, -1, 0.1, 1e-300, -3.75, 1e300, .infinity, -.infinity, .nan, 1 / 3]
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let pick = Int(state >> 60)
            if pick < special.count { return special[pick] }
            return Double(Int64(bitPattern: state) >> 11) / Double(1 << 40)
        }
        let fixed: [Transform3D] = [
            .identity, .translation(3.5, -2, 0), .scale(2, -0.5, 1), .rotation(0.3, 0, 0, 1),
            .rotation(1.1, 1, 2, 3), Transform3D(rowMajor: [-0.0, 0, 0, 0, 0, -0.0, 0, 0, 0, 0, 1, -0.002, 7, -0.0, 0, 1]),
        ]
        for x in fixed { for y in fixed { assertSameBits(x, y) } }
        for _ in 0..<200 {
            let x = Transform3D(rowMajor: (0..<16).map { _ in next() })
            let y = Transform3D(rowMajor: (0..<16).map { _ in next() })
            assertSameBits(x, y)
            assertSameBits(x, .identity)
            assertSameBits(.identity, y)
        }
    }
}
