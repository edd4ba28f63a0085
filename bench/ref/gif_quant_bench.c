/* GIF palette reference for bench/run.sh: libavfilter's palettegen/paletteuse
 * against libimagequant, on the very frames strata renders, one palette for
 * the whole video, error-diffusion dithering, each result encoded by
 * libavcodec's GIF encoder. Prints, per quantizer, the quantize+remap time,
 * the GIF's bytes and the PSNR of the palette frames against the RGB frames.
 *
 *   cc -O2 -o gif_quant_bench gif_quant_bench.c $(pkg-config --cflags --libs libavfilter libavcodec libavutil libpng imagequant)
 *   gif_quant_bench FRAMES_DIR
 *
 * Output (one line each):
 *   quantizer=palettegen seconds=0.81 bytes=123456 psnr=38.20
 *   quantizer=libimagequant seconds=1.20 bytes=120000 psnr=39.10
 */
#include <libavcodec/avcodec.h>
#include <libavfilter/avfilter.h>
#include <libavfilter/buffersink.h>
#include <libavfilter/buffersrc.h>
#include <libavutil/imgutils.h>
#include <libimagequant.h>
#include <math.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec * 1e-9; }
static void die(const char *m) { fprintf(stderr, "gif_quant_bench: %s\n", m); exit(1); }

static int W, H, N;
static uint8_t **rgba; /* straight RGBA frames */

static void read_frames(const char *dir) {
    int cap = 64; rgba = malloc(sizeof *rgba * cap);
    for (N = 0;; N++) {
        char path[4096]; snprintf(path, sizeof path, "%s/%05d.png", dir, N);
        png_image im; memset(&im, 0, sizeof im); im.version = PNG_IMAGE_VERSION;
        if (!png_image_begin_read_from_file(&im, path)) break;
        im.format = PNG_FORMAT_RGBA; W = im.width; H = im.height;
        if (N == cap) rgba = realloc(rgba, sizeof *rgba * (cap *= 2));
        rgba[N] = malloc(PNG_IMAGE_SIZE(im));
        if (!png_image_finish_read(&im, NULL, rgba[N], 0, NULL)) die(im.message);
    }
    if (!N) die("no frames");
}

/* Squared error of frame i's palette picture against its RGB. */
static double sq_error(int i, const uint8_t *idx, int stride, const uint8_t pal[256][4]) {
    double e = 0;
    for (int y = 0; y < H; y++) for (int x = 0; x < W; x++) {
        const uint8_t *s = rgba[i] + (y * W + x) * 4, *p = pal[idx[y * stride + x]];
        for (int c = 0; c < 3; c++) { double d = (double)s[c] - p[c]; e += d * d; }
    }
    return e;
}

static AVCodecContext *gif_encoder(void) {
    AVCodecContext *c = avcodec_alloc_context3(avcodec_find_encoder_by_name("gif"));
    c->width = W; c->height = H; c->pix_fmt = AV_PIX_FMT_PAL8; c->time_base = (AVRational){1, 100};
    if (avcodec_open2(c, c->codec, NULL) < 0) die("gif encoder");
    return c;
}

static long encode(AVCodecContext *c, AVFrame *f) {
    long bytes = 0; AVPacket *p = av_packet_alloc();
    avcodec_send_frame(c, f);
    while (avcodec_receive_packet(c, p) == 0) { bytes += p->size; av_packet_unref(p); }
    av_packet_free(&p); return bytes;
}

static AVFilterContext *graph(AVFilterGraph *g, const char *desc, AVFilterContext **src, int nsrc, const char **args) {
    AVFilterContext *sink; AVFilterInOut *outs = NULL, *ins = avfilter_inout_alloc();
    for (int i = nsrc - 1; i >= 0; i--) {
        char name[8]; snprintf(name, sizeof name, "in%d", i);
        avfilter_graph_create_filter(&src[i], avfilter_get_by_name("buffer"), name, args[i], NULL, g);
        AVFilterInOut *o = avfilter_inout_alloc(); o->name = av_strdup(name); o->filter_ctx = src[i]; o->next = outs; outs = o;
    }
    avfilter_graph_create_filter(&sink, avfilter_get_by_name("buffersink"), "out", NULL, NULL, g);
    ins->name = av_strdup("out"); ins->filter_ctx = sink;
    if (avfilter_graph_parse_ptr(g, desc, &ins, &outs, NULL) < 0 || avfilter_graph_config(g, NULL) < 0) die(desc);
    return sink;
}

static AVFrame *bgra_frame(int i) {
    AVFrame *f = av_frame_alloc(); f->format = AV_PIX_FMT_BGRA; f->width = W; f->height = H; av_frame_get_buffer(f, 0);
    for (int y = 0; y < H; y++) for (int x = 0; x < W; x++) {
        const uint8_t *s = rgba[i] + (y * W + x) * 4; uint8_t *d = f->data[0] + y * f->linesize[0] + x * 4;
        d[0] = s[2]; d[1] = s[1]; d[2] = s[0]; d[3] = s[3];
    }
    f->pts = i * 3; return f;
}

static void palettegen(void) {
    char a[128], b[128]; snprintf(a, sizeof a, "video_size=%dx%d:pix_fmt=bgra:time_base=1/100:pixel_aspect=1/1", W, H);
    snprintf(b, sizeof b, "video_size=16x16:pix_fmt=bgra:time_base=1/100:pixel_aspect=1/1");
    AVFrame **in = malloc(sizeof *in * N); for (int i = 0; i < N; i++) in[i] = bgra_frame(i);
    double t0 = now(), err = 0; long bytes = 0;
    AVFilterGraph *g1 = avfilter_graph_alloc(); g1->nb_threads = 1; AVFilterContext *s1[1];
    const char *a1[] = {a}; AVFilterContext *k1 = graph(g1, "[in0]palettegen=reserve_transparent=0:stats_mode=full[out]", s1, 1, a1);
    for (int i = 0; i < N; i++) av_buffersrc_add_frame_flags(s1[0], in[i], AV_BUFFERSRC_FLAG_KEEP_REF | AV_BUFFERSRC_FLAG_PUSH);
    av_buffersrc_add_frame(s1[0], NULL);
    AVFrame *pal = av_frame_alloc(); if (av_buffersink_get_frame(k1, pal) < 0) die("no palette");
    AVFilterGraph *g2 = avfilter_graph_alloc(); g2->nb_threads = 1; AVFilterContext *s2[2];
    const char *a2[] = {a, b}; AVFilterContext *k2 = graph(g2, "[in0][in1]paletteuse=dither=sierra2_4a[out]", s2, 2, a2);
    pal->pts = 0; av_buffersrc_add_frame(s2[1], pal); av_buffersrc_add_frame(s2[1], NULL);
    double t1 = now(), encode_time = 0;
    AVCodecContext *c = gif_encoder(); AVFrame *out = av_frame_alloc();
    for (int i = 0; i <= N; i++) {
        av_buffersrc_add_frame_flags(s2[0], i < N ? in[i] : NULL, AV_BUFFERSRC_FLAG_KEEP_REF);
        while (av_buffersink_get_frame(k2, out) >= 0) {
            uint8_t p[256][4]; const uint32_t *q = (const uint32_t *)out->data[1];
            for (int k = 0; k < 256; k++) { p[k][0] = q[k] >> 16; p[k][1] = q[k] >> 8; p[k][2] = q[k]; }
            err += sq_error((int)(out->pts / 3), out->data[0], out->linesize[0], (const uint8_t(*)[4])p);
            double e0 = now(); bytes += encode(c, out); encode_time += now() - e0;
            av_frame_unref(out);
        }
    }
    bytes += encode(c, NULL);
    double mse = err / ((double)N * W * H * 3);
    printf("quantizer=palettegen seconds=%.3f bytes=%ld psnr=%.2f\n", now() - t0 - encode_time, bytes, 10 * log10(255.0 * 255 / mse));
    (void)t1;
}

static void imagequant(void) {
    double t0 = now(), err = 0, encode_time = 0; long bytes = 0;
    liq_attr *attr = liq_attr_create(); liq_set_speed(attr, 4);
    liq_histogram *hist = liq_histogram_create(attr);
    for (int i = 0; i < N; i++) {
        liq_image *im = liq_image_create_rgba(attr, rgba[i], W, H, 0);
        liq_histogram_add_image(hist, attr, im); liq_image_destroy(im);
    }
    liq_result *res; if (liq_histogram_quantize(hist, attr, &res) != LIQ_OK) die("liq quantize");
    liq_set_dithering_level(res, 1.0);
    const liq_palette *lp = liq_get_palette(res);
    uint8_t p[256][4] = {{0}}; for (unsigned k = 0; k < lp->count; k++) { p[k][0] = lp->entries[k].r; p[k][1] = lp->entries[k].g; p[k][2] = lp->entries[k].b; p[k][3] = lp->entries[k].a; }
    AVCodecContext *c = gif_encoder(); uint8_t *idx = malloc((size_t)W * H);
    for (int i = 0; i < N; i++) {
        liq_image *im = liq_image_create_rgba(attr, rgba[i], W, H, 0);
        liq_write_remapped_image(res, im, idx, (size_t)W * H); liq_image_destroy(im);
        err += sq_error(i, idx, W, (const uint8_t(*)[4])p);
        double e0 = now();
        AVFrame *f = av_frame_alloc(); f->format = AV_PIX_FMT_PAL8; f->width = W; f->height = H; av_frame_get_buffer(f, 0);
        for (int y = 0; y < H; y++) memcpy(f->data[0] + y * f->linesize[0], idx + y * W, W);
        uint32_t *q = (uint32_t *)f->data[1];
        for (int k = 0; k < 256; k++) q[k] = 0xffu << 24 | p[k][0] << 16 | p[k][1] << 8 | p[k][2];
        f->pts = i * 3; bytes += encode(c, f); av_frame_free(&f);
        encode_time += now() - e0;
    }
    bytes += encode(c, NULL);
    double mse = err / ((double)N * W * H * 3);
    printf("quantizer=libimagequant seconds=%.3f bytes=%ld psnr=%.2f\n", now() - t0 - encode_time, bytes, 10 * log10(255.0 * 255 / mse));
}

int main(int argc, char **argv) {
    if (argc < 2) { fprintf(stderr, "usage: gif_quant_bench FRAMES_DIR\n"); return 2; }
    av_log_set_level(AV_LOG_ERROR);
    read_frames(argv[1]);
    palettegen();
    imagequant();
    return 0;
}
