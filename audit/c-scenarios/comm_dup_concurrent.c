/* comm-dup-concurrent in C (CommCreationScenario, kind DUP): 3 ranks x 3 threads; thread t dups its own parent
 * (a dup of COMM_WORLD made by the main thread) 30 times, checks each new communicator through itself
 * (NewComms.check: size, an allreduce of member bits, allreduces of a token naming the creation, a ring
 * message naming it) and frees round i-2's after creating round i, so ids in use coexist. */
#include "mvs.h"
#define THREADS 3
#define ROUNDS 30

static int me, n;
static MPI_Comm parents[THREADS];

static void work(int t) {
    char who[64], label[64];
    int rounds = mvs_rounds(ROUNDS), all = (1 << n) - 1;
    MPI_Comm live[ROUNDS];
    snprintf(who, sizeof who, "rank %d thread %d", me, t);
    for (int i = 0; i < rounds; i++) {
        MVS(MPI_Comm_dup, parents[t], &live[i]);
        mvs_errors_return(live[i]);
        snprintf(label, sizeof label, "dup #(%d,%d)", t, i);
        mvs_check_new_comm(live[i], who, label, t * 10000 + i, all);
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
