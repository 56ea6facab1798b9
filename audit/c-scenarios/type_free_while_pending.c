/* type-free-while-pending in C (DatatypeFreeWhilePendingScenario): 2 ranks x 3 threads, 30 rounds, each thread on its
 * own MPI_Comm_dup of COMM_WORLD. First both ranks make and free a vector type (1, 1, 1). Per round, rank 0's thread
 * makes a vector type (4 blocks of 2 ints, stride 3), commits it, posts MPI_Irecv of 2 items with it, frees the type
 * with the receive pending, then lets rank 1 send (one int, tag 1) and waits; every int must land at its place in the
 * type map and the holes (-7) stay untouched, MPI_Get_count(MPI_INT) 16. Rank 1's thread receives the go and sends the
 * 16 ints as plain ints (even rounds) or from a strided array with a vector type of its own, freed right after. The
 * main thread then runs a barrier on each communicator and frees it. */
#include "mvs.h"
#define THREADS 3
#define ROUNDS 30
#define GO_TAG 1
#define DATA_TAG 2
#define BLOCKS 4
#define BLOCK 2
#define STRIDE 3
#define ITEMS 2
#define EXTENT ((BLOCKS - 1) * STRIDE + BLOCK)
#define INTS (ITEMS * BLOCKS * BLOCK)
#define HOLE (-7)

static int me;
static MPI_Comm comms[THREADS];

static int value(int thread, int round, int j) { return (thread << 16) | (round << 8) | j; }

/* where data int j of a message lands in the receive buffer: its place in the type map */
static int place(int j) {
    int item = j / (BLOCKS * BLOCK), in_item = j % (BLOCKS * BLOCK);
    return item * EXTENT + (in_item / BLOCK) * STRIDE + in_item % BLOCK;
}

static void check(const char *who, MPI_Status *st, const int *buf, int t, int i) {
    int count = 0, data[ITEMS * EXTENT] = {0};
    if (st->MPI_SOURCE != 1 || st->MPI_TAG != DATA_TAG) {
        mvs_evidence("%s: the receive with the freed type completed with status (%d, tag %d), expected (1, tag %d)", who,
                     st->MPI_SOURCE, st->MPI_TAG, DATA_TAG);
        return;
    }
    MPI_Get_count(st, MPI_INT, &count);
    if (count != INTS) {
        mvs_evidence("%s: MPI_Get_count(MPI_INT) of the receive is %d, expected %d (the message's ints, whatever type "
                     "received them)", who, count, INTS);
    }
    for (int j = 0; j < INTS; j++) {
        data[place(j)] = 1;
        if (buf[place(j)] != value(t, i, j)) {
            mvs_evidence("%s: int %d of the message at index %d is %d, expected %d (the type freed while the receive was "
                         "pending)", who, j, place(j), buf[place(j)], value(t, i, j));
            return;
        }
    }
    for (int k = 0; k < ITEMS * EXTENT; k++) {
        if (!data[k] && buf[k] != HOLE) {
            mvs_evidence("%s: hole %d of the type map was written (%d)", who, k, buf[k]);
            return;
        }
    }
}

static void work(int t) {
    MPI_Comm c = comms[t];
    int rounds = mvs_rounds(ROUNDS);
    for (int i = 0; i < rounds; i++) {
        MPI_Datatype type;
        if (me == 0) {
            int buf[ITEMS * EXTENT];
            char who[64];
            MPI_Request req;
            MPI_Status st;
            for (int k = 0; k < ITEMS * EXTENT; k++) buf[k] = HOLE;
            MVS(MPI_Type_vector, BLOCKS, BLOCK, STRIDE, MPI_INT, &type);
            MVS(MPI_Type_commit, &type);
            MVS(MPI_Irecv, buf, ITEMS, type, 1, DATA_TAG, c, &req);
            MVS(MPI_Type_free, &type); /* freed with the receive pending */
            MVS(MPI_Send, &i, 1, MPI_INT, 1, GO_TAG, c); /* only now may rank 1 send */
            MVS(MPI_Wait, &req, &st);
            snprintf(who, sizeof who, "rank 0 thread %d round %d", t, i);
            check(who, &st, buf, t, i);
        } else {
            int go;
            MVS(MPI_Recv, &go, 1, MPI_INT, 0, GO_TAG, c, MPI_STATUS_IGNORE);
            if (i % 2 == 0) {
                int msg[INTS];
                for (int j = 0; j < INTS; j++) msg[j] = value(t, i, j);
                MVS(MPI_Send, msg, INTS, MPI_INT, 0, DATA_TAG, c);
            } else {
                int strided[ITEMS * EXTENT] = {0};
                for (int j = 0; j < INTS; j++) strided[place(j)] = value(t, i, j);
                MVS(MPI_Type_vector, BLOCKS, BLOCK, STRIDE, MPI_INT, &type);
                MVS(MPI_Type_commit, &type);
                MVS(MPI_Send, strided, ITEMS, type, 0, DATA_TAG, c);
                MVS(MPI_Type_free, &type);
            }
        }
    }
}

int main(int argc, char **argv) {
    int provided;
    MPI_Datatype first;
    mvs_args(argc, argv);
    MVS(MPI_Init_thread, &argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    mvs_errors_return(MPI_COMM_WORLD);
    MVS(MPI_Comm_rank, MPI_COMM_WORLD, &me);
    mvs_me = me;
    MVS(MPI_Type_vector, 1, 1, 1, MPI_INT, &first);
    MVS(MPI_Type_free, &first);
    for (int t = 0; t < THREADS; t++) {
        MVS(MPI_Comm_dup, MPI_COMM_WORLD, &comms[t]);
        mvs_errors_return(comms[t]);
    }
    mvs_workers(THREADS, work);
    for (int t = 0; t < THREADS; t++) {
        MVS(MPI_Barrier, comms[t]);
        MVS(MPI_Comm_free, &comms[t]);
    }
    return mvs_finish();
}
