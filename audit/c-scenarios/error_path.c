/* p2p-truncate-under-load and p2p-invalid-args-under-load in C (ErrorPathScenario), chosen with -DKIND=TRUNCATE or
 * INVALID_ARGS: 2 ranks x 4 threads, MPI_ERRORS_RETURN. The main thread dups COMM_WORLD twice: "shared" and
 * "elsewhere". Thread 0 takes the errors on shared, 40 rounds; threads 1 and 2 ping-pong 120 messages with their
 * partner thread on shared (tags 1, 2), thread 3 on elsewhere (tag 3) (PairTraffic: two blocking exchanges in three,
 * one MPI_Irecv + MPI_Isend + two MPI_Wait; every message checked).
 * TRUNCATE: per round thread 0 isends a 40-int (every fourth a 5000-int) then a short payload to the other thread 0
 * on tag 0; the first receive into 20 ints (MPI_Recv, or MPI_Irecv + MPI_Wait, in turn) must fail with
 * MPI_ERR_TRUNCATE; the next MPI_Recv must bring the short message intact; MPI_Waitall of the two sends.
 * INVALID_ARGS: per round MPI_Send to rank size (MPI_ERR_RANK), MPI_Isend with tag -5 (MPI_ERR_TAG), MPI_Recv from
 * rank size + 3 (MPI_ERR_RANK), MPI_Irecv with tag -5 (MPI_ERR_TAG), then MPI_Sendrecv with the other thread 0.
 * Error classes are compared by name. */
#include "mvs.h"
#define TRUNCATE_ 1
#define INVALID_ARGS_ 2
#define CAT_(a) a##_
#define WHICH(a) CAT_(a)
#ifndef KIND
#error "compile with -DKIND=TRUNCATE or INVALID_ARGS"
#endif
#define THREADS 4
#define ROUNDS 40
#define TRAFFIC 120
#define LONG 40
#define RENDEZVOUS 5000
#define SHORT_BUFFER 20
#define ERROR_TAG 0

static int me, size, other, rounds;
static MPI_Comm shared, elsewhere;

/* PairTraffic.run */
static void pair_traffic(MPI_Comm comm, const char *comm_name, int t, int tag, int messages) {
    int buf[MVS_HEADER + 64], msg[MVS_HEADER + 64];
    char who[96];
    snprintf(who, sizeof who, "rank %d thread %d (traffic on %s)", me, t, comm_name);
    for (int i = 0; i < messages; i++) {
        int length = MVS_HEADER + (i * 7 + t) % 60;
        MPI_Status st;
        mvs_payload_make(msg, me, t, i, length);
        if (i % 3 == 2) {
            MPI_Request r, s;
            MVS(MPI_Irecv, buf, MVS_HEADER + 64, MPI_INT, other, tag, comm, &r);
            MVS(MPI_Isend, msg, length, MPI_INT, other, tag, comm, &s);
            MVS(MPI_Wait, &r, &st);
            MVS(MPI_Wait, &s, MPI_STATUS_IGNORE);
        } else if (me == 0) {
            MVS(MPI_Send, msg, length, MPI_INT, other, tag, comm);
            MVS(MPI_Recv, buf, MVS_HEADER + 64, MPI_INT, other, tag, comm, &st);
        } else {
            MVS(MPI_Recv, buf, MVS_HEADER + 64, MPI_INT, other, tag, comm, &st);
            MVS(MPI_Send, msg, length, MPI_INT, other, tag, comm);
        }
        mvs_expect_message(who, &st, buf, other, tag, other, t, i);
    }
}

#if WHICH(KIND) == TRUNCATE_
static void errors(void) {
    static int long_msg[RENDEZVOUS];
    int small[SHORT_BUFFER], buf[MVS_HEADER + 64], short_msg[MVS_HEADER + 10];
    for (int i = 0; i < rounds; i++) {
        char who[64], after[128];
        int length = i % 4 == 3 ? RENDEZVOUS : LONG, rc, count = 0;
        MPI_Request sends[2];
        MPI_Status st, sst[2];
        snprintf(who, sizeof who, "rank %d thread 0 round %d", me, i);
        mvs_payload_make(long_msg, me, 0, 2 * i, length);
        mvs_payload_make(short_msg, me, 0, 2 * i + 1, MVS_HEADER + i % 10);
        MVS(MPI_Isend, long_msg, length, MPI_INT, other, ERROR_TAG, shared, &sends[0]);
        MVS(MPI_Isend, short_msg, MVS_HEADER + i % 10, MPI_INT, other, ERROR_TAG, shared, &sends[1]);
        if (i % 2 == 0) {
            rc = MVS_TRY(MPI_Recv, small, SHORT_BUFFER, MPI_INT, other, ERROR_TAG, shared, &st);
        } else {
            MPI_Request r;
            MVS(MPI_Irecv, small, SHORT_BUFFER, MPI_INT, other, ERROR_TAG, shared, &r);
            rc = MVS_TRY(MPI_Wait, &r, &st);
        }
        if (rc == MPI_SUCCESS) {
            MPI_Get_count(&st, MPI_INT, &count);
            mvs_evidence("%s: a %d-int message received into %d ints returned normally (status count %d), expected "
                         "MPI_ERR_TRUNCATE", who, length, SHORT_BUFFER, count);
        } else if (strcmp(mvs_error_name(rc), "MPI_ERR_TRUNCATE") != 0) {
            mvs_evidence("%s: the truncated receive failed with %s, expected MPI_ERR_TRUNCATE", who, mvs_error_name(rc));
        }
        /* the failing thread goes on: the next message on the same (communicator, source, tag) is the short one */
        MVS(MPI_Recv, buf, MVS_HEADER + 64, MPI_INT, other, ERROR_TAG, shared, &st);
        snprintf(after, sizeof after, "%s (the receive after the truncated one)", who);
        mvs_expect_message(after, &st, buf, other, ERROR_TAG, other, 0, 2 * i + 1);
        MVS(MPI_Waitall, 2, sends, sst);
    }
}
#elif WHICH(KIND) == INVALID_ARGS_
static void expect_error(const char *who, const char *what, const char *name, int rc) {
    if (rc == MPI_SUCCESS) mvs_evidence("%s: %s returned without an error, expected %s", who, what, name);
    else if (strcmp(mvs_error_name(rc), name) != 0) mvs_evidence("%s: %s failed with %s, expected %s", who, what, mvs_error_name(rc), name);
}

static void errors(void) {
    int msg[MVS_HEADER + 3], buf[MVS_HEADER + 64], out[MVS_HEADER + 10];
    mvs_payload_make(msg, me, 0, 0, MVS_HEADER + 3);
    for (int i = 0; i < rounds; i++) {
        char who[64], what[64], after[128];
        MPI_Request r;
        MPI_Status st;
        snprintf(who, sizeof who, "rank %d thread 0 round %d", me, i);
        snprintf(what, sizeof what, "send to rank %d of %d", size, size);
        expect_error(who, what, "MPI_ERR_RANK", MVS_TRY(MPI_Send, msg, MVS_HEADER + 3, MPI_INT, size, ERROR_TAG, shared));
        expect_error(who, "isend with tag -5", "MPI_ERR_TAG", MVS_TRY(MPI_Isend, msg, MVS_HEADER + 3, MPI_INT, other, -5, shared, &r));
        snprintf(what, sizeof what, "recv from rank %d", size + 3);
        expect_error(who, what, "MPI_ERR_RANK", MVS_TRY(MPI_Recv, buf, MVS_HEADER + 64, MPI_INT, size + 3, ERROR_TAG, shared, &st));
        expect_error(who, "irecv with tag -5", "MPI_ERR_TAG", MVS_TRY(MPI_Irecv, buf, MVS_HEADER + 64, MPI_INT, other, -5, shared, &r));
        /* the failing thread goes on: an exchange with the other rank's thread 0 */
        mvs_payload_make(out, me, 0, i, MVS_HEADER + i % 10);
        MVS(MPI_Sendrecv, out, MVS_HEADER + i % 10, MPI_INT, other, ERROR_TAG, buf, MVS_HEADER + 64, MPI_INT, other,
            ERROR_TAG, shared, &st);
        snprintf(after, sizeof after, "%s (the exchange after the errors)", who);
        mvs_expect_message(after, &st, buf, other, ERROR_TAG, other, 0, i);
    }
}
#else
#error "KIND is TRUNCATE or INVALID_ARGS"
#endif

static void work(int t) {
    if (t == 0) errors();
    else if (t < 3) pair_traffic(shared, "the communicator of the errors", t, t, TRAFFIC);
    else pair_traffic(elsewhere, "another communicator", t, t, TRAFFIC);
}

int main(int argc, char **argv) {
    int provided;
    mvs_args(argc, argv);
    MVS(MPI_Init_thread, &argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    mvs_errors_return(MPI_COMM_WORLD);
    MVS(MPI_Comm_rank, MPI_COMM_WORLD, &me);
    mvs_me = me;
    MVS(MPI_Comm_size, MPI_COMM_WORLD, &size);
    other = 1 - me;
    rounds = mvs_rounds(ROUNDS);
    MVS(MPI_Comm_dup, MPI_COMM_WORLD, &shared);
    mvs_errors_return(shared);
    MVS(MPI_Comm_dup, MPI_COMM_WORLD, &elsewhere);
    mvs_errors_return(elsewhere);
    mvs_workers(THREADS, work);
    MVS(MPI_Comm_free, &shared);
    MVS(MPI_Comm_free, &elsewhere);
    return mvs_finish();
}
