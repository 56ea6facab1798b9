/* comm-dup-cyclic in C (CyclicDupScenario): Gropp & Thakur §5.1's cycle on 3 ranks: communicators A = {0,1},
 * B = {1,2}, C = {2,0}, made by MPI_Comm_create of MPI_Group_incl of the world group (so every rank is in two);
 * two threads per rank, thread t duplicating the rank's t-th of them 1000 times (MPI_Comm_dup, MPI_Comm_free), every
 * 25th duplicate checked through itself (NewComms.check). A lock held across the allreduce deadlocks on the cycle. */
#include "mvs.h"
#define ROUNDS 1000
#define CHECK 25

static int me;
static MPI_Comm mine[2];
static int mine_mask[2], mine_index[2];

static void work(int t) {
    char who[64], label[64];
    int rounds = mvs_rounds(ROUNDS);
    snprintf(who, sizeof who, "rank %d thread %d", me, t);
    for (int i = 0; i < rounds; i++) {
        MPI_Comm d;
        MVS(MPI_Comm_dup, mine[t], &d);
        mvs_errors_return(d);
        if (i % CHECK == 0) {
            snprintf(label, sizeof label, "dup #%d of %c", i, "ABC"[mine_index[t]]);
            mvs_check_new_comm(d, who, label, mine_index[t] * 10000 + i, mine_mask[t]);
        }
        MVS(MPI_Comm_free, &d);
    }
}

int main(int argc, char **argv) {
    int provided, cycle[3][2] = {{0, 1}, {1, 2}, {2, 0}}, k, count = 0;
    MPI_Group world_group;
    mvs_args(argc, argv);
    MVS(MPI_Init_thread, &argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    mvs_errors_return(MPI_COMM_WORLD);
    MVS(MPI_Comm_rank, MPI_COMM_WORLD, &me);
    mvs_me = me;
    MVS(MPI_Comm_group, MPI_COMM_WORLD, &world_group);
    for (k = 0; k < 3; k++) {
        MPI_Group g;
        MPI_Comm c;
        MVS(MPI_Group_incl, world_group, 2, cycle[k], &g);
        MVS(MPI_Comm_create, MPI_COMM_WORLD, g, &c);
        MVS(MPI_Group_free, &g);
        if (c != MPI_COMM_NULL) {
            if (count < 2) {
                mvs_errors_return(c);
                mine[count] = c;
                mine_mask[count] = 1 << cycle[k][0] | 1 << cycle[k][1];
                mine_index[count] = k;
            }
            count++;
        }
    }
    MVS(MPI_Group_free, &world_group);
    if (count != 2) {
        mvs_evidence("rank %d is in %d of the three cyclic communicators, not 2", me, count);
        return mvs_finish();
    }
    mvs_workers(2, work);
    for (k = 0; k < 2; k++) MVS(MPI_Comm_free, &mine[k]);
    return mvs_finish();
}
