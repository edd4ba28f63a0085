import Foundation
import XCTest

/// cornerCurve, compositingFilter and filters at the command line: bad
/// values are located errors with exit status 2 and nothing written;
/// inspect prints what was set.
final class BlendAndFilterCLITests: XCTestCase {
    private func scene(_ layer: String) -> String {
        """
        strata: 1
        canvas: {size: [40, 40], fps: 10, duration: 0.1s}
        layers:
          - {frame: [0, 0, 20, 20], backgroundColor: red, \(layer)}
        """
    }

    func testBadValuesAreLocatedErrorsBeforeAnyOutput() throws {
        let cases: [(String, String)] = [
            ("cornerCurve: squircle", "scene.yaml:4:64: error: unknown corner curve 'squircle'"),
            ("compositingFilter: multiply", "scene.yaml:4:70: error: unknown compositing filter 'multiply'; expected 'multiplyBlendMode'"),
            ("filters: [{filter: CIGaussianBlur, inputSaturation: 0}]",
             "scene.yaml:4:86: error: CIGaussianBlur has no 'inputSaturation'; its keys are 'inputRadius'"),
            ("backgroundFilters: [{filter: CIBoxBlur}]", "scene.yaml:4:80: error: unknown filter 'CIBoxBlur'"),
        ]
        for (layer, message) in cases {
            let dir = try CLIHarness.temporaryFolder(self)
            let path = try CLIHarness.writeScene(scene(layer), in: dir)
            let r = try CLIHarness.run(["render", path, "-o", dir + "/out.png"], cwd: dir)
            XCTAssertEqual(r.status, 2, layer)
            XCTAssertTrue(r.stderr.contains(message), "\(layer): \(r.stderr)")
            XCTAssertEqual(CLIHarness.files(in: dir), ["scene.yaml"], layer)
        }
    }

    func testInspectPrintsTheKeys() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let path = try CLIHarness.writeScene(scene("""
        cornerCurve: continuous, compositingFilter: CIScreenBlendMode, filters: [{filter: CIGaussianBlur, name: soft, inputRadius: 2}]
        """), in: dir)
        let r = try CLIHarness.run(["inspect", path])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("\"cornerCurve\": \"continuous\""), r.stdout)
        XCTAssertTrue(r.stdout.contains("\"compositingFilter\": \"screenBlendMode\""), r.stdout)
        let compact = r.stdout.filter { !$0.isWhitespace }
        XCTAssertTrue(compact.contains("\"filters\":[{\"filter\":\"CIGaussianBlur\",\"name\":\"soft\",\"inputRadius\":2}]"), r.stdout)
    }
}
