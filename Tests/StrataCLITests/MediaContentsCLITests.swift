import Foundation
import StrataEncode
import StrataModel
import StrataTestSupport
import XCTest

/// Media `contents` end to end through the `strata` binary: video frames
/// placed by start, trim, rate and loop, identical in any frame order and
/// thread count; SVG and Lottie against the libraries' own renderings.
final class MediaContentsCLITests: XCTestCase {
    static let assets = CLIHarness.packageRoot + "/scenes/media/assets"

    func png(_ path: String) throws -> Pixmap { try PNGCodec.read(path: path) }

    func testEveryRenderedFrameShowsTheExpectedSourceFrameInAnyOrderAndJobs() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        try FrameNumberVideo.write(to: dir + "/count.mp4", frames: 40, fps: 20, keyframeInterval: 7)
        let scene = try CLIHarness.writeScene("""
        strata: 1
        canvas: {size: [128, 128], fps: 30, duration: 3s, background: black}
        layers:
          - frame: [0, 0, 128, 64]
            contents: {video: count.mp4, start: 0.5s, trim: [0.5s, 1.5s]}
          - frame: [0, 64, 128, 64]
            contents: {video: count.mp4, rate: 1.5, loop: true}
        """, in: dir)
        XCTAssertEqual(try CLIHarness.run(["render", scene, "-o", dir + "/all/", "-j", "2", "-q"]).status, 0)
        XCTAssertEqual(try CLIHarness.run(["render", scene, "-o", dir + "/one/", "-j", "1", "-q"]).status, 0)
        // Each render into its own folder (a render replaces the numbered frames a folder holds).
        for chunk in [60, 30, 0] {
            XCTAssertEqual(try CLIHarness.run(["render", scene, "-o", dir + "/chunk-\(chunk)/", "--frames", "\(chunk)-\(chunk + 29)", "-q"]).status, 0)
        }
        var generator = SeededGenerator(seed: 3)
        let singles = Array((0..<90).shuffled(using: &generator).prefix(12))
        for n in singles {
            XCTAssertEqual(try CLIHarness.run(["render", scene, "-o", dir + "/single-\(n)/", "--frames", String(n), "-q"]).status, 0)
        }
        for i in 0..<90 {
            let name = String(format: "%05d.png", i)
            let frame = try png(dir + "/all/" + name)
            // Layer 1 plays media time = layer time within [0.5 s, 1.5 s): frame ⌊20 t⌋ = ⌊2i / 3⌋.
            XCTAssertEqual(FrameNumberVideo.number(in: frame, rect: (0, 0, 128, 64)), min(max(2 * i / 3, 10), 29), name)
            // Layer 2 loops the 2 s clip at 1.5x: media frame 20 * 1.5 * i / 30 = i, modulo 40.
            XCTAssertEqual(FrameNumberVideo.number(in: frame, rect: (0, 64, 128, 64)), i % 40, name)
            let bytes = try Data(contentsOf: URL(fileURLWithPath: dir + "/all/" + name))
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: dir + "/one/" + name)), bytes, "-j 1, \(name)")
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: dir + "/chunk-\(i / 30 * 30)/" + name)), bytes, "chunks, \(name)")
            if singles.contains(i) {
                XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: dir + "/single-\(i)/" + name)), bytes, "alone, \(name)")
            }
        }
        let inspect = try CLIHarness.run(["inspect", scene, "--time", "1.2s"])
        XCTAssertTrue(inspect.stdout.contains("\"contents\": \"{video: count.mp4, start: 0.5, trim: [0.5, 1.5]}\""), inspect.stdout)
        XCTAssertTrue(inspect.stdout.contains("\"contentsFrame\": 24"), inspect.stdout)
    }

    func testSVGContentsAreLibrsvgsRenderingAtTheScaleTheyAreShown() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let svg = Self.assets + "/badge.svg"  // 60 x 40
        let scene = try CLIHarness.writeScene("""
        strata: 1
        canvas: {size: [320, 260], background: white}
        layers:
          - {frame: [0, 0, 60, 40], contents: \(svg)}
          - {frame: [0, 50, 120, 80], contents: \(svg)}
          - {frame: [0, 140, 30, 20], contents: \(svg)}
          - {frame: [130, 0, 180, 120], contents: \(svg)}
          - {bounds: [0, 0, 60, 40], position: [190, 180], transform: [{scale: 2}], contents: \(svg)}
          - {frame: [0, 170, 72, 48], contents: \(svg)}
        """, in: dir)
        let r = try CLIHarness.run(["render", scene, "-o", dir + "/out.png"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let out = try png(dir + "/out.png")
        // Scales on the raster ladder (0.5, 1, 2, 3, and 2 through a transform) are drawn pixel for pixel.
        for (x, y, w, h) in [(0, 0, 60, 40), (0, 50, 120, 80), (0, 140, 30, 20), (130, 0, 180, 120), (130, 140, 120, 80)] {
            let reference = VectorReference.overWhite(try XCTUnwrap(VectorReference.svg(svg, width: w, height: h)))
            let d = VectorReference.difference(VectorReference.crop(out, x: x, y: y, width: w, height: h), reference)
            XCTAssertLessThanOrEqual(d.max, 1, "\(w)x\(h) at (\(x), \(y))")
        }
        // Between steps (1.2) the raster is made at the next step (1.25) and drawn smaller: close, not equal.
        let reference = VectorReference.overWhite(try XCTUnwrap(VectorReference.svg(svg, width: 72, height: 48)))
        let d = VectorReference.difference(VectorReference.crop(out, x: 0, y: 170, width: 72, height: 48), reference)
        XCTAssertLessThan(d.mean, 4, "mean difference \(d.mean)")

        // The canvas scale counts too: a 60 x 40 layer at scale 2 is rasterized at 120 x 80.
        let scaled = try CLIHarness.writeScene("""
        strata: 1
        canvas: {size: [60, 40], scale: 2, background: white}
        layers: [{frame: [0, 0, 60, 40], contents: \(svg)}]
        """, named: "scaled.yaml", in: dir)
        XCTAssertEqual(try CLIHarness.run(["render", scaled, "-o", dir + "/scaled.png"]).status, 0)
        let big = VectorReference.overWhite(try XCTUnwrap(VectorReference.svg(svg, width: 120, height: 80)))
        XCTAssertLessThanOrEqual(VectorReference.difference(try png(dir + "/scaled.png"), big).max, 1)
    }

    func testLottieContentsShowRlottiesFrameAtTheLayersTime() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let lottie = Self.assets + "/pulse.json"  // 200 x 200, 60 frames at 30 fps
        let scene = try CLIHarness.writeScene("""
        strata: 1
        canvas: {size: [330, 100], fps: 30, duration: 3s, background: white}
        layers:
          - {type: lottie, frame: [0, 0, 100, 100], animation: \(lottie)}
          - {frame: [110, 0, 100, 100], contents: {lottie: \(lottie), start: 0.2s, speed: 2}}
          - {type: lottie, frame: [220, 0, 100, 100], animation: \(lottie), beginTime: 0.25s, speed: 2, loop: true}
        """, in: dir)
        // At 0.5 s: frame 15; (0.5 - 0.2) x 2 = 0.6 s: frame 18; the layer's own time (0.5 - 0.25) x 2 = 0.5 s: frame 15.
        XCTAssertEqual(try CLIHarness.run(["render", scene, "-o", dir + "/out.png", "--time", "0.5s"]).status, 0)
        let out = try png(dir + "/out.png")
        for (x, frame) in [(0, 15), (110, 18), (220, 15)] {
            let reference = VectorReference.overWhite(try XCTUnwrap(VectorReference.lottie(lottie, frame: frame, width: 100, height: 100)))
            let d = VectorReference.difference(VectorReference.crop(out, x: x, y: 0, width: 100, height: 100), reference)
            XCTAssertLessThanOrEqual(d.max, 1, "layer at \(x), frame \(frame)")
        }
        // Looping: at 2.2 s the third layer is at (2.2 - 0.25) x 2 = 3.9 s = 1.9 s into its second pass: frame 57.
        XCTAssertEqual(try CLIHarness.run(["render", scene, "-o", dir + "/late.png", "--time", "2.2s"]).status, 0)
        let reference = VectorReference.overWhite(try XCTUnwrap(VectorReference.lottie(lottie, frame: 57, width: 100, height: 100)))
        XCTAssertLessThanOrEqual(VectorReference.difference(VectorReference.crop(try png(dir + "/late.png"), x: 220, y: 0, width: 100, height: 100), reference).max, 1)
    }

    func testMediaThatCannotBeUsedIsALocatedErrorAndNothingIsWritten() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        try FrameNumberVideo.write(to: dir + "/count.mp4", frames: 20, fps: 20)
        let video = try Data(contentsOf: URL(fileURLWithPath: dir + "/count.mp4"))
        try video.prefix(video.count / 2).write(to: URL(fileURLWithPath: dir + "/cut.mp4"))
        try Data("not a video at all".utf8).write(to: URL(fileURLWithPath: dir + "/noise.mp4"))
        try "<svg xmlns='http://www.w3.org/2000/svg'><rect".write(toFile: dir + "/broken.svg", atomically: true, encoding: .utf8)
        try "<svg xmlns='http://www.w3.org/2000/svg' width='99999' height='10'/>".write(toFile: dir + "/huge.svg", atomically: true, encoding: .utf8)
        try "{\"v\": \"5\", \"layers\": []}".write(toFile: dir + "/icon.json", atomically: true, encoding: .utf8)
        let cases: [(String, String)] = [
            ("contents: missing.mp4", "4:15: error: contents 'missing.mp4' is neither an asset name nor a file"),
            ("contents: cut.mp4", "4:15: error: cannot use video 'cut.mp4' ('\(dir)/cut.mp4'): the video is "),
            ("contents: noise.mp4", "4:15: error: cannot use video 'noise.mp4' ('\(dir)/noise.mp4'): not an image, SVG, Lottie or video file Strata reads"),
            ("contents: broken.svg", "4:15: error: cannot use SVG 'broken.svg' ('\(dir)/broken.svg'): librsvg rejects the SVG: XML parse error"),
            ("contents: huge.svg", "4:15: error: cannot use SVG 'huge.svg' ('\(dir)/huge.svg'): the SVG is 99999x10 pixels; its width and height may be at most 16384"),
            ("contents: icon.json", "4:15: error: cannot use Lottie animation 'icon.json' ('\(dir)/icon.json'): not a Lottie animation: the JSON has no 'w', 'h', 'fr', 'ip', 'op'"),
            ("contents: {video: count.mp4, trim: [0.5s, 3s]}", "4:47: error: trim ends at 3s, past the end of the media (1s)"),
            ("contents: {video: count.mp4, audio: true}", "4:41: error: audio: true, but the clip has no audio stream"),
            ("contents: {video: count.mp4, speed: 2}", "4:34: error: 'speed' is a key of lottie contents, not of video contents"),
        ]
        for (line, expected) in cases {
            let scene = try CLIHarness.writeScene("""
            strata: 1
            canvas: {size: [64, 64]}
            layers:
              - \(line)
            """, in: dir)
            for command in [["validate", scene], ["render", scene, "-o", dir + "/out.mp4"]] {
                let r = try CLIHarness.run(command)
                XCTAssertEqual(r.status, 2, "\(line): \(r.stderr)")
                XCTAssertTrue(r.stderr.hasPrefix(scene + ":" + expected), "\(line): \(r.stderr)")
            }
            XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/out.mp4"), line)
            XCTAssertEqual(CLIHarness.files(in: dir).filter { $0.hasPrefix("out") }, [], line)
        }
    }

    func testDamageAnywhereInAPlayedPartIsFoundByValidateAndStopsARenderAtTheLayer() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        try FrameNumberVideo.write(to: dir + "/count.mp4", frames: 40, fps: 20, keyframeInterval: 10)
        // Damage the last third of the media data (the index is at the front): the file opens, its late frames do not decode.
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: dir + "/count.mp4")))
        for i in bytes.count * 2 / 3 ..< bytes.count where i % 3 == 0 { bytes[i] ^= 0xA5 }
        try Data(bytes).write(to: URL(fileURLWithPath: dir + "/damaged.mp4"))
        let scene = try CLIHarness.writeScene("""
        strata: 1
        canvas: {size: [128, 64], fps: 20, duration: 2s, background: black}
        layers:
          - frame: [0, 0, 128, 64]
            contents: damaged.mp4
        """, in: dir)
        let check = try CLIHarness.run(["validate", scene])
        XCTAssertEqual(check.status, 2, "validate decodes every frame: \(check.stderr)")
        XCTAssertTrue(check.stderr.hasPrefix(scene + ":5:15: error: cannot use video 'damaged.mp4' ('\(dir)/damaged.mp4'): frame "), check.stderr)
        XCTAssertTrue(check.stderr.contains("cannot be decoded") || check.stderr.contains("damaged"), check.stderr)
        let r = try CLIHarness.run(["render", scene, "-o", dir + "/out.mp4"])
        XCTAssertEqual(r.status, 2, r.stderr)
        XCTAssertTrue(r.stderr.hasPrefix(scene + ":4:5: error: video 'damaged.mp4': frame "), r.stderr)
        XCTAssertTrue(r.stderr.contains("cannot be decoded") || r.stderr.contains("damaged"), r.stderr)
        XCTAssertEqual(CLIHarness.files(in: dir).filter { $0.hasPrefix("out") }, [], "no output, not even a temporary one")
        // Only the frames a layer can show are checked: the first ones are sound.
        let early = try CLIHarness.writeScene("""
        strata: 1
        canvas: {size: [128, 64], fps: 20, duration: 2s, background: black}
        layers:
          - {frame: [0, 0, 128, 64], contents: {video: damaged.mp4, trim: [0s, 0.25s]}}
        """, in: dir)
        let fine = try CLIHarness.run(["validate", early])
        XCTAssertEqual(fine.status, 0, fine.stderr)
    }

    func testMediaScenesRenderTheSameBytesForAnyJobsAndChunks() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        for name in ["svg-contents", "lottie-contents", "video-device"] {
            let scene = CLIHarness.packageRoot + "/scenes/media/\(name).yaml"
            XCTAssertEqual(try CLIHarness.run(["render", scene, "-o", dir + "/\(name)-2/", "--frames", "0-11", "-j", "2", "-q"]).status, 0)
            XCTAssertEqual(try CLIHarness.run(["render", scene, "-o", dir + "/\(name)-6/", "--frames", "6-11", "-j", "1", "-q"]).status, 0)
            XCTAssertEqual(try CLIHarness.run(["render", scene, "-o", dir + "/\(name)-0/", "--frames", "0-5", "-j", "1", "-q"]).status, 0)
            for i in 0..<12 {
                let file = String(format: "/%05d.png", i)
                XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: dir + "/\(name)-\(i / 6 * 6)" + file)),
                               try Data(contentsOf: URL(fileURLWithPath: dir + "/\(name)-2" + file)), "\(name) frame \(i)")
            }
        }
    }
}
