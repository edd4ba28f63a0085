// Font lookup for Strata: fontconfig and Pango's fontconfig font maps.
// Small helpers over casts and fontconfig calls that Swift cannot express
// directly (GObject cast macros). Strings returned are g_malloc'ed: g_free them.
#include <string.h>
#include <fontconfig/fontconfig.h>
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>

/// A fontconfig configuration holding only the font file at `path` (no
/// system fonts, no config files), or NULL when it holds no font.
static inline FcConfig *strata_config_for_file(const char *path) {
    FcConfig *config = FcConfigCreate();
    if (!config) return NULL;
    if (!FcConfigAppFontAddFile(config, (const FcChar8 *)path)) {
        FcConfigDestroy(config);
        return NULL;
    }
    FcFontSet *set = FcConfigGetFonts(config, FcSetApplication);
    if (!set || set->nfont < 1) {
        FcConfigDestroy(config);
        return NULL;
    }
    return config;
}

/// The family name of the first font in the file at `path`, or NULL when
/// the file is not a font fontconfig can read.
static inline char *strata_family_of_file(const char *path) {
    FcConfig *config = strata_config_for_file(path);
    if (!config) return NULL;
    char *family = NULL;
    FcFontSet *set = FcConfigGetFonts(config, FcSetApplication);
    FcChar8 *name = NULL;
    if (FcPatternGetString(set->fonts[0], FC_FAMILY, 0, &name) == FcResultMatch && name)
        family = g_strdup((const char *)name);
    FcConfigDestroy(config);
    return family;
}

/// The family of a Pango font description ("DejaVu Sans Bold 12" ->
/// "DejaVu Sans"; the first of a comma-separated list), or NULL.
static inline char *strata_description_family(const char *description) {
    PangoFontDescription *desc = pango_font_description_from_string(description);
    if (!desc) return NULL;
    const char *family = pango_font_description_get_family(desc);
    char *result = NULL;
    if (family) {
        const char *comma = strchr(family, ',');
        result = comma ? g_strndup(family, (gsize)(comma - family)) : g_strdup(family);
    }
    pango_font_description_free(desc);
    return result;
}

/// The family fontconfig picks for `family` with the system configuration
/// (what Pango falls back to when the family is missing), or NULL.
static inline char *strata_matched_family(const char *family) {
    FcPattern *pattern = FcPatternCreate();
    if (!pattern) return NULL;
    FcPatternAddString(pattern, FC_FAMILY, (const FcChar8 *)family);
    FcConfigSubstitute(NULL, pattern, FcMatchPattern);
    FcDefaultSubstitute(pattern);
    FcResult result;
    FcPattern *match = FcFontMatch(NULL, pattern, &result);
    FcPatternDestroy(pattern);
    if (!match) return NULL;
    char *matched = NULL;
    FcChar8 *name = NULL;
    if (FcPatternGetString(match, FC_FAMILY, 0, &name) == FcResultMatch && name)
        matched = g_strdup((const char *)name);
    FcPatternDestroy(match);
    return matched;
}

/// Whether `family` is one of the `count` families in `families`.
static inline int strata_family_listed(const FcChar8 *family, const char *const *families, int count) {
    for (int i = 0; i < count; i++)
        if (FcStrCmpIgnoreCase(family, (const FcChar8 *)families[i]) == 0) return 1;
    return 0;
}

/// A Pango font map (one per render thread) for a fallback chain: the
/// `count` font files of `paths` (the first is the layer's font; each must
/// hold a font), then the system's fonts of every other family, for
/// glyphs none of the files has. Fonts of the files' families that the
/// system also has are left out, so a family always means the file.
/// NULL when a file holds no font. Unref it with g_object_unref.
static inline PangoFontMap *strata_font_map_for_chain(const char *const *paths, int count,
                                                      const char *const *families) {
    FcConfig *config = FcConfigCreate();
    if (!config) return NULL;
    for (int i = 0; i < count; i++) {
        if (!FcConfigAppFontAddFile(config, (const FcChar8 *)paths[i])) {
            FcConfigDestroy(config);
            return NULL;
        }
    }
    FcFontSet *app = FcConfigGetFonts(config, FcSetApplication);
    FcConfig *system = FcInitLoadConfigAndFonts();
    FcFontSet *fonts = system ? FcConfigGetFonts(system, FcSetSystem) : NULL;
    for (int i = 0; app && fonts && i < fonts->nfont; i++) {
        FcChar8 *family = NULL;
        if (FcPatternGetString(fonts->fonts[i], FC_FAMILY, 0, &family) != FcResultMatch || !family) continue;
        if (strata_family_listed(family, families, count)) continue;
        FcPattern *copy = FcPatternDuplicate(fonts->fonts[i]);
        if (copy && !FcFontSetAdd(app, copy)) FcPatternDestroy(copy);
    }
    if (system) FcConfigDestroy(system);
    PangoFontMap *map = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT);
    if (map) pango_fc_font_map_set_config(PANGO_FC_FONT_MAP(map), config);
    FcConfigDestroy(config);  // the font map keeps its own reference
    return map;
}

/// The Pango font description ("DejaVu Sans Bold") of the system font whose
/// PostScript name is `name` ("DejaVuSans-Bold"), or NULL when fontconfig
/// knows no such font.
static inline char *strata_postscript_description(const char *name) {
    FcPattern *pattern = FcPatternCreate();
    if (!pattern) return NULL;
    FcPatternAddString(pattern, FC_POSTSCRIPT_NAME, (const FcChar8 *)name);
    FcObjectSet *objects = FcObjectSetBuild(FC_FAMILY, FC_STYLE, FC_WEIGHT, FC_SLANT, FC_WIDTH, (char *)0);
    FcFontSet *set = objects ? FcFontList(NULL, pattern, objects) : NULL;
    char *result = NULL;
    if (set && set->nfont > 0) {
        PangoFontDescription *desc = pango_fc_font_description_from_pattern(set->fonts[0], FALSE);
        if (desc) {
            result = pango_font_description_to_string(desc);
            pango_font_description_free(desc);
        }
    }
    if (set) FcFontSetDestroy(set);
    if (objects) FcObjectSetDestroy(objects);
    FcPatternDestroy(pattern);
    return result;
}

/// The glyphs of the first font in the file at `path` (a copy: FcCharSetDestroy it), or NULL.
static inline FcCharSet *strata_file_charset(const char *path) {
    FcConfig *config = strata_config_for_file(path);
    if (!config) return NULL;
    FcFontSet *set = FcConfigGetFonts(config, FcSetApplication);
    FcCharSet *chars = NULL, *copy = NULL;
    if (FcPatternGetCharSet(set->fonts[0], FC_CHARSET, 0, &chars) == FcResultMatch && chars) copy = FcCharSetCopy(chars);
    FcConfigDestroy(config);
    return copy;
}

/// Of the `count` code points in `chars`, how many no font fontconfig
/// offers for `family` has a glyph for: the fonts Pango falls back through
/// (FcFontSort of the current configuration), after the `fileCount` files
/// of `files` (a font asset's chain). Writes 1 into `missing[i]` for each
/// such code point. -1 when fontconfig has no font at all (and no file was given).
static inline int strata_missing_chars(const char *family, const char *const *files, int fileCount,
                                       const FcChar32 *chars, int count, unsigned char *missing) {
    FcPattern *pattern = FcPatternCreate();
    if (!pattern) return -1;
    FcPatternAddString(pattern, FC_FAMILY, (const FcChar8 *)family);
    FcConfigSubstitute(NULL, pattern, FcMatchPattern);
    FcDefaultSubstitute(pattern);
    FcResult result;
    FcFontSet *set = FcFontSort(NULL, pattern, FcFalse, NULL, &result);
    FcPatternDestroy(pattern);
    int fonts = set ? set->nfont : 0;
    if (fonts == 0 && fileCount == 0) {
        if (set) FcFontSetDestroy(set);
        return -1;
    }
    FcCharSet *own = FcCharSetCreate();
    for (int f = 0; own && f < fileCount; f++) {
        FcCharSet *file = strata_file_charset(files[f]);
        if (file) { FcCharSetMerge(own, file, NULL); FcCharSetDestroy(file); }
    }
    int total = 0;
    for (int k = 0; k < count; k++) {
        int has = own && FcCharSetHasChar(own, chars[k]);
        for (int i = 0; i < fonts && !has; i++) {
            FcCharSet *charset = NULL;
            if (FcPatternGetCharSet(set->fonts[i], FC_CHARSET, 0, &charset) == FcResultMatch && charset)
                has = FcCharSetHasChar(charset, chars[k]);
        }
        missing[k] = !has;
        total += !has;
    }
    if (own) FcCharSetDestroy(own);
    if (set) FcFontSetDestroy(set);
    return total;
}

static inline void strata_g_free(void *p) { g_free(p); }
static inline void strata_g_object_unref(void *p) { if (p) g_object_unref(p); }
static inline int strata_pango_scale(void) { return PANGO_SCALE; }
