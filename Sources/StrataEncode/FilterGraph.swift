import CAV
import CAVFilter

/// Owns a libavfilter graph with buffer sources `in0`, `in1`... and one
/// buffer sink `out`, built from a filter description such as
/// `[in0][in1]paletteuse[out]`, of video frames or (`audio`) of samples.
final class FilterGraph {
    private var graph: UnsafeMutablePointer<AVFilterGraph>?
    private var sources: [UnsafeMutablePointer<AVFilterContext>] = []
    private var sink: UnsafeMutablePointer<AVFilterContext>?

    /// `sources`: each buffer source's arguments (`video_size=WxH:pix_fmt=bgra:time_base=1/100`,
    /// or for audio `sample_rate=48000:sample_fmt=flt:channel_layout=stereo:time_base=1/48000`).
    init(sources sourceArguments: [String], filters: String, audio: Bool = false) throws {
        guard let graph = avfilter_graph_alloc() else { throw EncodeError("out of memory") }
        self.graph = graph
        // The graph runs on the calling thread: filters' own threads would make nothing faster here.
        graph.pointee.nb_threads = 1
        for (i, arguments) in sourceArguments.enumerated() {
            var context: UnsafeMutablePointer<AVFilterContext>?
            try AV.check(avfilter_graph_create_filter(&context, avfilter_get_by_name(audio ? "abuffer" : "buffer"), "in\(i)", arguments, nil, graph),
                         "cannot create the filter source \(arguments)")
            sources.append(context!)
        }
        var sinkContext: UnsafeMutablePointer<AVFilterContext>?
        try AV.check(avfilter_graph_create_filter(&sinkContext, avfilter_get_by_name(audio ? "abuffersink" : "buffersink"), "out", nil, nil, graph),
                     "cannot create the filter sink")
        sink = sinkContext
        // The graph's open ends: our sources are its inputs' outputs, our sink its output's input.
        var outputs: UnsafeMutablePointer<AVFilterInOut>?
        for (i, source) in sources.enumerated().reversed() {
            guard let item = avfilter_inout_alloc() else { throw EncodeError("out of memory") }
            item.pointee.name = av_strdup("in\(i)")
            item.pointee.filter_ctx = source
            item.pointee.pad_idx = 0
            item.pointee.next = outputs
            outputs = item
        }
        var inputs = avfilter_inout_alloc()
        inputs?.pointee.name = av_strdup("out")
        inputs?.pointee.filter_ctx = sinkContext
        inputs?.pointee.pad_idx = 0
        defer {
            avfilter_inout_free(&inputs)
            avfilter_inout_free(&outputs)
        }
        try AV.check(avfilter_graph_parse_ptr(graph, filters, &inputs, &outputs, nil), "cannot build the filters \(filters)")
        try AV.check(avfilter_graph_config(graph, nil), "cannot configure the filters \(filters)")
    }

    /// Gives `frame` (kept: the graph takes its own reference) to source
    /// `index`; nil ends that input.
    func push(_ frame: UnsafeMutablePointer<AVFrame>?, into index: Int) throws {
        try AV.check(av_buffersrc_add_frame_flags(sources[index], frame, Int32(AV_BUFFERSRC_FLAG_KEEP_REF | AV_BUFFERSRC_FLAG_PUSH)),
                     "the filter graph refused a frame")
    }

    /// The next output frame into `frame`; false when the graph needs more input or has ended.
    func pull(into frame: UnsafeMutablePointer<AVFrame>) throws -> Bool {
        let status = av_buffersink_get_frame(sink, frame)
        if status == strata_averror_eagain() || status == strata_averror_eof() { return false }
        try AV.check(status, "the filter graph failed")
        return true
    }

    deinit { avfilter_graph_free(&graph) }
}
