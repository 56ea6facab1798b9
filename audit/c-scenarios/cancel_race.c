/* p2p-cancel-race in C (CancelRaceScenario, after MPICH's threads/pt2pt/mt_mpicancel.c): 2 ranks x 4 threads; the main
 * thread dups COMM_WORLD into "data", "control" and one per canceller. Threads 0 and 1 cancel, threads 2 and 3 send
 * to the other rank's cancellers. 40 rounds per canceller t: MPI_Irecv of message k (tag 10 + t, room for 5000 ints,
 * filled with -1) on data, tell the partner to send now (tag 20 + t on control), then a bounded spin different each
 * round (every fourth round instead wait for the partner's "sent", tag 30 + t: the cancel comes too late), MPI_Cancel,
 * MPI_Wait. Exactly one must hold: cancelled, the buffer untouched, and message k the next one received; or not
 * cancelled and the buffer is message k. A lost message shows as the partner's round-end marker arriving instead;
 * then the round-end marker. Then 20 receives nobody sends to on the canceller's own communicator, all cancelled,
 * one MPI_Waitall: each cancelled. Last an MPI_Sendrecv with the other rank's canceller. The count of MPI_Recv is the
 * schedule's (a cancelled receive's message is received again), so it is compared by presence. */
#include "mvs.h"
#define CANCELLERS 2
#define ROUNDS 40
#define UNMATCHED 20
#define LARGE 5000
#define DATA_TAG 10
#define GO_TAG 20
#define SENT_TAG 30
#define EXCHANGE_TAG 40
#define ROUND_END 1000000

static int me, other, rounds;
static MPI_Comm data, control, own[CANCELLERS];

/* not synchronization: a spread of the points at which the cancel meets the message, so both outcomes occur */
static void jitter(int k) {
    volatile int sink = 0;
    int spins = (k * 7919) % 150000;
    for (int i = 0; i < spins; i++) sink++;
}

static void cancel_rounds(int t) {
    static __thread int buf[LARGE], again[LARGE];
    int tag = DATA_TAG + t, partner = t + CANCELLERS;
    char why[200];
    for (int k = 0; k < rounds; k++) {
        char who[64], what[128];
        int go = k, sent, cancelled = 0, end_seen = 0, count = 0;
        MPI_Request r;
        MPI_Status st;
        snprintf(who, sizeof who, "rank %d canceller %d round %d", me, t, k);
        for (int i = 0; i < LARGE; i++) buf[i] = -1;
        MVS(MPI_Irecv, buf, LARGE, MPI_INT, other, tag, data, &r);
        MVS(MPI_Send, &go, 1, MPI_INT, other, GO_TAG + t, control);
        if (k % 4 == 3) {
            MVS(MPI_Recv, &sent, 1, MPI_INT, other, SENT_TAG + t, control, MPI_STATUS_IGNORE); /* on its way: too late */
        } else {
            jitter(k);
        }
        MVS(MPI_Cancel, &r);
        MVS(MPI_Wait, &r, &st);
        MPI_Test_cancelled(&st, &cancelled);
        if (cancelled) {
            if (mvs_payload_check(buf, LARGE, why) == NULL || (buf[0] != -1 && buf[2] == k)) {
                mvs_evidence("%s: the receive was cancelled but its buffer holds (src %d, thread %d, seq %d): delivered and "
                             "cancelled both", who, buf[0], buf[1], buf[2]);
            }
            MPI_Status s2;
            MVS(MPI_Recv, again, LARGE, MPI_INT, other, tag, data, &s2);
            MPI_Get_count(&s2, MPI_INT, &count);
            end_seen = count > MVS_HEADER - 1 && again[2] == ROUND_END + k;
            if (end_seen) {
                mvs_evidence("%s: the receive was cancelled and its message (src %d, thread %d, seq %d) is lost: the next "
                             "receive got the round-end marker", who, other, partner, k);
            } else {
                snprintf(what, sizeof what, "%s (cancelled; its message received afterwards)", who);
                mvs_expect_message(what, &s2, again, other, tag, other, partner, k);
            }
        } else {
            snprintf(what, sizeof what, "%s (not cancelled: received)", who);
            mvs_expect_message(what, &st, buf, other, tag, other, partner, k);
        }
        if (!end_seen) {
            int end[MVS_HEADER + 1];
            MPI_Status s3;
            MVS(MPI_Recv, end, MVS_HEADER + 1, MPI_INT, other, tag, data, &s3);
            snprintf(what, sizeof what, "%s (the round-end marker)", who);
            mvs_expect_message(what, &s3, end, other, tag, other, partner, ROUND_END + k);
        }
    }
}

static void send_rounds(int t) {
    static __thread int msg[LARGE];
    int tag = DATA_TAG + t, go;
    for (int k = 0; k < rounds; k++) {
        int length = k % 5 == 4 ? LARGE : MVS_HEADER + (k * 3) % 40, end[MVS_HEADER + 1];
        MVS(MPI_Recv, &go, 1, MPI_INT, other, GO_TAG + t, control, MPI_STATUS_IGNORE);
        mvs_payload_make(msg, me, t + CANCELLERS, k, length);
        if (k % 4 == 3) {
            MPI_Request s;
            MVS(MPI_Isend, msg, length, MPI_INT, other, tag, data, &s);
            MVS(MPI_Send, &k, 1, MPI_INT, other, SENT_TAG + t, control);
            MVS(MPI_Wait, &s, MPI_STATUS_IGNORE);
        } else {
            MVS(MPI_Send, msg, length, MPI_INT, other, tag, data);
        }
        mvs_payload_make(end, me, t + CANCELLERS, ROUND_END + k, MVS_HEADER + 1);
        MVS(MPI_Send, end, MVS_HEADER + 1, MPI_INT, other, tag, data);
    }
}

/* MPICH's mt_mpicancel: receives nobody sends to, on a communicator of the thread's own, all cancelled */
static void unmatched(int t) {
    int bufs[UNMATCHED][4];
    MPI_Request reqs[UNMATCHED];
    MPI_Status st[UNMATCHED];
    for (int i = 0; i < UNMATCHED; i++) MVS(MPI_Irecv, bufs[i], 4, MPI_INT, other, 1, own[t], &reqs[i]);
    for (int i = 0; i < UNMATCHED; i++) MVS(MPI_Cancel, &reqs[i]);
    MVS(MPI_Waitall, UNMATCHED, reqs, st);
    for (int i = 0; i < UNMATCHED; i++) {
        int cancelled = 0, count = 0;
        MPI_Test_cancelled(&st[i], &cancelled);
        if (!cancelled) {
            MPI_Get_count(&st[i], MPI_INT, &count);
            mvs_evidence("rank %d canceller %d: unmatched receive %d on its own communicator was not cancelled (status "
                         "source %d, tag %d, count %d)", me, t, i, st[i].MPI_SOURCE, st[i].MPI_TAG, count);
        }
    }
}

static void work(int w) {
    if (w >= CANCELLERS) {
        send_rounds(w - CANCELLERS);
        return;
    }
    int out[MVS_HEADER + 2], in[MVS_HEADER + 8];
    char who[96];
    MPI_Status st;
    cancel_rounds(w);
    unmatched(w);
    mvs_payload_make(out, me, w, 0, MVS_HEADER + 2);
    MVS(MPI_Sendrecv, out, MVS_HEADER + 2, MPI_INT, other, EXCHANGE_TAG + w, in, MVS_HEADER + 8, MPI_INT, other,
        EXCHANGE_TAG + w, data, &st);
    snprintf(who, sizeof who, "rank %d canceller %d (the exchange after the cancels)", me, w);
    mvs_expect_message(who, &st, in, other, EXCHANGE_TAG + w, other, w, 0);
}

int main(int argc, char **argv) {
    int provided;
    mvs_args(argc, argv);
    MVS(MPI_Init_thread, &argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    mvs_errors_return(MPI_COMM_WORLD);
    MVS(MPI_Comm_rank, MPI_COMM_WORLD, &me);
    mvs_me = me;
    other = 1 - me;
    rounds = mvs_rounds(ROUNDS);
    MVS(MPI_Comm_dup, MPI_COMM_WORLD, &data);
    mvs_errors_return(data);
    MVS(MPI_Comm_dup, MPI_COMM_WORLD, &control);
    mvs_errors_return(control);
    for (int t = 0; t < CANCELLERS; t++) {
        MVS(MPI_Comm_dup, MPI_COMM_WORLD, &own[t]);
        mvs_errors_return(own[t]);
    }
    mvs_workers(2 * CANCELLERS, work);
    MVS(MPI_Comm_free, &data);
    MVS(MPI_Comm_free, &control);
    for (int t = 0; t < CANCELLERS; t++) MVS(MPI_Comm_free, &own[t]);
    return mvs_finish();
}
