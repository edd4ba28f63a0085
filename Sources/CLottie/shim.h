// rlottie's C API: loads Lottie (Bodymovin) JSON and renders frames into ARGB32 buffers.
#include <rlottie_capi.h>
