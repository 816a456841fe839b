#ifndef ATRIUM_CGD_SHIM_H
#define ATRIUM_CGD_SHIM_H

#include <gd.h>

/// Width and height: `gdImageSX`/`gdImageSY` are macros, which Swift does not import.
static inline int atrium_gd_width(gdImagePtr image) { return gdImageSX(image); }
static inline int atrium_gd_height(gdImagePtr image) { return gdImageSY(image); }

/// An opaque RGB colour as libgd's true-colour images store it (`gdTrueColor` is a macro).
static inline int atrium_gd_rgb(int red, int green, int blue) { return gdTrueColor(red, green, blue); }

static void atrium_gd_ignore_error(int priority, const char *format, va_list arguments) {
  (void)priority;
  (void)format;
  (void)arguments;
}

/// Keeps libgd from printing decoder warnings for damaged uploads on the server's stderr; the
/// caller reports a failed decode itself.
static inline void atrium_gd_silence_errors(void) { gdSetErrorMethod(atrium_gd_ignore_error); }

#endif
