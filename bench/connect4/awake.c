/* Keeps one CPU awake for the Connect Four benchmark (bench/connect4/run.py, `awake`): a busy
 * loop at the lowest priority there is (SCHED_IDLE), so that it runs only when nothing else
 * wants the CPU, and any worker that wakes up takes the CPU from it at once.
 *
 * Why: on a virtual machine whose idle CPU halts into the host (cpuidle "haltpoll" with
 * guest_halt_poll_ns=0, as on the benchmark VM), a CPU left idle between two of a worker's calls
 * goes back to the host, which runs its own work there: the worker comes back with cold caches,
 * and the longer it waited, the colder. In the interleaved benchmark the waits are not equal
 * (ttt's workers wait through Pons' reset() of his 84 MB table, milliseconds; Pons waits through
 * ttt's solve, microseconds), so the benchmark would measure the waits. This is what disabling
 * deep idle states (`cpupower idle-set -D 0`, the kernel's `idle=poll`) does before a benchmark,
 * without root and without changing the machine: every worker's CPU gets one, Pons' too.
 *
 * Usage: awake (runs until killed; pin it with sched_setaffinity, as run.py does). */
#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>

int main(void) {
    struct sched_param param = {0};
    if (sched_setscheduler(0, SCHED_IDLE, &param) != 0) {
        perror("awake: sched_setscheduler(SCHED_IDLE)");
        return 1; /* never spin at normal priority: it would take time from the workers */
    }
    for (;;) {
#if defined(__x86_64__) || defined(__i386__)
        __builtin_ia32_pause();
#else
        __asm__ volatile("" ::: "memory");
#endif
    }
}
