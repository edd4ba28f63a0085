// FFmpeg's codec, format, filter and resampling libraries (and the ~150 shared
// objects they need) cost tens of milliseconds in the dynamic loader; most runs
// (PNG frames, check, validate, inspect) never call them. They are opened here on
// first use instead of being linked.
#include "loader.h"
#include "CAVLoader.h"
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

void strata_av_library_load(struct strata_av_library *library) {
    // RTLD_LOCAL: nothing loaded later binds to these libraries by accident.
    void *handle = dlopen(library->soname, RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        snprintf(library->error, sizeof library->error, "%s", dlerror());
        return;
    }
    for (size_t i = 0; i < library->count; i++) {
        dlerror();
        void *function = dlsym(handle, library->names[i]);
        if (!function) {
            const char *reason = dlerror();
            snprintf(library->error, sizeof library->error, "%s",
                     reason ? reason : "a function resolved to NULL");
            return;
        }
        library->functions[i] = function;
    }
}

/// Loads the library once; the error, if any, stays for every later call.
static const char *loaded(struct strata_av_library *library) {
    pthread_once(&library->once, library->load);
    return library->error[0] ? library->error : NULL;
}

void *const *strata_av_library_functions(struct strata_av_library *library) {
    const char *error = loaded(library);
    if (error) {
        fprintf(stderr, "strata: cannot load %s: %s\n", library->soname, error);
        exit(1);
    }
    return library->functions;
}

const char *strata_av_loader_check(void) {
    static char message[640];
    for (size_t i = 0; i < strata_av_library_count; i++) {
        const char *error = loaded(strata_av_libraries[i]);
        if (error) {
            snprintf(message, sizeof message, "cannot load %s: %s", strata_av_libraries[i]->soname, error);
            return message;
        }
    }
    return NULL;
}
