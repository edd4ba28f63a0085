#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libavutil/avutil.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
#include <libavutil/display.h>
#include <libavutil/pixdesc.h>
#include <libavutil/sha.h>
#include <libswscale/swscale.h>

// Function-like macros do not import into Swift.
static inline int strata_averror(int e) { return AVERROR(e); }
static inline int strata_averror_eof(void) { return AVERROR_EOF; }
static inline int64_t strata_av_nopts_value(void) { return AV_NOPTS_VALUE; }
static inline int strata_averror_eagain(void) { return AVERROR(EAGAIN); }
static inline int strata_averror_invalid_data(void) { return AVERROR_INVALIDDATA; }

// sws_scale with a packed single-plane image on one side and an AVFrame on
// the other: Swift cannot easily build the C pointer arrays sws_scale takes.
static inline int strata_sws_scale_packed_to_frame(struct SwsContext *sws, const uint8_t *src, int src_stride,
                                                   int height, AVFrame *dst) {
    const uint8_t *planes[4] = {src, NULL, NULL, NULL};
    const int strides[4] = {src_stride, 0, 0, 0};
    return sws_scale(sws, planes, strides, 0, height, dst->data, dst->linesize);
}

static inline int strata_sws_scale_frame_to_packed(struct SwsContext *sws, const AVFrame *src, uint8_t *dst,
                                                   int dst_stride) {
    uint8_t *planes[4] = {dst, NULL, NULL, NULL};
    const int strides[4] = {dst_stride, 0, 0, 0};
    return sws_scale(sws, (const uint8_t *const *)src->data, src->linesize, 0, src->height, planes, strides);
}

// Plane access for tests and checks (AVFrame.data is a fixed array).
static inline uint8_t *strata_frame_plane(const AVFrame *frame, int plane) { return frame->data[plane]; }
static inline int strata_frame_linesize(const AVFrame *frame, int plane) { return frame->linesize[plane]; }
