#ifndef ATRIUM_CCURL_SHIM_H
#define ATRIUM_CCURL_SHIM_H

#include <curl/curl.h>

// curl_easy_setopt and curl_easy_getinfo are variadic and not imported into Swift: one typed
// shim per kind of argument.

/// `CURL_GLOBAL_DEFAULT` is a macro Swift does not import.
static inline CURLcode atrium_curl_global_init(void) { return curl_global_init(CURL_GLOBAL_DEFAULT); }

static inline CURLcode atrium_curl_set_long(CURL *curl, CURLoption option, long value) {
  return curl_easy_setopt(curl, option, value);
}

static inline CURLcode atrium_curl_set_string(CURL *curl, CURLoption option, const char *value) {
  return curl_easy_setopt(curl, option, value);
}

static inline CURLcode atrium_curl_set_pointer(CURL *curl, CURLoption option, void *value) {
  return curl_easy_setopt(curl, option, value);
}

static inline CURLcode atrium_curl_set_list(CURL *curl, CURLoption option, struct curl_slist *value) {
  return curl_easy_setopt(curl, option, value);
}

typedef size_t (*atrium_curl_io_callback)(char *buffer, size_t size, size_t count, void *context);

static inline CURLcode atrium_curl_set_callback(CURL *curl, CURLoption option, atrium_curl_io_callback callback) {
  return curl_easy_setopt(curl, option, callback);
}

static inline CURLcode atrium_curl_info_long(CURL *curl, CURLINFO info, long *value) {
  return curl_easy_getinfo(curl, info, value);
}

#endif
