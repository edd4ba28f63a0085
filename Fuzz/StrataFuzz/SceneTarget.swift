import Foundation
import StrataModel
@testable import StrataParse

/// Where fuzzed scenes live: relative asset paths (`contents: assets/logo.png`)
/// resolve against a folder of `scenes/`, so seeds made from the scenes keep
/// their images and fonts. A seed's first line `# fuzz-dir: animation` names
/// the folder (scripts/fuzz-corpus.sh writes it); otherwise `scenes/` itself.
enum SceneInput {
    /// `STRATA_FUZZ_SCENES`, or `scenes` in the current folder (make runs from the repository).
    static let scenesRoot = ProcessInfo.processInfo.environment["STRATA_FUZZ_SCENES"] ?? "scenes"

    /// The path the scene text is parsed as.
    static func file(for bytes: [UInt8]) -> String {
        let prefix = Array("# fuzz-dir: ".utf8)
        guard bytes.starts(with: prefix) else { return scenesRoot + "/fuzz.yaml" }
        let name = bytes.dropFirst(prefix.count).prefix { $0 != UInt8(ascii: "\n") }
        let allowed = name.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || $0 == UInt8(ascii: "-") }
        guard allowed, !name.isEmpty, name.count <= 32 else { return scenesRoot + "/fuzz.yaml" }
        return scenesRoot + "/" + String(decoding: name, as: UTF8.self) + "/fuzz.yaml"
    }
}

/// The YAML front end on arbitrary bytes.
enum SceneTarget {
    static func run(_ bytes: [UInt8]) {
        let file = SceneInput.file(for: bytes)
        do {
            let (_, warnings) = try SceneLoader.parse(bytes: bytes, file: file, options: SceneLoadOptions())
            FuzzCheck.located(warnings, in: bytes, file: file)
        } catch {
            FuzzCheck.located(error.items, in: bytes, file: file)
            FuzzCheck.require(!error.errors.isEmpty, "a scene was refused without an error")
        }
    }
}
