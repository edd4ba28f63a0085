import CAV
import StrataModel

/// Converts only some rows of a BGRA frame into yuv420p planes that hold
/// the frame before it, with the very bytes a whole-frame conversion gives.
///
/// swscale's whole-frame conversion (BT.709, bilinear, full chroma input)
/// computes each luma row from its own source row and each chroma row from
/// a few source rows around it (the vertical 2:1 filter). A band of
/// `bandHeight` source rows converted on its own gives the same bytes as
/// the whole frame except within `margin` rows of a band edge that is not
/// a frame edge (where its filter is clamped), so each band contributes
/// only its inside. Only yuv420p of even size is done this way (what was
/// checked byte for byte, `ChangedRowsTests`); others convert whole.
final class RowConverter {
    let width: Int
    let height: Int
    /// Source rows per band, and rows at a band's inner edges not taken from it (both even).
    static let bandHeight = 64, margin = 8
    /// Rows around a changed source row whose output it can change (the chroma filter's reach, even).
    static let reach = 4
    private let band: FrameConverter
    private let bandFrame: UnsafeMutablePointer<AVFrame>

    /// Nil when `format` or the size is not one rows can be converted for.
    init?(width: Int, height: Int, format: AVPixelFormat) throws {
        guard format == AV_PIX_FMT_YUV420P, width % 2 == 0, height % 2 == 0, height >= 2 * Self.bandHeight else {
            return nil
        }
        self.width = width; self.height = height
        band = try FrameConverter.forEncoding(width: width, height: Self.bandHeight, format: format)
        bandFrame = try VideoFrameConverter.allocateFrame(width: width, height: Self.bandHeight, format: format,
                                                          tagged: false)
    }

    deinit {
        var owned: UnsafeMutablePointer<AVFrame>? = bandFrame
        av_frame_free(&owned)
    }

    /// The output rows to redo when source `rows` changed (sorted,
    /// disjoint), widened by the filter's reach and made even.
    func outputRows(for rows: [Range<Int>]) -> [Range<Int>] {
        var out: [Range<Int>] = []
        for r in rows where !r.isEmpty {
            let lo = max(0, r.lowerBound - Self.reach) & ~1
            let hi = min(height, (r.upperBound + Self.reach + 1) & ~1)
            if let last = out.last, lo <= last.upperBound {
                out[out.count - 1] = last.lowerBound..<max(last.upperBound, hi)
            } else if lo < hi {
                out.append(lo..<hi)
            }
        }
        return out
    }

    /// Redoes output `rows` (even bounds, from `outputRows`) of `frame` from `pixmap`.
    func convert(_ pixmap: Pixmap, rows: [Range<Int>], into frame: UnsafeMutablePointer<AVFrame>) {
        precondition(pixmap.width == width && pixmap.height == height)
        let b = Self.bandHeight, m = Self.margin
        for r in rows {
            var y = r.lowerBound
            while y < r.upperBound {
                // The band whose inside starts at or above y: from m rows above it, within the frame.
                let start = min(max(0, y - m), height - b)
                let insideEnd = start + b == height ? height : start + b - m
                let end = min(insideEnd, r.upperBound)
                band.convert(pixmap, rows: start, into: bandFrame)
                copy(rows: y..<end, bandStart: start, into: frame)
                y = end
            }
        }
    }

    /// Copies output rows `rows` (even bounds) from the band frame, which starts at source row `bandStart`.
    private func copy(rows: Range<Int>, bandStart: Int, into frame: UnsafeMutablePointer<AVFrame>) {
        for plane: Int32 in 0..<3 {
            let shift = plane == 0 ? 0 : 1
            let bytes = width >> shift
            guard let to = strata_frame_plane(frame, plane), let from = strata_frame_plane(bandFrame, plane) else { continue }
            let toStride = Int(strata_frame_linesize(frame, plane)), fromStride = Int(strata_frame_linesize(bandFrame, plane))
            for row in (rows.lowerBound >> shift)..<(rows.upperBound >> shift) {
                (to + row * toStride).update(from: from + (row - (bandStart >> shift)) * fromStride, count: bytes)
            }
        }
    }
}

extension FrameConverter {
    /// Fills `frame` (allocated with this converter's size and format) from
    /// rows `first ..< first + height` of `pixmap`, which has this converter's width.
    func convert(_ pixmap: Pixmap, rows first: Int, into frame: UnsafeMutablePointer<AVFrame>) {
        precondition(pixmap.width == width && first >= 0 && first + height <= pixmap.height)
        pixmap.pixels.withUnsafeBufferPointer { pixels in
            _ = strata_sws_scale_packed_to_frame(context, pixels.baseAddress! + first * pixmap.stride, Int32(pixmap.stride),
                                                 Int32(height), frame)
        }
    }
}
