import Foundation
import StrataModel
import XCTest
@testable import StrataParse

/// Emitter cell `contents` images: decoding, contentsRect/contentsScale, located errors.
final class EmitterContentsParseTests: XCTestCase {
    /// The repository's emitter sprites (sparkle.png 64x64 white, gems.png 64x32).
    private var assets: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("scenes/layers/assets").path
    }

    private func cells(_ m: Marked, file: StaticString = #filePath, line: UInt = #line) -> [EmitterCell] {
        scene(m, file: file, line: line)?.root.sublayers.first?.properties.emitter?.cells ?? []
    }

    private func emitter(_ cells: String, assets list: String? = nil) -> String {
        sceneText("""
        assets: {\(list ?? "sparkle: \(assets)/sparkle.png, gems: \(assets)/gems.png")}
        layers:
          - type: emitter
            emitterCells:
        \(cells.split(separator: "\n").map { "      " + $0 }.joined(separator: "\n"))
        """)
    }

    func testImageContentsWithRectAndScale() throws {
        let c = cells(Marked(emitter("""
        - {contents: sparkle, birthRate: 1, lifetime: 1}
        - {contents: gems, contentsRect: [0.5, 0, 0.5, 1], contentsScale: 2, birthRate: 1, lifetime: 1}
        - {contents: \(assets)/gems.png, birthRate: 1, lifetime: 1}
        """)))
        XCTAssertEqual(c.count, 3)
        guard case .image(let sparkle)? = c.first?.contents, case .image(let gem)? = c.dropFirst().first?.contents,
              case .image(let path)? = c.last?.contents else { return XCTFail("not images: \(c.map(\.contents))") }
        XCTAssertEqual(sparkle.key, "sparkle")
        XCTAssertEqual(sparkle.size, Size(64, 64))
        XCTAssertEqual(sparkle.pixmap.width, 64)
        XCTAssertEqual(gem.contentsRect, Rect(0.5, 0, 0.5, 1))
        XCTAssertEqual(gem.contentsScale, 2)
        XCTAssertTrue(gem.shownPixels == (32, 0, 32, 32))
        XCTAssertEqual(gem.size, Size(16, 16))
        XCTAssertEqual(path.key, "\(assets)/gems.png")
        XCTAssertEqual(path.size, Size(64, 32))
        // The same decoded pixels as the asset (one decode per file and process).
        XCTAssertEqual(path.pixmap, gem.pixmap)
    }

    func testRectsRoundToWholePixels() {
        let pixmap = Pixmap(width: 10, height: 4)
        let image = ParticleImage(key: "x", pixmap: pixmap, contentsRect: Rect(0.26, -0.5, 0.5, 2))
        // x: 2.6 -> 3 to 7.6 -> 8; y: -2 to 6 (past the image: edge pixels repeat).
        XCTAssertTrue(image.shownPixels == (3, -2, 5, 8))
        XCTAssertEqual(image.size, Size(5, 8))
    }

    func testAnAssetNamedLikeABuiltInShapeWins() {
        let c = cells(Marked(emitter("- {contents: circle, birthRate: 1, lifetime: 1}", assets: "circle: \(assets)/sparkle.png")))
        guard case .image(let image)? = c.first?.contents else { return XCTFail("\(c.map(\.contents))") }
        XCTAssertEqual(image.key, "circle")
        // Without such an asset, the built-in shape.
        XCTAssertEqual(cells(Marked(emitter("- {contents: circle, birthRate: 1, lifetime: 1}"))).first?.contents, .circle(Size(10, 10)))
    }

    func testUnknownContentsIsALocatedErrorWithASuggestion() {
        assertOnlyError(Marked(emitter("- {contents: ⟨c⟩sparkel}")), at: "c",
                        "particle contents 'sparkel' is neither an asset name, an image file (looked for 'sparkel') nor a built-in shape ('circle', 'square'); did you mean 'sparkle'?")
        assertOnlyError(Marked(emitter("- {contents: ⟨c⟩cirle}")), at: "c",
                        "particle contents 'cirle' is neither an asset name, an image file (looked for 'cirle') nor a built-in shape ('circle', 'square'); did you mean 'circle'?")
    }

    func testCorruptImageIsALocatedErrorAtTheCellsContents() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-cell-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("not an image".utf8).write(to: dir.appendingPathComponent("text.png"))
        let m = Marked(emitter("- {contents: ⟨c⟩bad, birthRate: 1}", assets: "bad: \(dir.path)/text.png"))
        assertOnlyError(m, at: "c", "cannot use image 'bad' ('\(dir.path)/text.png'): not a PNG, JPEG or WebP image")
    }

    func testRectShowingNoPixelOrTooManyIsAnErrorAtTheRect() {
        assertOnlyError(Marked(emitter("- {contents: sparkle, contentsRect: ⟨r⟩[0, 0, 0.001, 1]}")), at: "r",
                        "contentsRect shows no whole pixel of image 'sparkle' (64x64 pixels)")
        assertOnlyError(Marked(emitter("- {contents: sparkle, contentsRect: ⟨r⟩[0, 0, 100, 100]}")), at: "r",
                        "the shown part of image 'sparkle' is 6400x6400 pixels; a particle image may have at most 16777216 (4096x4096)")
        // 64 x 4096/64 on one axis and 1 on the other is allowed: the limit is the area.
        XCTAssertEqual(cells(Marked(emitter("- {contents: sparkle, contentsRect: [0, 0, 64, 1]}"))).first?.contents?.size, Size(4096, 64))
        assertOnlyError(Marked(emitter("- {contents: sparkle, contentsScale: ⟨s⟩0}")), at: "s",
                        "expected a number greater than 0 and at most 64, found '0'")
    }

    func testRectOnABuiltInShapeIsAWarning() {
        let m = Marked(emitter("- {contents: square, ⟨k⟩contentsRect: [0, 0, 1, 1], birthRate: 1, lifetime: 1}"))
        guard case .success(let r) = load(m) else { return XCTFail() }
        assertDiagnostic(r.warnings, at: "k", in: m, "'contentsRect' applies to image contents; a built-in shape ignores it", severity: .warning)
    }
}
