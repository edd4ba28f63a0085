/* rlottie reference for bench/run.sh: renders every frame of a Lottie file
 * with rlottie into reused ARGB32 premultiplied buffers, as a fast player
 * would, and prints how long that took.
 *
 *   cc -O2 -o rlottie_bench rlottie_bench.c $(pkg-config --cflags --libs rlottie) -lpthread
 *   rlottie_bench FILE.json THREADS [FRAMES]
 *   rlottie_bench FILE.json --dump FRAME OUT.pam      (one frame, for eyeballing)
 *
 * THREADS workers each own one Lottie_Animation (an animation renders one
 * frame at a time; separate animations render in parallel) and take frame
 * numbers from a shared counter. rlottie itself also rasterizes paths on its
 * own thread pool (std::thread::hardware_concurrency workers), so even
 * THREADS=1 may use more than one core: the CPU time line shows it.
 *
 * Output (one line, parsed by run.sh):
 *   frames=150 threads=2 wall=1.234 cpu=2.345 fps=121.6 load=0.012
 * wall and fps cover rendering only; load is parsing the file(s).
 */
#include <rlottie_capi.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
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

typedef struct {
    Lottie_Animation *animation;
    size_t width, height, frames;
    atomic_size_t *next;
    uint32_t checksum; /* keeps the renders observable */
} Worker;

static void *work(void *arg) {
    Worker *w = arg;
    uint32_t *buffer = aligned_alloc(64, w->width * w->height * 4);
    if (!buffer) { fprintf(stderr, "rlottie_bench: out of memory\n"); exit(1); }
    for (;;) {
        size_t frame = atomic_fetch_add(w->next, 1);
        if (frame >= w->frames) break;
        lottie_animation_render(w->animation, frame, buffer, w->width, w->height, w->width * 4);
        w->checksum += buffer[(w->height / 2) * w->width + w->width / 2];
    }
    free(buffer);
    return NULL;
}

static int dump(const char *path, size_t frame, const char *out) {
    Lottie_Animation *a = lottie_animation_from_file(path);
    if (!a) { fprintf(stderr, "rlottie_bench: cannot load %s\n", path); return 1; }
    size_t w, h;
    lottie_animation_get_size(a, &w, &h);
    uint32_t *buffer = calloc(w * h, 4);
    lottie_animation_render(a, frame, buffer, w, h, w * 4);
    FILE *f = fopen(out, "wb");
    if (!f) { perror(out); return 1; }
    fprintf(f, "P7\nWIDTH %zu\nHEIGHT %zu\nDEPTH 4\nMAXVAL 255\nTUPLTYPE RGB_ALPHA\nENDHDR\n", w, h);
    for (size_t i = 0; i < w * h; i++) {
        uint32_t p = buffer[i]; /* premultiplied ARGB; the scenes are opaque */
        unsigned char px[4] = {(p >> 16) & 255, (p >> 8) & 255, p & 255, p >> 24};
        fwrite(px, 1, 4, f);
    }
    fclose(f);
    free(buffer);
    lottie_animation_destroy(a);
    return 0;
}

int main(int argc, char **argv) {
    if (argc == 5 && strcmp(argv[2], "--dump") == 0) return dump(argv[1], (size_t)atol(argv[3]), argv[4]);
    if (argc < 3) {
        fprintf(stderr, "usage: rlottie_bench FILE.json THREADS [FRAMES] | FILE.json --dump FRAME OUT.pam\n");
        return 2;
    }
    int threads = atoi(argv[2]);
    if (threads < 1 || threads > 64) { fprintf(stderr, "rlottie_bench: THREADS must be 1...64\n"); return 2; }

    double t0 = now();
    Worker workers[64];
    atomic_size_t next = 0;
    for (int i = 0; i < threads; i++) {
        /* Separate animations; rlottie shares the parsed model through its cache. */
        Lottie_Animation *a = lottie_animation_from_file(argv[1]);
        if (!a) { fprintf(stderr, "rlottie_bench: cannot load %s\n", argv[1]); return 1; }
        size_t w, h;
        lottie_animation_get_size(a, &w, &h);
        size_t frames = argc > 3 ? (size_t)atol(argv[3]) : lottie_animation_get_totalframe(a);
        workers[i] = (Worker){a, w, h, frames, &next, 0};
    }
    double t1 = now(), c1 = cpu_seconds();

    pthread_t ids[64];
    for (int i = 0; i < threads; i++) pthread_create(&ids[i], NULL, work, &workers[i]);
    uint32_t checksum = 0;
    for (int i = 0; i < threads; i++) {
        pthread_join(ids[i], NULL);
        checksum += workers[i].checksum;
    }
    double t2 = now(), c2 = cpu_seconds();

    size_t frames = workers[0].frames;
    printf("frames=%zu threads=%d wall=%.4f cpu=%.4f fps=%.2f load=%.4f size=%zux%zu checksum=%08x\n",
           frames, threads, t2 - t1, c2 - c1, frames / (t2 - t1), t1 - t0, workers[0].width,
           workers[0].height, checksum);
    for (int i = 0; i < threads; i++) lottie_animation_destroy(workers[i].animation);
    return 0;
}
