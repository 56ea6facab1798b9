/* persistent-sendrecv in C (PersistentSendrecvScenario, after MPICH's mt_pers_sendrecv_impl.c): 2 ranks x 4 threads.
 * First the main threads exchange their rank through a persistent send and receive on tag 4 (MPI_Send_init,
 * MPI_Recv_init, MPI_Startall, MPI_Waitall, MPI_Request_free). Then thread t makes a persistent send (MPI_Send_init,
 * MPI_Ssend_init on odd threads) and receive (MPI_Recv_init) of 13 ints with its partner thread on tag t, and 40
 * times writes new data (Payload i) into the send buffer, starts both (MPI_Startall on even iterations, two MPI_Start
 * on odd ones) and completes them with MPI_Waitall; every receive must hold the partner's data of that start, with
 * the right status (the first wrong one is the evidence). The requests are freed at the end. */
#include "mvs.h"
#define THREADS 4
#define ITERATIONS 40
#define LENGTH (MVS_HEADER + 8)

static int me, other;

static void work(int t) {
    char who[64];
    int out[LENGTH], in[LENGTH], ok = 1;
    MPI_Request rq[2];
    MPI_Status st[2];
    snprintf(who, sizeof who, "rank %d thread %d", me, t);
    if (t % 2 == 1) {
        MVS(MPI_Ssend_init, out, LENGTH, MPI_INT, other, t, MPI_COMM_WORLD, &rq[1]);
    } else {
        MVS(MPI_Send_init, out, LENGTH, MPI_INT, other, t, MPI_COMM_WORLD, &rq[1]);
    }
    MVS(MPI_Recv_init, in, LENGTH, MPI_INT, other, t, MPI_COMM_WORLD, &rq[0]);
    int iterations = mvs_rounds(ITERATIONS);
    for (int i = 0; i < iterations; i++) {
        mvs_payload_make(out, me, t, i, LENGTH); /* new data for this start */
        if (i % 2 == 0) {
            MVS(MPI_Startall, 2, rq);
        } else {
            MVS(MPI_Start, &rq[0]);
            MVS(MPI_Start, &rq[1]);
        }
        MVS(MPI_Waitall, 2, rq, st);
        if (ok) { /* the first wrong message is the evidence; the loop goes on, so the partner is not left waiting */
            char w[96];
            snprintf(w, sizeof w, "%s iteration %d", who, i);
            ok = mvs_expect_message(w, &st[0], in, other, t, other, t, i);
        }
    }
    MVS(MPI_Request_free, &rq[1]);
    MVS(MPI_Request_free, &rq[0]);
}

int main(int argc, char **argv) {
    int provided, mine, first = -1;
    MPI_Request probe[2];
    MPI_Status probe_status[2];
    mvs_args(argc, argv);
    MVS(MPI_Init_thread, &argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    mvs_errors_return(MPI_COMM_WORLD);
    MVS(MPI_Comm_rank, MPI_COMM_WORLD, &me);
    mvs_me = me;
    other = 1 - me;
    mine = me;
    MVS(MPI_Send_init, &mine, 1, MPI_INT, other, THREADS, MPI_COMM_WORLD, &probe[1]);
    MVS(MPI_Recv_init, &first, 1, MPI_INT, other, THREADS, MPI_COMM_WORLD, &probe[0]);
    MVS(MPI_Startall, 2, probe);
    MVS(MPI_Waitall, 2, probe, probe_status);
    if (first != other) mvs_evidence("rank %d: first persistent exchange brought %d", me, first);
    MVS(MPI_Request_free, &probe[1]);
    MVS(MPI_Request_free, &probe[0]);
    mvs_workers(THREADS, work);
    return mvs_finish();
}
