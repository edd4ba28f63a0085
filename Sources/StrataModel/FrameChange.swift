/// Which pixel rows of a frame may differ from the frame its renderer
/// returned before it: what lets a consumer of frames in order (the video
/// converter) redo only those rows.
public enum FrameChange: Sendable, Equatable {
    /// Any row may differ (the renderer's first frame, a new size, a frame drawn whole).
    case all
    /// Only these rows may differ: sorted, disjoint, not touching; none when the frame repeats.
    case rows([Range<Int>])

    /// The rows of `ranges` (pixel rows, in any order, overlapping or not), merged.
    public static func rows(spanning ranges: [Range<Int>]) -> FrameChange {
        let sorted = ranges.filter { !$0.isEmpty }.sorted { $0.lowerBound < $1.lowerBound }
        var merged: [Range<Int>] = []
        for r in sorted {
            if let last = merged.last, r.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, r.upperBound)
            } else {
                merged.append(r)
            }
        }
        return .rows(merged)
    }
}
