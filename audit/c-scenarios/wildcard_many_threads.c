/* wildcard-many-threads in C (WildcardScenario): 3 ranks. Round 1: 3 sender threads per rank each send 120 numbered
 * payloads (5 + (i*3+dest+t)%60 ints) to every other rank on tag t with MPI_Send, while 3 receiver threads take them,
 * receiver t with MPI_Recv(MPI_ANY_SOURCE, t). Round 2, on an MPI_Comm_dup of COMM_WORLD: the 3 senders again, and one
 * receiver with (MPI_ANY_SOURCE, MPI_ANY_TAG). Nothing lost or duplicated, every payload intact, and each (sender
 * rank, sender thread) stream in the order sent (MPI's non-overtaking rule). */
#include "mvs.h"
#define THREADS 3
#define MESSAGES 120
#define MAXN 8

static int me, n, messages;
static MPI_Comm second;

static void send_all(MPI_Comm comm, int t) {
    int m[MVS_HEADER + 64];
    for (int i = 0; i < messages; i++) {
        for (int d = 1; d < n; d++) {
            int dest = (me + d) % n, length = MVS_HEADER + (i * 3 + dest + t) % 60;
            mvs_payload_make(m, me, t, i, length);
            MVS(MPI_Send, m, length, MPI_INT, dest, t, comm);
        }
    }
}

/* next[src]: the sequence number expected next from (src, thread tag); WildcardScenario.check */
static void check(const char *who, MPI_Status *st, const int *buf, int tag, int *next) {
    int count = 0;
    char why[200];
    MPI_Get_count(st, MPI_INT, &count);
    const char *bad = mvs_payload_check(buf, count, why);
    if (bad) { mvs_evidence("%s received a damaged message: %s", who, bad); return; }
    int src = st->MPI_SOURCE;
    if (src < 0 || src >= n || buf[0] != src || buf[1] != tag) {
        mvs_evidence("%s: status (src %d, tag %d) but the payload is (src %d, thread %d, seq %d)", who, src, st->MPI_TAG,
                     buf[0], buf[1], buf[2]);
        return;
    }
    int seq = buf[2];
    if (seq < next[src]) {
        mvs_evidence("%s received (src %d, thread %d, seq %d) twice or after a later one", who, src, tag, seq);
    } else if (seq > next[src]) {
        mvs_evidence("%s received (src %d, thread %d, seq %d) before seq %d (lost or overtaken)", who, src, tag, seq, next[src]);
        next[src] = seq + 1;
    } else {
        next[src]++;
    }
}

static void round1(int w) {
    int t = w % THREADS;
    if (w < THREADS) {
        send_all(MPI_COMM_WORLD, t);
        return;
    }
    int next[MAXN] = {0}, buf[MVS_HEADER + 64];
    char who[64];
    snprintf(who, sizeof who, "rank %d receiver %d", me, t);
    for (int k = 0; k < (n - 1) * messages; k++) {
        MPI_Status st;
        MVS(MPI_Recv, buf, MVS_HEADER + 64, MPI_INT, MPI_ANY_SOURCE, t, MPI_COMM_WORLD, &st);
        check(who, &st, buf, t, next);
    }
}

static void round2(int w) {
    if (w < THREADS) {
        send_all(second, w);
        return;
    }
    int next[THREADS][MAXN] = {{0}}, buf[MVS_HEADER + 64];
    char who[64];
    snprintf(who, sizeof who, "rank %d wildcard receiver", me);
    for (int k = 0; k < (n - 1) * messages * THREADS; k++) {
        MPI_Status st;
        MVS(MPI_Recv, buf, MVS_HEADER + 64, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, second, &st);
        int tag = st.MPI_TAG;
        if (tag < 0 || tag >= THREADS) {
            mvs_evidence("rank %d (ANY_TAG) received a message with tag %d", me, tag);
            continue;
        }
        check(who, &st, buf, tag, next[tag]);
    }
}

int main(int argc, char **argv) {
    int provided;
    mvs_args(argc, argv);
    MVS(MPI_Init_thread, &argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    mvs_errors_return(MPI_COMM_WORLD);
    MVS(MPI_Comm_rank, MPI_COMM_WORLD, &me);
    mvs_me = me;
    MVS(MPI_Comm_size, MPI_COMM_WORLD, &n);
    messages = mvs_rounds(MESSAGES);
    MVS(MPI_Comm_dup, MPI_COMM_WORLD, &second);
    mvs_errors_return(second);
    mvs_workers(2 * THREADS, round1);
    mvs_workers(THREADS + 1, round2);
    MVS(MPI_Comm_free, &second);
    return mvs_finish();
}
