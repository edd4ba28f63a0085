import XCTest
import StrataModel
@testable import StrataParse

final class GoldenTests: XCTestCase {
    private func golden(_ body: String) -> Marked {
        Marked(sceneText("golden:\n" + body, canvas: "{size: [10, 10], fps: 30, duration: 2s}"))
    }

    func testFramesTimesAndTolerances() {
        let m = golden("""
          frames: [0, 15, ⟨t⟩1s, 500ms, {frame: 59, tolerance: {channel: 10}}, {time: 1.5, tolerance: {psnr: 40}}]
          tolerance: {channel: 3, pixels: 0.01, pixelCount: 5, psnr: 45.5, antialiasing: true}
        """)
        guard let g = scene(m)?.golden else { return XCTFail() }
        XCTAssertEqual(g.frames.map(\.ref), [.frame(0), .frame(15), .time(1), .time(0.5), .frame(59), .time(1.5)])
        XCTAssertEqual(g.frames.map { $0.index(fps: 30) }, [0, 15, 30, 15, 59, 45])
        XCTAssertEqual(g.frames[2].location.description, m.at("t"))
        XCTAssertNil(g.frames[0].tolerance)
        // A per-frame tolerance overrides keys of the golden-level one and keeps the rest.
        XCTAssertEqual(g.frames[4].tolerance?.channel, 10)
        XCTAssertEqual(g.frames[4].tolerance?.pixels, 0.01)
        XCTAssertEqual(g.frames[4].tolerance?.psnr, 45.5)
        XCTAssertEqual(g.frames[5].tolerance?.psnr, 40)
        XCTAssertEqual(g.frames[5].tolerance?.channel, 3)
        var expected = Tolerance()
        expected.channel = 3
        expected.pixels = 0.01
        expected.pixelCount = 5
        expected.psnr = 45.5
        expected.antialiasing = true
        XCTAssertEqual(g.tolerance, expected)
    }

    func testPerFrameToleranceWithoutAGoldenToleranceStartsFromTheDefault() {
        guard let g = scene(golden("  frames: [{frame: 1, tolerance: {pixelCount: 7}}]\n"))?.golden else { return XCTFail() }
        var expected = Tolerance.default
        expected.pixelCount = 7
        XCTAssertEqual(g.frames[0].tolerance, expected)
        XCTAssertNil(g.tolerance)
    }

    func testDuplicateFramesAreWarnings() {
        let m = golden("  frames: [⟨first⟩30, ⟨d⟩1s]\n")
        switch load(m) {
        case .success(let r):
            XCTAssertEqual(r.warnings.map(\.description), ["\(m.at("d")): warning: frame 30 is already listed\n\(m.at("first")): note: frame 30 is first listed here"])
        case .failure(let e): XCTFail("\(e)")
        }
    }

    func testRangeAndFormErrors() {
        let m = golden("""
          frames: [59, ⟨a⟩60, ⟨b⟩2s, ⟨c⟩-1, ⟨d⟩1.5, ⟨e⟩[1], ⟨f⟩{frame: 1, time: 1s}, ⟨g⟩{}, {⟨h⟩frme: 1}]
          tolerance: {channel: ⟨ch⟩256, pixels: ⟨px⟩1.5, psnr: ⟨ps⟩0, ⟨x⟩colour: 1}
        """)
        let expectedForm = "expected a frame number, a time with a unit like 2s, or a mapping {frame: N} or {time: T}"
        XCTAssertEqual(diagnostics(m).map(\.description), [
            "\(m.at("a")): error: frame 60 is past the last frame, 59, of this 60-frame scene",
            "\(m.at("b")): error: time 2s (frame 60) is past the last frame, 59, of this 60-frame scene",
            "\(m.at("c")): error: expected a frame number of 0 or more, found '-1'",
            "\(m.at("d")): error: \(expectedForm), found '1.5'",
            "\(m.at("e")): error: \(expectedForm), found a list",
            "\(m.at("f")): error: a golden frame takes 'frame' or 'time', not both",
            "\(m.at("g")): error: a golden frame needs 'frame' or 'time'",
            "\(m.at("h")): error: unknown golden frame key 'frme'; did you mean 'frame'?",
            "\(m.at("ch")): error: expected a whole number from 0 to 255, found '256'",
            "\(m.at("px")): error: expected a fraction of pixels from 0 to 1, found '1.5'",
            "\(m.at("ps")): error: expected a PSNR in dB greater than 0, found '0'",
            "\(m.at("x")): error: unknown tolerance key 'colour'; expected 'channel', 'pixels', 'pixelCount', 'psnr' or 'antialiasing'",
        ])
    }

    func testHugeTimesAreRangeErrorsNotTraps() {
        assertOnlyError(golden("  frames: [{time: ⟨t⟩1e300}]\n"), at: "t", "expected a time from 0s to 3600s, found '1e300'")
    }

    func testFramesAreRequired() {
        assertOnlyError(golden("  ⟨g⟩tolerance: {channel: 1}\n"), at: "g", "missing required key 'frames' in golden")
        assertOnlyError(golden("  frames: ⟨f⟩[]\n"), at: "f", "'frames' lists no frames")
    }
}
