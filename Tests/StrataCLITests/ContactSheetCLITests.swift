import Foundation
import StrataEncode
import StrataModel
import XCTest

/// `strata render --contact-sheet` / `--every`: what the sheet holds, and every mistake at the command line.
final class ContactSheetCLITests: XCTestCase {
    let scene = """
    strata: 1
    canvas: {size: [64, 48], fps: 10, duration: 1s, background: "#101820"}
    layers:
      - name: box
        bounds: [0, 0, 20, 20]
        position: [32, 24]
        backgroundColor: "#f2aa4c"
        animations:
          - {keyPath: position.x, from: 12, to: 52, duration: 1s}

    """

    func testTilesAreTheRenderedFramesInOrder() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let path = try CLIHarness.writeScene(scene, in: dir)
        let result = try CLIHarness.run(["render", path, "-o", dir + "/sheet.png", "--contact-sheet", "3x2"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let sheet = try PNGCodec.read(path: dir + "/sheet.png")
        // 10 + 3 x 64 + 2 x 10 + 10 wide; 10 + 2 x (48 + 20) + 10 + 10 high.
        XCTAssertEqual(sheet.width, 232)
        XCTAssertEqual(sheet.height, 166)
        // Six frames spread over frames 0...9, the first and the last included.
        for (i, frame) in [0, 2, 4, 5, 7, 9].enumerated() {
            let out = dir + "/frame\(frame).png"
            XCTAssertEqual(try CLIHarness.run(["render", path, "-o", out, "--frames", String(frame)]).status, 0)
            let tile = crop(sheet, x: 10 + (i % 3) * 74, y: 10 + (i / 3) * 78, width: 64, height: 48)
            XCTAssertEqual(tile, try PNGCodec.read(path: out), "tile \(i) is frame \(frame) as render draws it")
        }
    }

    func testEveryTakesOneFramePerStepInTheGivenColumns() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let path = try CLIHarness.writeScene(scene, in: dir)
        let result = try CLIHarness.run(["render", path, "-o", dir + "/sheet.png", "--every", "0.25s", "--contact-sheet", "2"])
        XCTAssertEqual(result.status, 0, result.stderr)
        // Frames 0, 2 (2.5 rounds to 2), 5, 8: four tiles in 2 columns.
        let sheet = try PNGCodec.read(path: dir + "/sheet.png")
        XCTAssertEqual(sheet.width, 10 + 2 * 64 + 10 + 10)
        XCTAssertEqual(sheet.height, 10 + 2 * 68 + 10 + 10)
    }

    func testMistakesAreErrorsBeforeAnythingIsWritten() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let path = try CLIHarness.writeScene(scene, in: dir)
        let cases: [([String], String)] = [
            (["--contact-sheet", "0x3", "-o", dir + "/s.png"], "option '--contact-sheet' expects COLSxROWS like 4x3"),
            (["--contact-sheet", "30x30", "-o", dir + "/s.png"], "at most 400 tiles"),
            (["--contact-sheet", "3", "-o", dir + "/s.png"], "--contact-sheet 3 gives only the columns: add --every T"),
            (["--contact-sheet", "3x2", "--every", "1s", "-o", dir + "/s.png"], "already sets the frames"),
            (["--every", "0s", "-o", dir + "/s.png"], "option '--every' expects a time > 0"),
            (["--every", "0.001s", "-o", dir + "/s.png"], "tiles; a contact sheet has at most 400"),
            (["--contact-sheet", "3x2", "-o", dir + "/s.mp4"], "a contact sheet is one PNG: give -o sheet.png"),
            (["--contact-sheet", "3x2", "--time", "0.5", "-o", dir + "/s.png"], "they do not combine with --time"),
            (["--contact-sheet", "3x2", "--frames", "5-20", "-o", dir + "/s.png"], "--frames 5-20 is outside the scene's frames 0-9"),
        ]
        for (args, message) in cases {
            let result = try CLIHarness.run(["render", path] + args)
            XCTAssertEqual(result.status, 2, "\(args): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(message), "\(args): \(result.stderr)")
        }
        XCTAssertEqual(CLIHarness.files(in: dir), ["scene.yaml"], "nothing written")
    }

    private func crop(_ p: Pixmap, x: Int, y: Int, width: Int, height: Int) -> Pixmap {
        var pixels: [UInt8] = []
        for row in y..<(y + height) {
            let start = (row * p.width + x) * 4
            pixels += p.pixels[start..<(start + width * 4)]
        }
        return Pixmap(width: width, height: height, pixels: pixels)
    }
}
