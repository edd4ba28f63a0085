/// What each chunk of a chunked render writes, and what `strata concat` joins
/// (`--format`). Video chunks are segments in the output's own container,
/// joined by stream copy; PNG chunks are folders of globally numbered frames.
public enum ChunkFormat: String, Sendable, CaseIterable, Codable {
    case mp4
    case png

    /// The format names `--format` takes.
    public static var names: [String] { allCases.map(\.rawValue) }

    /// libavformat's muxer for a video format; nil for PNG sequences.
    var muxer: String? {
        switch self {
        case .mp4: "mp4"
        case .png: nil
        }
    }

    /// File name extensions `strata concat -o` accepts for the joined output.
    var outputExtensions: [String] {
        switch self {
        case .mp4: ["mp4", "m4v"]
        case .png: []
        }
    }

    /// `chunk-0003.mp4`, or the folder `chunk-0003` of a PNG chunk; the
    /// index has at least 4 digits, more when the chunks need them.
    func segmentName(index: Int, chunks: Int) -> String {
        let digits = max(4, String(max(0, chunks - 1)).count)
        let number = String(index)
        let name = "chunk-" + String(repeating: "0", count: max(0, digits - number.count)) + number
        return muxer == nil ? name : name + "." + rawValue
    }
}
