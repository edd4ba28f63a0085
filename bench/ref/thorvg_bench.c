/* ThorVG reference for bench/run.sh: renders every frame of a Lottie file
 * with ThorVG's software canvas into a reused ARGB8888 premultiplied buffer.
 *
 * ThorVG is not packaged by Debian; run.sh takes libthorvg-1.so from the
 * thorvg-python wheel (PyPI), which ships the library, and links against it.
 * The C API is declared here (ThorVG 1.x, thorvg_capi.h) because the wheel
 * has no header.
 *
 *   cc -O2 -o thorvg_bench thorvg_bench.c -L DIR -l:libthorvg-1.so -Wl,-rpath,DIR -lpthread
 *   thorvg_bench FILE.json THREADS [FRAMES]
 *   thorvg_bench FILE.json --dump FRAME OUT.pam
 *
 * THREADS is how ThorVG is meant to use cores: one canvas and one animation
 * on the calling thread, with THREADS - 1 extra ThorVG worker threads
 * (tvg_engine_init) that render paints in parallel.
 *
 * Output (one line): frames=150 threads=2 wall=... cpu=... fps=... load=...
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

typedef void *Tvg_Canvas;
typedef void *Tvg_Paint;
typedef void *Tvg_Animation;
typedef int Tvg_Result; /* 0 = TVG_RESULT_SUCCESS */
enum { TVG_COLORSPACE_ARGB8888 = 1 };
enum { TVG_ENGINE_OPTION_DEFAULT = 1 };

Tvg_Result tvg_engine_init(unsigned threads);
Tvg_Result tvg_engine_term(void);
Tvg_Canvas tvg_swcanvas_create(int option);
Tvg_Result tvg_swcanvas_set_target(Tvg_Canvas canvas, uint32_t *buffer, uint32_t stride, uint32_t w, uint32_t h,
                                   int colorspace);
Tvg_Result tvg_canvas_add(Tvg_Canvas canvas, Tvg_Paint paint);
Tvg_Result tvg_canvas_update(Tvg_Canvas canvas);
Tvg_Result tvg_canvas_draw(Tvg_Canvas canvas, bool clear);
Tvg_Result tvg_canvas_sync(Tvg_Canvas canvas);
Tvg_Result tvg_canvas_destroy(Tvg_Canvas canvas);
Tvg_Animation tvg_lottie_animation_new(void);
Tvg_Paint tvg_animation_get_picture(Tvg_Animation animation);
Tvg_Result tvg_animation_set_frame(Tvg_Animation animation, float no);
Tvg_Result tvg_animation_get_total_frame(Tvg_Animation animation, float *cnt);
Tvg_Result tvg_animation_del(Tvg_Animation animation);
Tvg_Result tvg_picture_load(Tvg_Paint picture, const char *path);
Tvg_Result tvg_picture_get_size(Tvg_Paint picture, float *w, float *h);

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

static void check(Tvg_Result r, const char *what) {
    if (r != 0) { fprintf(stderr, "thorvg_bench: %s failed (%d)\n", what, r); exit(1); }
}

int main(int argc, char **argv) {
    bool dumping = argc == 5 && strcmp(argv[2], "--dump") == 0;
    if (argc < 3) {
        fprintf(stderr, "usage: thorvg_bench FILE.json THREADS [FRAMES] | FILE.json --dump FRAME OUT.pam\n");
        return 2;
    }
    int threads = dumping ? 1 : atoi(argv[2]);
    if (threads < 1 || threads > 64) { fprintf(stderr, "thorvg_bench: THREADS must be 1...64\n"); return 2; }

    double t0 = now();
    check(tvg_engine_init((unsigned)(threads - 1)), "tvg_engine_init");
    Tvg_Animation animation = tvg_lottie_animation_new();
    Tvg_Paint picture = tvg_animation_get_picture(animation);
    check(tvg_picture_load(picture, argv[1]), "tvg_picture_load");
    float fw = 0, fh = 0, total = 0;
    check(tvg_picture_get_size(picture, &fw, &fh), "tvg_picture_get_size");
    check(tvg_animation_get_total_frame(animation, &total), "tvg_animation_get_total_frame");
    uint32_t w = (uint32_t)fw, h = (uint32_t)fh;
    uint32_t *buffer = aligned_alloc(64, (size_t)w * h * 4);
    Tvg_Canvas canvas = tvg_swcanvas_create(TVG_ENGINE_OPTION_DEFAULT);
    check(tvg_swcanvas_set_target(canvas, buffer, w, w, h, TVG_COLORSPACE_ARGB8888), "tvg_swcanvas_set_target");
    check(tvg_canvas_add(canvas, picture), "tvg_canvas_add");

    size_t frames = dumping ? 1 : argc > 3 ? (size_t)atol(argv[3]) : (size_t)total;
    size_t first = dumping ? (size_t)atol(argv[3]) : 0;
    double t1 = now(), c1 = cpu_seconds();
    uint32_t checksum = 0;
    for (size_t f = first; f < first + frames; f++) {
        tvg_animation_set_frame(animation, (float)f); /* "no change" for a repeated frame is fine */
        check(tvg_canvas_update(canvas), "tvg_canvas_update");
        check(tvg_canvas_draw(canvas, true), "tvg_canvas_draw");
        check(tvg_canvas_sync(canvas), "tvg_canvas_sync");
        checksum += buffer[(h / 2) * w + w / 2];
    }
    double t2 = now(), c2 = cpu_seconds();

    if (dumping) {
        FILE *out = fopen(argv[4], "wb");
        if (!out) { perror(argv[4]); return 1; }
        fprintf(out, "P7\nWIDTH %u\nHEIGHT %u\nDEPTH 4\nMAXVAL 255\nTUPLTYPE RGB_ALPHA\nENDHDR\n", w, h);
        for (size_t i = 0; i < (size_t)w * h; i++) {
            uint32_t p = buffer[i];
            unsigned char px[4] = {(p >> 16) & 255, (p >> 8) & 255, p & 255, p >> 24};
            fwrite(px, 1, 4, out);
        }
        fclose(out);
    } else {
        printf("frames=%zu threads=%d wall=%.4f cpu=%.4f fps=%.2f load=%.4f size=%ux%u checksum=%08x\n", frames,
               threads, t2 - t1, c2 - c1, frames / (t2 - t1), t1 - t0, w, h, checksum);
    }
    tvg_canvas_destroy(canvas);
    tvg_animation_del(animation);
    tvg_engine_term();
    free(buffer);
    return 0;
}
