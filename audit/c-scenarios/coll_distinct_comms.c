/* coll-distinct-comms in C (CollectivesScenario): 3 ranks x 3 threads, thread t on its own dup of COMM_WORLD
 * (made by the main thread), 100 rounds of barrier, bcast of 4 ints from root (i + t) % n, allreduce SUM of 2
 * ints and MAX of 1; every result checked. */
#include "mvs.h"
#define THREADS 3
#define ROUNDS 100

static int me, n;
static MPI_Comm comms[THREADS];

static void work(int t) {
    MPI_Comm c = comms[t];
    int rounds = mvs_rounds(ROUNDS);
    for (int i = 0; i < rounds; i++) {
        MVS(MPI_Barrier, c);
        int root = (i + t) % n, b[4] = {0, 0, 0, 0};
        if (me == root) { b[0] = t; b[1] = i; b[2] = root; b[3] = t ^ i; }
        MVS(MPI_Bcast, b, 4, MPI_INT, root, c);
        if (b[0] != t || b[1] != i || b[2] != root || b[3] != (t ^ i)) {
            mvs_evidence("rank %d thread %d: bcast #%d from root %d delivered [%d, %d, %d, %d], expected [%d, %d, %d, %d]",
                         me, t, i, root, b[0], b[1], b[2], b[3], t, i, root, t ^ i);
        }
        int in[2] = {(me + 1) * (i + 1), t}, sum[2], expect = (i + 1) * n * (n + 1) / 2;
        MVS(MPI_Allreduce, in, sum, 2, MPI_INT, MPI_SUM, c);
        if (sum[0] != expect || sum[1] != t * n) {
            mvs_evidence("rank %d thread %d: allreduce(SUM) #%d gave %d,%d, expected %d,%d (contributions from another "
                         "communicator?)", me, t, i, sum[0], sum[1], expect, t * n);
        }
        int mine = me * 1000 + i, max;
        MVS(MPI_Allreduce, &mine, &max, 1, MPI_INT, MPI_MAX, c);
        if (max != (n - 1) * 1000 + i) {
            mvs_evidence("rank %d thread %d: allreduce(MAX) #%d gave %d, expected %d", me, t, i, max, (n - 1) * 1000 + i);
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
    for (int t = 0; t < THREADS; t++) {
        MVS(MPI_Comm_dup, MPI_COMM_WORLD, &comms[t]);
        mvs_errors_return(comms[t]);
    }
    mvs_workers(THREADS, work);
    for (int t = 0; t < THREADS; t++) MVS(MPI_Comm_free, &comms[t]);
    return mvs_finish();
}
