import Foundation
import StrataMedia
import StrataModel
import StrataTestSupport
import XCTest

/// SVG and Lottie sources: intrinsic sizes, frames, the libraries' own
/// pixels, and the files they refuse.
final class VectorSourceTests: XCTestCase {
    static let assets = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path + "/scenes/media/assets"

    func write(_ text: String, _ name: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-vector-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
        try text.write(toFile: dir + "/" + name, atomically: true, encoding: .utf8)
        return dir + "/" + name
    }

    func svg(_ attributes: String) throws -> SVGSource {
        try SVGSource(path: write("<svg xmlns='http://www.w3.org/2000/svg' \(attributes)><rect width='10' height='10'/></svg>", "a.svg"),
                      identity: UUID().uuidString, cache: MediaFrameCache(capacity: 1 << 20))
    }

    func testAnSVGsNaturalSizeIsItsIntrinsicSize() throws {
        XCTAssertEqual(try svg("width='60' height='40' viewBox='0 0 120 80'").naturalSize, Size(60, 40))
        XCTAssertEqual(try svg("width='1in' height='0.5in'").naturalSize, Size(96, 48), "96 dpi")
        XCTAssertEqual(try svg("viewBox='0 0 30 20'").naturalSize, Size(30, 20), "no width and height: the viewBox")
        XCTAssertEqual(try svg("width='100%' height='100%' viewBox='0 0 30 20'").naturalSize, Size(30, 20))
        XCTAssertEqual(try svg("width='7.5' height='2'").naturalSize, Size(7.5, 2))
    }

    func testSVGPixelsAreLibrsvgsOwnRenderingAtTheAskedSize() throws {
        let path = Self.assets + "/badge.svg"
        let source = try SVGSource(path: path, identity: "badge", cache: MediaFrameCache(capacity: 1 << 24))
        XCTAssertEqual(source.naturalSize, Size(60, 40))
        for (w, h) in [(60, 40), (150, 100), (30, 20)] {
            let pixels = try source.pixels(MediaPixelsKey(source: "badge", frame: 0, width: w, height: h))
            XCTAssertEqual(pixels, VectorReference.svg(path, width: w, height: h), "\(w)x\(h)")
        }
    }

    func testSVGsLibrsvgCannotUseAreErrors() throws {
        func message(_ text: String) throws -> String? {
            let path = try write(text, "bad.svg")
            do { _ = try SVGSource(path: path, identity: UUID().uuidString); return nil } catch { return error.message }
        }
        XCTAssertEqual(try message("<svg xmlns='http://www.w3.org/2000/svg'><rect/></svg>"),
                       "the SVG has no intrinsic size: give its <svg> element a width and height, or a viewBox")
        XCTAssertTrue(try message("<svg xmlns='http://www.w3.org/2000/svg' width='5'")?.hasPrefix("librsvg rejects the SVG: XML parse error") ?? false)
        XCTAssertEqual(try message("<svg xmlns='http://www.w3.org/2000/svg' width='20000' height='5'/>"),
                       "the SVG is 20000x5 pixels; its width and height may be at most 16384")
        XCTAssertEqual(try message("<svg xmlns='http://www.w3.org/2000/svg' width='0' height='5'/>"),
                       "the SVG's size is 0x5; it needs a width and height of at least 0.01")
    }

    func testLottieFramesAndPixelsAreRlottiesOwn() throws {
        let path = Self.assets + "/pulse.json"
        let source = try LottieSource(path: path, identity: "pulse", cache: MediaFrameCache(capacity: 1 << 24))
        XCTAssertEqual(source.naturalSize, Size(200, 200))
        XCTAssertEqual(source.frameTimes, .uniform(rate: 30, count: 60))
        for (frame, side) in [(0, 200), (15, 100), (59, 64)] {
            let pixels = try source.pixels(MediaPixelsKey(source: "pulse", frame: frame, width: side, height: side))
            XCTAssertEqual(pixels, VectorReference.lottie(path, frame: frame, width: side, height: side), "frame \(frame) at \(side)")
        }
        XCTAssertNotEqual(try source.pixels(MediaPixelsKey(source: "pulse", frame: 0, width: 64, height: 64)),
                          try source.pixels(MediaPixelsKey(source: "pulse", frame: 30, width: 64, height: 64)), "it moves")
    }

    func testFilesThatAreNotLottieAnimationsAreErrors() throws {
        func message(_ text: String) throws -> String? {
            let path = try write(text, "bad.json")
            do { _ = try LottieSource(path: path, identity: UUID().uuidString); return nil } catch { return error.message }
        }
        XCTAssertTrue(try message("{\"v\": ")?.hasPrefix("not valid JSON") ?? false)
        XCTAssertEqual(try message("[1, 2]"), "not a Lottie animation: the JSON is not an object")
        XCTAssertEqual(try message("{\"w\": 10, \"h\": 10}"), "not a Lottie animation: the JSON has no 'fr', 'ip', 'op', 'layers'")
        XCTAssertEqual(try message("{\"w\": 10, \"h\": 10, \"fr\": 30, \"ip\": 5, \"op\": 5, \"layers\": []}"),
                       "the Lottie animation has no frames: its out point (op 5) is not after its in point (ip 5)")
        XCTAssertEqual(try message("{\"w\": 0, \"h\": 10, \"fr\": 30, \"ip\": 0, \"op\": 5, \"layers\": []}"),
                       "the Lottie composition is 0x10; its w and h must be 1 to 16384")
    }

    func testTheKindOfAFileComesFromItsContent() throws {
        XCTAssertEqual(MediaLibrary.kind(ofFileAt: Self.assets + "/badge.svg"), .svg)
        XCTAssertEqual(MediaLibrary.kind(ofFileAt: Self.assets + "/pulse.json"), .lottie)
        XCTAssertEqual(MediaLibrary.kind(ofFileAt: try write("\u{FEFF}  <?xml version='1.0'?><svg/>", "x.bin")), .svg)
        XCTAssertEqual(MediaLibrary.kind(ofFileAt: try write("{}", "logo.png")), .lottie, "content first")
        XCTAssertEqual(MediaLibrary.kind(ofFileAt: try write("garbage", "logo.png")), .image, "then the name")
        XCTAssertEqual(MediaLibrary.kind(ofFileAt: try write("garbage", "clip.mp4")), .video)
    }
}
