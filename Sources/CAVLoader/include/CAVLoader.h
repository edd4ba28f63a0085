// FFmpeg's libavcodec, libavformat, libavfilter and libswresample, opened on
// first use (see loader.c). Swift calls their functions through CAV, CAVFilter
// and CSwresample as declared in FFmpeg's headers; this module only adds a check.
#ifndef CAVLOADER_H
#define CAVLOADER_H

/// Loads every library and resolves every function strata calls in them: NULL
/// when all were found, else a one-line message ("cannot load SONAME: reason") in
/// a static buffer.
const char *strata_av_loader_check(void);

#endif
