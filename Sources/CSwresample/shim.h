// libswresample: audio tracks to the soundtrack's rate and channel layout.
#include <libswresample/swresample.h>
#include <libavutil/channel_layout.h>
#include <libavutil/samplefmt.h>
#include <libavutil/frame.h>

// swr_convert with one interleaved output buffer (Swift cannot easily build
// the uint8_t ** it takes) and the input planes of a decoded frame.
static inline int strata_swr_convert_frame(struct SwrContext *swr, float *out, int out_count,
                                           const AVFrame *in) {
    uint8_t *planes[1] = {(uint8_t *)out};
    return swr_convert(swr, planes, out_count, in ? (const uint8_t **)in->extended_data : NULL,
                       in ? in->nb_samples : 0);
}
