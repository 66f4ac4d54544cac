/* A tiny test harness for the C tests of libttt: CHECK counts, the summary prints
 * "N passed, N failed" and the exit status is non-zero on any failure. */
#ifndef TTT_TEST_CHECK_H
#define TTT_TEST_CHECK_H

#include <stdio.h>
#include <string.h>

static int check_passed = 0;
static int check_failed = 0;

#define CHECK(cond)                                                                    \
    do {                                                                               \
        if (cond) {                                                                    \
            check_passed++;                                                            \
        } else {                                                                       \
            check_failed++;                                                            \
            fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond);   \
        }                                                                              \
    } while (0)

/* A status check that prints the library's message when it fails. */
#define CHECK_STATUS(call, expected)                                                   \
    do {                                                                               \
        ttt_status check_s_ = (call);                                                  \
        if (check_s_ == (expected)) {                                                  \
            check_passed++;                                                            \
        } else {                                                                       \
            char check_msg_[256];                                                      \
            (void)ttt_last_error_message(check_msg_, sizeof check_msg_);               \
            check_failed++;                                                            \
            fprintf(stderr, "%s:%d: %s returned %s, expected %s (%s)\n", __FILE__,     \
                    __LINE__, #call, ttt_status_name(check_s_),                        \
                    ttt_status_name(expected), check_msg_);                            \
        }                                                                              \
    } while (0)

#define CHECK_OK(call) CHECK_STATUS(call, TTT_STATUS_OK)

static int check_summary(const char *name) {
    printf("%s: %d passed, %d failed\n", name, check_passed, check_failed);
    return check_failed == 0 ? 0 : 1;
}

#endif
