import Foundation
import StrataImage
import StrataModel

/// What a `contents` file holds, from its first bytes.
public enum ContentsFileKind: String, Sendable, Equatable {
    /// PNG, JPEG or WebP: decoded once by StrataImage.
    case image
    case svg, lottie, video
}

/// Media sources by file, opened once while scenes use them: a scene
/// loaded again, several layers or scenes sharing a file, share its
/// source, its decoders and its cached frames. Keyed by path, kind, size
/// and modification time, so an edited file is opened again.
///
/// The library holds its sources weakly: a source lives as long as a loaded
/// scene holds it, so a `watch` or `preview` session that reloads an edited
/// clip a hundred times keeps only the sources its present scene uses (each
/// one's decoders, open file and cached frames go when the last scene that
/// used it is dropped). A reload while the old scene still stands reuses
/// the old scene's sources.
public final class MediaLibrary: @unchecked Sendable {
    public static let shared = MediaLibrary()
    private let lock = NSLock()
    private var sources: [String: Weak] = [:]

    /// A source, not owned.
    private struct Weak {
        weak var source: (any MediaSource)?
    }

    /// Sources open now (for tests).
    public var openCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return sources.values.filter { $0.source != nil }.count
    }

    public init() {}

    /// The kind of the file at `path` by its content: the image formats'
    /// signatures, an XML document (SVG; gzip with an `.svgz` name), a JSON
    /// object (Lottie). Content Strata does not recognize is taken by its
    /// name's extension (so a damaged `.png` gets the image decoder's
    /// message), and else tried as video.
    public static func kind(ofFileAt path: String) -> ContentsFileKind {
        guard let handle = FileHandle(forReadingAtPath: path) else { return .image }
        defer { try? handle.close() }
        let head = [UInt8]((try? handle.read(upToCount: 4096)) ?? Data())
        return kind(of: head, name: path)
    }

    static func kind(of head: [UInt8], name: String) -> ContentsFileKind {
        if ImageDecoder.sniff(head) != nil { return .image }
        let ext = (name as NSString).pathExtension.lowercased()
        if head.starts(with: [0x1F, 0x8B]) && ext == "svgz" { return .svg }
        var bytes = head[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        switch bytes.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) {
        case UInt8(ascii: "{"): return .lottie
        case UInt8(ascii: "<"): return .svg
        default: break
        }
        switch ext {
        case "png", "jpg", "jpeg", "webp": return .image
        case "svg", "svgz": return .svg
        case "json": return .lottie
        default: return head.isEmpty ? .image : .video
        }
    }

    /// The source of `kind` for the file at `path`, opened now or before.
    public func source(path: String, kind: MediaKind) -> Result<any MediaSource, MediaError> {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        let size = (attributes?[.size] as? NSNumber)?.int64Value ?? -1
        let date = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        let identity = "\(kind.rawValue):\(path):\(size):\(date)"
        lock.lock()
        if let opened = sources[identity]?.source { lock.unlock(); return .success(opened) }
        lock.unlock()
        let source: any MediaSource
        do throws(MediaError) {
            switch kind {
            case .video: source = try VideoSource(path: path, identity: identity)
            case .svg: source = try SVGSource(path: path, identity: identity)
            case .lottie: source = try LottieSource(path: path, identity: identity)
            }
        } catch {
            return .failure(error)
        }
        lock.lock()
        sources = sources.filter { $0.value.source != nil }
        sources[identity] = Weak(source: source)
        lock.unlock()
        return .success(source)
    }
}
