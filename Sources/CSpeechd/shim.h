#ifndef LOOWI_CSPEECHD_SHIM_H
#define LOOWI_CSPEECHD_SHIM_H
#include <speech-dispatcher/libspeechd.h>
#include <dlfcn.h>
#include <stdlib.h>

/* libspeechd is opened with dlopen when the speech-dispatcher backend first connects, not
   linked: it brings GLib and PCRE2, whose loading and constructors every start paid (about
   0.8 MB resident and a few hundred microseconds) though eSpeak NG is the default backend.
   The module map has no `link`, so a direct call does not link; every call goes through
   this table. */
typedef struct CSpeechd_functions {
    __typeof__(spd_open2) *_Nonnull spd_open2;
    __typeof__(spd_close) *_Nonnull spd_close;
    __typeof__(spd_say) *_Nonnull spd_say;
    __typeof__(spd_cancel) *_Nonnull spd_cancel;
    __typeof__(spd_set_voice_rate) *_Nonnull spd_set_voice_rate;
    __typeof__(spd_set_voice_pitch) *_Nonnull spd_set_voice_pitch;
    __typeof__(spd_set_volume) *_Nonnull spd_set_volume;
    __typeof__(spd_set_punctuation) *_Nonnull spd_set_punctuation;
    __typeof__(spd_set_capital_letters) *_Nonnull spd_set_capital_letters;
    __typeof__(spd_set_language) *_Nonnull spd_set_language;
    __typeof__(spd_set_synthesis_voice) *_Nonnull spd_set_synthesis_voice;
    __typeof__(spd_list_synthesis_voices) *_Nonnull spd_list_synthesis_voices;
    __typeof__(free_spd_voices) *_Nonnull free_spd_voices;
} CSpeechd_functions;

/* Opens libspeechd and finds its functions; NULL when it could not (CSpeechd_load_error says
   why). Called once; the table is never freed. */
static inline const CSpeechd_functions *_Nullable CSpeechd_load(void) {
    void *library = dlopen("libspeechd.so.2", RTLD_LAZY | RTLD_LOCAL);
    if (library == NULL) return NULL;
    CSpeechd_functions *f = (CSpeechd_functions *)calloc(1, sizeof *f);
    if (f == NULL) return NULL;
#define CSPEECHD_FIND(name) if ((*(void **)&f->name = dlsym(library, #name)) == NULL) { free(f); return NULL; }
    CSPEECHD_FIND(spd_open2)
    CSPEECHD_FIND(spd_close)
    CSPEECHD_FIND(spd_say)
    CSPEECHD_FIND(spd_cancel)
    CSPEECHD_FIND(spd_set_voice_rate)
    CSPEECHD_FIND(spd_set_voice_pitch)
    CSPEECHD_FIND(spd_set_volume)
    CSPEECHD_FIND(spd_set_punctuation)
    CSPEECHD_FIND(spd_set_capital_letters)
    CSPEECHD_FIND(spd_set_language)
    CSPEECHD_FIND(spd_set_synthesis_voice)
    CSPEECHD_FIND(spd_list_synthesis_voices)
    CSPEECHD_FIND(free_spd_voices)
#undef CSPEECHD_FIND
    return f;
}

static inline const char *_Nonnull CSpeechd_load_error(void) {
    const char *error = dlerror();
    return error ? error : "unknown error";
}

#endif
