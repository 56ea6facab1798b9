/* free-while-pending in C (FreeWhilePendingScenario): 2 ranks x 3 threads, 40 rounds each, every thread on a parent
 * of its own (an MPI_Comm_dup of COMM_WORLD by the main thread). Per round a fresh MPI_Comm_dup of the parent; rank 0
 * posts MPI_Irecv (6000 ints, tag 2) on it, frees it with the receive pending, then tells rank 1 to go (one int, tag 1
 * on the parent) and waits for the receive, which must bring thread t's message i intact; rank 1 receives the go,
 * sends a payload of 6000 ints (even rounds) or 5 + i with MPI_Isend (i % 4 < 2) or MPI_Issend, frees the request at
 * once, then frees the communicator; a send buffer is never reused (as Java's new array per message). At the end the main thread runs a barrier on each parent and frees it. */
#include "mvs.h"
#define THREADS 3
#define ROUNDS 40
#define GO_TAG 1
#define DATA_TAG 2
#define LONG 6000

static int me;
static MPI_Comm parents[THREADS];
static int *sent[THREADS][ROUNDS]; /* rank 1's send buffers, freed after the barriers */

static void work(int t) {
    static __thread int buf[LONG];
    MPI_Comm parent = parents[t];
    int rounds = mvs_rounds(ROUNDS);
    for (int i = 0; i < rounds; i++) {
        MPI_Comm c;
        MPI_Request req;
        MVS(MPI_Comm_dup, parent, &c);
        mvs_errors_return(c);
        int length = i % 2 == 0 ? LONG : MVS_HEADER + i;
        if (me == 0) {
            char who[96];
            MPI_Status st;
            MVS(MPI_Irecv, buf, LONG, MPI_INT, 1, DATA_TAG, c, &req);
            MVS(MPI_Comm_free, &c); /* freed with the receive pending */
            MVS(MPI_Send, &i, 1, MPI_INT, 1, GO_TAG, parent); /* only now may rank 1 send */
            MVS(MPI_Wait, &req, &st);
            snprintf(who, sizeof who, "rank 0 thread %d round %d (communicator freed while pending)", t, i);
            mvs_expect_message(who, &st, buf, 1, DATA_TAG, 1, t, i);
        } else {
            int go;
            MVS(MPI_Recv, &go, 1, MPI_INT, 0, GO_TAG, parent, MPI_STATUS_IGNORE);
            int *msg = sent[t][i] = malloc(sizeof(int) * length); /* never reused: a freed send gives no completion */
            mvs_payload_make(msg, 1, t, i, length);
            if (i % 4 < 2) {
                MVS(MPI_Isend, msg, length, MPI_INT, 0, DATA_TAG, c, &req);
            } else {
                MVS(MPI_Issend, msg, length, MPI_INT, 0, DATA_TAG, c, &req);
            }
            MVS(MPI_Request_free, &req); /* freed before it completes */
            MVS(MPI_Comm_free, &c);
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
    for (int t = 0; t < THREADS; t++) {
        MVS(MPI_Comm_dup, MPI_COMM_WORLD, &parents[t]);
        mvs_errors_return(parents[t]);
    }
    mvs_workers(THREADS, work);
    /* a barrier per parent tells rank 1 all data has arrived before the parents go */
    for (int t = 0; t < THREADS; t++) {
        MVS(MPI_Barrier, parents[t]);
        MVS(MPI_Comm_free, &parents[t]);
    }
    for (int t = 0; t < THREADS; t++) for (int i = 0; i < ROUNDS; i++) free(sent[t][i]);
    return mvs_finish();
}
