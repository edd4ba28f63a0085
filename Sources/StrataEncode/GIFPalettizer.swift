import CAV
#if canImport(Glibc)
import Glibc
#endif

/// Turns straight BGRA frames into 8-bit palette frames for the GIF encoder
/// with libavfilter's palettegen and paletteuse (chosen over libimagequant
/// by measurement: bench/gif-quantizers.md).
///
/// `.video`: every frame feeds one histogram (`stats_mode=full`) and is
/// spooled to an anonymous temporary file, so memory stays one frame
/// whatever the length; `finish` maps the spooled frames onto the palette.
/// `.frame`: each frame gets its own palette (`stats_mode=single`,
/// `new=1`), streamed. With alpha, one palette entry is transparent and
/// pixels with alpha under 128 take it (GIF has no partial transparency).
final class GIFPalettizer {
    private let width: Int
    private let height: Int
    private let mode: GIFPalette
    private let paletteUse: String
    /// `.video`: the histogram; `.frame`: the whole per-frame pipeline.
    private let graph: FilterGraph
    private var spool: UnsafeMutablePointer<FILE>?
    private var spooledPTS: [Int64] = []
    private var output: UnsafeMutablePointer<AVFrame>?

    init(width: Int, height: Int, alpha: Bool, palette mode: GIFPalette, dither: GIFDither) throws {
        self.width = width; self.height = height; self.mode = mode
        paletteUse = "paletteuse=dither=\(dither.filterName):alpha_threshold=128"
        let statistics = "palettegen=reserve_transparent=\(alpha ? 1 : 0):stats_mode=\(mode == .video ? "full" : "single")"
        switch mode {
        case .video:
            graph = try FilterGraph(sources: [Self.source(width, height)], filters: "[in0]\(statistics)[out]")
            guard let file = tmpfile() else { throw EncodeError("cannot create a temporary file for the GIF's frames") }
            spool = file
        case .frame:
            graph = try FilterGraph(sources: [Self.source(width, height)],
                                    filters: "[in0]split[a][b];[a]\(statistics)[p];[b][p]\(paletteUse):new=1[out]")
        }
        output = av_frame_alloc()
        if output == nil { throw EncodeError("out of memory") }
    }

    private static func source(_ width: Int, _ height: Int) -> String {
        "video_size=\(width)x\(height):pix_fmt=bgra:time_base=1/100:pixel_aspect=1/1"
    }

    /// Takes the next frame (straight BGRA, pts in 1/100 s); palette frames
    /// ready so far go to `emit`.
    func push(_ frame: UnsafeMutablePointer<AVFrame>, emit: (UnsafeMutablePointer<AVFrame>) throws -> Void) throws {
        try graph.push(frame, into: 0)
        switch mode {
        case .video:
            try spoolFrame(frame)
            // palettegen gives its palette only at the end; drain nothing now.
        case .frame:
            try drain(graph, emit)
        }
    }

    /// Ends the input and emits the remaining palette frames.
    func finish(emit: (UnsafeMutablePointer<AVFrame>) throws -> Void) throws {
        try graph.push(nil, into: 0)
        guard mode == .video, let spool, let output else { return try drain(graph, emit) }
        guard try graph.pull(into: output) else { return }  // no frames at all
        // The 16x16 palette image the histogram produced; paletteuse takes it as its second input.
        let mapping = try FilterGraph(sources: [Self.source(width, height),
                                                "video_size=16x16:pix_fmt=bgra:time_base=1/100:pixel_aspect=1/1"],
                                      filters: "[in0][in1]\(paletteUse)[out]")
        output.pointee.pts = 0
        try mapping.push(output, into: 1)
        try mapping.push(nil, into: 1)
        av_frame_unref(output)
        rewind(spool)
        let frame = try VideoFrameConverter.allocateFrame(width: width, height: height, format: AV_PIX_FMT_BGRA, tagged: false)
        var owned: UnsafeMutablePointer<AVFrame>? = frame
        defer { av_frame_free(&owned) }
        for pts in spooledPTS {
            try AV.check(av_frame_make_writable(frame), "cannot allocate a video frame")
            try readFrame(into: frame)
            frame.pointee.pts = pts
            try mapping.push(frame, into: 0)
            try drain(mapping, emit)
        }
        try mapping.push(nil, into: 0)
        try drain(mapping, emit)
    }

    private func drain(_ graph: FilterGraph, _ emit: (UnsafeMutablePointer<AVFrame>) throws -> Void) throws {
        guard let output else { return }
        while try graph.pull(into: output) {
            defer { av_frame_unref(output) }
            try emit(output)
        }
    }

    private func spoolFrame(_ frame: UnsafeMutablePointer<AVFrame>) throws {
        let row = width * 4, stride = Int(strata_frame_linesize(frame, 0))
        let base = strata_frame_plane(frame, 0)!
        for y in 0..<height where fwrite(base + y * stride, 1, row, spool) != row {
            throw EncodeError("cannot spool the GIF's frames to a temporary file: \(String(cString: strerror(errno)))")
        }
        spooledPTS.append(frame.pointee.pts)
    }

    private func readFrame(into frame: UnsafeMutablePointer<AVFrame>) throws {
        let row = width * 4, stride = Int(strata_frame_linesize(frame, 0))
        let base = strata_frame_plane(frame, 0)!
        for y in 0..<height where fread(base + y * stride, 1, row, spool) != row {
            throw EncodeError("cannot read the GIF's spooled frames back")
        }
    }

    deinit {
        av_frame_free(&output)
        if let spool { fclose(spool) }
    }
}
