/* greq-cross-thread in C (GrequestScenario, after MPICH's threads/pt2pt/greq_wait.c and greq_test.c): 2 ranks; 6
 * rounds x 6 calls (MPI_Wait, MPI_Waitsome, MPI_Waitall, an MPI_Test loop, an MPI_Testall loop, MPI_Waitsome with a
 * receive from the other rank). Per call the main thread starts a generalized request (MPI_Grequest_start) and a
 * thread of its own (not a worker, as Java's completer thread) completes it with MPI_Grequest_complete while main
 * waits or tests. The call must return the query callback's status (source me, tag 40 + round, count round), and
 * the callbacks must run query then free, once each, in the main thread (MPI-3.1 §12.2). The query callback sets the
 * status as the native binding's upcall does: the fields directly, MPI_Status_set_elements, MPI_Status_set_cancelled. */
#include "mvs.h"
#define ROUNDS 6
#define MODES 6
static const char *MODE[MODES] = {"Wait", "Waitsome", "Waitall", "Test", "Testall", "Waitsome+recv"};

static int me, other;
static pthread_t main_thread;

/* GrequestScenario.Recorded: what ran, in which thread, in order */
struct recorded {
    pthread_mutex_t lock;
    char events[8][32];
    int n, round;
    volatile int completed;
    MPI_Request g;
};

static void record(struct recorded *r, const char *what) {
    pthread_mutex_lock(&r->lock);
    if (r->n < 8) snprintf(r->events[r->n], 32, "%s@%s", what, pthread_equal(pthread_self(), main_thread) ? "main" : "other");
    r->n++;
    pthread_mutex_unlock(&r->lock);
}

static int query_fn(void *extra, MPI_Status *status) {
    struct recorded *r = extra;
    record(r, r->completed ? "query" : "query-before-complete");
    status->MPI_SOURCE = me;
    status->MPI_TAG = 40 + r->round;
    status->MPI_ERROR = MPI_SUCCESS;
    MPI_Status_set_elements(status, MPI_INT, r->round);
    MPI_Status_set_cancelled(status, 0);
    return MPI_SUCCESS;
}

static int free_fn(void *extra) { record(extra, "free"); return MPI_SUCCESS; }
static int cancel_fn(void *extra, int complete) { (void) complete; record(extra, "cancel"); return MPI_SUCCESS; }

static void *completer(void *arg) {
    struct recorded *r = arg;
    r->completed = 1;
    MVS(MPI_Grequest_complete, r->g);
    return NULL;
}

int main(int argc, char **argv) {
    int provided, checked = 0;
    mvs_args(argc, argv);
    MVS(MPI_Init_thread, &argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    mvs_errors_return(MPI_COMM_WORLD);
    MVS(MPI_Comm_rank, MPI_COMM_WORLD, &me);
    mvs_me = me;
    other = 1 - me;
    main_thread = pthread_self();
    int rounds = mvs_rounds(ROUNDS);
    for (int round = 0; round < rounds; round++) {
        for (int mode = 0; mode < MODES; mode++) {
            char who[64];
            struct recorded cb = {.lock = PTHREAD_MUTEX_INITIALIZER, .round = round};
            MPI_Status s, st[2];
            int have = 0, in = -1, outcount, idx[2], flag = 0;
            pthread_t th;
            snprintf(who, sizeof who, "rank %d round %d %s", me, round, MODE[mode]);
            MVS(MPI_Grequest_start, query_fn, free_fn, cancel_fn, &cb, &cb.g);
            MPI_Request g = cb.g;
            if (pthread_create(&th, NULL, completer, &cb) != 0) { printf("error: rank %d: pthread_create failed\n", me); exit(4); }
            switch (mode) {
                case 0: MVS(MPI_Wait, &g, &s); have = 1; break;
                case 1:
                    MVS(MPI_Waitsome, 1, &g, &outcount, idx, st);
                    if (outcount != 1) mvs_evidence("%s: outcount %d, not 1", who, outcount);
                    s = st[0]; have = 1;
                    break;
                case 2: MVS(MPI_Waitall, 1, &g, st); s = st[0]; have = 1; break;
                case 3:
                    while (!flag) MVS(MPI_Test, &g, &flag, &s);
                    have = 1;
                    break;
                case 4:
                    while (!flag) MVS(MPI_Testall, 1, &g, &flag, st);
                    s = st[0]; have = 1;
                    break;
                default: {
                    MPI_Request rs[2];
                    int out = round + 1000 * me, done = 0;
                    rs[0] = g;
                    MVS(MPI_Irecv, &in, 1, MPI_INT, other, round, MPI_COMM_WORLD, &rs[1]);
                    MVS(MPI_Send, &out, 1, MPI_INT, other, round, MPI_COMM_WORLD);
                    while (done < 2) {
                        MVS(MPI_Waitsome, 2, rs, &outcount, idx, st);
                        if (outcount == MPI_UNDEFINED) break;
                        for (int k = 0; k < outcount; k++) if (idx[k] == 0) { s = st[k]; have = 1; }
                        done += outcount;
                    }
                    if (done != 2) mvs_evidence("%s: waitSome completed %d of 2", who, done);
                    if (in != round + 1000 * other) mvs_evidence("%s: received %d", who, in);
                }
            }
            pthread_join(th, NULL);
            int count = -1;
            if (have) MPI_Get_count(&s, MPI_INT, &count);
            if (!have || s.MPI_SOURCE != me || s.MPI_TAG != 40 + round || count != round) {
                mvs_evidence("%s: status (%d, %d, %d), not the query's (%d, %d, %d)", who, have ? s.MPI_SOURCE : -1,
                             have ? s.MPI_TAG : -1, count, me, 40 + round, round);
            }
            pthread_mutex_lock(&cb.lock);
            if (cb.n != 2 || strcmp(cb.events[0], "query@main") != 0 || strcmp(cb.events[1], "free@main") != 0) {
                char all[300] = "";
                for (int k = 0; k < cb.n && k < 8; k++) { strcat(all, k ? ", " : ""); strcat(all, cb.events[k]); }
                mvs_evidence("%s: callbacks ran [%s], not query then free once each in main", who, all);
            }
            pthread_mutex_unlock(&cb.lock);
            checked++;
        }
    }
    (void) checked;
    return mvs_finish();
}
