/* p2p-blocking, p2p-nonblocking, p2p-synchronous in C (PointToPointScenario), the sends chosen at compile time with
 * -DMODE=BLOCKING|NONBLOCKING|SYNCHRONOUS: 2 ranks x 4 threads; thread t of rank 0 ping-pongs with thread t of rank 1
 * on tag t, 150 messages, each a payload of 5 + (i*7+t)%50 ints, every 40th of 5000 ints (above an eager packet).
 * BLOCKING and SYNCHRONOUS: rank 0 sends then receives, rank 1 receives then sends (SYNCHRONOUS: MPI_Ssend on even
 * tags, MPI_Issend and MPI_Wait on odd ones); NONBLOCKING: both post MPI_Irecv then MPI_Isend, then on even messages
 * MPI_Wait the receive and poll the send with MPI_Test, on odd ones the other way round. Each received message must
 * be the partner thread's next one, intact, with the right status. */
#include <sched.h>
#include "mvs.h"
#define BLOCKING_ 1
#define NONBLOCKING_ 2
#define SYNCHRONOUS_ 3
#define CAT_(a) a##_
#define KIND(a) CAT_(a)
#ifndef MODE
#error "compile with -DMODE=BLOCKING, NONBLOCKING or SYNCHRONOUS"
#endif
#define THREADS 4
#define MESSAGES 150
#define LARGE 5000

static int me, other;

/* PointToPointScenario.poll: MPI_Test until done, yielding the core to the thread it waits for. */
static __attribute__((unused)) void poll_done(MPI_Request *r, MPI_Status *st) {
    int flag = 0;
    for (;;) {
        MVS(MPI_Test, r, &flag, st);
        if (flag) return;
        sched_yield();
    }
}

static __attribute__((unused)) void send_one(const int *msg, int length, int tag) {
#if KIND(MODE) == SYNCHRONOUS_
    if (tag % 2 == 0) {
        MVS(MPI_Ssend, msg, length, MPI_INT, other, tag, MPI_COMM_WORLD);
    } else {
        MPI_Request r;
        MVS(MPI_Issend, msg, length, MPI_INT, other, tag, MPI_COMM_WORLD, &r);
        MVS(MPI_Wait, &r, MPI_STATUS_IGNORE);
    }
#else
    MVS(MPI_Send, msg, length, MPI_INT, other, tag, MPI_COMM_WORLD);
#endif
}

static void work(int t) {
    char who[64];
    static __thread int buf[LARGE], msg[LARGE];
    int messages = mvs_rounds(MESSAGES);
    snprintf(who, sizeof who, "rank %d thread %d", me, t);
    for (int i = 0; i < messages; i++) {
        int length = i % 40 == 39 ? LARGE : MVS_HEADER + (i * 7 + t) % 50;
        MPI_Status st;
        mvs_payload_make(msg, me, t, i, length);
#if KIND(MODE) == NONBLOCKING_
        MPI_Request rr, sr;
        MPI_Status ss;
        MVS(MPI_Irecv, buf, LARGE, MPI_INT, other, t, MPI_COMM_WORLD, &rr);
        MVS(MPI_Isend, msg, length, MPI_INT, other, t, MPI_COMM_WORLD, &sr);
        if (i % 2 == 0) {
            MVS(MPI_Wait, &rr, &st);
            poll_done(&sr, &ss);
        } else {
            poll_done(&rr, &st);
            MVS(MPI_Wait, &sr, &ss);
        }
#else
        if (me == 0) {
            send_one(msg, length, t);
            MVS(MPI_Recv, buf, LARGE, MPI_INT, other, t, MPI_COMM_WORLD, &st);
        } else {
            MVS(MPI_Recv, buf, LARGE, MPI_INT, other, t, MPI_COMM_WORLD, &st);
            send_one(msg, length, t);
        }
#endif
        mvs_expect_message(who, &st, buf, other, t, other, t, i);
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
    mvs_workers(THREADS, work);
    return mvs_finish();
}
