import Foundation
import StrataModel
import XCTest
@testable import StrataParse

final class CompositingParseTests: XCTestCase {
    /// The repository's compositing assets (scene files resolve against them).
    private var assets: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("scenes/compositing/assets").path
    }

    func testCompositingKeys() {
        let m = Marked(sceneText("""
        assets: {photo: \(assets)/photo.png}
        layers:
          - type: transform
            sublayers:
              - maskedCorners: [layerMinXMinYCorner, layerMaxXMaxYCorner]
                shadowColor: blue
                shadowOpacity: 0.5
                shadowOffset: [2, 4]
                shadowRadius: 7
                shadowPath: {rect: [0, 0, 10, 10], cornerRadius: 2}
                contents: photo
                contentsGravity: bottomRight
                contentsRect: [0, 0, 0.5, 0.5]
                contentsCenter: [0.25, 0.25, 0.5, 0.5]
                contentsScale: 2
                geometryFlipped: true
                doubleSided: false
                shouldRasterize: true
                rasterizationScale: 3
                allowsGroupOpacity: false
                mask: {bounds: [0, 0, 5, 5], animations: [{keyPath: position.x, to: 3}]}
                animations:
                  - {keyPath: shadowOffset.height, to: 9}
                  - {keyPath: contentsRect, to: [0, 0, 1, 1]}
        """))
        guard let s = scene(m) else { return }
        XCTAssertEqual(s.root.sublayers[0].type, .transform)
        let p = s.root.sublayers[0].sublayers[0].properties
        XCTAssertEqual(p.maskedCorners, [.minXMinY, .maxXMaxY])
        XCTAssertEqual(p.shadowColor, Color(0, 0, 1))
        XCTAssertEqual(p.shadowOpacity, 0.5)
        XCTAssertEqual(p.shadowOffset, Size(2, 4))
        XCTAssertEqual(p.shadowRadius, 7)
        XCTAssertEqual(p.shadowPath, .rect(Rect(0, 0, 10, 10), cornerRadius: 2))
        XCTAssertEqual(p.contents, "photo")
        XCTAssertEqual(p.contentsGravity, .bottomRight)
        XCTAssertEqual(p.contentsRect, Rect(0, 0, 0.5, 0.5))
        XCTAssertEqual(p.contentsCenter, Rect(0.25, 0.25, 0.5, 0.5))
        XCTAssertEqual(p.contentsScale, 2)
        XCTAssertTrue(p.geometryFlipped)
        XCTAssertFalse(p.doubleSided)
        XCTAssertTrue(p.shouldRasterize)
        XCTAssertEqual(p.rasterizationScale, 3)
        XCTAssertFalse(p.allowsGroupOpacity)
        XCTAssertEqual(s.root.sublayers[0].sublayers[0].mask.count, 1)
        XCTAssertEqual(s.images["photo"]?.width, 48)
    }

    func testShadowDefaultsAreCoreAnimations() {
        let p = LayerProperties()
        XCTAssertEqual(p.shadowOpacity, 0)
        XCTAssertEqual(p.shadowOffset, Size(0, -3))
        XCTAssertEqual(p.shadowRadius, 3)
        XCTAssertEqual(p.contentsGravity, .resize)
        XCTAssertTrue(p.allowsGroupOpacity)
        XCTAssertTrue(p.doubleSided)
    }

    func testMissingImageIsALocatedError() {
        let m = Marked(layerScene("contents: ⟨v⟩nowhere.png"))
        assertOnlyError(m, at: "v", "contents 'nowhere.png' is neither an asset name nor a file (looked for 'nowhere.png')")
    }

    func testCorruptImageIsALocatedError() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-corrupt-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var png = try Data(contentsOf: URL(fileURLWithPath: assets + "/photo.png"))
        png[60] ^= 0xFF  // inside the IDAT data: the CRC no longer matches
        try png.write(to: dir.appendingPathComponent("bad.png"))
        try Data("not an image".utf8).write(to: dir.appendingPathComponent("text.png"))
        let m = Marked(sceneText("""
        assets: {bad: \(dir.path)/bad.png, text: \(dir.path)/text.png}
        layers:
          - contents: ⟨bad⟩bad
          - contents: ⟨text⟩text
        """))
        let items = diagnostics(m).filter { $0.severity == .error }
        XCTAssertEqual(items.count, 2)
        XCTAssertTrue(items[0].description.hasPrefix("\(m.at("bad")): error: cannot use image 'bad'"), items[0].description)
        XCTAssertTrue(items[0].description.contains("invalid PNG"), items[0].description)
        XCTAssertEqual(items[1].description, "\(m.at("text")): error: cannot use image 'text' ('\(dir.path)/text.png'): not a PNG, JPEG or WebP image")
    }

    func testShadowPathShapesAndErrors() {
        let ok = Marked(layerScene("shadowPath: {polygon: [[0, 0], [10, 0], [5, 8]]}"))
        XCTAssertEqual(scene(ok)?.root.sublayers[0].properties.shadowPath, .polygon([Point(0, 0), Point(10, 0), Point(5, 8)]))
        let list = Marked(layerScene("shadowPath: ⟨v⟩[1, 2]"))
        assertOnlyError(list, at: "v", "a shadowPath is SVG path data, {rect: [x, y, w, h], cornerRadius: r}, {ellipse: [x, y, w, h]}, {polygon: [[x, y], ...]} or {arc: {center, radius, startAngle, endAngle}}, found a list")
    }

    func testShadowPathSVGData() {
        // H/V become lines, relative commands become absolute, quadratics become
        // cubics (control points at 2/3 towards the quadratic's), T reflects Q's control point.
        let ok = Marked(layerScene("shadowPath: \"M 10 20 h 30 V 50 q 6 6 12 0 T 64 50 Z\""))
        XCTAssertEqual(scene(ok)?.root.sublayers[0].properties.shadowPath, .path(BezierPath([
            .move(Point(10, 20)), .line(Point(40, 20)), .line(Point(40, 50)),
            .cubic(Point(44, 54), Point(48, 54), Point(52, 50)), .cubic(Point(56, 46), Point(60, 46), Point(64, 50)), .close,
        ])))
        // An arc becomes cubics ending exactly at its end point.
        let arc = scene(Marked(layerScene("shadowPath: \"M 0 0 A 10 10 0 0 1 20 0\"")))?.root.sublayers[0].properties.shadowPath
        guard case .path(let path)? = arc, case .cubic(_, _, let end)? = path.elements.last else { return XCTFail("\(String(describing: arc))") }
        XCTAssertEqual(path.elements.count, 3)
        XCTAssertEqual(end, Point(20, 0))
        // Errors point into the string (plain and quoted scalars).
        let bad = Marked(layerScene("shadowPath: M 0 0 L 10 ⟨x⟩x"))
        assertOnlyError(bad, at: "x", "invalid path data: expected a number for argument 2 of 2 of 'L' (line), found 'x'")
        let quoted = Marked(layerScene("shadowPath: \"M 0 0 Q 1⟨z⟩\""))
        assertOnlyError(quoted, at: "z", "invalid path data: expected a number for argument 2 of 4 of 'Q' (quadratic curve), found the end of the path")
        let start = Marked(layerScene("shadowPath: \"⟨l⟩L 1 1\""))
        assertOnlyError(start, at: "l", "invalid path data: path data must start with a move command (M or m), found 'L'")
    }
}
