/* x264 reference for bench/run.sh: how fast libx264 alone encodes the very
 * frames strata produced, with VideoWriter's settings (libx264, preset
 * veryfast, crf 20, 2 threads, yuv420p BT.709 limited range, 30 fps).
 *
 *   cc -O2 -o x264_bench x264_bench.c $(pkg-config --cflags --libs libavcodec libavutil libswscale libpng)
 *   x264_bench FRAMES_DIR [THREADS [PRESET [CRF [ENCODER PIXFMT]]]]
 *
 * ENCODER PIXFMT run another of strata's codecs alone with the options
 * VideoEncoderSetup gives it (libx265, libsvtav1, libvpx-vp9, prores_ks with
 * its profile number as CRF, apng, libwebp_anim); default libx264 yuv420p.
 *
 * It reads FRAMES_DIR/00000.png ... (strata render SCENE -o FRAMES_DIR/:
 * the very pixels strata's MP4 pipeline encodes) into memory first,
 * untimed, then times, one after the other:
 *   convert: BGRA -> yuv420p with VideoWriter's swscale setup
 *            (SWS_BILINEAR | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INP, BT.709
 *            limited), one thread, as VideoWriter runs it
 *   encode:  those yuv420p frames -> libx264 -> packets (counted, not written)
 * Output (one line, parsed by run.sh):
 *   frames=150 encode_wall=1.23 encode_cpu=2.40 encode_fps=121.9 convert_wall=0.30 convert_fps=500.0 bytes=123456
 */
#include <libavcodec/avcodec.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
#include <libavutil/pixdesc.h>
#include <libswscale/swscale.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static double cpu_seconds(void) {
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return ru.ru_utime.tv_sec + ru.ru_utime.tv_usec * 1e-6 + ru.ru_stime.tv_sec + ru.ru_stime.tv_usec * 1e-6;
}

static void die(const char *what, int err) {
    char buf[256] = "";
    if (err < 0) av_strerror(err, buf, sizeof buf);
    fprintf(stderr, "x264_bench: %s %s\n", what, buf);
    exit(1);
}

/* Reads DIR/00000.png, 00001.png ... (strata's PNG sequence) as BGRA. */
static uint8_t **read_frames(const char *dir, int *count, int *width, int *height) {
    int capacity = 64, n = 0;
    uint8_t **frames = malloc(sizeof *frames * capacity);
    for (;; n++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%05d.png", dir, n);
        png_image image;
        memset(&image, 0, sizeof image);
        image.version = PNG_IMAGE_VERSION;
        if (!png_image_begin_read_from_file(&image, path)) break;
        image.format = PNG_FORMAT_BGRA;
        if (n == 0) { *width = (int)image.width; *height = (int)image.height; }
        if ((int)image.width != *width || (int)image.height != *height) die("frames differ in size", 0);
        if (n == capacity) frames = realloc(frames, sizeof *frames * (capacity *= 2));
        frames[n] = av_malloc(PNG_IMAGE_SIZE(image));
        if (!png_image_finish_read(&image, NULL, frames[n], 0, NULL)) die(image.message, 0);
    }
    *count = n;
    return frames;
}

static struct SwsContext *converter(int w, int h, int to_yuv, enum AVPixelFormat pix) {
    int flags = SWS_BILINEAR | SWS_ACCURATE_RND | (to_yuv ? SWS_FULL_CHR_H_INP : SWS_FULL_CHR_H_INT);
    struct SwsContext *sws = sws_getContext(w, h, to_yuv ? AV_PIX_FMT_BGRA : pix, w, h,
                                            to_yuv ? pix : AV_PIX_FMT_BGRA, flags, NULL, NULL, NULL);
    const int *k = sws_getCoefficients(SWS_CS_ITU709);
    /* RGB full range, YUV limited range, BT.709: as VideoWriter / FrameConverter. */
    sws_setColorspaceDetails(sws, k, to_yuv ? 1 : 0, k, to_yuv ? 0 : 1, 0, 1 << 16, 1 << 16);
    return sws;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: x264_bench FRAMES_DIR [THREADS [PRESET [CRF]]]\n");
        return 2;
    }
    int threads = argc > 2 ? atoi(argv[2]) : 2;
    int fps = 30;
    const char *preset = argc > 3 ? argv[3] : "veryfast";
    double crf = argc > 4 ? atof(argv[4]) : 20;
    const char *encoder = argc > 5 ? argv[5] : "libx264";
    enum AVPixelFormat pix = argc > 6 ? av_get_pix_fmt(argv[6]) : AV_PIX_FMT_YUV420P;
    int is_yuv = !(av_pix_fmt_desc_get(pix)->flags & AV_PIX_FMT_FLAG_RGB);
    av_log_set_level(AV_LOG_ERROR);

    int count = 0, w = 0, h = 0;
    uint8_t **bgra = read_frames(argv[1], &count, &w, &h);
    if (count == 0) die("no frames: expected DIR/00000.png ...", 0);
    /* Every converted frame is kept so that the encoder gets them all without converting again. */
    AVFrame **yuv = malloc(sizeof *yuv * count);

    /* Convert, timed: strata converts each frame on a render thread before encoding it. */
    struct SwsContext *to_yuv = converter(w, h, 1, pix);
    for (int i = 0; i < count; i++) {
        yuv[i] = av_frame_alloc();
        yuv[i]->format = pix;
        yuv[i]->width = w;
        yuv[i]->height = h;
        if (av_frame_get_buffer(yuv[i], 0) < 0) die("out of memory", 0);
        /* Touch the pages before timing. */
        for (int p = 0; p < 4 && yuv[i]->data[p]; p++) memset(yuv[i]->data[p], 0, (size_t)yuv[i]->linesize[p] * (p ? h / 2 : h));
    }
    double ct0 = now();
    for (int i = 0; i < count; i++) {
        int stride = w * 4;
        sws_scale(to_yuv, (const uint8_t *const *)&bgra[i], &stride, 0, h, yuv[i]->data, yuv[i]->linesize);
    }
    double ct1 = now();

    /* Encode, timed: the converted frames, VideoWriter's encoder settings. */
    const AVCodec *codec = avcodec_find_encoder_by_name(encoder);
    if (!codec) die("this libavcodec lacks the encoder", 0);
    AVCodecContext *enc = avcodec_alloc_context3(codec);
    enc->width = w;
    enc->height = h;
    enc->pix_fmt = pix;
    enc->time_base = (AVRational){1, fps};
    enc->framerate = (AVRational){fps, 1};
    enc->thread_count = threads;
    if (is_yuv) {
        enc->color_primaries = AVCOL_PRI_BT709;
        enc->color_trc = AVCOL_TRC_BT709;
        enc->colorspace = AVCOL_SPC_BT709;
        enc->color_range = AVCOL_RANGE_MPEG;
    }
    enc->flags |= AV_CODEC_FLAG_GLOBAL_HEADER; /* MP4 */
    /* The options StrataEncode/VideoEncoderSetup.swift sets, for the default preset (veryfast, rank 2). */
    char number[32];
    snprintf(number, sizeof number, "%d", (int)crf);
    if (!strcmp(encoder, "libx264") || !strcmp(encoder, "libx265")) {
        av_opt_set(enc->priv_data, "preset", preset, 0);
        av_opt_set_double(enc->priv_data, "crf", crf, 0);
        if (!strcmp(encoder, "libx265")) {
            char params[64];
            snprintf(params, sizeof params, "log-level=error:pools=%d", threads);
            av_opt_set(enc->priv_data, "x265-params", params, 0);
        }
    } else if (!strcmp(encoder, "libsvtav1")) {
        setenv("SVT_LOG", "1", 0);
        av_opt_set(enc->priv_data, "preset", "10", 0);
        av_opt_set(enc->priv_data, "crf", number, 0);
    } else if (!strcmp(encoder, "libvpx-vp9")) {
        enc->bit_rate = 0;
        av_opt_set(enc->priv_data, "crf", number, 0);
        av_opt_set(enc->priv_data, "deadline", "good", 0);
        av_opt_set(enc->priv_data, "cpu-used", "4", 0);
        av_opt_set(enc->priv_data, "row-mt", "1", 0);
    } else if (!strcmp(encoder, "prores_ks")) {
        av_opt_set(enc->priv_data, "profile", number, 0);
        av_opt_set(enc->priv_data, "vendor", "apl0", 0);
    } else if (!strcmp(encoder, "libwebp_anim")) {
        av_opt_set(enc->priv_data, "quality", "90", 0);
    }
    int err;
    if ((err = avcodec_open2(enc, codec, NULL)) < 0) die("cannot open libx264", err);
    AVPacket *pkt = av_packet_alloc();
    long long bytes = 0;
    double et0 = now(), ec0 = cpu_seconds();
    for (int i = 0; i <= count; i++) {
        AVFrame *f = NULL;
        if (i < count) {
            f = yuv[i];
            f->pts = i;
            f->pict_type = AV_PICTURE_TYPE_NONE;
        }
        if ((err = avcodec_send_frame(enc, f)) < 0) die("encode failed", err);
        while (avcodec_receive_packet(enc, pkt) == 0) {
            bytes += pkt->size;
            av_packet_unref(pkt);
        }
    }
    double et1 = now(), ec1 = cpu_seconds();

    printf("frames=%d size=%dx%d threads=%d preset=%s crf=%g encode_wall=%.4f encode_cpu=%.4f encode_fps=%.2f "
           "convert_wall=%.4f convert_fps=%.2f bytes=%lld\n",
           count, w, h, threads, preset, crf, et1 - et0, ec1 - ec0, count / (et1 - et0), ct1 - ct0,
           count / (ct1 - ct0), bytes);
    return 0;
}
