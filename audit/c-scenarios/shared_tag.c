/* p2p-shared-tag in C (SharedTagScenario, after MPICH's threads/pt2pt/mt_pt2pt_common.c and multisend.c): 2 ranks x
 * 4 threads; the main thread dups COMM_WORLD into "shared" and one per thread. Twice (rank 0 sends, then rank 1): the
 * sending rank's 4 threads send 60 payloads each on (shared, tag 0), thread 0 with MPI_Send, 1 MPI_Ssend, 2 all its
 * MPI_Isend then one MPI_Waitall, 3 likewise with MPI_Issend; the other rank's threads receive, 0 and 2 with MPI_Recv,
 * 1 and 3 with all their MPI_Irecv and one MPI_Waitall; every message once, intact, each receiver getting each sender
 * thread's in order; then MPI_Barrier on COMM_WORLD. Then thread t ping-pongs 60 messages with its partner on its own
 * communicator, tag 0, rotating MPI_Send, MPI_Ssend, MPI_Isend + MPI_Wait, MPI_Issend + MPI_Wait; every 10th empty,
 * every 15th 5000 ints; each in order, intact, with the right status. */
#include "mvs.h"
#define THREADS 4
#define ITER 60
#define LARGE 5000
#define TAG 0

static int me, other, from, iter;
static MPI_Comm shared, own[THREADS];
static int got[THREADS][ITER];
static pthread_mutex_t got_lock = PTHREAD_MUTEX_INITIALIZER;

static int length_of(int i, int t) { return i % 15 == 14 ? LARGE : MVS_HEADER + (i * 7 + t) % 40; }

static void send_all(int t) {
    static __thread int *msgs[ITER];
    MPI_Request reqs[ITER];
    MPI_Status st[ITER];
    for (int i = 0; i < iter; i++) {
        int length = length_of(i, t);
        int *m = msgs[i] = malloc(sizeof(int) * length); /* a buffer per message: the isends are outstanding together */
        mvs_payload_make(m, me, t, i, length);
        switch (t) {
            case 0: MVS(MPI_Send, m, length, MPI_INT, other, TAG, shared); break;
            case 1: MVS(MPI_Ssend, m, length, MPI_INT, other, TAG, shared); break;
            case 2: MVS(MPI_Isend, m, length, MPI_INT, other, TAG, shared, &reqs[i]); break;
            default: MVS(MPI_Issend, m, length, MPI_INT, other, TAG, shared, &reqs[i]);
        }
    }
    if (t >= 2) MVS(MPI_Waitall, iter, reqs, st);
    for (int i = 0; i < iter; i++) free(msgs[i]);
}

static void receive_all(int t) {
    char who[96], why[200];
    int last[THREADS] = {-1, -1, -1, -1};
    int *bufs[ITER];
    MPI_Status st[ITER];
    snprintf(who, sizeof who, "rank %d receiver %d (shared communicator and tag)", me, t);
    for (int i = 0; i < iter; i++) bufs[i] = malloc(sizeof(int) * LARGE);
    if (t % 2 == 1) {
        MPI_Request reqs[ITER];
        for (int i = 0; i < iter; i++) MVS(MPI_Irecv, bufs[i], LARGE, MPI_INT, other, TAG, shared, &reqs[i]);
        MVS(MPI_Waitall, iter, reqs, st);
    } else {
        for (int i = 0; i < iter; i++) MVS(MPI_Recv, bufs[i], LARGE, MPI_INT, other, TAG, shared, &st[i]);
    }
    for (int i = 0; i < iter; i++) {
        int *b = bufs[i], count = 0;
        if (st[i].MPI_SOURCE != other || st[i].MPI_TAG != TAG) {
            mvs_evidence("%s: receive %d has status (%d, tag %d), expected (%d, tag %d)", who, i, st[i].MPI_SOURCE,
                         st[i].MPI_TAG, other, TAG);
            continue;
        }
        MPI_Get_count(&st[i], MPI_INT, &count);
        const char *bad = mvs_payload_check(b, count, why);
        if (bad) { mvs_evidence("%s: receive %d got a damaged message: %s", who, i, bad); continue; }
        int f = b[1], seq = b[2];
        if (b[0] != other || f < 0 || f >= THREADS || seq < 0 || seq >= ITER) {
            mvs_evidence("%s: receive %d got (src %d, thread %d, seq %d), not a message of rank %d", who, i, b[0], f, seq, other);
            continue;
        }
        pthread_mutex_lock(&got_lock);
        int twice = got[f][seq]++;
        pthread_mutex_unlock(&got_lock);
        if (twice) mvs_evidence("%s received (src %d, thread %d, seq %d) twice", who, b[0], f, seq);
        if (seq <= last[f]) {
            mvs_evidence("%s received (src %d, thread %d, seq %d) after seq %d of the same sender thread: overtaken", who,
                         b[0], f, seq, last[f]);
        }
        last[f] = seq;
    }
    for (int i = 0; i < iter; i++) free(bufs[i]);
}

static void shared_round(int t) {
    if (me == from) send_all(t);
    else receive_all(t);
}

static void send_one(MPI_Comm comm, int *m, int length, int i) {
    MPI_Request r;
    switch (i % 4) {
        case 0: MVS(MPI_Send, m, length, MPI_INT, other, TAG, comm); break;
        case 1: MVS(MPI_Ssend, m, length, MPI_INT, other, TAG, comm); break;
        case 2: MVS(MPI_Isend, m, length, MPI_INT, other, TAG, comm, &r); MVS(MPI_Wait, &r, MPI_STATUS_IGNORE); break;
        default: MVS(MPI_Issend, m, length, MPI_INT, other, TAG, comm, &r); MVS(MPI_Wait, &r, MPI_STATUS_IGNORE);
    }
}

static void ping_pong(int t) {
    static __thread int buf[LARGE], m[LARGE];
    char who[96];
    MPI_Comm comm = own[t];
    snprintf(who, sizeof who, "rank %d thread %d (own communicator, shared tag)", me, t);
    for (int i = 0; i < iter; i++) {
        int empty = i % 10 == 9, length = empty ? 0 : length_of(i, t), count = 0;
        MPI_Status st;
        if (!empty) mvs_payload_make(m, me, t, i, length);
        if (me == 0) {
            send_one(comm, m, length, i);
            MVS(MPI_Recv, buf, LARGE, MPI_INT, other, TAG, comm, &st);
        } else {
            MVS(MPI_Recv, buf, LARGE, MPI_INT, other, TAG, comm, &st);
            send_one(comm, m, length, i);
        }
        if (empty) {
            MPI_Get_count(&st, MPI_INT, &count);
            if (st.MPI_SOURCE != other || st.MPI_TAG != TAG || count != 0) {
                mvs_evidence("%s: empty message %d came with status (%d, tag %d, %d ints)", who, i, st.MPI_SOURCE, st.MPI_TAG, count);
            }
        } else {
            mvs_expect_message(who, &st, buf, other, TAG, other, t, i);
        }
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
    iter = mvs_rounds(ITER);
    MVS(MPI_Comm_dup, MPI_COMM_WORLD, &shared);
    mvs_errors_return(shared);
    for (int t = 0; t < THREADS; t++) {
        MVS(MPI_Comm_dup, MPI_COMM_WORLD, &own[t]);
        mvs_errors_return(own[t]);
    }
    for (int sender = 0; sender < 2; sender++) {
        from = sender; /* published to the threads by pthread_create */
        memset(got, 0, sizeof got);
        mvs_workers(THREADS, shared_round);
        if (me != from) {
            int threads = mvs_thread_count(THREADS);
            for (int t = 0; t < threads; t++) {
                for (int i = 0; i < iter; i++) {
                    if (!got[t][i]) {
                        mvs_evidence("rank %d: (src %d, thread %d, seq %d) on the shared (communicator, tag) never arrived",
                                     me, other, t, i);
                    }
                }
            }
        }
        MVS(MPI_Barrier, MPI_COMM_WORLD);
    }
    mvs_workers(THREADS, ping_pong);
    MVS(MPI_Comm_free, &shared);
    for (int t = 0; t < THREADS; t++) MVS(MPI_Comm_free, &own[t]);
    return mvs_finish();
}
