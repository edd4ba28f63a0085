// libpng wrappers that own setjmp: a libpng error longjmps back here and
// becomes a -1 return with a message, never an abort in Swift.
#include "cpng.h"

#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    char *text;
    size_t size;
} error_sink;

static void set_error(error_sink *sink, const char *message) {
    if (sink->text && sink->size > 0) snprintf(sink->text, sink->size, "%s", message);
}

static void on_error(png_structp png, png_const_charp message) {
    set_error((error_sink *)png_get_error_ptr(png), message);
    png_longjmp(png, 1);
}

// Warnings (e.g. "iCCP: known incorrect sRGB profile") are not failures.
static void on_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

// ---- encode ---------------------------------------------------------------

typedef struct {
    uint8_t *data;
    size_t size;
    size_t capacity;
} growable;

static void write_bytes(png_structp png, png_bytep bytes, png_size_t count) {
    growable *out = (growable *)png_get_io_ptr(png);
    if (count > out->capacity - out->size) {
        size_t capacity = out->capacity ? out->capacity : 65536;
        while (capacity - out->size < count) capacity *= 2;
        uint8_t *data = (uint8_t *)realloc(out->data, capacity);
        if (!data) png_error(png, "out of memory");
        out->data = data;
        out->capacity = capacity;
    }
    memcpy(out->data + out->size, bytes, count);
    out->size += count;
}

static void flush_bytes(png_structp png) { (void)png; }

int cpng_encode(const cpng_image *image, cpng_settings settings,
                uint8_t **out, size_t *out_size, char *error, size_t error_size) {
    error_sink sink = {error, error_size};
    set_error(&sink, "");
    growable *volatile buffer = (growable *)calloc(1, sizeof(growable));
    png_bytep *volatile rows = (png_bytep *)malloc((image->height ? image->height : 1) * sizeof(png_bytep));
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &sink, on_error, on_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!buffer || !rows || !png || !info) {
        set_error(&sink, "out of memory");
        png_destroy_write_struct(&png, &info);
        free(buffer);
        free(rows);
        return -1;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        free(buffer->data);
        free(buffer);
        free(rows);
        return -1;
    }
    png_set_write_fn(png, buffer, write_bytes, flush_bytes);
    png_set_IHDR(png, info, image->width, image->height, image->bit_depth, image->color_type,
                 image->interlaced ? PNG_INTERLACE_ADAM7 : PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    if (image->palette && image->palette_count > 0)
        png_set_PLTE(png, info, (png_const_colorp)image->palette, image->palette_count);
    if (image->trns && image->trns_count > 0)
        png_set_tRNS(png, info, image->trns, image->trns_count, NULL);
    if (image->trns_gray >= 0 && (image->color_type == CPNG_COLOR_GRAY)) {
        png_color_16 key;
        memset(&key, 0, sizeof key);
        key.gray = (png_uint_16)image->trns_gray;
        png_set_tRNS(png, info, NULL, 0, &key);
    }
    png_set_compression_level(png, settings.level);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, settings.filters);
    if (settings.strategy >= 0) png_set_compression_strategy(png, settings.strategy);
    png_write_info(png, info);
    for (uint32_t y = 0; y < image->height; y++)
        rows[y] = (png_bytep)(image->pixels + (size_t)y * image->stride);
    png_write_image(png, rows);  // handles Adam7 passes itself
    png_write_end(png, NULL);

    png_destroy_write_struct(&png, &info);
    free(rows);
    *out = buffer->data;
    *out_size = buffer->size;
    free(buffer);
    return 0;
}

// ---- decode ---------------------------------------------------------------

typedef struct {
    const uint8_t *data;
    size_t size;
    size_t offset;
} cursor;

static void read_bytes(png_structp png, png_bytep bytes, png_size_t count) {
    cursor *in = (cursor *)png_get_io_ptr(png);
    if (count > in->size - in->offset) png_error(png, "file is truncated");
    memcpy(bytes, in->data + in->offset, count);
    in->offset += count;
}

int cpng_decode(const uint8_t *data, size_t size, uint64_t max_pixels,
                uint32_t *width, uint32_t *height, uint8_t **rgba,
                char *error, size_t error_size) {
    error_sink sink = {error, error_size};
    set_error(&sink, "");
    if (size < 8 || png_sig_cmp((png_const_bytep)data, 0, 8) != 0) {
        set_error(&sink, "not a PNG file (bad signature)");
        return -1;
    }
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &sink, on_error, on_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!png || !info) {
        set_error(&sink, "out of memory");
        png_destroy_read_struct(&png, &info, NULL);
        return -1;
    }
    cursor in = {data, size, 0};
    uint8_t *volatile image = NULL;
    png_bytep *volatile rows = NULL;
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &info, NULL);
        free(image);
        free(rows);
        return -1;
    }
    png_set_read_fn(png, &in, read_bytes);
    png_read_info(png, info);

    png_uint_32 w = png_get_image_width(png, info);
    png_uint_32 h = png_get_image_height(png, info);
    int color_type = png_get_color_type(png, info);
    int bit_depth = png_get_bit_depth(png, info);
    if ((uint64_t)w * h > max_pixels) {
        char message[96];
        snprintf(message, sizeof message, "image is too large (%ux%u pixels)", (unsigned)w, (unsigned)h);
        png_error(png, message);
    }

    // Normalize every input form to 8-bit RGBA.
    int has_trns = png_get_valid(png, info, PNG_INFO_tRNS) != 0;
    if (color_type == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (color_type == PNG_COLOR_TYPE_GRAY && bit_depth < 8) png_set_expand_gray_1_2_4_to_8(png);
    if (has_trns) png_set_tRNS_to_alpha(png);
    if (bit_depth == 16) png_set_scale_16(png);
    if (color_type == PNG_COLOR_TYPE_GRAY || color_type == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
    if (!(color_type & PNG_COLOR_MASK_ALPHA) && !has_trns) png_set_filler(png, 0xff, PNG_FILLER_AFTER);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != (size_t)w * 4)
        png_error(png, "unsupported PNG layout after expansion to RGBA");

    image = (uint8_t *)malloc((size_t)w * h * 4);
    rows = (png_bytep *)malloc((size_t)h * sizeof(png_bytep));
    if (!image || !rows) png_error(png, "out of memory");
    for (png_uint_32 y = 0; y < h; y++) rows[y] = image + (size_t)y * w * 4;
    png_read_image(png, rows);
    png_read_end(png, NULL);  // reads through IEND: a cut-off tail is an error too

    png_destroy_read_struct(&png, &info, NULL);
    free(rows);
    *width = w;
    *height = h;
    *rgba = image;
    return 0;
}

void cpng_free(void *pointer) { free(pointer); }
