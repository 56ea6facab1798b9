/* comm-dup-concurrent in C (CommCreationScenario, kind DUP): 3 ranks x 3 threads; thread t dups its own parent
 * (a dup of COMM_WORLD made by the main thread) 30 times, checks each new communicator through itself
 * (NewComms.check: size, an allreduce of member bits, allreduces of a token naming the creation, a ring
 * message naming it) and frees round i-2's after creating round i, so ids in use coexist. */
#include "mvs.h"
#define THREADS 3
#define ROUNDS 30
#define RING_TAG 11

static int me, n;
static MPI_Comm parents[THREADS];

/* NewComms.check */
static void check(MPI_Comm c, const char *who, int t, int i, int token, int expected) {
    int size, rank, members, lo, hi, bit = 1 << me;
    MVS(MPI_Comm_size, c, &size);
    MVS(MPI_Comm_rank, c, &rank);
    if (size != __builtin_popcount(expected)) {
        mvs_evidence("%s: dup #(%d,%d) has %d members, expected %d", who, t, i, size, __builtin_popcount(expected));
    }
    MVS(MPI_Allreduce, &bit, &members, 1, MPI_INT, MPI_BOR, c);
    if (members != expected) mvs_evidence("%s: the members of dup #(%d,%d) are %x, expected %x", who, t, i, members, expected);
    MVS(MPI_Allreduce, &token, &lo, 1, MPI_INT, MPI_MIN, c);
    MVS(MPI_Allreduce, &token, &hi, 1, MPI_INT, MPI_MAX, c);
    if (lo != token || hi != token) {
        mvs_evidence("%s: members of dup #(%d,%d) disagree on which creation it is: tokens %d..%d, mine %d", who, t, i,
                     lo, hi, token);
    }
    if (size > 1) {
        int msg[MVS_HEADER + 3], buf[32], count;
        char why[200];
        MPI_Request req;
        MPI_Status st;
        mvs_payload_make(msg, me, token, 0, MVS_HEADER + 3);
        MVS(MPI_Isend, msg, MVS_HEADER + 3, MPI_INT, (rank + 1) % size, RING_TAG, c, &req);
        MVS(MPI_Recv, buf, 32, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, c, &st);
        MVS(MPI_Wait, &req, MPI_STATUS_IGNORE);
        MPI_Get_count(&st, MPI_INT, &count);
        const char *bad = mvs_payload_check(buf, count, why);
        if (bad || st.MPI_TAG != RING_TAG || st.MPI_SOURCE != (rank + size - 1) % size || buf[1] != token) {
            mvs_evidence("%s: the ring message received on dup #(%d,%d) is %s (thread %d) with status (src %d, tag %d): "
                         "expected one naming creation %d from rank %d", who, t, i, bad ? bad : "a message", buf[1],
                         st.MPI_SOURCE, st.MPI_TAG, token, (rank + size - 1) % size);
        }
    }
}

static void work(int t) {
    char who[64];
    int rounds = mvs_rounds(ROUNDS), all = (1 << n) - 1;
    MPI_Comm live[ROUNDS];
    snprintf(who, sizeof who, "rank %d thread %d", me, t);
    for (int i = 0; i < rounds; i++) {
        MVS(MPI_Comm_dup, parents[t], &live[i]);
        mvs_errors_return(live[i]);
        check(live[i], who, t, i, t * 10000 + i, all);
        if (i >= 2) MVS(MPI_Comm_free, &live[i - 2]);
    }
    for (int i = rounds >= 2 ? rounds - 2 : 0; i < rounds; i++) MVS(MPI_Comm_free, &live[i]);
}

int main(int argc, char **argv) {
    int provided;
    MPI_Group world_group;
    mvs_args(argc, argv);
    MVS(MPI_Init_thread, &argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    mvs_errors_return(MPI_COMM_WORLD);
    MVS(MPI_Comm_rank, MPI_COMM_WORLD, &me);
    mvs_me = me;
    MVS(MPI_Comm_size, MPI_COMM_WORLD, &n);
    for (int t = 0; t < THREADS; t++) {
        MVS(MPI_Comm_dup, MPI_COMM_WORLD, &parents[t]);
        mvs_errors_return(parents[t]);
    }
    MVS(MPI_Comm_group, MPI_COMM_WORLD, &world_group);
    mvs_workers(THREADS, work);
    MVS(MPI_Group_free, &world_group);
    for (int t = 0; t < THREADS; t++) MVS(MPI_Comm_free, &parents[t]);
    return mvs_finish();
}
