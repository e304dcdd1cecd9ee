#ifndef MEDBRAIN_CCURL_H
#define MEDBRAIN_CCURL_H

#include <stddef.h>

// One HTTP exchange through libcurl, which is opened with dlopen at the first request, so a
// medbrain that never leaves the built-in server never loads it (nor the thirty libraries it
// links), and building medbrain compiles no TLS library of its own.

/// What to send, and where the answer goes. The callbacks are called on the calling thread.
typedef struct {
    const char *method;
    const char *url;
    /// Header lines, `Name: value`.
    const char *const *headers;
    int header_count;
    const unsigned char *body;
    size_t body_length;
    int has_body;
    /// The whole exchange's limit, connection to the body's last byte.
    long timeout_ms;
    void *context;
    /// One header line as it came (the status line too), without its line break; non-zero stops.
    int (*on_header)(void *context, const char *line, size_t length);
    /// A piece of the body; non-zero stops.
    int (*on_body)(void *context, const unsigned char *bytes, size_t length);
    /// Asked about ten times a second while waiting; non-zero cancels.
    int (*should_stop)(void *context);
} medbrain_http_request;

/// How it went: `outcome` is one of the values below, `status` the answer's HTTP status.
typedef struct {
    int outcome;
    long status;
    /// libcurl's own words when `outcome` is not MEDBRAIN_HTTP_DONE.
    char message[256];
} medbrain_http_result;

enum {
    MEDBRAIN_HTTP_DONE = 0,
    MEDBRAIN_HTTP_NO_LIBCURL,
    MEDBRAIN_HTTP_BAD_URL,
    MEDBRAIN_HTTP_UNKNOWN_HOST,
    MEDBRAIN_HTTP_REFUSED,
    MEDBRAIN_HTTP_TIMED_OUT,
    MEDBRAIN_HTTP_TLS,
    MEDBRAIN_HTTP_LOST,
    MEDBRAIN_HTTP_NOT_HTTP,
    MEDBRAIN_HTTP_STOPPED,
    MEDBRAIN_HTTP_OTHER,
};

/// Sends the request and waits for the whole answer.
void medbrain_http_perform(const medbrain_http_request *request, medbrain_http_result *result);

#endif
