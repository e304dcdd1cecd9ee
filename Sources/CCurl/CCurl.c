#include "CCurl.h"

#include <curl/curl.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// libcurl's functions, found with dlsym: medbrain links no libcurl, so starting it loads none.
static struct {
    CURLcode (*global_init)(long);
    CURL *(*easy_init)(void);
    CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
    CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
    void (*easy_cleanup)(CURL *);
    const char *(*easy_strerror)(CURLcode);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
    CURLM *(*multi_init)(void);
    CURLMcode (*multi_add_handle)(CURLM *, CURL *);
    CURLMcode (*multi_remove_handle)(CURLM *, CURL *);
    CURLMcode (*multi_perform)(CURLM *, int *);
    CURLMcode (*multi_poll)(CURLM *, struct curl_waitfd[], unsigned int, int, int *);
    CURLMsg *(*multi_info_read)(CURLM *, int *);
    CURLMcode (*multi_cleanup)(CURLM *);
    CURLSH *(*share_init)(void);
    CURLSHcode (*share_setopt)(CURLSH *, CURLSHoption, ...);
} curl;

static int loaded = 0;
static pthread_once_t once = PTHREAD_ONCE_INIT;
// Connections and host names shared by every request, so a server's connection is reused
// from one command to the next as a browser's would be.
static CURLSH *share = NULL;
static pthread_mutex_t locks[CURL_LOCK_DATA_LAST];

static void lock(CURL *handle, curl_lock_data data, curl_lock_access access, void *user) {
    (void)handle, (void)access, (void)user;
    pthread_mutex_lock(&locks[data]);
}

static void unlock(CURL *handle, curl_lock_data data, void *user) {
    (void)handle, (void)user;
    pthread_mutex_unlock(&locks[data]);
}

static void find(void *library, void *slot, const char *name, int *missing) {
    void *function = dlsym(library, name);
    if (function == NULL) *missing = 1;
    memcpy(slot, &function, sizeof function);
}

static void load(void) {
    const char *names[] = {"libcurl.so.4", "libcurl.so", "libcurl.4.dylib", "libcurl.dylib"};
    void *library = NULL;
    for (size_t i = 0; i < sizeof names / sizeof names[0] && library == NULL; i++) {
        library = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    }
    if (library == NULL) return;
    int missing = 0;
    find(library, &curl.global_init, "curl_global_init", &missing);
    find(library, &curl.easy_init, "curl_easy_init", &missing);
    find(library, &curl.easy_setopt, "curl_easy_setopt", &missing);
    find(library, &curl.easy_getinfo, "curl_easy_getinfo", &missing);
    find(library, &curl.easy_cleanup, "curl_easy_cleanup", &missing);
    find(library, &curl.easy_strerror, "curl_easy_strerror", &missing);
    find(library, &curl.slist_append, "curl_slist_append", &missing);
    find(library, &curl.slist_free_all, "curl_slist_free_all", &missing);
    find(library, &curl.multi_init, "curl_multi_init", &missing);
    find(library, &curl.multi_add_handle, "curl_multi_add_handle", &missing);
    find(library, &curl.multi_remove_handle, "curl_multi_remove_handle", &missing);
    find(library, &curl.multi_perform, "curl_multi_perform", &missing);
    find(library, &curl.multi_poll, "curl_multi_poll", &missing);
    find(library, &curl.multi_info_read, "curl_multi_info_read", &missing);
    find(library, &curl.multi_cleanup, "curl_multi_cleanup", &missing);
    find(library, &curl.share_init, "curl_share_init", &missing);
    find(library, &curl.share_setopt, "curl_share_setopt", &missing);
    if (missing || curl.global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) return;
    for (int i = 0; i < CURL_LOCK_DATA_LAST; i++) pthread_mutex_init(&locks[i], NULL);
    share = curl.share_init();
    if (share != NULL) {
        curl.share_setopt(share, CURLSHOPT_LOCKFUNC, lock);
        curl.share_setopt(share, CURLSHOPT_UNLOCKFUNC, unlock);
        curl.share_setopt(share, CURLSHOPT_SHARE, CURL_LOCK_DATA_CONNECT);
        curl.share_setopt(share, CURLSHOPT_SHARE, CURL_LOCK_DATA_DNS);
    }
    loaded = 1;
}

typedef struct {
    const medbrain_http_request *request;
    int stopped;
} transfer;

static size_t take_body(char *data, size_t size, size_t count, void *user) {
    transfer *t = user;
    size_t length = size * count;
    if (length > 0 && t->request->on_body(t->request->context, (const unsigned char *)data, length) != 0) {
        t->stopped = 1;
        return 0;
    }
    return length;
}

static size_t take_header(char *data, size_t size, size_t count, void *user) {
    transfer *t = user;
    size_t length = size * count, kept = length;
    while (kept > 0 && (data[kept - 1] == '\n' || data[kept - 1] == '\r')) kept--;
    if (t->request->on_header(t->request->context, data, kept) != 0) {
        t->stopped = 1;
        return 0;
    }
    return length;
}

static int outcome_of(CURLcode code) {
    switch (code) {
    case CURLE_OK: return MEDBRAIN_HTTP_DONE;
    case CURLE_UNSUPPORTED_PROTOCOL:
    case CURLE_URL_MALFORMAT: return MEDBRAIN_HTTP_BAD_URL;
    case CURLE_COULDNT_RESOLVE_HOST:
    case CURLE_COULDNT_RESOLVE_PROXY: return MEDBRAIN_HTTP_UNKNOWN_HOST;
    case CURLE_COULDNT_CONNECT: return MEDBRAIN_HTTP_REFUSED;
    case CURLE_OPERATION_TIMEDOUT: return MEDBRAIN_HTTP_TIMED_OUT;
    case CURLE_SSL_CONNECT_ERROR:
    case CURLE_PEER_FAILED_VERIFICATION:
    case CURLE_SSL_CERTPROBLEM:
    case CURLE_SSL_CIPHER:
    case CURLE_SSL_CACERT_BADFILE:
    case CURLE_SSL_ISSUER_ERROR:
    case CURLE_SSL_PINNEDPUBKEYNOTMATCH:
    case CURLE_SSL_INVALIDCERTSTATUS:
    case CURLE_SSL_ENGINE_NOTFOUND:
    case CURLE_SSL_ENGINE_SETFAILED:
    case CURLE_SSL_ENGINE_INITFAILED:
    case CURLE_SSL_SHUTDOWN_FAILED:
    case CURLE_SSL_CRL_BADFILE:
    case CURLE_USE_SSL_FAILED: return MEDBRAIN_HTTP_TLS;
    case CURLE_GOT_NOTHING:
    case CURLE_RECV_ERROR:
    case CURLE_SEND_ERROR:
    case CURLE_PARTIAL_FILE: return MEDBRAIN_HTTP_LOST;
    case CURLE_WEIRD_SERVER_REPLY:
    case CURLE_BAD_CONTENT_ENCODING:
    case CURLE_HTTP2: return MEDBRAIN_HTTP_NOT_HTTP;
    default: return MEDBRAIN_HTTP_OTHER;
    }
}

static struct curl_slist *header_list(const medbrain_http_request *request) {
    struct curl_slist *headers = NULL;
    for (int i = 0; i < request->header_count; i++) headers = curl.slist_append(headers, request->headers[i]);
    // No `Expect: 100-continue` pause before a large body: FHIR servers answer the whole request.
    return curl.slist_append(headers, "Expect:");
}

static void configure(CURL *easy, const medbrain_http_request *request, transfer *t, struct curl_slist *headers,
                      char *errors) {
    curl.easy_setopt(easy, CURLOPT_URL, request->url);
    curl.easy_setopt(easy, CURLOPT_PROTOCOLS_STR, "http,https");
    curl.easy_setopt(easy, CURLOPT_NOSIGNAL, 1L);
    // Redirects are the Swift side's: credentials must not follow one to another host.
    curl.easy_setopt(easy, CURLOPT_FOLLOWLOCATION, 0L);
    curl.easy_setopt(easy, CURLOPT_HTTP_VERSION, (long)CURL_HTTP_VERSION_1_1);
    curl.easy_setopt(easy, CURLOPT_HTTPHEADER, headers);
    curl.easy_setopt(easy, CURLOPT_ERRORBUFFER, errors);
    curl.easy_setopt(easy, CURLOPT_TIMEOUT_MS, request->timeout_ms);
    // The connection and its handshake have the same limit, not libcurl's own 300 s.
    curl.easy_setopt(easy, CURLOPT_CONNECTTIMEOUT_MS, request->timeout_ms);
    curl.easy_setopt(easy, CURLOPT_WRITEFUNCTION, take_body);
    curl.easy_setopt(easy, CURLOPT_WRITEDATA, t);
    curl.easy_setopt(easy, CURLOPT_HEADERFUNCTION, take_header);
    curl.easy_setopt(easy, CURLOPT_HEADERDATA, t);
    if (share != NULL) curl.easy_setopt(easy, CURLOPT_SHARE, share);
    // The certificates trusted are the system's, unless OpenSSL's own variables name others (a
    // company's proxy, a test's server), as curl and Python honour them.
    const char *file = getenv("SSL_CERT_FILE"), *folder = getenv("SSL_CERT_DIR");
    if (file != NULL && file[0] != '\0') curl.easy_setopt(easy, CURLOPT_CAINFO, file);
    if (folder != NULL && folder[0] != '\0') curl.easy_setopt(easy, CURLOPT_CAPATH, folder);
    if (request->has_body) {
        curl.easy_setopt(easy, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)request->body_length);
        curl.easy_setopt(easy, CURLOPT_COPYPOSTFIELDS, request->body != NULL ? (const char *)request->body : "");
        if (strcmp(request->method, "POST") != 0) curl.easy_setopt(easy, CURLOPT_CUSTOMREQUEST, request->method);
    } else if (strcmp(request->method, "GET") == 0) {
        curl.easy_setopt(easy, CURLOPT_HTTPGET, 1L);
    } else {
        curl.easy_setopt(easy, CURLOPT_CUSTOMREQUEST, request->method);
    }
}

/// Runs the transfer, looking at `should_stop` between waits of at most 100 ms.
static CURLcode run(CURL *easy, const medbrain_http_request *request, int *cancelled) {
    CURLM *multi = curl.multi_init();
    if (multi == NULL) return CURLE_OUT_OF_MEMORY;
    curl.multi_add_handle(multi, easy);
    CURLcode code = CURLE_OK;
    int running = 1;
    while (running) {
        if (curl.multi_perform(multi, &running) != CURLM_OK) {
            code = CURLE_RECV_ERROR;
            break;
        }
        if (!running) break;
        if (request->should_stop != NULL && request->should_stop(request->context) != 0) {
            *cancelled = 1;
            break;
        }
        curl.multi_poll(multi, NULL, 0, 100, NULL);
    }
    int left = 0;
    CURLMsg *message;
    while (!*cancelled && (message = curl.multi_info_read(multi, &left)) != NULL) {
        if (message->msg == CURLMSG_DONE) code = message->data.result;
    }
    curl.multi_remove_handle(multi, easy);
    curl.multi_cleanup(multi);
    return code;
}

void medbrain_http_perform(const medbrain_http_request *request, medbrain_http_result *result) {
    memset(result, 0, sizeof *result);
    pthread_once(&once, load);
    if (!loaded) {
        result->outcome = MEDBRAIN_HTTP_NO_LIBCURL;
        snprintf(result->message, sizeof result->message, "libcurl (libcurl.so.4) could not be loaded");
        return;
    }
    CURL *easy = curl.easy_init();
    if (easy == NULL) {
        result->outcome = MEDBRAIN_HTTP_OTHER;
        snprintf(result->message, sizeof result->message, "libcurl could not start a request");
        return;
    }
    char errors[CURL_ERROR_SIZE] = "";
    transfer t = {request, 0};
    struct curl_slist *headers = header_list(request);
    configure(easy, request, &t, headers, errors);
    int cancelled = 0;
    CURLcode code = run(easy, request, &cancelled);
    curl.easy_getinfo(easy, CURLINFO_RESPONSE_CODE, &result->status);
    if (cancelled || t.stopped) {
        result->outcome = MEDBRAIN_HTTP_STOPPED;
    } else {
        result->outcome = outcome_of(code);
        if (result->outcome != MEDBRAIN_HTTP_DONE) {
            snprintf(result->message, sizeof result->message, "%s", errors[0] ? errors : curl.easy_strerror(code));
        }
    }
    curl.easy_cleanup(easy);
    curl.slist_free_all(headers);
}
