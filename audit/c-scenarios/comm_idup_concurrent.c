/* comm-idup-concurrent in C (IdupScenario): 3 ranks x 3 threads, thread t on its own parent (a dup of COMM_WORLD
 * made by the main thread), 3 rounds: 8 MPI_Comm_idup of the parent outstanding at once; meanwhile a blocking
 * MPI_Comm_dup, MPI_Comm_split (colour (rank+i)%2, key -rank) and MPI_Comm_create_group (the parent's group, tag i)
 * of the same parent, each checked (mvs_check_new_comm); an idup of MPI_COMM_SELF, whose start takes turns under a
 * mutex (COMM_SELF is shared by the threads; the mutex is held for the start only); a wait for the first idup, then 2
 * idups of that new communicator before its siblings complete; then every wait, and each new communicator checked;
 * the blocking ones freed, round i-2's idup'ed ones freed. audit/repro/comm_idup_concurrent.c is the same program
 * kept as the evidence of the libraries' recorded hang. */
#include "mvs.h"
#define THREADS 3
#define ROUNDS 3
#define OUTSTANDING 8
#define CHAIN 2
#define LIVE (OUTSTANDING + CHAIN + 1)

static int me, n;
static MPI_Comm parents[THREADS];
static pthread_mutex_t self_starts = PTHREAD_MUTEX_INITIALIZER;

static int token(int t, int i, int k) { return (t * ROUNDS + i) * 40 + k; }

static void checked(MPI_Comm c, const char *who, const char *label, int tok, int members) {
    if (c == MPI_COMM_NULL) mvs_evidence("%s: %s completed with MPI_COMM_NULL", who, label);
    else mvs_check_new_comm(c, who, label, tok, members);
}

static void work(int t) {
    char who[64], label[96];
    int all = (1 << n) - 1, rounds = mvs_rounds(ROUNDS), nolder = 0, nprevious = 0;
    MPI_Comm parent = parents[t], older[LIVE], previous[LIVE];
    MPI_Group pg;
    snprintf(who, sizeof who, "rank %d thread %d", me, t);
    MVS(MPI_Comm_group, parent, &pg);
    for (int i = 0; i < rounds; i++) {
        MPI_Comm idup[OUTSTANDING], chain[CHAIN], selfdup, d, s, g, live[LIVE];
        MPI_Request req[OUTSTANDING], chainreq[CHAIN], selfreq;
        for (int k = 0; k < OUTSTANDING; k++) MVS(MPI_Comm_idup, parent, &idup[k], &req[k]);

        MVS(MPI_Comm_dup, parent, &d);
        mvs_errors_return(d);
        snprintf(label, sizeof label, "dup-during-idup #(%d,%d)", t, i);
        mvs_check_new_comm(d, who, label, token(t, i, 20), all);
        int colour = (me + i) % 2, split_members = 0;
        for (int r = 0; r < n; r++) if ((r + i) % 2 == colour) split_members |= 1 << r;
        MVS(MPI_Comm_split, parent, colour, -me, &s);
        mvs_errors_return(s);
        snprintf(label, sizeof label, "split-during-idup #(%d,%d) colour %d", t, i, colour);
        mvs_check_new_comm(s, who, label, token(t, i, 21 + colour), split_members);
        MVS(MPI_Comm_create_group, parent, pg, i, &g);
        mvs_errors_return(g);
        snprintf(label, sizeof label, "create-group-during-idup #(%d,%d)", t, i);
        mvs_check_new_comm(g, who, label, token(t, i, 23), all);

        pthread_mutex_lock(&self_starts);
        MVS(MPI_Comm_idup, MPI_COMM_SELF, &selfdup, &selfreq);
        pthread_mutex_unlock(&self_starts);

        MVS(MPI_Wait, &req[0], MPI_STATUS_IGNORE);
        for (int j = 0; j < CHAIN; j++) MVS(MPI_Comm_idup, idup[0], &chain[j], &chainreq[j]);
        for (int k = OUTSTANDING - 1; k >= 1; k--) MVS(MPI_Wait, &req[k], MPI_STATUS_IGNORE);
        for (int j = 0; j < CHAIN; j++) MVS(MPI_Wait, &chainreq[j], MPI_STATUS_IGNORE);
        MVS(MPI_Wait, &selfreq, MPI_STATUS_IGNORE);

        int nlive = 0;
        for (int k = 0; k < OUTSTANDING; k++) {
            mvs_errors_return(idup[k]);
            snprintf(label, sizeof label, "idup #(%d,%d,%d)", t, i, k);
            checked(idup[k], who, label, token(t, i, k), all);
            live[nlive++] = idup[k];
        }
        for (int j = 0; j < CHAIN; j++) {
            mvs_errors_return(chain[j]);
            snprintf(label, sizeof label, "idup-of-idup #(%d,%d,%d)", t, i, j);
            checked(chain[j], who, label, token(t, i, 10 + j), all);
            live[nlive++] = chain[j];
        }
        mvs_errors_return(selfdup);
        snprintf(label, sizeof label, "idup-of-self #(rank %d,%d,%d)", me, t, i);
        checked(selfdup, who, label, token(t, i, 30), 1 << me);
        live[nlive++] = selfdup;
        MVS(MPI_Comm_free, &d);
        MVS(MPI_Comm_free, &s);
        MVS(MPI_Comm_free, &g);
        for (int k = 0; k < nolder; k++) if (older[k] != MPI_COMM_NULL) MVS(MPI_Comm_free, &older[k]);
        memcpy(older, previous, sizeof previous);
        nolder = nprevious;
        memcpy(previous, live, sizeof live);
        nprevious = nlive;
    }
    for (int k = 0; k < nolder; k++) if (older[k] != MPI_COMM_NULL) MVS(MPI_Comm_free, &older[k]);
    for (int k = 0; k < nprevious; k++) if (previous[k] != MPI_COMM_NULL) MVS(MPI_Comm_free, &previous[k]);
    MVS(MPI_Group_free, &pg);
}

int main(int argc, char **argv) {
    int provided;
    mvs_args(argc, argv);
    MVS(MPI_Init_thread, &argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    mvs_errors_return(MPI_COMM_WORLD);
    MVS(MPI_Comm_rank, MPI_COMM_WORLD, &me);
    mvs_me = me;
    MVS(MPI_Comm_size, MPI_COMM_WORLD, &n);
    for (int t = 0; t < THREADS; t++) {
        MVS(MPI_Comm_dup, MPI_COMM_WORLD, &parents[t]);
        mvs_errors_return(parents[t]);
    }
    mvs_workers(THREADS, work);
    for (int t = 0; t < THREADS; t++) MVS(MPI_Comm_free, &parents[t]);
    return mvs_finish();
}
