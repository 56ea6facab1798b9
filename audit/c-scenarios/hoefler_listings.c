/* hoefler-listings-1.3-1.4 in C (HoeflerListingScenario): 200 iterations. Rank 0 sends [1, i] with tag 1, receives
 * rank 1's reply (tag 1, [1, i]), then sends [2, i] with tag 2. Rank 1 starts two fresh threads per iteration:
 * thread A waits on (0, tag 2), thread B on (0, MPI_ANY_TAG), and B replies after its receive. Even iterations probe
 * (MPI_Probe) then receive the probed tag, odd ones receive directly. Must terminate, each thread getting its tag. */
#include "mvs.h"
#define ITERATIONS 200

static int me, iteration;

static void rank1_thread(int t) {
    int b[2] = {-1, -1}, tag = t == 0 ? 2 : MPI_ANY_TAG, want = t == 0 ? 2 : 1;
    MPI_Status st;
    if (iteration % 2 == 0) {
        MPI_Status p;
        MVS(MPI_Probe, 0, tag, MPI_COMM_WORLD, &p);
        MVS(MPI_Recv, b, 2, MPI_INT, 0, p.MPI_TAG, MPI_COMM_WORLD, &st);
    } else {
        MVS(MPI_Recv, b, 2, MPI_INT, 0, tag, MPI_COMM_WORLD, &st);
    }
    if (st.MPI_TAG != want || b[0] != want || b[1] != iteration) {
        mvs_evidence("rank 1 thread %s iteration %d received tag %d payload [%d, %d], expected tag %d", t == 0 ? "A" : "B",
                     iteration, st.MPI_TAG, b[0], b[1], want);
    }
    if (t == 1) {
        int reply[2] = {1, iteration};
        MVS(MPI_Send, reply, 2, MPI_INT, 0, 1, MPI_COMM_WORLD);
    }
}

int main(int argc, char **argv) {
    int provided;
    mvs_args(argc, argv);
    MVS(MPI_Init_thread, &argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    mvs_errors_return(MPI_COMM_WORLD);
    MVS(MPI_Comm_rank, MPI_COMM_WORLD, &me);
    mvs_me = me;
    int iterations = mvs_rounds(ITERATIONS);
    for (int i = 0; i < iterations; i++) {
        if (me == 0) {
            int first[2] = {1, i}, reply[2] = {-1, -1}, second[2] = {2, i};
            MPI_Status st;
            MVS(MPI_Send, first, 2, MPI_INT, 1, 1, MPI_COMM_WORLD);
            MVS(MPI_Recv, reply, 2, MPI_INT, 1, 1, MPI_COMM_WORLD, &st);
            if (st.MPI_TAG != 1 || reply[1] != i) mvs_evidence("rank 0 iteration %d: reply %d with tag %d", i, reply[1], st.MPI_TAG);
            MVS(MPI_Send, second, 2, MPI_INT, 1, 2, MPI_COMM_WORLD);
        } else {
            iteration = i; /* published to the threads by pthread_create */
            mvs_workers(2, rank1_thread);
        }
    }
    return mvs_finish();
}
