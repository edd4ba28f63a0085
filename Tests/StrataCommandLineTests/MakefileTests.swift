import Foundation
import XCTest

/// Issue 26: `make demo`, `make build` and `make install` installed the test
/// tools too, while the README says they install the C libraries. `deps`
/// (C libraries, pkg-config, a font) is what building needs; `deps-test`
/// (shells, groff, ffmpeg, xmllint, node...) is what the tests need.
final class MakefileTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    /// Each rule's prerequisites and recipe, from the Makefile's text.
    static func rules() throws -> [String: (prerequisites: [String], recipe: String)] {
        let text = try String(contentsOfFile: root + "/Makefile", encoding: .utf8)
        var rules: [String: (prerequisites: [String], recipe: String)] = [:]
        var current: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("\t"), let name = current {
                rules[name]?.recipe += line + "\n"
            } else if let colon = line.firstIndex(of: ":"), !line.hasPrefix("#"), !line.hasPrefix("."),
                      !line[line.index(after: colon)...].hasPrefix("="), !line.contains(":=") {
                let name = line[..<colon].trimmingCharacters(in: .whitespaces)
                rules[name] = (line[line.index(after: colon)...].split(separator: " ").map(String.init), "")
                current = name
            } else if !line.hasPrefix("\t") {
                current = nil
            }
        }
        return rules
    }

    /// `target` and every rule it depends on, transitively.
    static func closure(_ target: String, _ rules: [String: (prerequisites: [String], recipe: String)]) -> Set<String> {
        var seen: Set<String> = [], stack = [target]
        while let t = stack.popLast() {
            guard seen.insert(t).inserted else { continue }
            stack += rules[t]?.prerequisites ?? []
        }
        return seen
    }

    func testBuildDemoAndInstallInstallTheCLibrariesOnlyAndTheTestsGetTheirTools() throws {
        let rules = try Self.rules()
        let deps = try XCTUnwrap(rules["deps"]), depsTest = try XCTUnwrap(rules["deps-test"])
        // deps: the C libraries; no test tool in its recipe.
        XCTAssertTrue(deps.recipe.contains("$(APT_PKGS)") && deps.recipe.contains("pkg-config --exists"), deps.recipe)
        for tool in ["$(TOOL_PKGS)", "$(TOOLS)", "NODE_MODULES"] { XCTAssertFalse(deps.recipe.contains(tool), tool) }
        // deps-test: the tools, and only when one is missing (command -v before apt-get).
        XCTAssertTrue(depsTest.recipe.contains("$(TOOL_PKGS)") && depsTest.recipe.contains("command -v"), depsTest.recipe)
        XCTAssertFalse(depsTest.recipe.contains("$(APT_PKGS)"))
        for target in ["build", "demo", "install", "man", "completions", "test-install", "fuzz"] {
            let needs = Self.closure(target, rules)
            XCTAssertTrue(needs.contains("deps"), target)
            XCTAssertFalse(needs.contains("deps-test"), "make \(target) installs the test tools")
        }
        for target in ["test", "test-slurm", "sanitize"] {
            XCTAssertTrue(Self.closure(target, rules).isSuperset(of: ["deps", "deps-test"]), target)
        }
        // The test tools are not in the C libraries' package list.
        let text = try String(contentsOfFile: Self.root + "/Makefile", encoding: .utf8)
        let apt = text.components(separatedBy: "APT_PKGS := ")[1].components(separatedBy: "\n#")[0]
        for tool in ["zsh", "fish", "groff", "ffmpeg", "nodejs", "libxml2-utils"] { XCTAssertFalse(apt.contains(tool), tool) }
        // And `make -n` agrees: deps-test's recipe is not what `make build` would run.
        let dry = Process()
        dry.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        dry.arguments = ["make", "-n", "-C", Self.root, "build", "install", "demo"]
        let pipe = Pipe()
        dry.standardOutput = pipe
        dry.standardError = Pipe()
        try dry.run()
        let plan = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        dry.waitUntilExit()
        XCTAssertTrue(plan.contains("pkg-config"), plan)
        for tool in ["node-ajv", "groff-base", "libxml2-utils", "bsdutils"] { XCTAssertFalse(plan.contains(tool), "\(tool) in: \(plan)") }
    }
}
