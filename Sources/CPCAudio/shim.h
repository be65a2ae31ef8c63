#ifndef LOOWI_CPCAUDIO_SHIM_H
#define LOOWI_CPCAUDIO_SHIM_H
#include <pcaudiolib/audio.h>
#include <dlfcn.h>
#include <stdlib.h>

/* pcaudiolib is opened with dlopen when the sound device is first opened, not linked (it
   brings PulseAudio and ALSA, about 5 M instructions of binding at every start). The module
   map has no `link`; every call goes through this table. */
typedef struct CPCAudio_functions {
    __typeof__(create_audio_device_object) *_Nonnull create_audio_device_object;
    __typeof__(audio_object_open) *_Nonnull audio_object_open;
    __typeof__(audio_object_strerror) *_Nonnull audio_object_strerror;
    __typeof__(audio_object_destroy) *_Nonnull audio_object_destroy;
    __typeof__(audio_object_write) *_Nonnull audio_object_write;
    __typeof__(audio_object_flush) *_Nonnull audio_object_flush;
    __typeof__(audio_object_drain) *_Nonnull audio_object_drain;
    __typeof__(audio_object_close) *_Nonnull audio_object_close;
} CPCAudio_functions;

/* Opens pcaudiolib and finds its functions; NULL when it could not (CPCAudio_load_error says
   why). Called once; the table is never freed. */
static inline const CPCAudio_functions *_Nullable CPCAudio_load(void) {
    void *library = dlopen("libpcaudio.so.0", RTLD_LAZY | RTLD_LOCAL);
    if (library == NULL) return NULL;
    CPCAudio_functions *f = (CPCAudio_functions *)calloc(1, sizeof *f);
    if (f == NULL) return NULL;
#define CPCAUDIO_FIND(name) if ((*(void **)&f->name = dlsym(library, #name)) == NULL) { free(f); return NULL; }
    CPCAUDIO_FIND(create_audio_device_object)
    CPCAUDIO_FIND(audio_object_open)
    CPCAUDIO_FIND(audio_object_strerror)
    CPCAUDIO_FIND(audio_object_destroy)
    CPCAUDIO_FIND(audio_object_write)
    CPCAUDIO_FIND(audio_object_flush)
    CPCAUDIO_FIND(audio_object_drain)
    CPCAUDIO_FIND(audio_object_close)
#undef CPCAUDIO_FIND
    return f;
}

static inline const char *_Nonnull CPCAudio_load_error(void) {
    const char *error = dlerror();
    return error ? error : "unknown error";
}

#endif
