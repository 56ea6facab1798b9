/* context-id-exhaustion in C (ContextIdExhaustionScenario): 2 ranks. The main thread dups COMM_WORLD 4 times (the
 * phase-2 parents), then dups COMM_WORLD until the library refuses (at most 5000): the refusal must be an error, at
 * the same count on every rank (an "agree: limit" line), not a hang. If refused with at least 4 held, 4 of them are
 * freed and 25 waves of 4 fresh threads, released together by a barrier of the rank's threads (not MPI), each dup and
 * free on their own parent 100 times (every 50th dup checked through itself): one id per thread is enough, so any
 * refusal now is spurious. Then everything is freed. */
#include "mvs.h"
#define CAP 5000
#define THREADS 4
#define ROUNDS 2500
#define WAVES 25
#define ROUNDS_PER_WAVE (ROUNDS / WAVES)
#define CHECK 50

static int me, wave, refused;
static MPI_Comm parents[THREADS], held[CAP];
static pthread_barrier_t start;

static void phase2(int t) {
    char who[64], label[64];
    snprintf(who, sizeof who, "rank %d thread %d", me, t);
    pthread_barrier_wait(&start); /* released together, so the first dups of every wave collide */
    for (int r = 0; r < ROUNDS_PER_WAVE; r++) {
        int i = wave * ROUNDS_PER_WAVE + r;
        MPI_Comm d;
        int rc = MVS_TRY(MPI_Comm_dup, parents[t], &d);
        if (rc != MPI_SUCCESS) {
            char text[MPI_MAX_ERROR_STRING];
            int len = 0;
            MPI_Error_string(rc, text, &len);
            mvs_evidence("%s dup #%d refused with %d ids free for %d threads, each holding at most one: %s", who, i,
                         THREADS, THREADS, text);
            __atomic_store_n(&refused, 1, __ATOMIC_SEQ_CST); /* the partner's rank stops after this wave too */
            return;
        }
        mvs_errors_return(d);
        if (i % CHECK == 0) {
            snprintf(label, sizeof label, "dup #%d on parent %d", i, t);
            mvs_check_new_comm(d, who, label, t * 10000 + i, 0x3);
        }
        MVS(MPI_Comm_free, &d);
    }
}

int main(int argc, char **argv) {
    int provided, count = 0, rc = MPI_SUCCESS;
    mvs_args(argc, argv);
    MVS(MPI_Init_thread, &argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    mvs_errors_return(MPI_COMM_WORLD);
    MVS(MPI_Comm_rank, MPI_COMM_WORLD, &me);
    mvs_me = me;
    for (int t = 0; t < THREADS; t++) {
        MVS(MPI_Comm_dup, MPI_COMM_WORLD, &parents[t]);
        mvs_errors_return(parents[t]);
    }
    while (count < CAP) {
        rc = MVS_TRY(MPI_Comm_dup, MPI_COMM_WORLD, &held[count]);
        if (rc != MPI_SUCCESS) break;
        count++;
    }
    if (rc == MPI_SUCCESS) mvs_agree("limit", "none");
    else mvs_agree("limit", "%d", count);
    if (rc != MPI_SUCCESS && count >= THREADS) {
        for (int k = 0; k < THREADS; k++) MVS(MPI_Comm_free, &held[--count]);
        int waves = mvs_rounds(WAVES);
        pthread_barrier_init(&start, NULL, mvs_thread_count(THREADS));
        for (wave = 0; wave < waves && !__atomic_load_n(&refused, __ATOMIC_SEQ_CST); wave++) mvs_workers(THREADS, phase2);
    }
    for (int k = 0; k < count; k++) MVS(MPI_Comm_free, &held[k]);
    for (int t = 0; t < THREADS; t++) MVS(MPI_Comm_free, &parents[t]);
    return mvs_finish();
}
