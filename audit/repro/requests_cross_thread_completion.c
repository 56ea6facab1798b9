/* The audit scenario requests-cross-thread-completion in C, to tell a library's failure from the binding's.
 * 2 ranks x 4 threads, 18 rounds. Each round thread t posts two receives from thread t of the other rank (tag t),
 * the second one 8 ints long in TRUNCATE rounds (6-11), plus in CANCEL rounds (12-17) a receive nobody sends to,
 * which it cancels; a barrier; thread 0 exchanges a handshake with the other rank (both ranks' receives are posted);
 * a barrier; each thread sends its two messages (isend); a barrier; then the round's requests are completed by other
 * threads, the way rotating with the round: MPI_Wait and MPI_Test (thread t completes thread t+1's), MPI_Waitany and
 * MPI_Testany (thread 1 over every thread's requests), MPI_Waitall (thread 1 over all) and MPI_Testall (thread t over
 * thread t+2's); a waitall or testall that leaves entries MPI_ERR_PENDING is called again. Every status is checked:
 * the data of each message, MPI_ERR_TRUNCATE on the short receive, the cancel. MPI_ERRORS_RETURN on every
 * communicator. Prints " No Errors" on rank 0 and exits 0, else prints each problem and exits 1.
 *   ./rctc           the scenario
 *   ./rctc single    one thread only: two truncated receives completed by MPI_Waitany (no thread safety involved)
 *   ./rctc waitall   one thread only, at MPI_THREAD_MULTIPLE: MPI_Waitall over a receive that failed before the call
 *                    and one still pending
 *
 *   mpicc.mpich -O2 -o rctc requests_cross_thread_completion.c -lpthread
 *   UCX_ERROR_SIGNALS= timeout 30 mpiexec.mpich -n 2 ./rctc
 *   mpicc.openmpi -O2 -o rctc requests_cross_thread_completion.c -lpthread
 *   timeout 30 mpiexec.openmpi --oversubscribe --bind-to none -n 2 ./rctc      (as root: --allow-run-as-root)
 */
#include <mpi.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#define THREADS 4
#define ROUNDS 18
#define SLOTS 5
#define SMALL 8
enum { WAIT, TEST, WAITANY, TESTANY, WAITALL, TESTALL, MODES };
enum { NORMAL, TRUNCATE, CANCEL };
static const char *MODE[] = {"wait", "test", "waitany", "testany", "waitall", "testall"};
static int me, other, errors;
static MPI_Comm comm, control;
static pthread_barrier_t barrier;
static pthread_mutex_t out = PTHREAD_MUTEX_INITIALIZER;
static MPI_Request requests[THREADS][SLOTS];
static MPI_Status results[THREADS][SLOTS];
static int codes[THREADS][SLOTS];      /* the error code each completion reported, -1 = not completed */

static void problem(int t, int round, const char *what) {
    pthread_mutex_lock(&out);
    errors++;
    fprintf(stderr, "rank %d thread %d round %d (%s): %s\n", me, t, round, MODE[round % MODES], what);
    pthread_mutex_unlock(&out);
}

static int class_of(int code) { int c = 0; if (code) MPI_Error_class(code, &c); return c; }

/* waitall or testall over reqs until every entry is MPI_REQUEST_NULL; statuses and codes go to st/code */
static void until_all_done(int wait, int n, MPI_Request *reqs, MPI_Status *st, int *code) {
    MPI_Status tmp[THREADS * SLOTS];
    for (int call = 0; call <= n; call++) {
        int left = 0;
        for (int k = 0; k < n; k++) left += reqs[k] != MPI_REQUEST_NULL;
        if (!left) return;
        MPI_Request before[THREADS * SLOTS];
        memcpy(before, reqs, n * sizeof(MPI_Request));
        int flag = 1, rc;
        do {
            rc = wait ? MPI_Waitall(n, reqs, tmp) : MPI_Testall(n, reqs, &flag, tmp);
        } while (!wait && !flag && class_of(rc) != MPI_ERR_IN_STATUS);
        for (int k = 0; k < n; k++) {
            if (before[k] != MPI_REQUEST_NULL && reqs[k] == MPI_REQUEST_NULL) {
                st[k] = tmp[k];
                code[k] = class_of(rc) == MPI_ERR_IN_STATUS ? tmp[k].MPI_ERROR : rc;
            }
        }
    }
}

static void complete(int t, int round) {
    int mode = round % MODES;
    if (mode == WAIT || mode == TEST) {
        int o = (t + 1) % THREADS;
        for (int s = 0; s < SLOTS; s++) {
            if (requests[o][s] == MPI_REQUEST_NULL) continue;
            int flag = 0, rc;
            if (mode == WAIT) rc = MPI_Wait(&requests[o][s], &results[o][s]);
            else do rc = MPI_Test(&requests[o][s], &flag, &results[o][s]); while (!flag && rc == MPI_SUCCESS);
            codes[o][s] = rc;
        }
    } else if (mode == TESTALL) {
        int o = (t + 2) % THREADS;
        until_all_done(0, SLOTS, requests[o], results[o], codes[o]);
    } else if (t == 1) {
        MPI_Request all[THREADS * SLOTS];
        MPI_Status st[THREADS * SLOTS];
        int code[THREADS * SLOTS];
        for (int k = 0; k < THREADS * SLOTS; k++) { all[k] = requests[k / SLOTS][k % SLOTS]; code[k] = -1; }
        if (mode == WAITALL) {
            until_all_done(1, THREADS * SLOTS, all, st, code);
        } else {
            for (;;) {
                int idx, flag = 1, rc;
                MPI_Status s;
                do {
                    rc = mode == WAITANY ? MPI_Waitany(THREADS * SLOTS, all, &idx, &s)
                                         : MPI_Testany(THREADS * SLOTS, all, &idx, &flag, &s);
                } while (!flag && rc == MPI_SUCCESS);
                if (idx == MPI_UNDEFINED) break;
                if (idx < 0 || idx >= THREADS * SLOTS) { problem(t, round, "waitany/testany returned an index out of range"); break; }
                if (all[idx] != MPI_REQUEST_NULL) { problem(t, round, "a completed entry was not set to MPI_REQUEST_NULL"); break; }
                st[idx] = s;
                code[idx] = rc;
                for (int k = 0; k < THREADS * SLOTS; k++) {   /* entries emptied without being reported */
                    if (k != idx && code[k] == -1 && all[k] == MPI_REQUEST_NULL && requests[k / SLOTS][k % SLOTS] != MPI_REQUEST_NULL) {
                        char what[160];
                        snprintf(what, sizeof what, "entry %d (thread %d slot %d) was set to MPI_REQUEST_NULL by the %s that "
                                 "reported entry %d, never reported itself", k, k / SLOTS, k % SLOTS, MODE[mode], idx);
                        problem(t, round, what);
                        code[k] = -2;
                    }
                }
            }
        }
        for (int k = 0; k < THREADS * SLOTS; k++) {
            if (requests[k / SLOTS][k % SLOTS] == MPI_REQUEST_NULL) continue;
            results[k / SLOTS][k % SLOTS] = st[k];
            codes[k / SLOTS][k % SLOTS] = code[k];
        }
    }
}

static void check(int t, int round, int kind, int bufs[2][64]) {
    char what[200];
    for (int s = 0; s < SLOTS; s++) {
        if (s == 4 && kind != CANCEL) continue;
        int c = codes[t][s];
        if (c == -1) { snprintf(what, sizeof what, "slot %d was never completed", s); problem(t, round, what); continue; }
        if (c == -2) continue;   /* reported by its completer: emptied without being reported */
        if (s == 1 && kind == TRUNCATE) {
            if (class_of(c) != MPI_ERR_TRUNCATE) {
                snprintf(what, sizeof what, "the short receive completed with class %d, expected MPI_ERR_TRUNCATE", class_of(c));
                problem(t, round, what);
            }
            continue;
        }
        if (c != MPI_SUCCESS) { snprintf(what, sizeof what, "slot %d completed with class %d", s, class_of(c)); problem(t, round, what); continue; }
        if (s == 4) {
            int cancelled = 0;
            MPI_Test_cancelled(&results[t][s], &cancelled);
            if (!cancelled) problem(t, round, "the cancelled receive was not cancelled");
        } else if (s < 2) {
            int want = (other * 1000 + t) * 1000 + 2 * round + s;
            if (bufs[s][0] != want || results[t][s].MPI_SOURCE != other || results[t][s].MPI_TAG != t) {
                snprintf(what, sizeof what, "receive %d got %d from (%d, tag %d), expected %d from (%d, tag %d)", s,
                         bufs[s][0], results[t][s].MPI_SOURCE, results[t][s].MPI_TAG, want, other, t);
                problem(t, round, what);
            }
        }
    }
}

static void *work(void *arg) {
    int t = (int)(long)arg;
    int bufs[2][64], cbuf[4], m0[64], m1[64];
    for (int round = 0; round < ROUNDS; round++) {
        int kind = (round / MODES) % 3;
        for (int s = 0; s < SLOTS; s++) { requests[t][s] = MPI_REQUEST_NULL; codes[t][s] = -1; }
        MPI_Irecv(bufs[0], 64, MPI_INT, other, t, comm, &requests[t][0]);
        MPI_Irecv(bufs[1], kind == TRUNCATE ? SMALL : 64, MPI_INT, other, t, comm, &requests[t][1]);
        if (kind == CANCEL) {
            MPI_Irecv(cbuf, 4, MPI_INT, other, 100 + t, comm, &requests[t][4]);
            MPI_Cancel(&requests[t][4]);
        }
        pthread_barrier_wait(&barrier);
        if (t == 0) {
            int x = round, y;
            MPI_Sendrecv(&x, 1, MPI_INT, other, 99, &y, 1, MPI_INT, other, 99, control, MPI_STATUS_IGNORE);
        }
        pthread_barrier_wait(&barrier);
        m0[0] = (me * 1000 + t) * 1000 + 2 * round;
        m1[0] = m0[0] + 1;
        MPI_Isend(m0, 5 + (round + t) % 30, MPI_INT, other, t, comm, &requests[t][2]);
        MPI_Isend(m1, kind == TRUNCATE ? SMALL + 20 : 5 + (round * 3) % 40, MPI_INT, other, t, comm, &requests[t][3]);
        for (int s = 0; s < SLOTS; s++) if (requests[t][s] == MPI_REQUEST_NULL && (s < 4 || kind == CANCEL)) codes[t][s] = 0;
        pthread_barrier_wait(&barrier);
        complete(t, round);
        pthread_barrier_wait(&barrier);
        check(t, round, kind, bufs);
    }
    return NULL;
}

/* One thread, no other: two receives too small for their messages, completed by MPI_Waitany until none is left.
 * Each must be reported once, with MPI_ERR_TRUNCATE. */
static int two_failed_in_one_waitany(void) {
    int a[SMALL], b[SMALL], m[SMALL + 20] = {0}, reported = 0;
    MPI_Request r[2];
    MPI_Irecv(a, SMALL, MPI_INT, other, 0, MPI_COMM_WORLD, &r[0]);
    MPI_Irecv(b, SMALL, MPI_INT, other, 0, MPI_COMM_WORLD, &r[1]);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Send(m, SMALL + 20, MPI_INT, other, 0, MPI_COMM_WORLD);
    MPI_Send(m, SMALL + 20, MPI_INT, other, 0, MPI_COMM_WORLD);
    MPI_Barrier(MPI_COMM_WORLD);   /* both messages have arrived */
    for (;;) {
        int idx;
        int rc = MPI_Waitany(2, r, &idx, MPI_STATUS_IGNORE);
        if (idx == MPI_UNDEFINED) break;
        fprintf(stderr, "rank %d: MPI_Waitany reported entry %d with class %d; entries now %s, %s\n", me, idx,
                class_of(rc), r[0] == MPI_REQUEST_NULL ? "null" : "live", r[1] == MPI_REQUEST_NULL ? "null" : "live");
        reported++;
    }
    if (reported != 2) {
        fprintf(stderr, "rank %d: 2 truncated receives, %d reported by MPI_Waitany: one was emptied, never reported\n",
                me, reported);
        errors++;
    }
    return errors;
}

/* One thread, MPI_THREAD_MULTIPLE: an MPI_Waitall over a receive that has already failed (truncated) and one
 * still pending. It must return (MPI_ERR_IN_STATUS) once the pending one completes. */
static int waitall_after_a_failure(void) {
    int a[SMALL], b[64], m[SMALL + 20] = {0}, flag, rc;
    MPI_Request r[2];
    MPI_Status st[2];
    MPI_Irecv(a, SMALL, MPI_INT, other, 0, MPI_COMM_WORLD, &r[0]);
    MPI_Irecv(b, 64, MPI_INT, other, 1, MPI_COMM_WORLD, &r[1]);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Send(m, SMALL + 20, MPI_INT, other, 0, MPI_COMM_WORLD);
    MPI_Barrier(MPI_COMM_WORLD);                      /* the truncating message has arrived */
    MPI_Test(&r[1], &flag, MPI_STATUS_IGNORE);        /* progress: r[0] completes with its error */
    MPI_Send(m, 10, MPI_INT, other, 1, MPI_COMM_WORLD);
    fprintf(stderr, "rank %d: MPI_Waitall over a failed and a pending receive...\n", me);
    rc = MPI_Waitall(2, r, st);
    fprintf(stderr, "rank %d: MPI_Waitall returned class %d\n", me, class_of(rc));
    if (class_of(rc) != MPI_ERR_IN_STATUS || class_of(st[0].MPI_ERROR) != MPI_ERR_TRUNCATE) errors++;
    return errors;
}

int main(int argc, char **argv) {
    int provided;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    if (provided != MPI_THREAD_MULTIPLE) { fprintf(stderr, "no MPI_THREAD_MULTIPLE\n"); return 1; }
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    other = 1 - me;
    if (argc > 1 && (strcmp(argv[1], "single") == 0 || strcmp(argv[1], "waitall") == 0)) {
        int all, mine = strcmp(argv[1], "single") == 0 ? two_failed_in_one_waitany() : waitall_after_a_failure();
        MPI_Allreduce(&mine, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
        if (me == 0 && all == 0) printf(" No Errors\n");
        MPI_Finalize();
        return all ? 1 : 0;
    }
    MPI_Comm_dup(MPI_COMM_WORLD, &comm);
    MPI_Comm_dup(MPI_COMM_WORLD, &control);
    MPI_Comm_set_errhandler(comm, MPI_ERRORS_RETURN);
    MPI_Comm_set_errhandler(control, MPI_ERRORS_RETURN);
    pthread_barrier_init(&barrier, NULL, THREADS);
    pthread_t th[THREADS];
    for (long t = 0; t < THREADS; t++) pthread_create(&th[t], NULL, work, (void *)t);
    for (int t = 0; t < THREADS; t++) pthread_join(th[t], NULL);
    int all;
    MPI_Allreduce(&errors, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    MPI_Comm_free(&comm);
    MPI_Comm_free(&control);
    if (me == 0 && all == 0) printf(" No Errors\n");
    MPI_Finalize();
    return all ? 1 : 0;
}
