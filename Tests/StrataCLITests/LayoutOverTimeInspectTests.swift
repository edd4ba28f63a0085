import Foundation
import XCTest

/// `strata inspect` after a transaction that changes geometry: the model
/// frames are the re-laid-out ones, the presentation is on its way there.
final class LayoutOverTimeInspectTests: XCTestCase {
    let yaml = """
    strata: 1
    canvas: {size: [400, 200], fps: 10, duration: 3s, variants: {wide: [800, 200]}}
    layers:
      - name: sidebar
        frame: [0, 0, 100, 200]
        autoresizingMask: [heightSizable]
      - name: content
        bounds: [0, 0, 10, 10]
        constraints:
          - {attribute: minX, relativeTo: sidebar, target: maxX, offset: 20}
          - {attribute: maxX, relativeTo: superlayer, target: maxX, offset: -20}
          - {attribute: minY, relativeTo: superlayer, target: minY, offset: 20}
          - {attribute: maxY, relativeTo: superlayer, target: maxY, offset: -20}
    timeline:
      - {at: 1s, duration: 1s, timingFunction: linear, set: {sidebar.bounds.size.width: 200, sidebar.position.x: 100}}
    """

    func content(_ args: [String]) throws -> [String: Any] {
        let dir = try CLIHarness.temporaryFolder(self)
        let scene = try CLIHarness.writeScene(yaml, in: dir)
        let r = try CLIHarness.run(["inspect", scene] + args)
        XCTAssertEqual(r.status, 0, r.stderr)
        let object = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
        return (object["layers"] as! [[String: Any]]).first { $0["path"] as? String == "content" }!
    }

    func testInspectShowsTheReLaidOutModelFrame() throws {
        let before = try content(["--time", "0.5s"])
        XCTAssertEqual(before["frame"] as? [Double], [120, 20, 260, 160])
        XCTAssertNil(before["model"])
        let mid = try content(["--time", "1.5s"])
        XCTAssertEqual(mid["frame"] as? [Double], [170, 20, 210, 160], "half way")
        XCTAssertEqual((mid["model"] as? [String: Any])?["frame"] as? [Double], [220, 20, 160, 160])
        XCTAssertEqual((mid["animations"] as? [[String: Any]])?.compactMap { $0["keyPath"] as? String }, ["bounds", "position"])
        let after = try content(["--time", "2s"])
        XCTAssertEqual(after["frame"] as? [Double], [220, 20, 160, 160])
        // At another canvas size the same transaction lays out against that size.
        let wide = try content(["--time", "2s", "--variant", "wide"])
        XCTAssertEqual(wide["frame"] as? [Double], [220, 20, 560, 160])
    }
}
