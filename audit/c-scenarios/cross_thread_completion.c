/* requests-cross-thread-completion in C (CrossThreadCompletionScenario, after MPICH's threads/pt2pt/multisend3.c,
 * multisend4.c, greq_wait.c, greq_test.c): 2 ranks x 4 threads, 18 rounds; the main thread dups COMM_WORLD into "comm"
 * and "control". Per round each thread posts two MPI_Irecv from its partner thread (tag t; in rounds 6-11 the second
 * into 8 ints, too small for its 28-int message: MPI_ERR_TRUNCATE; in rounds 12-17 also a receive nobody sends to,
 * which it cancels itself), meets the others at a barrier of the rank's threads (not MPI), thread 0 does an
 * MPI_Sendrecv handshake on control (both ranks' receives are posted before either sends), then each thread posts two
 * MPI_Isend. Other threads complete the round's requests, the way rotating with the round: MPI_Wait (each thread its
 * right neighbour's), an MPI_Test loop (likewise), thread 1's MPI_Waitany over all threads' requests until none is
 * left, its MPI_Testany loop likewise, its MPI_Waitall over all, and an MPI_Testall loop by each thread over the
 * requests of the thread two to its right; MPI_Waitall/MPI_Testall are called again while entries stay active
 * (MPI_ERR_PENDING after another entry's error, MPI-3.1 §3.7.5). Errors of MPI_Wait and MPI_Test become the status's
 * error, as the array calls report them. Then each starter checks what its completers got: every message intact and
 * in order, the truncation and the cancel reported where they belong, every request completed once. */
#include <sched.h>
#include "mvs.h"
#define THREADS 4
#define ROUNDS 18
#define SMALL 8
#define HANDSHAKE_TAG 99
#define SLOTS 5
#define CANCEL_TAG_BASE 100
enum mode { WAIT, TEST, WAITANY, TESTANY, WAITALL, TESTALL, MODES };
enum kind { NORMAL, TRUNCATE, CANCEL, KINDS };
static const char *MODE_NAME[] = {"WAIT", "TEST", "WAITANY", "TESTANY", "WAITALL", "TESTALL"};
static const char *KIND_NAME[] = {"NORMAL", "TRUNCATE", "CANCEL"};

/* a completion as the starter sees it: the status, its error (0, an error code, or -1 with a note), cancelled */
struct result { int done, error, cancelled; MPI_Status st; char note[160]; };

static int me, other;
static MPI_Comm comm, control;
static MPI_Request requests[THREADS][SLOTS];
static struct result results[THREADS][SLOTS];
static pthread_barrier_t barrier;

static void record(struct result *r, MPI_Status *st, int error) {
    r->done = 1;
    r->error = error;
    r->st = *st;
    r->cancelled = 0;
    if (error == 0) MPI_Test_cancelled(st, &r->cancelled);
}

static void lost(struct result *r, const char *fmt, int a, const char *b) {
    r->done = 1;
    r->error = -1;
    snprintf(r->note, sizeof r->note, fmt, a, b);
}

/* waitAll or testAll (polled) over reqs until every entry is MPI_REQUEST_NULL; returns how many it completed */
static int until_all_done(enum mode mode, MPI_Request *reqs, int count, struct result **out) {
    int live[THREADS * SLOTS], left = 0, n = 0;
    MPI_Status st[THREADS * SLOTS];
    for (int k = 0; k < count; k++) { live[k] = reqs[k] != MPI_REQUEST_NULL; left += live[k]; }
    for (int call = 0; left > 0; call++) {
        if (call > count) { /* every call completes at least one entry: this many calls is a lost completion */
            for (int k = 0; k < count; k++) if (live[k]) lost(out[k], "left active by %d calls of %s", call, MODE_NAME[mode]);
            break;
        }
        int rc, flag = 0;
        if (mode == WAITALL) {
            rc = MVS_TRY(MPI_Waitall, count, reqs, st);
        } else {
            for (;;) {
                rc = MVS_TRY(MPI_Testall, count, reqs, &flag, st);
                if (flag || rc != MPI_SUCCESS) break;
                sched_yield();
            }
        }
        for (int k = 0; k < count; k++) {
            if (live[k] && reqs[k] == MPI_REQUEST_NULL) {
                record(out[k], &st[k], rc == MPI_ERR_IN_STATUS ? st[k].MPI_ERROR : rc);
                live[k] = 0;
                left--;
                n++;
            }
        }
    }
    return n;
}

static void single(enum mode mode, MPI_Request *r, struct result *out) {
    MPI_Status st;
    int rc, flag = 0;
    if (mode == WAIT) {
        rc = MVS_TRY(MPI_Wait, r, &st);
    } else {
        for (;;) {
            rc = MVS_TRY(MPI_Test, r, &flag, &st);
            if (flag || rc != MPI_SUCCESS) break;
            sched_yield();
        }
    }
    record(out, &st, rc);
}

/* thread t's share of the round's completions; each request has exactly one completer */
static void complete(enum mode mode, int t) {
    if (mode == WAIT || mode == TEST) {
        int owner = (t + 1) % THREADS;
        for (int s = 0; s < SLOTS; s++) {
            if (requests[owner][s] == MPI_REQUEST_NULL) continue;
            single(mode, &requests[owner][s], &results[owner][s]);
            requests[owner][s] = MPI_REQUEST_NULL;
        }
        return;
    }
    if (mode == TESTALL) {
        int owner = (t + 2) % THREADS;
        struct result *out[SLOTS];
        for (int s = 0; s < SLOTS; s++) out[s] = &results[owner][s];
        until_all_done(mode, requests[owner], SLOTS, out);
        return;
    }
    if (t != 1) return; /* one thread completes every thread's requests (not its own only) */
    MPI_Request all[THREADS * SLOTS];
    struct result *out[THREADS * SLOTS];
    int live[THREADS * SLOTS];
    for (int k = 0; k < THREADS * SLOTS; k++) {
        all[k] = requests[k / SLOTS][k % SLOTS];
        out[k] = &results[k / SLOTS][k % SLOTS];
        live[k] = all[k] != MPI_REQUEST_NULL;
    }
    if (mode == WAITALL) {
        until_all_done(mode, all, THREADS * SLOTS, out);
        return;
    }
    for (;;) {
        int index = MPI_UNDEFINED, flag = 0, rc;
        MPI_Status st;
        if (mode == WAITANY) {
            rc = MVS_TRY(MPI_Waitany, THREADS * SLOTS, all, &index, &st);
        } else {
            for (;;) {
                rc = MVS_TRY(MPI_Testany, THREADS * SLOTS, all, &index, &flag, &st);
                if (flag || rc != MPI_SUCCESS) break;
                sched_yield();
            }
        }
        if (index == MPI_UNDEFINED) break;
        if (!live[index] || all[index] != MPI_REQUEST_NULL) {
            lost(out[index], "entry %d reported twice or not set to MPI_REQUEST_NULL%s", index, "");
            break;
        }
        live[index] = 0;
        record(out[index], &st, rc);
        for (int k = 0; k < THREADS * SLOTS; k++) { /* entries the call emptied without reporting them */
            if (live[k] && all[k] == MPI_REQUEST_NULL) {
                live[k] = 0;
                lost(out[k], "set to MPI_REQUEST_NULL by a call that reported entry %d, never reported itself (%s): its "
                     "completion is lost", index, MODE_NAME[mode]);
            }
        }
    }
}

static void check(const char *who, struct result *got, int bufs[3][MVS_HEADER + 64], enum kind kind, int t, int round) {
    for (int s = 0; s < SLOTS; s++) {
        struct result *r = &got[s];
        char slot[32];
        if (s < 2) snprintf(slot, sizeof slot, "receive %d", s);
        else if (s < 4) snprintf(slot, sizeof slot, "send %d", s - 2);
        else snprintf(slot, sizeof slot, "cancelled receive");
        if (s == 4 && kind != CANCEL) continue;
        if (!r->done) {
            mvs_evidence("%s: %s was never completed", who, slot);
        } else if (r->error == -1) {
            mvs_evidence("%s: %s: %s", who, slot, r->note);
        } else if (s == 1 && kind == TRUNCATE) {
            if (r->error == 0 || strcmp(mvs_error_name(r->error), "MPI_ERR_TRUNCATE") != 0) {
                mvs_evidence("%s: %s (a %d-int message into %d ints) completed with %s, expected MPI_ERR_TRUNCATE", who,
                             slot, SMALL + 20, SMALL, r->error == 0 ? "no error" : mvs_error_name(r->error));
            }
        } else if (s == 4) {
            if (!r->cancelled) mvs_evidence("%s: %s (nobody sends to it) was not reported cancelled", who, slot);
        } else if (r->error != 0) {
            mvs_evidence("%s: %s completed with %s", who, slot, mvs_error_name(r->error));
        } else if (s < 2) {
            char w[160];
            snprintf(w, sizeof w, "%s %s", who, slot);
            mvs_expect_message(w, &r->st, bufs[s], other, t, other, t, 2 * round + s);
        }
    }
}

static void work(int t) {
    int bufs[3][MVS_HEADER + 64], m0[MVS_HEADER + 30], m1[MVS_HEADER + 40];
    int rounds = mvs_rounds(ROUNDS);
    for (int i = 0; i < rounds; i++) {
        enum mode mode = i % MODES;
        enum kind kind = (i / MODES) % KINDS;
        char who[96];
        MPI_Request *mine = requests[t];
        snprintf(who, sizeof who, "rank %d thread %d round %d (%s, %s)", me, t, i, MODE_NAME[mode], KIND_NAME[kind]);
        for (int s = 0; s < SLOTS; s++) { mine[s] = MPI_REQUEST_NULL; memset(&results[t][s], 0, sizeof results[t][s]); }
        MVS(MPI_Irecv, bufs[0], MVS_HEADER + 64, MPI_INT, other, t, comm, &mine[0]);
        MVS(MPI_Irecv, bufs[1], kind == TRUNCATE ? SMALL : MVS_HEADER + 64, MPI_INT, other, t, comm, &mine[1]);
        if (kind == CANCEL) {
            MVS(MPI_Irecv, bufs[2], 4, MPI_INT, other, CANCEL_TAG_BASE + t, comm, &mine[4]);
            MVS(MPI_Cancel, &mine[4]);
        }
        pthread_barrier_wait(&barrier);
        if (t == 0) { /* both ranks' receives are posted before either sends */
            int out = i, in;
            MVS(MPI_Sendrecv, &out, 1, MPI_INT, other, HANDSHAKE_TAG, &in, 1, MPI_INT, other, HANDSHAKE_TAG, control,
                MPI_STATUS_IGNORE);
        }
        pthread_barrier_wait(&barrier);
        int l0 = MVS_HEADER + (i + t) % 30, l1 = kind == TRUNCATE ? SMALL + 20 : MVS_HEADER + (i * 3) % 40;
        mvs_payload_make(m0, me, t, 2 * i, l0);
        mvs_payload_make(m1, me, t, 2 * i + 1, l1);
        MVS(MPI_Isend, m0, l0, MPI_INT, other, t, comm, &mine[2]);
        MVS(MPI_Isend, m1, l1, MPI_INT, other, t, comm, &mine[3]);
        pthread_barrier_wait(&barrier);
        complete(mode, t);
        pthread_barrier_wait(&barrier);
        check(who, results[t], bufs, kind, t, i);
    }
}

int main(int argc, char **argv) {
    int provided;
    mvs_args(argc, argv);
    MVS(MPI_Init_thread, &argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    mvs_errors_return(MPI_COMM_WORLD);
    MVS(MPI_Comm_rank, MPI_COMM_WORLD, &me);
    mvs_me = me;
    other = 1 - me;
    MVS(MPI_Comm_dup, MPI_COMM_WORLD, &comm);
    mvs_errors_return(comm);
    MVS(MPI_Comm_dup, MPI_COMM_WORLD, &control);
    mvs_errors_return(control);
    if (mvs_thread_count(THREADS) != THREADS) { /* each thread completes another's requests: it needs all four */
        printf("error: rank %d: requests-cross-thread-completion needs its %d threads\n", me, THREADS);
        return 4;
    }
    pthread_barrier_init(&barrier, NULL, THREADS);
    mvs_workers(THREADS, work);
    MVS(MPI_Comm_free, &comm);
    MVS(MPI_Comm_free, &control);
    return mvs_finish();
}
