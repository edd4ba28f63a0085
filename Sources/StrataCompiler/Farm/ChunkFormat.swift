import StrataEncode

/// What each chunk of a chunked render writes, and what `strata concat` joins
/// (`--format`). Video chunks are segments in the output's own container
/// (any codec it takes, `--codec`), joined by stream copy; PNG chunks are
/// folders of globally numbered frames. GIF, APNG and WebP are not chunked:
/// their palettes and frames are made over the whole animation.
public enum ChunkFormat: String, Sendable, CaseIterable, Codable {
    case mp4, mov, webm
    case png

    /// The format names `--format` takes.
    public static var names: [String] { allCases.map(\.rawValue) }

    /// The container of a video format; nil for PNG sequences.
    var container: VideoContainer? {
        switch self {
        case .mp4: .mp4
        case .mov: .mov
        case .webm: .webm
        case .png: nil
        }
    }

    /// `chunk-0003.mp4`, or the folder `chunk-0003` of a PNG chunk; the
    /// index has at least 4 digits, more when the chunks need them.
    func segmentName(index: Int, chunks: Int) -> String {
        let digits = max(4, String(max(0, chunks - 1)).count)
        let number = String(index)
        let name = "chunk-" + String(repeating: "0", count: max(0, digits - number.count)) + number
        return container.map { name + "." + $0.spec.extensions[0] } ?? name
    }
}
