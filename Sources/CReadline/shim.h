#ifndef CREADLINE_SHIM_H
#define CREADLINE_SHIM_H

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <readline/readline.h>
#include <readline/history.h>

/* GNU readline is opened with dlopen when the first prompt takes focus, not linked: only a
   ReadlineField uses it, and binding it and libtinfo at every start cost about 0.36 ms, paid
   by every command. The module map has no `link`, so a direct use of a readline function or
   global does not link: the headers give the types, and everything goes through this table.
   Readline keeps its state in global variables; the table holds their addresses. */
typedef struct CReadline_library {
    __typeof__(rl_callback_handler_install) *_Nonnull callback_handler_install;
    __typeof__(rl_callback_handler_remove) *_Nonnull callback_handler_remove;
    __typeof__(rl_callback_read_char) *_Nonnull callback_read_char;
    __typeof__(rl_replace_line) *_Nonnull replace_line;
    __typeof__(add_history) *_Nonnull add_history;
    __typeof__(clear_history) *_Nonnull clear_history;
    __typeof__(rl_readline_name) *_Nonnull readline_name;
    __typeof__(rl_getc_function) *_Nonnull getc_function;
    __typeof__(rl_input_available_hook) *_Nonnull input_available_hook;
    __typeof__(rl_redisplay_function) *_Nonnull redisplay_function;
    __typeof__(rl_prep_term_function) *_Nonnull prep_term_function;
    __typeof__(rl_deprep_term_function) *_Nonnull deprep_term_function;
    __typeof__(rl_catch_signals) *_Nonnull catch_signals;
    __typeof__(rl_catch_sigwinch) *_Nonnull catch_sigwinch;
    __typeof__(rl_change_environment) *_Nonnull change_environment;
    __typeof__(rl_inhibit_completion) *_Nonnull inhibit_completion;
    __typeof__(rl_outstream) *_Nonnull outstream;
    __typeof__(rl_instream) *_Nonnull instream;
    __typeof__(rl_line_buffer) *_Nonnull line_buffer;
    __typeof__(rl_point) *_Nonnull point;
    __typeof__(rl_end) *_Nonnull end;
} CReadline_library;

/* Opens the library named (libreadline.so.8) and finds what loowi uses; NULL when it could
   not. The table is never freed. */
static inline const CReadline_library *_Nullable CReadline_load(const char *_Nonnull name) {
    void *library = dlopen(name, RTLD_LAZY | RTLD_LOCAL);
    if (library == NULL) return NULL;
    CReadline_library *r = (CReadline_library *)calloc(1, sizeof *r);
    if (r == NULL) { dlclose(library); return NULL; }
#define CREADLINE_FIND(field, symbol) if ((*(void **)&r->field = dlsym(library, #symbol)) == NULL) { free(r); dlclose(library); return NULL; }
    CREADLINE_FIND(callback_handler_install, rl_callback_handler_install)
    CREADLINE_FIND(callback_handler_remove, rl_callback_handler_remove)
    CREADLINE_FIND(callback_read_char, rl_callback_read_char)
    CREADLINE_FIND(replace_line, rl_replace_line)
    CREADLINE_FIND(add_history, add_history)
    CREADLINE_FIND(clear_history, clear_history)
    CREADLINE_FIND(readline_name, rl_readline_name)
    CREADLINE_FIND(getc_function, rl_getc_function)
    CREADLINE_FIND(input_available_hook, rl_input_available_hook)
    CREADLINE_FIND(redisplay_function, rl_redisplay_function)
    CREADLINE_FIND(prep_term_function, rl_prep_term_function)
    CREADLINE_FIND(deprep_term_function, rl_deprep_term_function)
    CREADLINE_FIND(catch_signals, rl_catch_signals)
    CREADLINE_FIND(catch_sigwinch, rl_catch_sigwinch)
    CREADLINE_FIND(change_environment, rl_change_environment)
    CREADLINE_FIND(inhibit_completion, rl_inhibit_completion)
    CREADLINE_FIND(outstream, rl_outstream)
    CREADLINE_FIND(instream, rl_instream)
    CREADLINE_FIND(line_buffer, rl_line_buffer)
    CREADLINE_FIND(point, rl_point)
    CREADLINE_FIND(end, rl_end)
#undef CREADLINE_FIND
    return r;
}

static void CReadline_noop_redisplay(void) {}
static void CReadline_noop_prep(int meta) { (void)meta; }
static void CReadline_noop_deprep(void) {}

/* Prepares readline to be driven byte by byte from memory: bytes come from `getc_fn`, no
   terminal set-up (the caller owns raw mode), nothing drawn, no signal handlers, and output
   (the bell) goes to /dev/null. */
static inline void CReadline_configure(const CReadline_library *_Nonnull r, rl_getc_func_t *getc_fn, rl_hook_func_t *available_fn) {
    static FILE *null_out = NULL;
    if (null_out == NULL) null_out = fopen("/dev/null", "w");
    *r->readline_name = "loowi";
    *r->getc_function = getc_fn;
    *r->input_available_hook = available_fn;
    *r->redisplay_function = CReadline_noop_redisplay;
    *r->prep_term_function = CReadline_noop_prep;
    *r->deprep_term_function = CReadline_noop_deprep;
    *r->catch_signals = 0;
    *r->catch_sigwinch = 0;
    *r->change_environment = 0;
    *r->outstream = null_out;
    *r->instream = NULL;
    /* Tab belongs to focus movement in loowi; completion is offered separately. */
    *r->inhibit_completion = 1;
}

/* Replaces the line being edited (used to start a prompt with text in it). */
static inline void CReadline_set_line(const CReadline_library *_Nonnull r, const char *_Nonnull text) {
    r->replace_line(text, 0);
    *r->point = *r->end;
}

#endif
