#ifndef LOOWI_CESPEAK_SHIM_H
#define LOOWI_CESPEAK_SHIM_H
#include <espeak-ng/speak_lib.h>
#include <espeak-ng/espeak_ng.h>
#include <dlfcn.h>
#include <stdlib.h>

/* eSpeak NG is opened with dlopen when speech is first prepared, not linked: it brings
   pcaudiolib, PulseAudio, ALSA and some 30 libraries whose binding cost about 6 M
   instructions at every start, paid by commands that never speak. The module map has no
   `link`, so a direct call does not link; every call goes through this table. */
typedef struct CEspeak_functions {
    __typeof__(espeak_ng_InitializePath) *_Nonnull espeak_ng_InitializePath;
    __typeof__(espeak_ng_Initialize) *_Nonnull espeak_ng_Initialize;
    __typeof__(espeak_ng_ClearErrorContext) *_Nonnull espeak_ng_ClearErrorContext;
    __typeof__(espeak_ng_InitializeOutput) *_Nonnull espeak_ng_InitializeOutput;
    __typeof__(espeak_ng_GetSampleRate) *_Nonnull espeak_ng_GetSampleRate;
    __typeof__(espeak_SetSynthCallback) *_Nonnull espeak_SetSynthCallback;
    __typeof__(espeak_Synth) *_Nonnull espeak_Synth;
    __typeof__(espeak_ng_SetVoiceByProperties) *_Nonnull espeak_ng_SetVoiceByProperties;
    __typeof__(espeak_ng_SetVoiceByName) *_Nonnull espeak_ng_SetVoiceByName;
    __typeof__(espeak_ng_SetParameter) *_Nonnull espeak_ng_SetParameter;
    __typeof__(espeak_ng_SetPunctuationList) *_Nonnull espeak_ng_SetPunctuationList;
    __typeof__(espeak_ListVoices) *_Nonnull espeak_ListVoices;
    __typeof__(espeak_ng_GetStatusCodeMessage) *_Nonnull espeak_ng_GetStatusCodeMessage;
    __typeof__(espeak_GetCurrentVoice) *_Nonnull espeak_GetCurrentVoice;
    __typeof__(espeak_Info) *_Nonnull espeak_Info;
} CEspeak_functions;

/* Opens eSpeak NG and finds its functions; NULL when it could not (CEspeak_load_error says
   why). Called once; the table is never freed. */
static inline const CEspeak_functions *_Nullable CEspeak_load(void) {
    void *library = dlopen("libespeak-ng.so.1", RTLD_LAZY | RTLD_LOCAL);
    if (library == NULL) return NULL;
    CEspeak_functions *f = (CEspeak_functions *)calloc(1, sizeof *f);
    if (f == NULL) return NULL;
#define CESPEAK_FIND(name) if ((*(void **)&f->name = dlsym(library, #name)) == NULL) { free(f); return NULL; }
    CESPEAK_FIND(espeak_ng_InitializePath)
    CESPEAK_FIND(espeak_ng_Initialize)
    CESPEAK_FIND(espeak_ng_ClearErrorContext)
    CESPEAK_FIND(espeak_ng_InitializeOutput)
    CESPEAK_FIND(espeak_ng_GetSampleRate)
    CESPEAK_FIND(espeak_SetSynthCallback)
    CESPEAK_FIND(espeak_Synth)
    CESPEAK_FIND(espeak_ng_SetVoiceByProperties)
    CESPEAK_FIND(espeak_ng_SetVoiceByName)
    CESPEAK_FIND(espeak_ng_SetParameter)
    CESPEAK_FIND(espeak_ng_SetPunctuationList)
    CESPEAK_FIND(espeak_ListVoices)
    CESPEAK_FIND(espeak_ng_GetStatusCodeMessage)
    CESPEAK_FIND(espeak_GetCurrentVoice)
    CESPEAK_FIND(espeak_Info)
#undef CESPEAK_FIND
    return f;
}

/* eSpeak NG 1.51 (Debian 12) reads past the end of a clause: a letter rule with a syllable or
   "no vowels" test after the word's end (Spanish `_) s (K@`, met by every clause that ends in
   "-s") walks forward with utf8_in until it meets a space, through its stack array's unwritten
   part and on up the stack, and faults when no 0x20 byte is met before the stack ends. Fixed
   upstream after 1.52.0 (a5dc42e, "MatchRule: Avoid unbound loop reading"). The fence is a run
   of spaces in this frame, above every frame of eSpeak NG: the walk meets it at the latest and
   stops there, inside memory that is ours and mapped, whatever earlier code left on the stack.
   Not inlined, so that the fence is in a frame of its own that nothing else writes while
   eSpeak NG runs. */
enum { CEspeak_fence_bytes = 64 };

__attribute__((noinline))
static espeak_ERROR CEspeak_synth_fenced(
    const CEspeak_functions *_Nonnull f, const void *_Nonnull text, size_t size, unsigned int flags,
    void *_Nullable user_data) {
    volatile char fence[CEspeak_fence_bytes];
    for (int i = 0; i < CEspeak_fence_bytes; i++) fence[i] = ' ';
    espeak_ERROR result = f->espeak_Synth(text, size, 0, POS_CHARACTER, 0, flags, NULL, user_data);
    /* The fence must stay written until eSpeak NG returns: tell the compiler it is read. */
    __asm__ volatile("" : : "r"(fence) : "memory");
    return result;
}

static inline const char *_Nonnull CEspeak_load_error(void) {
    const char *error = dlerror();
    return error ? error : "unknown error";
}

#endif
