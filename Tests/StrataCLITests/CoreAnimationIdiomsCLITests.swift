import Foundation
import XCTest

/// The errors of issue 15's idioms at the CLI: located, exit status 2,
/// nothing written (sub-cells nested too deep, a flip-book in a mode that
/// would cross-fade, a transaction past the particle limit).
final class CoreAnimationIdiomsCLITests: XCTestCase {
    func check(_ scene: String, _ expected: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let path = try CLIHarness.writeScene(scene, in: dir)
        let out = dir + "/out.png"
        let r = try CLIHarness.run(["render", path, "--frames", "0", "-o", out])
        XCTAssertEqual(r.status, 2, r.stderr, file: file, line: line)
        XCTAssertTrue(r.stderr.contains("\(path):\(expected)"), r.stderr, file: file, line: line)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out), "nothing written", file: file, line: line)
    }

    func testIdiomErrorsAreLocated() throws {
        var nested = "[{contents: circle, birthRate: 1, lifetime: 1}]"
        for _ in 0..<8 { nested = "[{birthRate: 1, lifetime: 1, emitterCells: \(nested)}]" }
        try check("strata: 1\ncanvas: {size: [20, 20]}\nlayers:\n  - {type: emitter, emitterCells: \(nested)}\n",
                  "4:379: error: emitter cells nest deeper than 8 levels")
        try check("""
        strata: 1
        canvas: {size: [20, 20]}
        layers:
          - {animations: [{keyPath: contents, values: [null, null], calculationMode: paced}]}
        """, "4:61: error: image keyframes flip (discrete) or cross-dissolve (linear); 'paced' needs distances")
        try check("""
        strata: 1
        canvas: {size: [20, 20]}
        layers:
          - {name: fx, type: emitter, emitterCells: [{name: s, contents: circle, birthRate: 1, lifetime: 1}]}
        timeline:
          - {at: 1s, set: {fx.emitterCells.s.birthRate: 60000}}
        """, "6:20: error: with the values the timeline sets, the emitter may have 60000 particles alive at once")
    }
}
