// Non-variadic doors into libedit for Swift: el_set, el_get and history() are variadic,
// which Swift cannot call, and C globals such as stdin are off limits in Swift 6.
#ifndef MEDBRAIN_CLIBEDIT_SHIM_H
#define MEDBRAIN_CLIBEDIT_SHIM_H

#include <histedit.h>
#include <locale.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <errno.h>
#include <string.h>
#include <unistd.h>
#include <wchar.h>

typedef char *(*medbrain_prompt_fn)(EditLine *);
typedef unsigned char (*medbrain_command_fn)(EditLine *, int);

static inline EditLine *medbrain_el_init(const char *program) {
    setlocale(LC_ALL, "");
    return el_init(program, stdin, stdout, stderr);
}

/// Set by the SIGINT handler. The signal may land on any thread while another one reads, so
/// the reader polls for it rather than relying on its read being interrupted.
static volatile sig_atomic_t medbrain_interrupted = 0;

static inline void medbrain_note_signal(int signal_number) {
    (void)signal_number;
    medbrain_interrupted = 1;
}

/// Whether Ctrl-C came since the last call (and forget it).
static inline int medbrain_take_interrupt(void) {
    int was = medbrain_interrupted;
    medbrain_interrupted = 0;
    return was;
}

/// Reads one UTF-8 character from standard input for libedit, giving up (-1, EINTR) as soon
/// as Ctrl-C is noted, so one Ctrl-C abandons the line.
static inline int medbrain_read_char(EditLine *el, wchar_t *character) {
    (void)el;
    unsigned char bytes[4];
    int need = 1, have = 0;
    while (have < need) {
        struct pollfd input = {STDIN_FILENO, POLLIN, 0};
        int ready = poll(&input, 1, 100);
        if (medbrain_interrupted) {
            errno = EINTR;
            return -1;
        }
        if (ready == 0 || (ready < 0 && errno == EINTR)) continue;
        ssize_t count = read(STDIN_FILENO, bytes + have, 1);
        if (count == 0) return 0;
        if (count < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        if (have == 0) {
            unsigned char first = bytes[0];
            need = first < 0x80 ? 1 : (first >> 5) == 6 ? 2 : (first >> 4) == 14 ? 3 : (first >> 3) == 30 ? 4 : 1;
        }
        have++;
    }
    wchar_t value = need == 1 ? bytes[0] : need == 2 ? (bytes[0] & 0x1F) : need == 3 ? (bytes[0] & 0x0F) : (bytes[0] & 0x07);
    for (int index = 1; index < need; index++) value = (value << 6) | (bytes[index] & 0x3F);
    *character = value;
    return 1;
}

static inline void medbrain_el_setup(EditLine *el, History *list, medbrain_prompt_fn prompt, void *client) {
    el_set(el, EL_EDITOR, "emacs");
    el_set(el, EL_PROMPT, prompt);
    el_set(el, EL_HIST, history, list);
    el_set(el, EL_CLIENTDATA, client);
    el_set(el, EL_GETCFN, medbrain_read_char);
    el_set(el, EL_BIND, "^R", "em-inc-search-prev", NULL);
}

static inline void medbrain_el_bind_function(EditLine *el, const char *name, const char *help,
                                             medbrain_command_fn function, const char *key) {
    el_set(el, EL_ADDFN, name, help, function);
    el_set(el, EL_BIND, key, name, NULL);
}

static inline void *medbrain_el_client(EditLine *el) {
    void *client = NULL;
    el_get(el, EL_CLIENTDATA, &client);
    return client;
}

/// The line so far, up to the cursor, copied into `buffer` (NUL-terminated).
static inline int medbrain_el_line_to_cursor(EditLine *el, char *buffer, int size) {
    const LineInfo *info = el_line(el);
    int length = (int)(info->cursor - info->buffer);
    if (length >= size) length = size - 1;
    memcpy(buffer, info->buffer, (size_t)length);
    buffer[length] = 0;
    return length;
}

static inline History *medbrain_history_init(int size) {
    History *list = history_init();
    HistEvent event;
    history(list, &event, H_SETSIZE, size);
    history(list, &event, H_SETUNIQUE, 1);
    return list;
}

static inline void medbrain_history_enter(History *list, const char *line) {
    HistEvent event;
    history(list, &event, H_ENTER, line);
}

static inline int medbrain_history_load(History *list, const char *path) {
    HistEvent event;
    return history(list, &event, H_LOAD, path);
}

static inline int medbrain_history_save(History *list, const char *path) {
    HistEvent event;
    return history(list, &event, H_SAVE, path);
}


/// SIGINT is noted (see medbrain_read_char) instead of ending the program.
static inline void medbrain_catch_interrupts(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = medbrain_note_signal;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, NULL);
}

#endif
