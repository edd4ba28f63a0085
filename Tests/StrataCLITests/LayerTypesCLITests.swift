import Foundation
import XCTest

/// The layer types end to end: emitter determinism across frame orders and
/// threads, text with a font asset in parallel, inspect output.
final class LayerTypesCLITests: XCTestCase {
    static let fontPath = CLIHarness.packageRoot + "/scenes/fonts/DejaVuSans.ttf"

    let emitterScene = """
    strata: 1
    canvas: {size: [160, 90], fps: 30, duration: 4s, background: black}
    layers:
      - type: emitter
        frame: [0, 0, 160, 90]
        emitterPosition: [80, 80]
        emitterShape: circle
        emitterSize: [10, 0]
        seed: 11
        animations: [{keyPath: birthRate, from: 0.5, to: 2, duration: 4s}]
        emitterCells:
          - {contents: {rect: [4, 2]}, color: "#ffcc00", birthRate: 40, lifetime: 2, lifetimeRange: 0.5,
             velocity: 40, velocityRange: 20, emissionLongitude: -90deg, emissionRange: 90deg,
             yAcceleration: 20, spin: 180, spinRange: 360, redRange: 0.3, alphaSpeed: -0.3}
    """

    func testEmitterFrameAloneEqualsTheSameFrameOfAFullRender() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let path = try CLIHarness.writeScene(emitterScene, in: dir)
        XCTAssertEqual(try CLIHarness.run(["render", path, "-o", dir + "/all/", "--jobs", "2", "-q"]).status, 0)
        XCTAssertEqual(try CLIHarness.run(["render", path, "-o", dir + "/alone/", "--frames", "90", "-q"]).status, 0)
        XCTAssertEqual(try CLIHarness.run(["render", path, "-o", dir + "/chunk/", "--frames", "85-95", "--jobs", "1", "-q"]).status, 0)
        let full = try Data(contentsOf: URL(fileURLWithPath: dir + "/all/00090.png"))
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: dir + "/alone/00090.png")), full)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: dir + "/chunk/00090.png")), full)
        for n in 85...95 {
            let name = String(format: "%05d.png", n)
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: dir + "/chunk/" + name)),
                           try Data(contentsOf: URL(fileURLWithPath: dir + "/all/" + name)), name)
        }
        // The particles are there.
        XCTAssertGreaterThan(full.count, 2000)
    }

    func testTextRendersTheSameOnEveryThread() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let path = try CLIHarness.writeScene("""
        strata: 1
        canvas: {size: [200, 60], fps: 10, duration: 2s}
        assets: {sans: \(Self.fontPath)}
        layers:
          - type: text
            frame: [0, 0, 200, 60]
            font: sans
            string: "Grüße, שלום, cafe\\u0301"
            isWrapped: true
            animations: [{keyPath: fontSize, from: 12, to: 24, duration: 2s}]
        """, in: dir)
        XCTAssertEqual(try CLIHarness.run(["render", path, "-o", dir + "/a/", "--jobs", "1", "-q"]).status, 0)
        XCTAssertEqual(try CLIHarness.run(["render", path, "-o", dir + "/b/", "--jobs", "3", "-q"]).status, 0)
        let names = CLIHarness.files(in: dir + "/a")
        XCTAssertEqual(names.count, 20)
        for name in names {
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: dir + "/a/" + name)),
                           try Data(contentsOf: URL(fileURLWithPath: dir + "/b/" + name)), name)
        }
    }

    func testInspectShowsTypedPropertiesAndValidateReportsPathErrors() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let path = try CLIHarness.writeScene("""
        strata: 1
        canvas: {size: [100, 100]}
        layers:
          - name: s
            type: shape
            path: {rect: [0, 0, 10, 10]}
            animations: [{keyPath: strokeEnd, from: 0, to: 1}]
        """, in: dir)
        let inspect = try CLIHarness.run(["inspect", path, "--time", "0.125s"])
        XCTAssertEqual(inspect.status, 0, inspect.stderr)
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(inspect.stdout.utf8)) as? [String: Any])
        let layers = try XCTUnwrap(json["layers"] as? [[String: Any]])
        let shape = try XCTUnwrap(layers.last?["shape"] as? [String: Any])
        XCTAssertEqual(layers.last?["path"] as? String, "s")
        XCTAssertEqual(shape["strokeEnd"] as? Double, 0.5)
        XCTAssertTrue((shape["path"] as? String)?.hasPrefix("M 0 0 L 10 0 C 10 0 10 0 10 0 L 10 10") ?? false)

        let bad = try CLIHarness.writeScene("""
        strata: 1
        canvas: {size: [100, 100]}
        layers:
          - type: shape
            path: "M 0 0 L 5 5 Q 1"
        """, named: "bad.yaml", in: dir)
        let validate = try CLIHarness.run(["validate", bad])
        XCTAssertEqual(validate.status, 2)
        XCTAssertEqual(validate.stderr.split(separator: "\n").first.map(String.init),
                       "\(bad):5:27: error: invalid path data: expected a number for argument 2 of 4 of 'Q' (quadratic curve), found the end of the path")
    }
}
