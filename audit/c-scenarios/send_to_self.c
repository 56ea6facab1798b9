/* p2p-send-to-self in C (SendToSelfScenario, after MPICH's threads/pt2pt/sendselfth.c and alltoall.c): 2 ranks.
 * First 4 threads per rank: threads 0 and 1 send 60 messages each to their own rank on tag 50 + t, rotating through
 * MPI_Send, MPI_Isend + MPI_Wait, MPI_Ssend and MPI_Issend + MPI_Wait (every 10th empty, every 15th 5000 ints);
 * thread 2 receives thread 0's by (me, 50), thread 3 thread 1's after MPI_Probe(MPI_ANY_SOURCE, 51), by the probed
 * source and size; even messages with MPI_Recv, odd ones MPI_Irecv + MPI_Wait. Then 20 times: a fresh listener thread
 * receives one message from every rank with MPI_ANY_SOURCE (tag 60) while another thread sends one to every rank, its
 * own included, then MPI_Barrier. Every message intact, in order, from the right rank. */
#include "mvs.h"
#define MESSAGES 60
#define ITERATIONS 20
#define LARGE 5000
#define SELF_TAG 50
#define ALL_TAG 60
#define MAXN 8

static int me, n, iteration;

static int length_of(int i) { return i % 10 == 9 ? 0 : i % 15 == 14 ? LARGE : MVS_HEADER + (i * 7) % 40; }

static void send_to_self(int t) {
    static __thread int m[LARGE];
    for (int i = 0; i < MESSAGES; i++) {
        int length = length_of(i), tag = SELF_TAG + t;
        MPI_Request r;
        if (length > 0) mvs_payload_make(m, me, t, i, length);
        switch (i % 4) {
            case 0: MVS(MPI_Send, m, length, MPI_INT, me, tag, MPI_COMM_WORLD); break;
            case 1: MVS(MPI_Isend, m, length, MPI_INT, me, tag, MPI_COMM_WORLD, &r); MVS(MPI_Wait, &r, MPI_STATUS_IGNORE); break;
            case 2: MVS(MPI_Ssend, m, length, MPI_INT, me, tag, MPI_COMM_WORLD); break;
            default: MVS(MPI_Issend, m, length, MPI_INT, me, tag, MPI_COMM_WORLD, &r); MVS(MPI_Wait, &r, MPI_STATUS_IGNORE);
        }
    }
}

static void receive_from_self(int t) {
    static __thread int buf[LARGE];
    int tag = SELF_TAG + t;
    for (int i = 0; i < MESSAGES; i++) {
        char who[96];
        int count = LARGE, source = me, got = 0;
        MPI_Status st;
        snprintf(who, sizeof who, "rank %d receiver %d (message %d to self)", me, t, i);
        if (t == 1) {
            MPI_Status p;
            MVS(MPI_Probe, MPI_ANY_SOURCE, tag, MPI_COMM_WORLD, &p);
            MPI_Get_count(&p, MPI_INT, &got);
            if (p.MPI_SOURCE != me || p.MPI_TAG != tag || got != length_of(i)) {
                mvs_evidence("%s: probe(ANY_SOURCE, %d) saw (%d, tag %d, %d ints), expected (%d, tag %d, %d ints)", who, tag,
                             p.MPI_SOURCE, p.MPI_TAG, got, me, tag, length_of(i));
            }
            count = got < 0 ? 0 : got > LARGE ? LARGE : got;
            source = p.MPI_SOURCE == me ? me : MPI_ANY_SOURCE;
        }
        if (i % 2 == 0) {
            MVS(MPI_Recv, buf, count, MPI_INT, source, tag, MPI_COMM_WORLD, &st);
        } else {
            MPI_Request r;
            MVS(MPI_Irecv, buf, count, MPI_INT, source, tag, MPI_COMM_WORLD, &r);
            MVS(MPI_Wait, &r, &st);
        }
        if (length_of(i) == 0) {
            MPI_Get_count(&st, MPI_INT, &got);
            if (st.MPI_SOURCE != me || st.MPI_TAG != tag || got != 0) {
                mvs_evidence("%s: the empty message came with status (%d, tag %d, %d ints)", who, st.MPI_SOURCE, st.MPI_TAG, got);
            }
        } else {
            mvs_expect_message(who, &st, buf, me, tag, me, t, i);
        }
    }
}

static void phase1(int t) {
    if (t < 2) send_to_self(t);
    else receive_from_self(t - 2);
}

/* alltoall.c's listener (thread 0) and sender (thread 1) of one iteration */
static void phase2(int t) {
    if (t == 0) {
        int seen[MAXN] = {0}, buf[MVS_HEADER + 32];
        char who[64];
        snprintf(who, sizeof who, "rank %d listener of iteration %d", me, iteration);
        for (int k = 0; k < n; k++) {
            MPI_Status st;
            MVS(MPI_Recv, buf, MVS_HEADER + 32, MPI_INT, MPI_ANY_SOURCE, ALL_TAG, MPI_COMM_WORLD, &st);
            int src = st.MPI_SOURCE;
            if (src < 0 || src >= n || seen[src]) {
                mvs_evidence("%s: a message from rank %d%s", who, src, src >= 0 && src < n ? " twice" : "");
                continue;
            }
            seen[src] = 1;
            mvs_expect_message(who, &st, buf, src, ALL_TAG, src, 1, iteration);
        }
    } else {
        int m[MVS_HEADER + 32];
        for (int d = 0; d < n; d++) {
            int length = MVS_HEADER + (iteration + d) % 20;
            mvs_payload_make(m, me, 1, iteration, length);
            MVS(MPI_Send, m, length, MPI_INT, d, ALL_TAG, MPI_COMM_WORLD);
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
    MVS(MPI_Comm_size, MPI_COMM_WORLD, &n);
    mvs_workers(4, phase1);
    int iterations = mvs_rounds(ITERATIONS);
    for (int it = 0; it < iterations; it++) {
        iteration = it; /* published to the threads by pthread_create */
        mvs_workers(2, phase2);
        MVS(MPI_Barrier, MPI_COMM_WORLD);
    }
    return mvs_finish();
}
