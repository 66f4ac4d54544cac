/* Does this machine keep a CPU's caches while the CPU waits? A probe for the Connect Four
 * benchmark (bench/connect4/run.py, `--retention`), run on each of ttt's CPUs before the sets.
 *
 * Why: in the interleaved benchmark a ttt worker's call comes milliseconds after its last one
 * (Pons' untimed reset() runs in between, on his own CPU). On an idle machine the worker's CPU
 * keeps its code and data in its private caches over that wait; a small solve then runs from
 * the cache. Where something outside the machine's own processes shares the CPU's caches (a
 * virtual machine's host, another tenant on the same core), the wait empties them, and the
 * median of solves that take microseconds measures how many cache lines of code each call
 * brings back from memory rather than the search (README, "Measuring").
 *
 * How: a 64 KiB working set (more than a first-level cache, far less than a second-level one),
 * one pointer per 64-byte line in a random cycle, so that no prefetcher guesses the next load.
 * Each round walks the cycle once to bring it into the cache, spins on the clock for the gap
 * (touching no memory but the clock's), then times a second walk. The median time per load
 * over the rounds of each gap is printed, one `GAP_MS NS_PER_LOAD` line per gap. A machine that
 * keeps its caches gives about the same figure at every gap (a few ns: the second-level cache);
 * memory is a hundred or so.
 *
 * Usage: retention (pin it with sched_setaffinity, as run.py does). Exit status 1, with a
 * message, when the memory cannot be had or the clock cannot be read. */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

enum { LINE = 64, SET_BYTES = 64 * 1024, LOADS = SET_BYTES / LINE, ROUNDS = 41 };
static const long GAPS_NS[] = {0, 1000000, 2000000, 5000000};

static int64_t now_ns(void) {
    struct timespec t;
    if (clock_gettime(CLOCK_MONOTONIC, &t) != 0) {
        perror("retention: clock_gettime");
        exit(1);
    }
    return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
}

/* One walk of the cycle from `p`; returns where it ends (the start again), so the loads are
 * not optimised away. */
static void **walk(void **p) {
    for (int i = 0; i < LOADS; i++) {
        p = (void **)*p;
    }
    return p;
}

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(void) {
    void **set = aligned_alloc(LINE, SET_BYTES);
    if (set == NULL) {
        perror("retention: aligned_alloc");
        return 1;
    }
    /* A random cycle through the lines (Fisher-Yates with a fixed seed: the same every run). */
    int order[LOADS];
    for (int i = 0; i < LOADS; i++) {
        order[i] = i;
    }
    uint64_t seed = 0x9E3779B97F4A7C15u;
    for (int i = LOADS - 1; i > 0; i--) {
        seed ^= seed << 13, seed ^= seed >> 7, seed ^= seed << 17;
        int j = (int)(seed % (uint64_t)(i + 1)), t = order[i];
        order[i] = order[j], order[j] = t;
    }
    const int per_line = LINE / (int)sizeof(void *);
    for (int i = 0; i < LOADS; i++) {
        set[order[i] * per_line] = &set[order[(i + 1) % LOADS] * per_line];
    }
    void **p = &set[order[0] * per_line];
    for (size_t g = 0; g < sizeof GAPS_NS / sizeof GAPS_NS[0]; g++) {
        double per_load[ROUNDS];
        for (int r = 0; r < ROUNDS; r++) {
            p = walk(p);
            for (int64_t end = now_ns() + GAPS_NS[g]; now_ns() < end;) {
            }
            int64_t start = now_ns();
            p = walk(p);
            per_load[r] = (double)(now_ns() - start) / LOADS;
        }
        qsort(per_load, ROUNDS, sizeof per_load[0], by_value);
        printf("%g %.1f\n", (double)GAPS_NS[g] / 1e6, per_load[ROUNDS / 2]);
    }
    /* `p` is the start of the cycle again; using it keeps every walk. */
    return p == &set[order[0] * per_line] ? 0 : 1;
}
