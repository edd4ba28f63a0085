import Foundation
import StrataModel
@testable import StrataParse
import XCTest

/// `contents` in a transaction's `set:`: an image (decoded at load) or
/// null, as an image value; its errors are located.
final class ContentsChangeParseTests: XCTestCase {
    func testContentsChangesAreImageValues() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-contents-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        // A 1x1 PNG.
        let png: [UInt8] = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0x00,
                            0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1f, 0x15, 0xc4, 0x89, 0x00,
                            0x00, 0x00, 0x0d, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0xf8, 0xcf, 0xc0, 0xf0, 0x1f, 0x00, 0x05,
                            0x00, 0x01, 0xff, 0x89, 0x99, 0x3d, 0x1d, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42,
                            0x60, 0x82]
        try Data(png).write(to: dir.appendingPathComponent("one.png"))
        let ok = Marked(sceneText("""
        assets: {one: \(dir.path)/one.png}
        layers: [{name: l}]
        timeline:
          - {at: 1s, set: {l.contents: one}}
          - {at: 2s, set: {l.contents: null}}
        """))
        let changes = scene(ok)?.timeline.flatMap(\.changes) ?? []
        XCTAssertEqual(changes.map(\.value), [.animatable(.image(ContentsValue(key: "one"))), .animatable(.image(ContentsValue(key: nil)))])
        XCTAssertEqual(changes.first?.keyPath.property, .contents)
        XCTAssertNotNil(scene(ok)?.images["one"], "decoded when the scene loads")

        let bad = Marked(sceneText("""
        assets: {one: \(dir.path)/one.png}
        layers: [{name: l}]
        timeline:
          - {at: 1s, set: {⟨f⟩l.contents.x: one, l.contents: ⟨v⟩onr}}
        """))
        let messages = diagnostics(bad).map(\.description)
        XCTAssertEqual(messages.first, "\(bad.at("f")): error: 'contents.x' has no field 'x'")
        XCTAssertTrue(messages.last?.hasPrefix("\(bad.at("v")): error: contents 'onr' is neither an asset name nor a file") ?? false, "\(messages)")
        XCTAssertTrue(messages.last?.hasSuffix("; did you mean 'one'?") ?? false, "\(messages)")
    }
}

/// `contents` by keyframes: a flip-book over decoded images.
final class ContentsFlipBookParseTests: XCTestCase {
    private let assets = "assets: {one: \(SchemaValidationTests.root)/scenes/animation/assets/logo.png, two: \(SchemaValidationTests.root)/scenes/animation/assets/logo2.png}\n"

    private func scene(_ animation: String) -> Marked {
        Marked(sceneText(assets + "layers:\n  - {name: l, bounds: [0, 0, 10, 10], animations: [\(animation)]}\n"))
    }

    func testDiscreteKeyframesOfImagesParseAndDecode() throws {
        let m = scene("{keyPath: contents, values: [one, two, null], calculationMode: discrete, duration: 1}")
        let s = try XCTUnwrap(StrataParseTests.scene(m))
        guard case .keyframe(let k) = s.root.sublayers[0].animations[0].kind else { return XCTFail("not keyframes") }
        XCTAssertEqual(k.values, [.image(ContentsValue(key: "one")), .image(ContentsValue(key: "two")), .image(ContentsValue(key: nil))])
        XCTAssertNotNil(s.images["two"], "decoded when the scene loads")
    }

    func testBasicImagesDissolveAndPacedModesAreLocatedErrors() throws {
        let basic = try XCTUnwrap(StrataParseTests.scene(scene("{keyPath: contents, from: one, to: null}")))
        guard case .basic(let from, let to, nil) = basic.root.sublayers[0].animations[0].kind else { return XCTFail("not basic") }
        XCTAssertEqual([from, to], [.image(ContentsValue(key: "one")), .image(ContentsValue(key: nil))])
        XCTAssertNotNil(StrataParseTests.scene(scene("{keyPath: contents, values: [one, two]}")), "linear keyframes dissolve")
        assertOnlyError(scene("{keyPath: contents, values: [one, two], ⟨m⟩calculationMode: paced}"), at: "m",
                        "image keyframes flip (discrete) or cross-dissolve (linear); 'paced' needs distances between values, which images do not have")
        assertOnlyError(scene("{keyPath: contents, from: one, ⟨b⟩by: two}"), at: "b",
                        "'by' does not apply to images; use 'from' and 'to'")
        assertOnlyError(scene("{keyPath: contents, values: [one, ⟨n⟩nope], calculationMode: discrete}"), at: "n",
                        "contents 'nope' is neither an asset name nor a file (looked for 'nope')")
    }
}
