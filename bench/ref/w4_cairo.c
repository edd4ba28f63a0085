/* W4 ("3D and text") drawn directly with Cairo + Pango, no scene graph: the
 * reference strata's W4 render is compared with (bench/run.sh).
 *
 *   w4_cairo FONT.ttf [FRAMES]              render every frame into memory, 1 thread
 *   w4_cairo FONT.ttf --dump FRAME OUT.png  write one frame
 *
 * Build: cc -O2 -o w4_cairo ref/w4_cairo.c $(pkg-config --cflags --libs pangocairo fontconfig) -lm
 * The scene's numbers come from w4_params.h, written by bench/gen_w4.py
 * with bench/scenes/W4.yaml, so both draw the same picture.
 *
 * What a person writing this directly would do, and what this does:
 * - The cards never change, so each card (rounded rect, axial gradient, two
 *   centred lines of DejaVu Sans through PangoCairo, unhinted like strata's
 *   text) is drawn ONCE at start-up into ARGB32 image surfaces, at six
 *   scales a half octave apart (2x down to 0.35x; a mip chain).
 * - Cairo has only affine matrices, so the perspective is drawn by our own
 *   per-pixel inverse map: per frame, each card's 4x4 matrix (Core
 *   Animation's chain: translateZ, rotateY, the ring's rotation, the
 *   stage's tilt and perspective) gives a 3x3 homography; cards are sorted
 *   back to front by the depth of their centres (a painter's sort, exact
 *   for this ring: the cards never cross); each card's screen bounding box
 *   is scanned with the inverse homography (incremental along a row, one
 *   divide per pixel), sampling the mip level just above the card's largest
 *   magnification bilinearly, with edge coverage from the distance to the
 *   projected outline (anti-aliased edges), composited source-over.
 *   No near-plane clipping: every card stays in front of the eye here.
 * - The background is a Cairo paint. One thread.
 * The start-up (fonts, card surfaces) is inside the timed process, as
 * strata's scene load is. Prints frames, wall, cpu, fps, a checksum.
 */
#include <cairo.h>
#include <fontconfig/fontconfig.h>
#include <math.h>
#include <pango/pangocairo.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "w4_params.h"

#define LEVELS 6
typedef struct { int w, h, stride; double scale; const uint32_t *px; cairo_surface_t *s; } Level;
static Level levels[W4_CARDS][LEVELS];

typedef double M4[4][4]; /* Core Animation's row-vector layout: p' = p M */

static void mul(M4 r, M4 a, M4 b) { /* r = a b: a's map first, then b's */
    M4 t;
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++) {
            double s = 0;
            for (int k = 0; k < 4; k++) s += a[i][k] * b[k][j];
            t[i][j] = s;
        }
    memcpy(r, t, sizeof t);
}
static void ident(M4 m) { memset(m, 0, sizeof(M4)); for (int i = 0; i < 4; i++) m[i][i] = 1; }
static void translate(M4 m, double x, double y, double z) { ident(m); m[3][0] = x; m[3][1] = y; m[3][2] = z; }
static void rot_y(M4 m, double a) { ident(m); m[0][0] = cos(a); m[0][2] = -sin(a); m[2][0] = sin(a); m[2][2] = cos(a); }
static void rot_x(M4 m, double a) { ident(m); m[1][1] = cos(a); m[1][2] = sin(a); m[2][1] = -sin(a); m[2][2] = cos(a); }
static void then(M4 m, M4 b) { mul(m, m, b); }

static void rgb(unsigned c, double *r, double *g, double *b) {
    *r = ((c >> 16) & 255) / 255.0; *g = ((c >> 8) & 255) / 255.0; *b = (c & 255) / 255.0;
}

static void draw_card(cairo_t *cr, int i, PangoLayout *layout) {
    double r0, g0, b0, r1, g1, b1, R = W4_CORNER, w = W4_CARD_W, h = W4_CARD_H;
    cairo_new_sub_path(cr);
    cairo_arc(cr, w - R, R, R, -M_PI / 2, 0);
    cairo_arc(cr, w - R, h - R, R, 0, M_PI / 2);
    cairo_arc(cr, R, h - R, R, M_PI / 2, M_PI);
    cairo_arc(cr, R, R, R, M_PI, 3 * M_PI / 2);
    cairo_close_path(cr);
    cairo_clip(cr);
    cairo_pattern_t *p = cairo_pattern_create_linear(0, 0, w, h);
    rgb(w4_colors[i][0], &r0, &g0, &b0); rgb(w4_colors[i][1], &r1, &g1, &b1);
    cairo_pattern_add_color_stop_rgb(p, 0, r0, g0, b0);
    cairo_pattern_add_color_stop_rgb(p, 1, r1, g1, b1);
    cairo_set_source(cr, p);
    cairo_paint(cr);
    cairo_pattern_destroy(p);
    cairo_rectangle(cr, W4_TEXT_X, W4_TEXT_Y, W4_TEXT_W, W4_TEXT_H);
    cairo_clip(cr);
    pango_layout_set_text(layout, w4_text[i], -1);
    rgb(W4_TEXT_COLOR, &r0, &g0, &b0);
    cairo_set_source_rgb(cr, r0, g0, b0);
    cairo_move_to(cr, W4_TEXT_X, W4_TEXT_Y);
    pango_cairo_update_layout(cr, layout);
    pango_cairo_show_layout(cr, layout);
}

static void prepare(const char *font) {
    if (!FcConfigAppFontAddFile(FcConfigGetCurrent(), (const FcChar8 *)font)) {
        fprintf(stderr, "w4_cairo: cannot load font %s\n", font);
        exit(1);
    }
    cairo_font_options_t *fo = cairo_font_options_create();
    cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_NONE);
    cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_OFF);
    cairo_font_options_set_antialias(fo, CAIRO_ANTIALIAS_GRAY);
    PangoFontDescription *fd = pango_font_description_from_string("DejaVu Sans");
    pango_font_description_set_absolute_size(fd, W4_FONT_SIZE * PANGO_SCALE);
    for (int i = 0; i < W4_CARDS; i++)
        for (int l = 0; l < LEVELS; l++) {
            double s = 2.0 * pow(0.5, l / 2.0);
            Level *L = &levels[i][l];
            L->scale = s;
            L->w = (int)ceil(W4_CARD_W * s); L->h = (int)ceil(W4_CARD_H * s);
            L->s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, L->w, L->h);
            cairo_t *cr = cairo_create(L->s);
            cairo_scale(cr, s, s);
            PangoLayout *layout = pango_cairo_create_layout(cr);
            PangoContext *pc = pango_layout_get_context(layout);
            pango_cairo_context_set_font_options(pc, fo);
            pango_context_set_round_glyph_positions(pc, FALSE);
            pango_layout_context_changed(layout);
            pango_layout_set_font_description(layout, fd);
            pango_layout_set_width(layout, W4_TEXT_W * PANGO_SCALE);
            pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER);
            draw_card(cr, i, layout);
            g_object_unref(layout);
            cairo_destroy(cr);
            cairo_surface_flush(L->s);
            L->px = (const uint32_t *)cairo_image_surface_get_data(L->s);
            L->stride = cairo_image_surface_get_stride(L->s) / 4;
        }
    pango_font_description_free(fd);
    cairo_font_options_destroy(fo);
}

/* Card i's map at time t: card points (relative to nothing: bounds origin 0) to screen. */
static void card_matrix(M4 m, int i, double t) {
    M4 s;
    double deg = M_PI / 180;
    translate(m, -W4_CARD_W / 2.0, -W4_CARD_H / 2.0, 0);            /* the card's anchor */
    translate(s, 0, 0, W4_RADIUS); then(m, s);                      /* translateZ (last in the list: first) */
    rot_y(s, i * (360.0 / W4_CARDS) * deg); then(m, s);             /* rotateY */
    /* + position (card centre in the ring) - the ring's anchor: they cancel */
    rot_y(s, 2 * M_PI * t / (W4_FRAMES / (double)W4_FPS)); then(m, s); /* the ring's transform.rotation.y */
    /* + the ring's position - the stage's anchor: both the canvas centre, they cancel */
    rot_x(s, W4_TILT_DEG * deg); then(m, s);                        /* sublayerTransform: rotateX, then */
    ident(s); s[2][3] = -1 / W4_PERSPECTIVE; then(m, s);            /* perspective */
    translate(s, W4_W / 2.0, W4_H / 2.0, 0); then(m, s);            /* + the stage's anchor */
}

static inline uint32_t bilinear(const Level *L, double x, double y) {
    x -= 0.5; y -= 0.5;
    if (x < 0) x = 0;
    if (y < 0) y = 0;
    if (x > L->w - 1) x = L->w - 1;
    if (y > L->h - 1) y = L->h - 1;
    int x0 = (int)x, y0 = (int)y;
    int x1 = x0 + 1 < L->w ? x0 + 1 : x0, y1 = y0 + 1 < L->h ? y0 + 1 : y0;
    uint32_t fx = (uint32_t)((x - x0) * 256), fy = (uint32_t)((y - y0) * 256);
    const uint32_t *r0 = L->px + (size_t)y0 * L->stride, *r1 = L->px + (size_t)y1 * L->stride;
    uint32_t a = r0[x0], b = r0[x1], c = r1[x0], d = r1[x1], out = 0;
    for (int sh = 0; sh < 32; sh += 8) {
        uint32_t top = ((a >> sh) & 255) * (256 - fx) + ((b >> sh) & 255) * fx;
        uint32_t bot = ((c >> sh) & 255) * (256 - fx) + ((d >> sh) & 255) * fx;
        out |= (((top * (256 - fy) + bot * fy) + (1 << 15)) >> 16) << sh;
    }
    return out;
}

static void warp(uint32_t *dst, int stride, M4 m, int card) {
    /* homography: rows/columns x, y, w of the 4x4 (z dropped) */
    double H[3][3] = {{m[0][0], m[0][1], m[0][3]}, {m[1][0], m[1][1], m[1][3]}, {m[3][0], m[3][1], m[3][3]}};
    double cx[4], cy[4], lx[4] = {0, W4_CARD_W, W4_CARD_W, 0}, ly[4] = {0, 0, W4_CARD_H, W4_CARD_H};
    double minx = 1e9, miny = 1e9, maxx = -1e9, maxy = -1e9, mag = 0;
    for (int k = 0; k < 4; k++) {
        double X = lx[k] * H[0][0] + ly[k] * H[1][0] + H[2][0];
        double Y = lx[k] * H[0][1] + ly[k] * H[1][1] + H[2][1];
        double Wc = lx[k] * H[0][2] + ly[k] * H[1][2] + H[2][2];
        cx[k] = X / Wc; cy[k] = Y / Wc;
        /* magnification at the corner: the Jacobian's column lengths */
        double jx = hypot((H[0][0] - cx[k] * H[0][2]) / Wc, (H[0][1] - cy[k] * H[0][2]) / Wc);
        double jy = hypot((H[1][0] - cx[k] * H[1][2]) / Wc, (H[1][1] - cy[k] * H[1][2]) / Wc);
        mag = fmax(mag, fmax(jx, jy));
        minx = fmin(minx, cx[k]); maxx = fmax(maxx, cx[k]);
        miny = fmin(miny, cy[k]); maxy = fmax(maxy, cy[k]);
    }
    int level = 0;
    while (level + 1 < LEVELS && levels[card][level + 1].scale >= mag) level++;
    const Level *L = &levels[card][level];
    /* inverse homography (adjugate; the scale does not matter) */
    double a = H[0][0], b = H[0][1], c = H[0][2], d = H[1][0], e = H[1][1], f = H[1][2], g = H[2][0], h = H[2][1], k = H[2][2];
    double I[3][3] = {{e * k - f * h, c * h - b * k, b * f - c * e},
                      {f * g - d * k, a * k - c * g, c * d - a * f},
                      {d * h - e * g, b * g - a * h, a * e - b * d}};
    /* the outline's edges as n.p + o >= 0 inside, n unit: signed distance in pixels */
    double ex[4], ey[4], eo[4];
    double mx = (cx[0] + cx[1] + cx[2] + cx[3]) / 4, my = (cy[0] + cy[1] + cy[2] + cy[3]) / 4;
    for (int q = 0; q < 4; q++) {
        int r = (q + 1) % 4;
        double nx = cy[r] - cy[q], ny = cx[q] - cx[r], len = hypot(nx, ny);
        nx /= len; ny /= len;
        double o = -(nx * cx[q] + ny * cy[q]);
        if (nx * mx + ny * my + o < 0) { nx = -nx; ny = -ny; o = -o; }
        ex[q] = nx; ey[q] = ny; eo[q] = o;
    }
    int x0 = (int)floor(fmax(minx, 0)), x1 = (int)ceil(fmin(maxx, W4_W));
    int y0 = (int)floor(fmax(miny, 0)), y1 = (int)ceil(fmin(maxy, W4_H));
    double s = L->scale;
    for (int y = y0; y < y1; y++) {
        double py = y + 0.5, px = x0 + 0.5;
        double u = px * I[0][0] + py * I[1][0] + I[2][0];
        double v = px * I[0][1] + py * I[1][1] + I[2][1];
        double w = px * I[0][2] + py * I[1][2] + I[2][2];
        double dd[4];
        for (int q = 0; q < 4; q++) dd[q] = ex[q] * px + ey[q] * py + eo[q] + 0.5;
        uint32_t *row = dst + (size_t)y * stride;
        for (int x = x0; x < x1; x++) {
            double cov = 1;
            for (int q = 0; q < 4; q++) {
                double dq = dd[q];
                if (dq <= 0) { cov = 0; break; }
                if (dq < 1) cov *= dq;
            }
            if (cov > 0) {
                double iw = 1 / w;
                uint32_t src = bilinear(L, u * iw * s, v * iw * s);
                uint32_t cv = (uint32_t)(cov * 256);
                uint32_t sa = (((src >> 24) * cv) >> 8);
                if (sa) {
                    uint32_t inv = 255 - sa, d0 = row[x], out = 0;
                    for (int sh = 0; sh < 32; sh += 8) {
                        uint32_t sc = (((src >> sh) & 255) * cv) >> 8;
                        uint32_t dc = (d0 >> sh) & 255;
                        out |= ((sc + (dc * inv + 127) / 255) & 255) << sh;
                    }
                    row[x] = out;
                }
            }
            u += I[0][0]; v += I[0][1]; w += I[0][2];
            for (int q = 0; q < 4; q++) dd[q] += ex[q];
        }
    }
}

static void render(cairo_surface_t *frame, int f) {
    cairo_t *cr = cairo_create(frame);
    double r, g, b;
    rgb(W4_BACKGROUND, &r, &g, &b);
    cairo_set_source_rgb(cr, r, g, b);
    cairo_paint(cr);
    cairo_destroy(cr);
    cairo_surface_flush(frame);
    uint32_t *px = (uint32_t *)cairo_image_surface_get_data(frame);
    int stride = cairo_image_surface_get_stride(frame) / 4;
    M4 m[W4_CARDS];
    int order[W4_CARDS];
    double depth[W4_CARDS];
    for (int i = 0; i < W4_CARDS; i++) {
        card_matrix(m[i], i, f / (double)W4_FPS);
        /* the centre's depth before the perspective: w = 1 - z/d, larger w is farther */
        double cxp = W4_CARD_W / 2.0, cyp = W4_CARD_H / 2.0;
        depth[i] = cxp * m[i][0][3] + cyp * m[i][1][3] + m[i][3][3];
        order[i] = i;
    }
    for (int i = 1; i < W4_CARDS; i++) /* farthest first */
        for (int j = i; j > 0 && depth[order[j]] > depth[order[j - 1]]; j--) {
            int t = order[j]; order[j] = order[j - 1]; order[j - 1] = t;
        }
    for (int i = 0; i < W4_CARDS; i++) warp(px, stride, m[order[i]], order[i]);
    cairo_surface_mark_dirty(frame);
}

int main(int argc, char **argv) {
    if (argc < 2 || (argc > 2 && strcmp(argv[2], "--dump") == 0 && argc != 5)) {
        fprintf(stderr, "usage: w4_cairo FONT.ttf [FRAMES] | FONT.ttf --dump FRAME OUT.png\n");
        return 2;
    }
    double t0 = now();
    prepare(argv[1]);
    double load = now() - t0;
    cairo_surface_t *frame = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, W4_W, W4_H);
    if (argc == 5) {
        render(frame, atoi(argv[3]));
        return cairo_surface_write_to_png(frame, argv[4]) == CAIRO_STATUS_SUCCESS ? 0 : 1;
    }
    int frames = argc > 2 ? atoi(argv[2]) : W4_FRAMES;
    uint32_t checksum = 0;
    for (int f = 0; f < frames; f++) {
        render(frame, f);
        const uint32_t *px = (const uint32_t *)cairo_image_surface_get_data(frame);
        checksum = checksum * 31 + px[(size_t)(f * 7919) % (W4_W * W4_H)];
    }
    double wall = now() - t0;
    printf("frames=%d threads=1 wall=%.4f cpu=%.4f fps=%.2f load=%.4f size=%dx%d checksum=%08x\n",
           frames, wall, cpu_seconds(), frames / wall, load, W4_W, W4_H, checksum);
    cairo_surface_destroy(frame);
    return 0;
}
