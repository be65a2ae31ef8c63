#ifndef LOOWI_CPULSE_SHIM_H
#define LOOWI_CPULSE_SHIM_H
#include <dlfcn.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

/* The few parts of libpulse (PulseAudio's client library, also spoken by PipeWire's Pulse
   server) that loowi's own playback stream uses. libpulse is opened with dlopen when the
   sound device is first opened, like pcaudiolib, and its headers (libpulse-dev) are not
   needed: the declarations below follow <pulse/*.h>, whose ABI has been stable since 0.9. */

typedef struct pa_threaded_mainloop pa_threaded_mainloop;
typedef struct pa_mainloop_api pa_mainloop_api;
typedef struct pa_context pa_context;
typedef struct pa_stream pa_stream;
typedef struct pa_operation pa_operation;

typedef struct CPulse_sample_spec {
    int format; /* pa_sample_format_t */
    uint32_t rate;
    uint8_t channels;
} CPulse_sample_spec;

typedef struct CPulse_buffer_attr {
    uint32_t maxlength;
    uint32_t tlength;
    uint32_t prebuf;
    uint32_t minreq;
    uint32_t fragsize;
} CPulse_buffer_attr;

enum {
    CPULSE_SAMPLE_S16LE = 3,
    CPULSE_CONTEXT_READY = 4,
    CPULSE_CONTEXT_FAILED = 5,
    CPULSE_CONTEXT_TERMINATED = 6,
    CPULSE_STREAM_READY = 2,
    CPULSE_STREAM_FAILED = 3,
    CPULSE_STREAM_TERMINATED = 4,
    CPULSE_OPERATION_RUNNING = 0,
    CPULSE_SEEK_RELATIVE = 0
};

typedef struct pa_proplist pa_proplist;

/* The start of <pulse/introspect.h>'s pa_sink_info, field for field up to `proplist` (what
   `loowi doctor` reads to name the sink and tell a null sink); libpulse owns the whole struct
   and only passes a pointer to it, so the fields after these need not be declared. */
typedef struct CPulse_sink_info {
    const char *_Nullable name;
    uint32_t index;
    const char *_Nullable description;
    CPulse_sample_spec sample_spec;
    struct { uint8_t channels; int map[32]; } channel_map;
    uint32_t owner_module;
    struct { uint8_t channels; uint32_t values[32]; } volume;
    int mute;
    uint32_t monitor_source;
    const char *_Nullable monitor_source_name;
    uint64_t latency;
    const char *_Nullable driver;
    int flags;
    pa_proplist *_Nullable proplist;
} CPulse_sink_info;

typedef void (*CPulse_context_notify)(pa_context *_Nonnull, void *_Nullable);
typedef void (*CPulse_sink_info_callback)(pa_context *_Nonnull, const CPulse_sink_info *_Nullable, int, void *_Nullable);
typedef void (*CPulse_stream_notify)(pa_stream *_Nonnull, void *_Nullable);
typedef void (*CPulse_stream_request)(pa_stream *_Nonnull, size_t, void *_Nullable);
typedef void (*CPulse_stream_success)(pa_stream *_Nonnull, int, void *_Nullable);

typedef struct CPulse_functions {
    pa_threaded_mainloop *_Nullable (*_Nonnull pa_threaded_mainloop_new)(void);
    void (*_Nonnull pa_threaded_mainloop_free)(pa_threaded_mainloop *_Nonnull);
    int (*_Nonnull pa_threaded_mainloop_start)(pa_threaded_mainloop *_Nonnull);
    void (*_Nonnull pa_threaded_mainloop_stop)(pa_threaded_mainloop *_Nonnull);
    void (*_Nonnull pa_threaded_mainloop_lock)(pa_threaded_mainloop *_Nonnull);
    void (*_Nonnull pa_threaded_mainloop_unlock)(pa_threaded_mainloop *_Nonnull);
    void (*_Nonnull pa_threaded_mainloop_wait)(pa_threaded_mainloop *_Nonnull);
    void (*_Nonnull pa_threaded_mainloop_signal)(pa_threaded_mainloop *_Nonnull, int);
    pa_mainloop_api *_Nonnull (*_Nonnull pa_threaded_mainloop_get_api)(pa_threaded_mainloop *_Nonnull);

    pa_context *_Nullable (*_Nonnull pa_context_new)(pa_mainloop_api *_Nonnull, const char *_Nullable);
    void (*_Nonnull pa_context_set_state_callback)(pa_context *_Nonnull, CPulse_context_notify _Nullable, void *_Nullable);
    int (*_Nonnull pa_context_connect)(pa_context *_Nonnull, const char *_Nullable, int, const void *_Nullable);
    int (*_Nonnull pa_context_get_state)(const pa_context *_Nonnull);
    int (*_Nonnull pa_context_errno)(const pa_context *_Nonnull);
    void (*_Nonnull pa_context_disconnect)(pa_context *_Nonnull);
    void (*_Nonnull pa_context_unref)(pa_context *_Nonnull);
    const char *_Nullable (*_Nonnull pa_strerror)(int);

    pa_stream *_Nullable (*_Nonnull pa_stream_new)(pa_context *_Nonnull, const char *_Nonnull, const CPulse_sample_spec *_Nonnull, const void *_Nullable);
    void (*_Nonnull pa_stream_set_state_callback)(pa_stream *_Nonnull, CPulse_stream_notify _Nullable, void *_Nullable);
    void (*_Nonnull pa_stream_set_write_callback)(pa_stream *_Nonnull, CPulse_stream_request _Nullable, void *_Nullable);
    int (*_Nonnull pa_stream_connect_playback)(pa_stream *_Nonnull, const char *_Nullable, const CPulse_buffer_attr *_Nullable, int, const void *_Nullable, pa_stream *_Nullable);
    int (*_Nonnull pa_stream_get_state)(const pa_stream *_Nonnull);
    size_t (*_Nonnull pa_stream_writable_size)(const pa_stream *_Nonnull);
    int (*_Nonnull pa_stream_write)(pa_stream *_Nonnull, const void *_Nonnull, size_t, void (*_Nullable)(void *_Nullable), int64_t, int);
    pa_operation *_Nullable (*_Nonnull pa_stream_flush)(pa_stream *_Nonnull, CPulse_stream_success _Nullable, void *_Nullable);
    pa_operation *_Nullable (*_Nonnull pa_stream_drain)(pa_stream *_Nonnull, CPulse_stream_success _Nullable, void *_Nullable);
    const CPulse_buffer_attr *_Nullable (*_Nonnull pa_stream_get_buffer_attr)(pa_stream *_Nonnull);
    int (*_Nonnull pa_stream_disconnect)(pa_stream *_Nonnull);
    void (*_Nonnull pa_stream_unref)(pa_stream *_Nonnull);
    int (*_Nonnull pa_operation_get_state)(const pa_operation *_Nonnull);
    void (*_Nonnull pa_operation_unref)(pa_operation *_Nonnull);
    const char *_Nullable (*_Nonnull pa_stream_get_device_name)(const pa_stream *_Nonnull);
    pa_operation *_Nullable (*_Nonnull pa_context_get_sink_info_by_name)(pa_context *_Nonnull, const char *_Nonnull, CPulse_sink_info_callback _Nullable, void *_Nullable);
    const char *_Nullable (*_Nonnull pa_proplist_gets)(const pa_proplist *_Nonnull, const char *_Nonnull);
} CPulse_functions;

/* Opens libpulse and finds its functions; NULL when it could not (CPulse_load_error says
   why). Called once; the table is never freed. */
static inline const CPulse_functions *_Nullable CPulse_load(void) {
    void *library = dlopen("libpulse.so.0", RTLD_LAZY | RTLD_LOCAL);
    if (library == NULL) return NULL;
    CPulse_functions *f = (CPulse_functions *)calloc(1, sizeof *f);
    if (f == NULL) return NULL;
#define CPULSE_FIND(name) if ((*(void **)&f->name = dlsym(library, #name)) == NULL) { free(f); return NULL; }
    CPULSE_FIND(pa_threaded_mainloop_new)
    CPULSE_FIND(pa_threaded_mainloop_free)
    CPULSE_FIND(pa_threaded_mainloop_start)
    CPULSE_FIND(pa_threaded_mainloop_stop)
    CPULSE_FIND(pa_threaded_mainloop_lock)
    CPULSE_FIND(pa_threaded_mainloop_unlock)
    CPULSE_FIND(pa_threaded_mainloop_wait)
    CPULSE_FIND(pa_threaded_mainloop_signal)
    CPULSE_FIND(pa_threaded_mainloop_get_api)
    CPULSE_FIND(pa_context_new)
    CPULSE_FIND(pa_context_set_state_callback)
    CPULSE_FIND(pa_context_connect)
    CPULSE_FIND(pa_context_get_state)
    CPULSE_FIND(pa_context_errno)
    CPULSE_FIND(pa_context_disconnect)
    CPULSE_FIND(pa_context_unref)
    CPULSE_FIND(pa_strerror)
    CPULSE_FIND(pa_stream_new)
    CPULSE_FIND(pa_stream_set_state_callback)
    CPULSE_FIND(pa_stream_set_write_callback)
    CPULSE_FIND(pa_stream_connect_playback)
    CPULSE_FIND(pa_stream_get_state)
    CPULSE_FIND(pa_stream_writable_size)
    CPULSE_FIND(pa_stream_write)
    CPULSE_FIND(pa_stream_flush)
    CPULSE_FIND(pa_stream_drain)
    CPULSE_FIND(pa_stream_get_buffer_attr)
    CPULSE_FIND(pa_stream_disconnect)
    CPULSE_FIND(pa_stream_unref)
    CPULSE_FIND(pa_operation_get_state)
    CPULSE_FIND(pa_operation_unref)
    CPULSE_FIND(pa_stream_get_device_name)
    CPULSE_FIND(pa_context_get_sink_info_by_name)
    CPULSE_FIND(pa_proplist_gets)
#undef CPULSE_FIND
    return f;
}

static inline const char *_Nonnull CPulse_load_error(void) {
    const char *error = dlerror();
    return error ? error : "unknown error";
}

#endif
