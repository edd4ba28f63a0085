// The machinery behind functions.c: one FFmpeg shared library, opened with
// dlopen the first time strata calls one of its functions.
#ifndef STRATA_AV_LOADER_H
#define STRATA_AV_LOADER_H
#include <pthread.h>
#include <stddef.h>

/// A library strata calls into only for video, image and audio work, and the
/// addresses of the functions it calls there (resolved together, once).
struct strata_av_library {
    /// The soname, from the header's major version ("libavcodec.so.59").
    const char *soname;
    /// The functions' names and, once loaded, their addresses (same order).
    const char *const *names;
    void **functions;
    size_t count;
    /// `load` runs strata_av_library_load for this library, under `once`.
    pthread_once_t once;
    void (*load)(void);
    /// Empty when the library and every function were found; else why not.
    char error[512];
};

/// Opens the library and resolves its functions (call it through `once`).
__attribute__((visibility("hidden"))) void strata_av_library_load(struct strata_av_library *library);

/// The library's function addresses, loading it on first use. When it cannot be
/// loaded, prints `strata: cannot load SONAME: reason` and exits with status 1.
__attribute__((visibility("hidden"))) void *const *strata_av_library_functions(struct strata_av_library *library);

/// Function `name` of `library`, with the type of its declaration in the header.
#define STRATA_AV_FUNCTION(library, name) \
    ((__typeof__(&name))strata_av_library_functions(&library)[name##_index])

/// Every library functions.c loads.
extern struct strata_av_library *const strata_av_libraries[];
extern const size_t strata_av_library_count;

#endif
