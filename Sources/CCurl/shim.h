#ifndef LOOWI_CCURL_SHIM_H
#define LOOWI_CCURL_SHIM_H
#include <curl/curl.h>
#include <dlfcn.h>
#include <stdint.h>
#include <stdlib.h>

/* libcurl is opened with dlopen on the first request, not linked: binding it and the ~30
   libraries it needs (TLS, HTTP/2, Kerberos, LDAP...) cost about 13 M instructions at every
   start, paid by commands that never go online. The module map has no `link`, so a direct
   call to a libcurl function does not link; every call goes through this table. */
typedef struct CCurl_functions {
    __typeof__(curl_global_init) *_Nonnull curl_global_init;
    __typeof__(curl_easy_init) *_Nonnull curl_easy_init;
    __typeof__(curl_easy_cleanup) *_Nonnull curl_easy_cleanup;
    __typeof__(curl_easy_reset) *_Nonnull curl_easy_reset;
    __typeof__(curl_easy_perform) *_Nonnull curl_easy_perform;
    __typeof__(curl_easy_strerror) *_Nonnull curl_easy_strerror;
    __typeof__(curl_easy_setopt) *_Nonnull curl_easy_setopt;
    __typeof__(curl_easy_getinfo) *_Nonnull curl_easy_getinfo;
    __typeof__(curl_slist_append) *_Nonnull curl_slist_append;
    __typeof__(curl_slist_free_all) *_Nonnull curl_slist_free_all;
    __typeof__(curl_version) *_Nonnull curl_version;
    __typeof__(curl_easy_send) *_Nonnull curl_easy_send;
    __typeof__(curl_easy_recv) *_Nonnull curl_easy_recv;
    /* A stream waits in curl_multi_poll for bytes (curl_easy_perform wakes every second). */
    __typeof__(curl_multi_init) *_Nonnull curl_multi_init;
    __typeof__(curl_multi_cleanup) *_Nonnull curl_multi_cleanup;
    __typeof__(curl_multi_add_handle) *_Nonnull curl_multi_add_handle;
    __typeof__(curl_multi_remove_handle) *_Nonnull curl_multi_remove_handle;
    __typeof__(curl_multi_perform) *_Nonnull curl_multi_perform;
    __typeof__(curl_multi_poll) *_Nonnull curl_multi_poll;
    __typeof__(curl_multi_wakeup) *_Nonnull curl_multi_wakeup;
    __typeof__(curl_multi_timeout) *_Nonnull curl_multi_timeout;
    __typeof__(curl_multi_info_read) *_Nonnull curl_multi_info_read;
} CCurl_functions;

/* Opens libcurl, finds its functions and runs curl_global_init; NULL when any of it failed
   (CCurl_load_error says why). Called once; the table is never freed.
   RTLD_LAZY, here and in the other shims: the libraries' calls to each other are bound when
   first made. RTLD_NOW bound all of them at once, also in the libraries Debian links without
   BIND_NOW (Kerberos, GMP, nghttp2, zlib...): 2.6 M more instructions for libcurl, 1.4 to 1.7 M
   for eSpeak NG, libpulse and pcaudiolib. Every function loowi calls is still found here. */
static inline const CCurl_functions *_Nullable CCurl_load(void) {
    void *library = dlopen("libcurl.so.4", RTLD_LAZY | RTLD_LOCAL);
    if (library == NULL) return NULL;
    CCurl_functions *f = (CCurl_functions *)calloc(1, sizeof *f);
    if (f == NULL) return NULL;
#define CCURL_FIND(name) if ((*(void **)&f->name = dlsym(library, #name)) == NULL) { free(f); return NULL; }
    CCURL_FIND(curl_global_init)
    CCURL_FIND(curl_easy_init)
    CCURL_FIND(curl_easy_cleanup)
    CCURL_FIND(curl_easy_reset)
    CCURL_FIND(curl_easy_perform)
    CCURL_FIND(curl_easy_strerror)
    CCURL_FIND(curl_easy_setopt)
    CCURL_FIND(curl_easy_getinfo)
    CCURL_FIND(curl_slist_append)
    CCURL_FIND(curl_slist_free_all)
    CCURL_FIND(curl_version)
    CCURL_FIND(curl_easy_send)
    CCURL_FIND(curl_easy_recv)
    CCURL_FIND(curl_multi_init)
    CCURL_FIND(curl_multi_cleanup)
    CCURL_FIND(curl_multi_add_handle)
    CCURL_FIND(curl_multi_remove_handle)
    CCURL_FIND(curl_multi_perform)
    CCURL_FIND(curl_multi_poll)
    CCURL_FIND(curl_multi_wakeup)
    CCURL_FIND(curl_multi_timeout)
    CCURL_FIND(curl_multi_info_read)
#undef CCURL_FIND
    /* OpenSSL frees what it set up in a handler at exit (0.54 M instructions, a quarter of a
       millisecond after the last line is printed), memory the system takes back anyway. The
       first initialisation decides whether that handler is registered, so OpenSSL is asked to
       skip it before curl_global_init initialises it. Absent (libcurl on GnuTLS): nothing is
       asked; OpenSSL before 1.1.1b ignores the flag. */
    int (*openssl_init_crypto)(uint64_t, const void *) = (int (*)(uint64_t, const void *))dlsym(library, "OPENSSL_init_crypto");
    if (openssl_init_crypto != NULL) openssl_init_crypto(0x00080000L /* OPENSSL_INIT_NO_ATEXIT */, NULL);
    /* curl_global_init's flags are macros built with `|`, which Swift does not import. */
    if (f->curl_global_init(CURL_GLOBAL_ALL) != CURLE_OK) { free(f); return NULL; }
    return f;
}

static inline const char *_Nonnull CCurl_load_error(void) {
    const char *error = dlerror();
    return error ? error : "curl_global_init failed";
}

/* curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call.
   One typed wrapper per argument kind, as swift-corelibs-foundation does. */

static inline CURLcode CCurl_easy_setopt_long(const CCurl_functions *f, CURL *handle, CURLoption option, long value) {
    return f->curl_easy_setopt(handle, option, value);
}

static inline CURLcode CCurl_easy_setopt_string(const CCurl_functions *f, CURL *handle, CURLoption option, const char *value) {
    return f->curl_easy_setopt(handle, option, value);
}

static inline CURLcode CCurl_easy_setopt_pointer(const CCurl_functions *f, CURL *handle, CURLoption option, void *value) {
    return f->curl_easy_setopt(handle, option, value);
}

static inline CURLcode CCurl_easy_setopt_slist(const CCurl_functions *f, CURL *handle, CURLoption option, struct curl_slist *value) {
    return f->curl_easy_setopt(handle, option, value);
}

static inline CURLcode CCurl_easy_setopt_off_t(const CCurl_functions *f, CURL *handle, CURLoption option, curl_off_t value) {
    return f->curl_easy_setopt(handle, option, value);
}

typedef size_t (*CCurl_data_function)(char *buffer, size_t size, size_t count, void *userdata);

static inline CURLcode CCurl_easy_setopt_write_function(const CCurl_functions *f, CURL *handle, CCurl_data_function function) {
    return f->curl_easy_setopt(handle, CURLOPT_WRITEFUNCTION, function);
}

static inline CURLcode CCurl_easy_setopt_header_function(const CCurl_functions *f, CURL *handle, CCurl_data_function function) {
    return f->curl_easy_setopt(handle, CURLOPT_HEADERFUNCTION, function);
}

static inline CURLcode CCurl_easy_setopt_read_function(const CCurl_functions *f, CURL *handle, CCurl_data_function function) {
    return f->curl_easy_setopt(handle, CURLOPT_READFUNCTION, function);
}

typedef int (*CCurl_xferinfo_function)(void *userdata, curl_off_t dltotal, curl_off_t dlnow,
                                       curl_off_t ultotal, curl_off_t ulnow);

static inline CURLcode CCurl_easy_setopt_xferinfo_function(const CCurl_functions *f, CURL *handle, CCurl_xferinfo_function function) {
    return f->curl_easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, function);
}

static inline CURLcode CCurl_easy_getinfo_long(const CCurl_functions *f, CURL *handle, CURLINFO info, long *value) {
    return f->curl_easy_getinfo(handle, info, value);
}

static inline CURLcode CCurl_easy_getinfo_string(const CCurl_functions *f, CURL *handle, CURLINFO info, char **value) {
    return f->curl_easy_getinfo(handle, info, value);
}

static inline CURLcode CCurl_easy_getinfo_off_t(const CCurl_functions *f, CURL *handle, CURLINFO info, curl_off_t *value) {
    return f->curl_easy_getinfo(handle, info, value);
}

static inline CURLcode CCurl_easy_getinfo_double(const CCurl_functions *f, CURL *handle, CURLINFO info, double *value) {
    return f->curl_easy_getinfo(handle, info, value);
}

/* For WebSocket: libcurl 7.88 has no WebSocket API, so a CONNECT_ONLY connection is made
   (TLS, CA file and proxy stay libcurl's) and the protocol is spoken with send and recv. */
static inline CURLcode CCurl_easy_getinfo_socket(const CCurl_functions *f, CURL *handle, CURLINFO info, curl_socket_t *value) {
    return f->curl_easy_getinfo(handle, info, value);
}

#endif
