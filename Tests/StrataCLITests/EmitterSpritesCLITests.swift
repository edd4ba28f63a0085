import Foundation
import XCTest

/// Image particles end to end: any frame renders alone, identically, on any
/// thread, through the direct and the scratch (rounded clip) paths.
final class EmitterSpritesCLITests: XCTestCase {
    static let sparkle = CLIHarness.packageRoot + "/scenes/layers/assets/sparkle.png"
    static let gems = CLIHarness.packageRoot + "/scenes/layers/assets/gems.png"

    let scene = """
    strata: 1
    canvas: {size: [160, 90], fps: 30, duration: 4s, background: black}
    assets: {sparkle: \(sparkle), gems: \(gems)}
    layers:
      - type: emitter
        frame: [0, 0, 160, 90]
        emitterPosition: [50, 80]
        seed: 4
        animations: [{keyPath: birthRate, from: 0.5, to: 2, duration: 4s}]
        emitterCells:
          - {contents: sparkle, contentsScale: 4, color: "#ffcc00", redRange: 0.3, blueRange: 0.5, birthRate: 30,
             lifetime: 2, velocity: 40, velocityRange: 20, emissionLongitude: -90deg, emissionRange: 90deg,
             yAcceleration: 20, spin: 180, spinRange: 360, alphaSpeed: -0.3}
      - type: emitter
        frame: [90, 10, 60, 70]
        cornerRadius: 12
        masksToBounds: true
        opacity: 0.8
        renderMode: additive
        emitterPosition: [30, 0]
        seed: 9
        emitterCells:
          - {contents: gems, contentsRect: [0, 0, 0.5, 1], birthRate: 8, lifetime: 3, velocity: 30,
             emissionLongitude: 90deg, emissionRange: 60deg, spin: 90, spinRange: 180, color: [1, 1, 1, 0.7]}
          - {contents: {circle: 4}, color: "#06d6a0", birthRate: 8, lifetime: 3, velocity: 25,
             emissionLongitude: 90deg, emissionRange: 60deg}
    """

    func testImageParticleFrameAloneEqualsTheSameFrameOfAFullRender() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let path = try CLIHarness.writeScene(scene, in: dir)
        XCTAssertEqual(try CLIHarness.run(["render", path, "-o", dir + "/all/", "--jobs", "2", "-q"]).status, 0)
        XCTAssertEqual(try CLIHarness.run(["render", path, "-o", dir + "/alone/", "--frames", "90", "-q"]).status, 0)
        XCTAssertEqual(try CLIHarness.run(["render", path, "-o", dir + "/chunk/", "--frames", "85-95", "--jobs", "1", "-q"]).status, 0)
        let full = try Data(contentsOf: URL(fileURLWithPath: dir + "/all/00090.png"))
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: dir + "/alone/00090.png")), full)
        for n in 85...95 {
            let name = String(format: "%05d.png", n)
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: dir + "/chunk/" + name)),
                           try Data(contentsOf: URL(fileURLWithPath: dir + "/all/" + name)), name)
        }
        XCTAssertGreaterThan(full.count, 2000, "the particles are there")
    }

    func testACorruptCellImageIsALocatedErrorFromTheCLI() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: dir + "/bad.png"))
        let path = try CLIHarness.writeScene("""
        strata: 1
        canvas: {size: [160, 90]}
        layers:
          - type: emitter
            emitterCells:
              - {contents: bad.png, birthRate: 1, lifetime: 1}
        """, in: dir)
        let result = try CLIHarness.run(["validate", path])
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.stderr.contains(":6:20: error: cannot use image 'bad.png'"), result.stderr)
    }
}
