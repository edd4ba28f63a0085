// CPNG: libpng behind a setjmp-owning C boundary.
// libpng reports errors with longjmp, which Swift cannot survive, so every
// libpng call lives here and failures come back as a status and a message.
#ifndef CPNG_H
#define CPNG_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Row filter bits (the same values as libpng's PNG_FILTER_*).
enum {
    CPNG_FILTER_NONE = 0x08,
    CPNG_FILTER_SUB = 0x10,
    CPNG_FILTER_UP = 0x20,
    CPNG_FILTER_AVG = 0x40,
    CPNG_FILTER_PAETH = 0x80
};

/// PNG color types (the same values as libpng's PNG_COLOR_TYPE_*).
enum {
    CPNG_COLOR_GRAY = 0,
    CPNG_COLOR_RGB = 2,
    CPNG_COLOR_PALETTE = 3,
    CPNG_COLOR_GRAY_ALPHA = 4,
    CPNG_COLOR_RGBA = 6
};

/// Describes the raw samples handed to `cpng_encode`.
typedef struct cpng_image {
    uint32_t width;
    uint32_t height;
    int color_type;        ///< CPNG_COLOR_*
    int bit_depth;         ///< 1, 2, 4, 8 or 16 (16-bit samples big-endian, as in the file)
    size_t stride;         ///< bytes per row of `pixels`
    const uint8_t *pixels;
    const uint8_t *palette; ///< RGB triples, for CPNG_COLOR_PALETTE
    int palette_count;
    const uint8_t *trns;    ///< palette alphas (trns_count of them), or NULL
    int trns_count;
    int trns_gray;          ///< >= 0: the gray sample value that is transparent (gray images)
    int interlaced;         ///< Adam7 when non-zero
} cpng_image;

/// Encoder settings.
typedef struct cpng_settings {
    int level;     ///< zlib level 0...9
    int filters;   ///< OR of CPNG_FILTER_*
    int strategy;  ///< zlib strategy (0 default, 1 filtered, 2 huffman only, 3 RLE), -1 = libpng's choice
} cpng_settings;

/// Encodes `image` to PNG bytes. On success returns 0 and sets `*out` (free
/// with `cpng_free`) and `*out_size`. On failure returns -1 and writes a
/// NUL-terminated message into `error`.
int cpng_encode(const cpng_image *image, cpng_settings settings,
                uint8_t **out, size_t *out_size, char *error, size_t error_size);

/// Decodes any PNG to 8-bit straight-alpha RGBA (16-bit samples are scaled
/// with rounding; palette, gray, tRNS and interlacing are expanded).
/// On success returns 0 and sets `*rgba` (width * height * 4 bytes, free
/// with `cpng_free`). On failure returns -1 with a message in `error`.
/// Images above `max_pixels` pixels are refused.
int cpng_decode(const uint8_t *data, size_t size, uint64_t max_pixels,
                uint32_t *width, uint32_t *height, uint8_t **rgba,
                char *error, size_t error_size);

void cpng_free(void *pointer);

#ifdef __cplusplus
}
#endif

#endif
