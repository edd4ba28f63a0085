import Foundation
import StrataModel

extension SceneBuilder {
    /// `assets:` name -> path; relative paths resolve against `directory`, and the file must exist.
    mutating func buildAssets(_ node: YAMLNode, directory: String) -> [String: String] {
        guard let pairs = namedMapping(node, what: "asset") else { return [:] }
        var assets: [String: String] = [:]
        for pair in pairs {
            guard let name = take(Values.name(pair.key, what: "asset name")),
                  let path = take(Values.string(pair.value, what: "a file path")) else { continue }
            let resolved = path.hasPrefix("/") || directory.isEmpty ? path : directory + "/" + path
            var isDirectory: ObjCBool = false
            if !FileManager.default.fileExists(atPath: resolved, isDirectory: &isDirectory) {
                sink.error(pair.value.location, "asset file '\(path)' not found (looked for '\(resolved)')")
            } else if isDirectory.boolValue {
                sink.error(pair.value.location, "asset '\(path)' is a directory, not a file")
            } else {
                assets[name] = resolved
                noteRead(resolved)
            }
        }
        return assets
    }

    /// The directory part of a file path ("" for a bare file name).
    static func directory(of file: String) -> String {
        guard let slash = file.lastIndex(of: "/") else { return "" }
        return slash == file.startIndex ? "/" : String(file[..<slash])
    }
}
