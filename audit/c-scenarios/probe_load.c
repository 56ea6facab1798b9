/* probe-recv-false-match and mprobe-exactly-once in C (ProbeLoadScenario), chosen with -DMATCHED=0 or 1: 2 ranks.
 * Rank 1's 2 sender threads send 300 payloads each (5 + (i*13+t*5)%64 ints) to rank 0 on tag 7, then its main thread
 * waits for rank 0's go (tag 8) and sends one poison message (one int, -7777) per receiver thread. Rank 0's 4
 * receiver threads take messages with a wildcard source until poisoned: MATCHED=0: MPI_Probe(MPI_ANY_SOURCE, 7) then
 * MPI_Recv(status source, status tag) into room for any message; a receive of another message than probed is a
 * HAZARD (MPI allows it; up to 20 pairs shown, then the count). MATCHED=1: even threads MPI_Mprobe + MPI_Mrecv, odd
 * ones an MPI_Improbe loop + MPI_Imrecv + MPI_Wait, into a buffer of exactly the probed length; another message than
 * probed is a FAIL. A fifth thread, the coordinator, waits (bounded) until all 600 arrived and sends the go. Lost,
 * duplicated or damaged messages FAIL. */
#include <errno.h>
#include <sched.h>
#include <time.h>
#include "mvs.h"
#ifndef MATCHED
#error "compile with -DMATCHED=0 or 1"
#endif
#define SENDERS 2
#define RECEIVERS 4
#define MESSAGES 300
#define TAG 7
#define DONE_TAG 8
#define POISON (-7777)
#define MAX (MVS_HEADER + 64)
#define DEADLINE_S 20

static int me, messages;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t all_received = PTHREAD_COND_INITIALIZER;
static int seen[SENDERS][MESSAGES], received, false_matches, hazards;

static void send_messages(int t) {
    int m[MAX];
    for (int i = 0; i < messages; i++) {
        int length = MVS_HEADER + (i * 13 + t * 5) % 64;
        mvs_payload_make(m, 1, t, i, length);
        MVS(MPI_Send, m, length, MPI_INT, 0, TAG, MPI_COMM_WORLD);
    }
}

static void coordinate(void) {
    int total = SENDERS * messages, go = 0;
    struct timespec end;
    clock_gettime(CLOCK_REALTIME, &end);
    end.tv_sec += DEADLINE_S;
    pthread_mutex_lock(&lock);
    int rc = 0;
    while (received < total && rc != ETIMEDOUT) rc = pthread_cond_timedwait(&all_received, &lock, &end);
    int got = received;
    pthread_mutex_unlock(&lock);
    if (got < total) mvs_evidence("rank 0: only %d of %d messages arrived", got, total);
    MVS(MPI_Send, &go, 1, MPI_INT, 1, DONE_TAG, MPI_COMM_WORLD);
}

static void receive_messages(int t) {
    char why[200];
    int total = SENDERS * messages;
    for (;;) {
        int buf[MAX], probed_count = 0, count = 0;
        MPI_Status probed, got;
#if MATCHED
        MPI_Message msg;
        if (t % 2 == 0) {
            MVS(MPI_Mprobe, MPI_ANY_SOURCE, TAG, MPI_COMM_WORLD, &msg, &probed);
        } else {
            int flag = 0;
            for (;;) {
                MVS(MPI_Improbe, MPI_ANY_SOURCE, TAG, MPI_COMM_WORLD, &flag, &msg, &probed);
                if (flag) break;
                sched_yield();
            }
        }
        MPI_Get_count(&probed, MPI_INT, &probed_count);
        /* exactly the probed length, as a real program would (at least one int) */
        int *exact = malloc(sizeof(int) * (probed_count > 0 ? probed_count : 1));
        if (t % 2 == 0) {
            MVS(MPI_Mrecv, exact, probed_count, MPI_INT, &msg, &got);
        } else {
            MPI_Request r;
            MVS(MPI_Imrecv, exact, probed_count, MPI_INT, &msg, &r);
            MVS(MPI_Wait, &r, &got);
        }
        MPI_Get_count(&got, MPI_INT, &count);
        memcpy(buf, exact, sizeof(int) * (count > 0 && count <= MAX ? count : 1));
        free(exact);
#else
        MVS(MPI_Probe, MPI_ANY_SOURCE, TAG, MPI_COMM_WORLD, &probed);
        MPI_Get_count(&probed, MPI_INT, &probed_count);
        /* room for any message, so a false match shows instead of truncating */
        MVS(MPI_Recv, buf, MAX, MPI_INT, probed.MPI_SOURCE, probed.MPI_TAG, MPI_COMM_WORLD, &got);
        MPI_Get_count(&got, MPI_INT, &count);
#endif
        if (count == 1 && buf[0] == POISON) return;
        const char *bad = mvs_payload_check(buf, count, why);
        if (bad) {
            mvs_evidence("rank 0 thread %d received a damaged message: %s", t, bad);
            continue;
        }
        if (count != probed_count) {
            pthread_mutex_lock(&lock);
            false_matches++;
            int show = hazards < 20;
            if (show) hazards++;
            pthread_mutex_unlock(&lock);
            if (MATCHED) {
                mvs_evidence("rank 0 thread %d probed a %d-int message from rank %d but received (src %d, thread %d, seq %d, "
                             "%d ints) (matched probe must deliver the probed message)", t, probed_count, probed.MPI_SOURCE,
                             buf[0], buf[1], buf[2], count);
            } else if (show) {
                mvs_hazard("rank 0 thread %d probed a %d-int message from rank %d but received (src %d, thread %d, seq %d, "
                           "%d ints)", t, probed_count, probed.MPI_SOURCE, buf[0], buf[1], buf[2], count);
            }
        }
        int thread = buf[1], seq = buf[2], twice = 0;
        pthread_mutex_lock(&lock);
        if (thread >= 0 && thread < SENDERS && seq >= 0 && seq < messages) twice = seen[thread][seq]++;
        if (++received == total) pthread_cond_broadcast(&all_received);
        pthread_mutex_unlock(&lock);
        if (twice) mvs_evidence("rank 0 thread %d received (src %d, thread %d, seq %d) twice", t, buf[0], thread, seq);
    }
}

static void rank0(int t) {
    if (t == RECEIVERS) coordinate();
    else receive_messages(t);
}

int main(int argc, char **argv) {
    int provided;
    mvs_args(argc, argv);
    MVS(MPI_Init_thread, &argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    mvs_errors_return(MPI_COMM_WORLD);
    MVS(MPI_Comm_rank, MPI_COMM_WORLD, &me);
    mvs_me = me;
    messages = mvs_rounds(MESSAGES);
    if (me == 1) {
        int go, poison = POISON;
        mvs_workers(SENDERS, send_messages);
        MVS(MPI_Recv, &go, 1, MPI_INT, 0, DONE_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        for (int i = 0; i < RECEIVERS; i++) MVS(MPI_Send, &poison, 1, MPI_INT, 0, TAG, MPI_COMM_WORLD);
        return mvs_finish();
    }
    mvs_workers(RECEIVERS + 1, rank0);
    for (int s = 0; s < SENDERS; s++) {
        for (int i = 0; i < messages; i++) {
            if (!seen[s][i]) mvs_evidence("rank 0 never received message (src 1, thread %d, seq %d)", s, i);
        }
    }
    if (false_matches > 0 && !MATCHED) {
        mvs_hazard("rank 0: %d of %d probe-then-recv pairs received another message than the one probed (allowed by MPI; "
                   "a program sizing its buffer by the probe would truncate)", false_matches, SENDERS * messages);
    }
    return mvs_finish();
}
