/* p2p-bsend-threads in C (BufferedSendScenario, MPICH's threads/pt2pt/ibsend.c with every message checked): 2 ranks,
 * one buffer attached per rank (MPI_Buffer_attach of 4 x 16 x 21024 bytes: every message at once with room to spare),
 * 4 sender threads and one receiver thread. Sender t sends 16 payloads (every fifth 5000 ints, else 5 + (i*7+t)%40)
 * to the other rank on tag 3: threads 0 and 2 with MPI_Bsend, 1 and 3 with MPI_Ibsend and one MPI_Waitall; the send
 * buffer is overwritten as soon as a buffered send returns (MPI allows it). The receiver takes 64 messages with
 * MPI_Recv(other, MPI_ANY_TAG): each once, intact, each sender thread's in order. Then MPI_Buffer_detach must return
 * the size attached, and an MPI_Barrier ends the rank. */
#include "mvs.h"
#define SENDERS 4
#define ITER 16
#define LARGE 5000
#define TAG 3
#define SLOT (LARGE * 4 + 1024)
#define BUFFER (SENDERS * ITER * SLOT)

static int me, other;
static int got[SENDERS][ITER];
static pthread_mutex_t got_lock = PTHREAD_MUTEX_INITIALIZER;

static int length_of(int i, int t) { return i % 5 == 4 ? LARGE : MVS_HEADER + (i * 7 + t) % 40; }

static void send_all(int t) {
    static __thread int m[LARGE];
    MPI_Request reqs[ITER];
    MPI_Status st[ITER];
    for (int i = 0; i < ITER; i++) {
        int length = length_of(i, t);
        mvs_payload_make(m, me, t, i, length);
        if (t % 2 == 0) {
            MVS(MPI_Bsend, m, length, MPI_INT, other, TAG, MPI_COMM_WORLD);
        } else {
            MVS(MPI_Ibsend, m, length, MPI_INT, other, TAG, MPI_COMM_WORLD, &reqs[i]);
        }
        for (int k = 0; k < length; k++) m[k] = -1; /* MPI: the send buffer may be reused once a buffered send returns */
    }
    if (t % 2 == 1) MVS(MPI_Waitall, ITER, reqs, st);
}

static void receive_all(void) {
    static int buf[LARGE];
    int last[SENDERS] = {-1, -1, -1, -1};
    for (int k = 0; k < SENDERS * ITER; k++) {
        MPI_Status st;
        int count = 0;
        char why[200];
        MVS(MPI_Recv, buf, LARGE, MPI_INT, other, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
        if (st.MPI_SOURCE != other || st.MPI_TAG != TAG) {
            mvs_evidence("rank %d receiver: receive %d has status (%d, tag %d), expected (%d, tag %d)", me, k, st.MPI_SOURCE,
                         st.MPI_TAG, other, TAG);
            continue;
        }
        MPI_Get_count(&st, MPI_INT, &count);
        const char *bad = mvs_payload_check(buf, count, why);
        if (bad) {
            mvs_evidence("rank %d receiver: receive %d got a damaged buffered message: %s", me, k, bad);
            continue;
        }
        int from = buf[1], seq = buf[2];
        if (buf[0] != other || from < 0 || from >= SENDERS || seq < 0 || seq >= ITER) {
            mvs_evidence("rank %d receiver: receive %d got (src %d, thread %d, seq %d), not a message of rank %d", me, k,
                         buf[0], from, seq, other);
            continue;
        }
        pthread_mutex_lock(&got_lock);
        int twice = got[from][seq]++;
        pthread_mutex_unlock(&got_lock);
        if (twice) mvs_evidence("rank %d receiver received (src %d, thread %d, seq %d) twice", me, other, from, seq);
        if (seq <= last[from]) {
            mvs_evidence("rank %d receiver received (src %d, thread %d, seq %d) after seq %d of the same sender thread: "
                         "overtaken", me, other, from, seq, last[from]);
        }
        last[from] = seq;
    }
}

static void work(int t) {
    if (t == SENDERS) receive_all();
    else send_all(t);
}

int main(int argc, char **argv) {
    int provided, detached = 0;
    void *attached, *back;
    mvs_args(argc, argv);
    MVS(MPI_Init_thread, &argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    mvs_errors_return(MPI_COMM_WORLD);
    MVS(MPI_Comm_rank, MPI_COMM_WORLD, &me);
    mvs_me = me;
    other = 1 - me;
    attached = malloc(BUFFER);
    MVS(MPI_Buffer_attach, attached, BUFFER);
    mvs_workers(SENDERS + 1, work);
    for (int t = 0; t < SENDERS; t++) {
        for (int i = 0; i < ITER; i++) {
            if (!got[t][i]) mvs_evidence("rank %d: buffered message (src %d, thread %d, seq %d) never arrived", me, other, t, i);
        }
    }
    MVS(MPI_Buffer_detach, &back, &detached);
    if (detached != BUFFER) mvs_evidence("rank %d: bufferDetach returned a buffer of %d bytes, %d were attached", me, detached, BUFFER);
    free(attached);
    MVS(MPI_Barrier, MPI_COMM_WORLD);
    return mvs_finish();
}
