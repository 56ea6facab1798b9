/* The audit scenarios' common part in C (audit/c-scenarios/README.md): what the Java harness gives a scenario.
 *
 *  - MVS(MPI_Name, args...) makes every MPI call of a scenario: it counts the call per thread role (main or
 *    worker) when MVS_TRACE_CALLS is set, so CScenarioDriftTest can compare the calls with the Java scenario's,
 *    and turns an error code into a line "error: rank R thread T: MPI_Name failed: TEXT" and MPI_Abort, as the
 *    Java binding turns it into an AuditException (the scenario's FAIL). Every communicator gets
 *    MPI_ERRORS_RETURN, as the native binding sets it.
 *  - mvs_evidence() prints "evidence: rank R ..." for a check that failed (Java's RankReport.evidence).
 *  - mvs_workers(n, fn) runs n worker threads and joins them (Java's Workers.run); the audit's runner kills the
 *    ranks at the scenario's deadline (HANG).
 *  - mvs_payload_make/check: Java's Payload, word for word, so a message carries the same header and data.
 * A rank ends with "done: rank R" after MPI_Finalize; the runner's verdict: PASS when every rank said so and
 * nothing printed evidence or error, FAIL on evidence or error, HANG at the deadline, CRASH otherwise.
 */
#ifndef MVS_H
#define MVS_H
#include <mpi.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int mvs_me = -1;
static int mvs_rounds_override; /* argv[1] when given: fewer rounds under a race detector */
static __thread int mvs_thread = -1; /* -1: the rank's main thread; t >= 0: worker t */
static pthread_mutex_t mvs_lock = PTHREAD_MUTEX_INITIALIZER;

/* Call counts per (role, function), printed at the end when MVS_TRACE_CALLS is set. */
#define MVS_MAX_NAMES 64
static struct { const char *name; long main, worker; } mvs_calls[MVS_MAX_NAMES];
static int mvs_tracing = -1;

static void mvs_count(const char *name) {
    if (mvs_tracing < 0) mvs_tracing = getenv("MVS_TRACE_CALLS") != NULL;
    if (!mvs_tracing) return;
    pthread_mutex_lock(&mvs_lock);
    int i = 0;
    while (i < MVS_MAX_NAMES && mvs_calls[i].name && strcmp(mvs_calls[i].name, name) != 0) i++;
    if (i < MVS_MAX_NAMES) {
        mvs_calls[i].name = name;
        if (mvs_thread < 0) mvs_calls[i].main++; else mvs_calls[i].worker++;
    }
    pthread_mutex_unlock(&mvs_lock);
}

static void mvs_error(const char *name, int rc, int line) {
    char text[MPI_MAX_ERROR_STRING];
    int len = 0, cls = 0;
    MPI_Error_class(rc, &cls);
    MPI_Error_string(rc, text, &len);
    printf("error: rank %d thread %d: %s (line %d) failed: class %d: %s\n", mvs_me, mvs_thread, name, line, cls, text);
    fflush(stdout);
    MPI_Abort(MPI_COMM_WORLD, 3);
}

static inline int mvs_done(const char *name, int rc, int line) {
    mvs_count(name);
    if (rc != MPI_SUCCESS) mvs_error(name, rc, line);
    return rc;
}

#define MVS(f, ...) mvs_done(#f, f(__VA_ARGS__), __LINE__)

/* A call expected to fail (Java's catch of AuditException): counted as MVS counts it, its code returned. */
#define MVS_TRY(f, ...) (mvs_count(#f), f(__VA_ARGS__))

/* The name of an error code's class, as the Java binding names it (AuditException.errorName). */
__attribute__((unused)) static const char *mvs_error_name(int rc) {
    int cls = -1;
    MPI_Error_class(rc, &cls);
    switch (cls) {
        case MPI_SUCCESS: return "MPI_SUCCESS";
        case MPI_ERR_TRUNCATE: return "MPI_ERR_TRUNCATE";
        case MPI_ERR_RANK: return "MPI_ERR_RANK";
        case MPI_ERR_TAG: return "MPI_ERR_TAG";
        case MPI_ERR_COMM: return "MPI_ERR_COMM";
        case MPI_ERR_ARG: return "MPI_ERR_ARG";
        case MPI_ERR_COUNT: return "MPI_ERR_COUNT";
        case MPI_ERR_BUFFER: return "MPI_ERR_BUFFER";
        case MPI_ERR_REQUEST: return "MPI_ERR_REQUEST";
        case MPI_ERR_INTERN: return "MPI_ERR_INTERN";
        case MPI_ERR_OTHER: return "MPI_ERR_OTHER";
        case MPI_ERR_IN_STATUS: return "MPI_ERR_IN_STATUS";
        case MPI_ERR_PENDING: return "MPI_ERR_PENDING";
        default: return "another error class";
    }
}

/* A communicator the scenario created: errors come back to the caller, as the native binding arranges. */
__attribute__((unused)) static void mvs_errors_return(MPI_Comm c) {
    if (c != MPI_COMM_NULL) MPI_Comm_set_errhandler(c, MPI_ERRORS_RETURN);
}

static int mvs_evidence_count;

/* One whole line "prefix text\n" in one write: the launcher forwards a rank's output in pieces, and a line split
 * across them may interleave with another rank's. */
static void mvs_line(const char *prefix, const char *fmt, va_list ap) {
    char text[1024];
    vsnprintf(text, sizeof text, fmt, ap);
    printf("%s%s\n", prefix, text);
    fflush(stdout);
}

static void mvs_evidence(const char *fmt, ...) {
    va_list ap;
    pthread_mutex_lock(&mvs_lock);
    va_start(ap, fmt);
    mvs_line("evidence: ", fmt, ap);
    va_end(ap);
    mvs_evidence_count++;
    pthread_mutex_unlock(&mvs_lock);
}

/* A "hazard: ..." line: something MPI allows that a program may not expect (Java's Verdict.hazard); the C verdict is
 * HAZARD when a run ends well with such lines, the last one its summary. */
__attribute__((unused)) static void mvs_hazard(const char *fmt, ...) {
    va_list ap;
    pthread_mutex_lock(&mvs_lock);
    va_start(ap, fmt);
    mvs_line("hazard: ", fmt, ap);
    va_end(ap);
    pthread_mutex_unlock(&mvs_lock);
}

/* An "agree: rank R KEY VALUE" line: a value every rank must print the same for KEY (Java's cross-rank judgement of a
 * fact, such as the level provided or the count at which dups were refused); ranks that differ make the verdict FAIL. */
__attribute__((unused)) static void mvs_agree(const char *key, const char *fmt, ...) {
    va_list ap;
    char prefix[128];
    snprintf(prefix, sizeof prefix, "agree: rank %d %s ", mvs_me, key);
    pthread_mutex_lock(&mvs_lock);
    va_start(ap, fmt);
    mvs_line(prefix, fmt, ap);
    va_end(ap);
    pthread_mutex_unlock(&mvs_lock);
}

/* The scenario's rounds: its own count, or argv[1] when the runner gives fewer (a run under a race detector). */
__attribute__((unused)) static int mvs_rounds(int own) { return mvs_rounds_override > 0 ? mvs_rounds_override : own; }

static void mvs_args(int argc, char **argv) {
    if (argc > 1) mvs_rounds_override = atoi(argv[1]);
}

struct mvs_worker { int t; void (*fn)(int); };

static void *mvs_worker_main(void *arg) {
    struct mvs_worker *w = arg;
    mvs_thread = w->t;
    w->fn(w->t);
    return NULL;
}

/* How many threads mvs_workers(n, ...) starts: n, or 1 under MVS_ONE_THREAD (for a barrier among them). */
__attribute__((unused)) static int mvs_thread_count(int n) { return getenv("MVS_ONE_THREAD") != NULL ? 1 : n; }

/* Runs fn(0..n-1) on n threads started together and joins them; with MVS_ONE_THREAD set, fn(0) on one thread (the
 * race audit's second run: a race that shows with one user thread is between it and the library's own threads). */
__attribute__((unused)) static void mvs_workers(int n, void (*fn)(int)) {
    pthread_t th[64];
    n = mvs_thread_count(n);
    struct mvs_worker w[64];
    for (int t = 0; t < n; t++) {
        w[t].t = t;
        w[t].fn = fn;
        if (pthread_create(&th[t], NULL, mvs_worker_main, &w[t]) != 0) {
            printf("error: rank %d: pthread_create failed\n", mvs_me);
            exit(4);
        }
    }
    for (int t = 0; t < n; t++) pthread_join(th[t], NULL);
}

/* Java's Payload: [source, thread, seq, length, checksum, data...], data a hash of (source, thread, seq, index). */
#define MVS_HEADER 5
static int mvs_word(int source, int thread, int seq, int index) {
    uint32_t h = (uint32_t)source * 0x9E3779B1u ^ (uint32_t)thread * 0x85EBCA6Bu ^ (uint32_t)seq * 0xC2B2AE35u
            ^ (uint32_t)index * 0x27D4EB2Fu;
    return (int)(h ^ (h >> 15));
}

__attribute__((unused)) static void mvs_payload_make(int *m, int source, int thread, int seq, int length) {
    int sum = 0;
    m[0] = source; m[1] = thread; m[2] = seq; m[3] = length;
    for (int i = MVS_HEADER; i < length; i++) {
        m[i] = mvs_word(source, thread, seq, i);
        sum = (int)((uint32_t)sum + (uint32_t)m[i]);
    }
    m[4] = sum;
}

/* NULL if buf[0..count) is an intact payload, else what is wrong (in why, of size 200). */
__attribute__((unused)) static const char *mvs_payload_check(const int *buf, int count, char *why) {
    if (count < MVS_HEADER) { snprintf(why, 200, "only %d ints, shorter than a payload header", count); return why; }
    if (buf[3] != count) { snprintf(why, 200, "header says %d ints, status says %d", buf[3], count); return why; }
    int sum = 0;
    for (int i = MVS_HEADER; i < count; i++) {
        if (buf[i] != mvs_word(buf[0], buf[1], buf[2], i)) {
            snprintf(why, 200, "word %d of message (src %d, thread %d, seq %d, %d ints) is corrupt", i, buf[0], buf[1],
                     buf[2], buf[3]);
            return why;
        }
        sum = (int)((uint32_t)sum + (uint32_t)buf[i]);
    }
    if (sum != buf[4]) { snprintf(why, 200, "checksum of message (src %d, thread %d, seq %d) is wrong", buf[0], buf[1], buf[2]); return why; }
    return NULL;
}

/* Java's Expect.message: intact, from (source, tag), sent by thread `thread` as message `seq`; returns whether all held. */
__attribute__((unused)) static int mvs_expect_message(const char *who, MPI_Status *st, const int *buf, int source, int tag, int from,
                               int thread, int seq) {
    int count = 0;
    char why[200];
    MPI_Get_count(st, MPI_INT, &count);
    const char *bad = mvs_payload_check(buf, count, why);
    if (bad) { mvs_evidence("%s: message %d: %s", who, seq, bad); return 0; }
    if (st->MPI_SOURCE != source || st->MPI_TAG != tag || buf[0] != from || buf[1] != thread || buf[2] != seq) {
        mvs_evidence("%s: expected (src %d, tag %d, thread %d, seq %d), got status (src %d, tag %d) and message "
                     "(src %d, thread %d, seq %d)", who, source, tag, thread, seq, st->MPI_SOURCE, st->MPI_TAG,
                     buf[0], buf[1], buf[2]);
        return 0;
    }
    return 1;
}

/* Java's NewComms.check: every member of a new communicator checks it through itself: its size, an allreduce of the
 * members' world-rank bits against expected, allreduces (MIN, MAX) of a token naming the creation, and a ring
 * message naming the creation from the ring predecessor (traffic of another communicator with a colliding id would
 * name another creation). */
__attribute__((unused)) static void mvs_check_new_comm(MPI_Comm c, const char *who, const char *label, int token,
                                                       int expected) {
    int size, rank, members, lo, hi, bit = 1 << mvs_me;
    MVS(MPI_Comm_size, c, &size);
    MVS(MPI_Comm_rank, c, &rank);
    if (size != __builtin_popcount(expected)) {
        mvs_evidence("%s: %s has %d members, expected %d", who, label, size, __builtin_popcount(expected));
    }
    MVS(MPI_Allreduce, &bit, &members, 1, MPI_INT, MPI_BOR, c);
    if (members != expected) mvs_evidence("%s: the members of %s are %x, expected %x", who, label, members, expected);
    MVS(MPI_Allreduce, &token, &lo, 1, MPI_INT, MPI_MIN, c);
    MVS(MPI_Allreduce, &token, &hi, 1, MPI_INT, MPI_MAX, c);
    if (lo != token || hi != token) {
        mvs_evidence("%s: members of %s disagree on which creation it is: tokens %d..%d, mine %d", who, label, lo, hi, token);
    }
    if (size > 1) {
        int msg[MVS_HEADER + 3], buf[32], count;
        char why[200];
        MPI_Request req;
        MPI_Status st;
        mvs_payload_make(msg, mvs_me, token, 0, MVS_HEADER + 3);
        MVS(MPI_Isend, msg, MVS_HEADER + 3, MPI_INT, (rank + 1) % size, 11, c, &req);
        MVS(MPI_Recv, buf, 32, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, c, &st);
        MVS(MPI_Wait, &req, MPI_STATUS_IGNORE);
        MPI_Get_count(&st, MPI_INT, &count);
        const char *bad = mvs_payload_check(buf, count, why);
        if (bad || st.MPI_TAG != 11 || st.MPI_SOURCE != (rank + size - 1) % size || buf[1] != token) {
            mvs_evidence("%s: the ring message received on %s is %s (creation %d) with status (src %d, tag %d): expected "
                         "one naming creation %d from rank %d", who, label, bad ? bad : "a message", buf[1], st.MPI_SOURCE,
                         st.MPI_TAG, token, (rank + size - 1) % size);
        }
    }
}

/* The end of a rank: the call counts when traced, then "done: rank R". */
static int mvs_finish(void) {
    MVS(MPI_Finalize);
    if (mvs_tracing > 0) {
        for (int i = 0; i < MVS_MAX_NAMES && mvs_calls[i].name; i++) {
            printf("calls: rank %d %s main %ld worker %ld\n", mvs_me, mvs_calls[i].name, mvs_calls[i].main,
                   mvs_calls[i].worker);
        }
    }
    printf("done: rank %d, %d evidence\n", mvs_me, mvs_evidence_count);
    fflush(stdout);
    return mvs_evidence_count == 0 ? 0 : 1;
}
#endif
