import XCTest
import StrataModel
@testable import StrataParse

/// Issue 26, item 2: a scene with one very long scalar (about a megabyte,
/// as a fuzzer or a mutated scene makes) is a located error or a correct
/// result, in work linear in its length. Trimming a colour dropped one
/// space at a time (minutes for a megabyte of spaces) and a key path of a
/// million parts made a did-you-mean index per part; each case below ran
/// for minutes before the fix and takes well under a second after it.
final class LongScalarTests: XCTestCase {
    /// About a megabyte: the size of the scalar that kept `validate` busy.
    private let length = 1 << 20
    private var spaces: String { String(repeating: " ", count: length) }

    func testColorsPaddedWithAMegabyteOfSpaces() {
        let padded = Marked(sceneText("layers: []\n", canvas: "{size: [64, 64], background: \"\(spaces)red\(spaces)\"}"))
        XCTAssertEqual(scene(padded)?.canvas.background, Color(1, 0, 0, 1))
        let argument = Marked(layerScene("backgroundColor: \"rgb(255\(spaces), 0, 0)\""))
        XCTAssertEqual(scene(argument)?.root.sublayers.first?.properties.backgroundColor, Color(1, 0, 0, 1))
        let blank = Marked(layerScene("backgroundColor: ⟨v⟩\"\(spaces)\""))
        let errors = diagnostics(blank)
        XCTAssertEqual(errors.map { "\($0.location.file):\($0.location.line):\($0.location.column)" }, [blank.at("v")])
        XCTAssertTrue(errors.first?.message.hasPrefix("expected \(Values.colorForms), found") ?? false, "\(errors)")
        let letters = Marked(layerScene("backgroundColor: ⟨v⟩\(String(repeating: "a", count: length))"))
        XCTAssertTrue(diagnostics(letters).first?.message.hasPrefix("unknown color name 'aaaa") ?? false)
    }

    func testLengthsAndTimesOfAMegabyte() {
        let digits = String(repeating: "1", count: length)
        assertOnlyError(Marked(layerScene("frame: [0, 0, ⟨v⟩\(digits), 10]")), at: "v",
                        "expected a finite number, found '\(String(repeating: "1", count: 40))...'")
        assertOnlyError(Marked(layerScene("cornerRadius: ⟨v⟩\"\(spaces)5\(spaces)\"")), at: "v",
                        "expected a length of 0 or more, found '\(String(repeating: " ", count: 40))...'")
        XCTAssertEqual(scene(Marked(layerScene("cornerRadius: 0.\(digits)")))?.root.sublayers.first?.properties.cornerRadius ?? 0,
                       0.1111111111111111, accuracy: 1e-15)
        assertOnlyError(Marked(layerScene("animations: [{keyPath: opacity, from: 0, to: 1, duration: ⟨v⟩\(digits)ms}]")), at: "v",
                        "expected a finite time, found '\(String(repeating: "1", count: 40))...'")
    }

    func testPathDataOfAMegabyte() {
        let spaced = Marked(layerScene("type: shape\npath: \"M 0 0\(spaces)L 1 1\""))
        XCTAssertEqual(scene(spaced)?.root.sublayers.first?.properties.shape?.path?.structure, "ML")
        let number = diagnostics(Marked(layerScene("type: shape\npath: \"M 0 \(String(repeating: "1", count: length))\"")))
        XCTAssertTrue(number.first?.message.hasPrefix("invalid path data: the number '111") ?? false, "\(number.first?.message.prefix(200) ?? "")")
        let many = diagnostics(Marked(layerScene("type: shape\npath: \"M 0 0 \(String(repeating: "L 1 1 ", count: length / 6))\"")))
        XCTAssertEqual(number.count, 1)
        XCTAssertEqual(many.first?.message, "invalid path data: the path has more than \(Limits.maxPathElements) elements")
    }

    func testKeyPathsOfAMegabyte() {
        let parts = String(repeating: "a.", count: length / 2) + "a"
        let dotted = diagnostics(Marked(layerScene("animations: [{keyPath: \"\(parts)\", from: 0, to: 1, duration: 1s}]")))
        XCTAssertEqual(dotted.map(\.message), ["unknown key path '\(Diagnostic.clip(parts))'"])
        let padded = diagnostics(Marked(layerScene("animations: [{keyPath: \"opacity\(spaces)\", from: 0, to: 1, duration: 1s}]")))
        XCTAssertTrue(padded.first?.message.hasPrefix("unknown key path 'opacity ") ?? false)
    }

    func testTextOfAMegabyte() {
        assertOnlyError(Marked(layerScene("type: text\nstring: ⟨v⟩\"\(String(repeating: "x", count: length))\"")), at: "v",
                        "the string has \(length) characters; at most \(Limits.maxTextLength) are allowed")
    }

    /// Past `Limits.maxSceneBytes` a scene file is not read on: an error
    /// naming the file and the limit, before any value is looked at.
    func testAFileLargerThanTheSceneLimitIsAnError() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("strata-large-\(getpid()).yaml").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let header = Array(sceneText("layers: []\n").utf8)
        try Data(header + [UInt8](repeating: UInt8(ascii: "#"), count: Limits.maxSceneBytes)).write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try SceneLoader.load(file: path)) { error in
            XCTAssertEqual((error as? DiagnosticList)?.items.map(\.message),
                           ["cannot read '\(path)': it is larger than \(Limits.maxSceneBytes >> 20) MiB, the most a scene may be"])
        }
        try Data(header).write(to: URL(fileURLWithPath: path))
        XCTAssertNoThrow(try SceneLoader.load(file: path))
    }
}
