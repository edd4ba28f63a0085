#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libavutil/avutil.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
#include <libswscale/swscale.h>

// Function-like macros do not import into Swift.
static inline int strata_averror(int e) { return AVERROR(e); }
static inline int strata_averror_eof(void) { return AVERROR_EOF; }
static inline int64_t strata_av_nopts_value(void) { return AV_NOPTS_VALUE; }
