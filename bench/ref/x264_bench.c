/* x264 reference for bench/run.sh: how fast libx264 alone encodes the very
 * frames strata produced, with MP4Writer's settings (libx264, preset
 * veryfast, crf 20, 2 threads, yuv420p BT.709 limited range, 30 fps).
 *
 *   cc -O2 -o x264_bench x264_bench.c $(pkg-config --cflags --libs libavcodec libavutil libswscale libpng)
 *   x264_bench FRAMES_DIR [THREADS [PRESET [CRF]]]
 *
 * It reads FRAMES_DIR/00000.png ... (strata render SCENE -o FRAMES_DIR/:
 * the very pixels strata's MP4 pipeline encodes) into memory first,
 * untimed, then times, one after the other:
 *   convert: BGRA -> yuv420p with MP4Writer's swscale setup
 *            (SWS_BILINEAR | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INP, BT.709
 *            limited), one thread, as MP4Writer runs it
 *   encode:  those yuv420p frames -> libx264 -> packets (counted, not written)
 * Output (one line, parsed by run.sh):
 *   frames=150 encode_wall=1.23 encode_cpu=2.40 encode_fps=121.9 convert_wall=0.30 convert_fps=500.0 bytes=123456
 */
#include <libavcodec/avcodec.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
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

static struct SwsContext *converter(int w, int h, int to_yuv) {
    int flags = SWS_BILINEAR | SWS_ACCURATE_RND | (to_yuv ? SWS_FULL_CHR_H_INP : SWS_FULL_CHR_H_INT);
    struct SwsContext *sws = sws_getContext(w, h, to_yuv ? AV_PIX_FMT_BGRA : AV_PIX_FMT_YUV420P, w, h,
                                            to_yuv ? AV_PIX_FMT_YUV420P : AV_PIX_FMT_BGRA, flags, NULL, NULL, NULL);
    const int *k = sws_getCoefficients(SWS_CS_ITU709);
    /* RGB full range, YUV limited range, BT.709: as MP4Writer / FrameConverter. */
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
    av_log_set_level(AV_LOG_ERROR);

    int count = 0, w = 0, h = 0;
    uint8_t **bgra = read_frames(argv[1], &count, &w, &h);
    if (count == 0) die("no frames: expected DIR/00000.png ...", 0);
    /* Every converted frame is kept so that the encoder gets them all without converting again. */
    AVFrame **yuv = malloc(sizeof *yuv * count);

    /* Convert, timed: MP4Writer converts each frame just before encoding it. */
    struct SwsContext *to_yuv = converter(w, h, 1);
    for (int i = 0; i < count; i++) {
        yuv[i] = av_frame_alloc();
        yuv[i]->format = AV_PIX_FMT_YUV420P;
        yuv[i]->width = w;
        yuv[i]->height = h;
        if (av_frame_get_buffer(yuv[i], 0) < 0) die("out of memory", 0);
        /* Touch the pages before timing. */
        memset(yuv[i]->data[0], 0, (size_t)yuv[i]->linesize[0] * h);
        memset(yuv[i]->data[1], 0, (size_t)yuv[i]->linesize[1] * (h / 2));
        memset(yuv[i]->data[2], 0, (size_t)yuv[i]->linesize[2] * (h / 2));
    }
    double ct0 = now();
    for (int i = 0; i < count; i++) {
        int stride = w * 4;
        sws_scale(to_yuv, (const uint8_t *const *)&bgra[i], &stride, 0, h, yuv[i]->data, yuv[i]->linesize);
    }
    double ct1 = now();

    /* Encode, timed: the converted frames, MP4Writer's encoder settings. */
    const AVCodec *codec = avcodec_find_encoder_by_name("libx264");
    if (!codec) die("this libavcodec has no libx264", 0);
    AVCodecContext *enc = avcodec_alloc_context3(codec);
    enc->width = w;
    enc->height = h;
    enc->pix_fmt = AV_PIX_FMT_YUV420P;
    enc->time_base = (AVRational){1, fps};
    enc->framerate = (AVRational){fps, 1};
    enc->thread_count = threads;
    enc->color_primaries = AVCOL_PRI_BT709;
    enc->color_trc = AVCOL_TRC_BT709;
    enc->colorspace = AVCOL_SPC_BT709;
    enc->color_range = AVCOL_RANGE_MPEG;
    enc->flags |= AV_CODEC_FLAG_GLOBAL_HEADER; /* MP4 */
    av_opt_set(enc->priv_data, "preset", preset, 0);
    av_opt_set_double(enc->priv_data, "crf", crf, 0);
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
