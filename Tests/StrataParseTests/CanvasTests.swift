import XCTest
import Foundation
import StrataModel
@testable import StrataParse

final class CanvasTests: XCTestCase {
    func testDefaultsAndRootLayer() {
        let m = Marked("strata: 1\ncanvas:\n  size: [1280, 720]\n")
        guard let s = scene(m) else { return }
        XCTAssertEqual(s.file, "test.yaml")
        XCTAssertEqual(s.canvas.size, Size(1280, 720))
        XCTAssertEqual(s.canvas.scale, 1)
        XCTAssertEqual(s.canvas.fps, 30)
        XCTAssertEqual(s.canvas.duration, 1)
        XCTAssertNil(s.canvas.background)
        XCTAssertTrue(s.canvas.variants.isEmpty)
        XCTAssertEqual(s.frameCount, 30)
        XCTAssertNil(s.root.name)
        XCTAssertEqual(s.root.properties.bounds, Rect(0, 0, 1280, 720))
        XCTAssertEqual(s.root.properties.position, Point(640, 360))
        XCTAssertEqual(s.root.properties.anchorPoint, Point(0.5, 0.5))
        XCTAssertNil(s.root.properties.backgroundColor)
        XCTAssertTrue(s.root.sublayers.isEmpty)
        XCTAssertNil(s.golden)
    }

    func testAllCanvasKeys() {
        let m = Marked("""
        strata: 1
        canvas:
          size: [100, 50]
          scale: 2
          fps: 60
          duration: 4s
          background: "#101820"
          variants:
            story: [1080, 1920]
            square: [1080, 1080]
        layers: []
        """)
        guard let s = scene(m) else { return }
        XCTAssertEqual(s.canvas.scale, 2)
        XCTAssertEqual(s.canvas.pixelWidth, 200)
        XCTAssertEqual(s.canvas.fps, 60)
        XCTAssertEqual(s.canvas.duration, 4)
        XCTAssertEqual(s.frameCount, 240)
        XCTAssertEqual(s.canvas.background, Color(0x10 / 255, 0x18 / 255, 0x20 / 255, 1))
        XCTAssertEqual(s.root.properties.backgroundColor, s.canvas.background)
        XCTAssertEqual(s.canvas.variants.map(\.name), ["story", "square"])
        XCTAssertEqual(s.canvas.variants.map(\.size), [Size(1080, 1920), Size(1080, 1080)])
    }

    func testCanvasLimitsAtTheBoundaries() {
        // Exactly at the limits loads.
        XCTAssertNotNil(scene(Marked("strata: 1\ncanvas: {size: [1024, 1024], scale: 8, fps: 240, duration: 3600}\n")))
        assertOnlyError(Marked("strata: 1\ncanvas: {size: [10, 10], scale: ⟨s⟩8.001}\n"), at: "s",
                        "expected a number greater than 0 and at most 8, found '8.001'")
        assertOnlyError(Marked("strata: 1\ncanvas: {size: [10, 10], fps: ⟨f⟩0}\n"), at: "f",
                        "expected a frame rate greater than 0 and at most 240 (30, 29.97 or \"30000/1001\"), found '0'")
        assertOnlyError(Marked("strata: 1\ncanvas: {size: [10, 10], duration: ⟨d⟩3601s}\n"), at: "d",
                        "expected a time greater than 0s and at most 3600s, found '3601s'")
        assertOnlyError(Marked("strata: 1\ncanvas: {size: ⟨s⟩[16385, 10]}\n"), at: "s",
                        "the canvas is 16385x10 pixels; each side may be at most 16384 pixels")
        XCTAssertNotNil(scene(Marked("strata: 1\ncanvas: {size: [16384, 10]}\n")))
        assertOnlyError(Marked("strata: 1\ncanvas: {size: ⟨s⟩[8192, 8193]}\n"), at: "s",
                        "the canvas is 8192x8193 = 67117056 pixels; at most 67108864 pixels are allowed")
        XCTAssertNotNil(scene(Marked("strata: 1\ncanvas: {size: [8192, 8192]}\n")))
        assertOnlyError(Marked("strata: 1\ncanvas: {size: ⟨s⟩[0.4, 10]}\n"), at: "s",
                        "the canvas is 0x10 pixels; it needs at least 1 pixel per side")
        assertOnlyError(Marked("strata: 1\ncanvas: {size: [⟨s⟩0, 10]}\n"), at: "s",
                        "expected a number greater than 0, found '0'")
        assertOnlyError(Marked("strata: 1\ncanvas: {size: [10, 10], duration: ⟨d⟩10ms}\n"), at: "d",
                        "the scene has no frames: 0.01s at 30 fps rounds to 0 frames")
        assertOnlyError(Marked("strata: 1\ncanvas: {size: [10, 10], variants: {big: ⟨v⟩[20000, 10]}}\n"), at: "v",
                        "variant 'big' is 20000x10 pixels; each side may be at most 16384 pixels")
        // A huge size must not trap when converted to pixels: past the
        // scene's limit on numbers it is refused as a number, below as pixels.
        assertOnlyError(Marked("strata: 1\ncanvas: {size: [⟨s⟩1e300, 1]}\n"), at: "s",
                        "a number may be at most 10000000 in magnitude (a scene's limit), found '1e300'")
        assertOnlyError(Marked("strata: 1\ncanvas: {size: ⟨s⟩[1e7, 1e7], scale: 8}\n"), at: "s",
                        "the canvas is 80000000x80000000 pixels; each side may be at most 16384 pixels")
    }

    func testVersionAndRequiredKeys() {
        assertOnlyError(Marked("strata: ⟨v⟩2\ncanvas: {size: [10, 10]}\n"), at: "v",
                        "unsupported format version 2; this strata reads version 1")
        assertOnlyError(Marked("⟨top⟩canvas: {size: [10, 10]}\n"), at: "top", "missing required key 'strata'")
        assertOnlyError(Marked("⟨top⟩strata: 1\n"), at: "top", "missing required key 'canvas'")
        assertOnlyError(Marked("strata: 1\ncanvas: ⟨c⟩{fps: 30}\n"), at: "c", "missing required key 'size' in canvas")
        assertOnlyError(Marked("⟨r⟩[1, 2]\n"), at: "r",
                        "a scene is a mapping with 'strata', 'canvas' and 'layers' at the top level, found a list")
        assertOnlyError(Marked("strata: 1\ncanvas: {size: [10, 10]}\n⟨k⟩layer: []\n"), at: "k",
                        "unknown top-level key 'layer'; did you mean 'layers'?")
        assertOnlyError(Marked("strata: 1\ncanvas: {size: [10, 10], ⟨k⟩fsp: 30}\n"), at: "k",
                        "unknown canvas key 'fsp'; did you mean 'fps'?")
        assertOnlyError(Marked("strata: 1\ncanvas: {⟨k⟩sise: [10, 10]}\n"), at: "k",
                        "unknown canvas key 'sise'; did you mean 'size'?")
    }

    func testTimelineLayerPathsResolve() {
        XCTAssertNotNil(scene(Marked(sceneText("timeline: []\n"))))
        assertOnlyError(Marked(sceneText("timeline:\n  - at: 1s\n    set: {⟨t⟩a.opacity: 0}\n")), at: "t",
                        "no layer named 'a' at the top level")
    }

    func testAssetsResolveAgainstTheSceneDirectory() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-parse-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("images"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data([1, 2, 3]).write(to: dir.appendingPathComponent("images/logo.png"))
        let sceneFile = dir.appendingPathComponent("scene.yaml").path
        let m = Marked(sceneText("assets:\n  logo: images/logo.png\n  missing: ⟨m⟩images/nope.png\n  folder: ⟨d⟩images\n"))
        try m.text.write(toFile: sceneFile, atomically: true, encoding: .utf8)
        do {
            _ = try SceneLoader.load(file: sceneFile, options: SceneLoadOptions())
            XCTFail("expected errors")
        } catch {
            XCTAssertEqual(error.items.map(\.message), [
                "asset file 'images/nope.png' not found (looked for '\(dir.path)/images/nope.png')",
                "asset 'images' is a directory, not a file",
            ])
            XCTAssertEqual(error.items.map(\.location.line), [m.marks["m"]!.line, m.marks["d"]!.line])
            XCTAssertEqual(error.items.map(\.location.column), [m.marks["m"]!.column, m.marks["d"]!.column])
        }
        let good = sceneText("assets:\n  logo: images/logo.png\n")
        try good.write(toFile: sceneFile, atomically: true, encoding: .utf8)
        let loaded = try SceneLoader.load(file: sceneFile, options: SceneLoadOptions())
        XCTAssertEqual(loaded.scene.assets, ["logo": dir.path + "/images/logo.png"])
    }

    func testLoadReportsUnreadableFiles() {
        do {
            _ = try SceneLoader.load(file: "/nonexistent/scene.yaml", options: SceneLoadOptions())
            XCTFail()
        } catch {
            XCTAssertEqual(error.items.map(\.message), ["cannot open '/nonexistent/scene.yaml': No such file or directory"])
            XCTAssertEqual(error.items.map(\.location), [.wholeFile("/nonexistent/scene.yaml")])
        }
    }
}
