/* fig2-deadlock in C (Fig2Scenario): Gropp & Thakur Fig. 2 on 2 ranks x 2 threads, 3000 iterations: thread 0
 * receives from the other rank (MPI_Recv, one int, tag 0) and checks the value is the iteration; thread 1 sends it
 * the iteration, MPI_Send on even iterations and MPI_Ssend on odd ones. A lock kept while a call blocks deadlocks. */
#include "mvs.h"
#define ITERATIONS 3000

static int me, other;

static void work(int t) {
    int iterations = mvs_rounds(ITERATIONS);
    for (int i = 0; i < iterations; i++) {
        int b = -1;
        if (t == 0) {
            MVS(MPI_Recv, &b, 1, MPI_INT, other, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            if (b != i) {
                mvs_evidence("rank %d receive #%d got %d from rank %d", me, i, b, other);
                return;
            }
        } else if (i % 2 == 0) {
            MVS(MPI_Send, &i, 1, MPI_INT, other, 0, MPI_COMM_WORLD);
        } else {
            MVS(MPI_Ssend, &i, 1, MPI_INT, other, 0, MPI_COMM_WORLD);
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
    mvs_workers(2, work);
    return mvs_finish();
}
