import Foundation
import StrataModel

/// A param as declared in the file.
struct DeclaredParam {
    var name: String
    var value: String
    var key: YAMLNode
}

extension SceneBuilder {
    /// The `params:` mapping, read before substitution (params are never substituted).
    /// A null value is the empty string.
    mutating func declaredParams(_ node: YAMLNode) -> [DeclaredParam] {
        guard let pairs = namedMapping(node, what: "param") else { return [] }
        var params: [DeclaredParam] = []
        for pair in pairs {
            guard let name = take(Values.name(pair.key, what: "param name")) else { continue }
            guard let s = pair.value.scalar else {
                sink.error(pair.value.location, "a param value is a single number or string, found \(pair.value.found)")
                continue
            }
            params.append(DeclaredParam(name: name, value: pair.value.isNull ? "" : s.text, key: pair.key))
        }
        return params
    }

    /// Applies `--set` overrides (later ones win); an unknown name is an error at `<command line>`.
    mutating func applyOverrides(_ overrides: [(name: String, value: String)], to params: inout [String: String]) {
        for (name, value) in overrides {
            guard params[name] != nil else {
                let hint = Suggestion.hint(for: name, in: params.keys.sorted())
                let none = params.isEmpty ? " (the scene declares no params)" : ""
                sink.error(.commandLine(), "--set: unknown param '\(name)'\(hint)\(none)")
                continue
            }
            params[name] = value
        }
    }

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
