import Foundation
import XCTest

/// Issue 26: with no usable font (an empty fontconfig, a copied binary)
/// text rendered as boxes with exit 0, and glyphs no font has were boxes
/// too, silently. Both are located warnings naming the text layer and the
/// font asked for; `check` makes them errors (a golden of boxes checks nothing).
final class FontCoverageCLITests: XCTestCase {
    /// A fontconfig configuration with no font folders at all.
    static func emptyFontconfig(in dir: String) throws -> [String: String] {
        let conf = dir + "/empty-fonts.conf"
        try """
        <?xml version="1.0"?>
        <!DOCTYPE fontconfig SYSTEM "fonts.dtd">
        <fontconfig><cachedir>\(dir)/fc-cache</cachedir></fontconfig>
        """.write(toFile: conf, atomically: true, encoding: .utf8)
        return ["FONTCONFIG_FILE": conf, "FONTCONFIG_PATH": dir]
    }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    static func textScene(_ string: String, font: String = "DejaVu Sans", assets: String = "") -> String {
        """
        strata: 1
        canvas: {size: [120, 40], duration: 0.1s}
        \(assets)layers:
          - type: text
            name: title
            string: "\(string)"
            font: \(font)
            fontSize: 20
            frame: [0, 0, 120, 40]
        """
    }

    func testNoFontAtAllIsAWarningAtTheFontKeyAndAnErrorInCheck() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let env = try Self.emptyFontconfig(in: dir)
        let scene = try CLIHarness.writeScene(Self.textScene("Hello"), in: dir)
        let validate = try CLIHarness.run(["validate", scene], env: env)
        XCTAssertEqual(validate.status, 0, validate.stderr)
        XCTAssertTrue(validate.stderr.contains("scene.yaml:7:5: warning: text layer 'title': no font for 'DejaVu Sans': fontconfig finds no fonts at all"),
                      validate.stderr)
        let render = try CLIHarness.run(["render", scene, "-o", dir + "/out.png", "--time", "0", "-q"], env: env)
        XCTAssertTrue(render.stderr.contains("scene.yaml:7:5: warning: text layer 'title': no font for 'DejaVu Sans'"), render.stderr)
        let check = try CLIHarness.run(["check", scene], cwd: dir, env: env)
        XCTAssertEqual(check.status, 2, check.stderr)
        XCTAssertTrue(check.stderr.contains("scene.yaml:7:5: error: text layer 'title': no font for 'DejaVu Sans'"), check.stderr)
    }

    /// `--strict`: every warning is an error, so a scene without its font
    /// (or with any other warning) exits 2 and writes nothing.
    func testStrictMakesTheFontWarningAnErrorAndWritesNothing() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let env = try Self.emptyFontconfig(in: dir)
        let scene = try CLIHarness.writeScene(Self.textScene("Hello"), in: dir)
        for args in [["validate", "--strict", scene], ["render", scene, "--strict", "-o", dir + "/out.png", "--time", "0", "-q"],
                     ["inspect", scene, "--strict"]] {
            let run = try CLIHarness.run(args, env: env)
            XCTAssertEqual(run.status, 2, "\(args): \(run.stderr)")
            XCTAssertTrue(run.stderr.contains("scene.yaml:7:5: error: text layer 'title': no font for 'DejaVu Sans'"), run.stderr)
            XCTAssertFalse(run.stderr.contains("warning:"), run.stderr)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/out.png"))
        let unused = try CLIHarness.writeScene("strata: 1\ncanvas: {size: [8, 8], duration: 0.1s}\nparams: {unused: 1}\nlayers: []\n", in: dir)
        XCTAssertEqual(try CLIHarness.run(["validate", unused]).status, 0)
        let strict = try CLIHarness.run(["validate", unused, "--strict"])
        XCTAssertEqual(strict.status, 2)
        XCTAssertTrue(strict.stderr.contains("scene.yaml:3:10: error: param 'unused' is never used"), strict.stderr)
    }

    func testAGlyphTheFontLacksIsAWarningAtTheString() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let env = try Self.emptyFontconfig(in: dir)
        let font = Self.root + "/scenes/fonts/DejaVuSans.ttf"
        // The asset font and nothing else (an empty fontconfig): DejaVu Sans has no CJK.
        let scene = try CLIHarness.writeScene(Self.textScene("Hi \\u4E2D\\u6587 ok", font: "sans",
                                                             assets: "assets: {sans: \(font)}\n"), in: dir)
        let validate = try CLIHarness.run(["validate", scene], env: env)
        XCTAssertEqual(validate.status, 0, validate.stderr)
        XCTAssertTrue(validate.stderr.contains("scene.yaml:7:5: warning: text layer 'title': no font has a glyph for U+4E2D '中', U+6587 '文' (font 'sans'"),
                      validate.stderr)
        XCTAssertFalse(validate.stderr.contains("no font for"), validate.stderr)
        // What the font has is no warning.
        let fine = try CLIHarness.writeScene(Self.textScene("Hi ok \\u00E9", font: "sans", assets: "assets: {sans: \(font)}\n"), in: dir)
        let quiet = try CLIHarness.run(["validate", fine], env: env)
        XCTAssertEqual(quiet.status, 0, quiet.stderr)
        XCTAssertFalse(quiet.stderr.contains("warning"), quiet.stderr)
        // A plane-16 private-use character: no system font has it either.
        let system = try CLIHarness.writeScene(Self.textScene("A\\U0010FFFD"), in: dir)
        let r = try CLIHarness.run(["validate", system])
        XCTAssertTrue(r.stderr.contains("scene.yaml:6:5: warning: text layer 'title': no font has a glyph for U+10FFFD"), r.stderr)
        let check = try CLIHarness.run(["check", system], cwd: dir)
        XCTAssertEqual(check.status, 2, check.stderr)
        XCTAssertTrue(check.stderr.contains("scene.yaml:6:5: error: text layer 'title': no font has a glyph for U+10FFFD"), check.stderr)
    }
}
