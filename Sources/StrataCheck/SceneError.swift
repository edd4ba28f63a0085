import StrataModel

/// A scene that could not be checked: it did not load (or lay out), with
/// every diagnostic that says why.
public struct SceneError: Sendable, Hashable {
    /// The scene file, as given on the command line.
    public var scene: String
    /// The errors (and warnings) of the scene, each with its place.
    public var diagnostics: [Diagnostic]

    public init(scene: String, diagnostics: [Diagnostic]) {
        self.scene = scene
        self.diagnostics = diagnostics
    }

    /// The first error, or the first diagnostic.
    public var first: Diagnostic? { diagnostics.first { $0.severity == .error } ?? diagnostics.first }
}

/// How the report names files for tools that read it from the repository
/// root (GitHub annotations, JUnit): scene paths are given relative to the
/// working directory (or absolute), images relative to the artifacts folder.
public struct ReportPaths: Sendable, Hashable {
    /// The root the tools resolve paths from (absolute): the repository, or the working directory.
    public var root: String
    /// The working directory (absolute).
    public var workingDirectory: String
    /// The artifacts folder (relative to the working directory, or absolute).
    public var artifacts: String

    public init(root: String, workingDirectory: String, artifacts: String) {
        self.root = root
        self.workingDirectory = workingDirectory
        self.artifacts = artifacts
    }

    /// Paths as they are (tests, and a report read where it was made).
    public static let unchanged = ReportPaths(root: "/", workingDirectory: "/", artifacts: "")

    /// A path given relative to the working directory (or absolute), relative to `root`.
    public func fromRoot(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : workingDirectory + "/" + path
        return Self.relative(absolute, from: root)
    }

    /// An image path of the report (relative to the artifacts folder), relative to `root`.
    public func image(_ path: String) -> String {
        return fromRoot(artifacts + "/" + path)
    }

    /// `path` relative to the folder `base`, both absolute; `..` where it is outside.
    public static func relative(_ path: String, from base: String) -> String {
        func parts(_ p: String) -> [String] {
            var out: [String] = []
            for part in p.split(separator: "/").map(String.init) where part != "." {
                if part == "..", !out.isEmpty, out.last != ".." { out.removeLast() } else { out.append(part) }
            }
            return out
        }
        let a = parts(path), b = parts(base)
        var common = 0
        while common < min(a.count, b.count), a[common] == b[common] { common += 1 }
        let result = (Array(repeating: "..", count: b.count - common) + a[common...]).joined(separator: "/")
        return result.isEmpty ? "." : result
    }
}
