#ifndef CREADLINE_SHIM_H
#define CREADLINE_SHIM_H

#include <stdio.h>
#include <stdlib.h>
#include <readline/readline.h>
#include <readline/history.h>

/* readline keeps its state in global variables. Swift 6 refuses to touch mutable C globals,
   so each one used is read or written through a small function here, prefixed CReadline_. */

static void CReadline_noop_redisplay(void) {}
static void CReadline_noop_prep(int meta) { (void)meta; }
static void CReadline_noop_deprep(void) {}

/* Prepares readline to be driven byte by byte from memory: bytes come from `getc_fn`, no
   terminal set-up (the caller owns raw mode), nothing drawn, no signal handlers, and output
   (the bell) goes to /dev/null. */
static inline void CReadline_configure(rl_getc_func_t *getc_fn, rl_hook_func_t *available_fn) {
    static FILE *null_out = NULL;
    if (null_out == NULL) null_out = fopen("/dev/null", "w");
    rl_readline_name = "loowi";
    rl_getc_function = getc_fn;
    rl_input_available_hook = available_fn;
    rl_redisplay_function = CReadline_noop_redisplay;
    rl_prep_term_function = CReadline_noop_prep;
    rl_deprep_term_function = CReadline_noop_deprep;
    rl_catch_signals = 0;
    rl_catch_sigwinch = 0;
    rl_change_environment = 0;
    rl_outstream = null_out;
    rl_instream = NULL;
    /* Tab belongs to focus movement in loowi; completion is offered separately. */
    rl_inhibit_completion = 1;
}

static inline const char *CReadline_line_buffer(void) { return rl_line_buffer ? rl_line_buffer : ""; }
static inline int CReadline_point(void) { return rl_point; }
static inline int CReadline_end(void) { return rl_end; }

static inline void CReadline_install(const char *prompt, rl_vcpfunc_t *handler) {
    rl_callback_handler_install(prompt, handler);
}

static inline void CReadline_remove(void) { rl_callback_handler_remove(); }
static inline void CReadline_read_char(void) { rl_callback_read_char(); }
static inline void CReadline_add_history(const char *line) { add_history(line); }
static inline void CReadline_clear_history(void) { clear_history(); }

/* Replaces the line being edited (used to start a prompt with text in it). */
static inline void CReadline_set_line(const char *text) {
    rl_replace_line(text, 0);
    rl_point = rl_end;
}

#endif
