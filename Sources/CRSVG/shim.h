// librsvg renders SVG documents into Cairo surfaces (it brings cairo.h and GIO).
#include <librsvg/rsvg.h>
