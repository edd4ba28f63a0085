import Foundation
import StrataModel

/// Where goldens live: `golden/` mirrors `scenes/`, one folder per scene,
/// one PNG per frame named by frame number (`golden/basic/opacity/00015.png`
/// for `scenes/basic/opacity.yaml`).
enum GoldenLayout {
    /// The golden folder of a scene file.
    static func folder(forScene path: String) -> String {
        let components = (path as NSString).pathComponents
        let stem = ((components.last ?? path) as NSString).deletingPathExtension
        if let i = components.lastIndex(of: "scenes") {
            let rest = Array(components[(i + 1)..<(components.count - 1)]) + [stem]
            return NSString.path(withComponents: Array(components[..<i]) + ["golden"] + rest)
        }
        let dir = (path as NSString).deletingLastPathComponent
        return NSString.path(withComponents: (dir.isEmpty ? [] : [dir]) + ["golden", stem])
    }

    /// The scene's path below `scenes/` without extension (for artifacts and reports).
    static func relativeName(ofScene path: String) -> String {
        let components = (path as NSString).pathComponents
        let stem = ((components.last ?? path) as NSString).deletingPathExtension
        if let i = components.lastIndex(of: "scenes") {
            return NSString.path(withComponents: Array(components[(i + 1)..<(components.count - 1)]) + [stem])
        }
        return stem
    }

    /// `00015.png`.
    static func fileName(frame: Int) -> String {
        let s = String(frame)
        return String(repeating: "0", count: max(0, 5 - s.count)) + s + ".png"
    }

    /// PNG files in a golden folder: frame numbers, and names that are not frame numbers.
    static func existing(in folder: String) -> (frames: [Int], strays: [String]) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return ([], []) }
        var frames: [Int] = [], strays: [String] = []
        for name in names.sorted() where name.hasSuffix(".png") {
            let stem = String(name.dropLast(4))
            if stem.count >= 5, stem.allSatisfy(\.isNumber), let i = Int(stem) { frames.append(i) } else { strays.append(name) }
        }
        return (frames, strays)
    }

    /// Scene files under the given paths (folders searched recursively), sorted, without duplicates.
    static func sceneFiles(_ paths: [String]) throws(CompileError) -> [String] {
        var found: [String] = []
        let fm = FileManager.default
        for path in paths {
            var isDir: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isDir) else { throw CompileError("no such file or folder: '\(path)'") }
            if isDir.boolValue {
                let base = path.hasSuffix("/") ? String(path.dropLast()) : path
                let items = (fm.enumerator(atPath: base)?.allObjects as? [String]) ?? []
                found += items.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }.sorted().map { base + "/" + $0 }
            } else {
                found.append(path)
            }
        }
        var seen = Set<String>()
        return found.filter { seen.insert(($0 as NSString).standardizingPath).inserted }
    }
}
