/* The audit scenario comm-idup-concurrent in C, to tell a library's hang from the binding's: 3 ranks x
 * 3 threads, each thread on a parent of its own (MPI_Comm_dup of COMM_WORLD, made one after the other).
 * Thread t, round i (3 rounds): 8 MPI_Comm_idup of the parent outstanding at once; meanwhile a blocking
 * MPI_Comm_dup, MPI_Comm_split (colour (rank+i)%2, key -rank) and MPI_Comm_create_group (the parent's
 * group, tag i) of the same parent, each checked (3 allreduces and a ring message) and freed; an
 * MPI_Comm_idup of MPI_COMM_SELF, started under a mutex (all threads share COMM_SELF; the mutex is held
 * for the start only); MPI_Wait on the first idup, then 2 idups of that new communicator before the
 * parent's other idups complete; then waits for everything and checks each new communicator; frees
 * round i-2's idup'ed communicators. Prints " No Errors" on rank 0.
 *
 *   mpicc.mpich -O2 -o cic comm_idup_concurrent.c -lpthread
 *   for i in $(seq 20); do timeout 60 mpiexec.mpich -n 3 ./cic || echo "run $i: exit $?"; done
 *   mpicc.openmpi -O2 -o cic-ompi comm_idup_concurrent.c -lpthread
 *   for i in $(seq 20); do timeout 60 mpiexec.openmpi --oversubscribe --bind-to none -n 3 ./cic-ompi || echo "run $i: exit $?"; done
 *
 * With a first argument "noself", the MPI_COMM_SELF idups are left out; with "nomixed", the blocking
 * dup, split and create_group (to see which part a hang needs).
 */
#include <mpi.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#define THREADS 3
#define ROUNDS 3
#define OUTSTANDING 8
#define CHAIN 2
#define LIVE (OUTSTANDING + CHAIN + 1)
static int me, n, noself, nomixed;
static MPI_Comm parents[THREADS];
static pthread_mutex_t self_starts = PTHREAD_MUTEX_INITIALIZER;

static void check(MPI_Comm c, int token, int expected_members) {
    int bit = 1 << me, members, lo, hi, cr, cs;
    MPI_Comm_rank(c, &cr); MPI_Comm_size(c, &cs);
    MPI_Allreduce(&bit, &members, 1, MPI_INT, MPI_BOR, c);
    MPI_Allreduce(&token, &lo, 1, MPI_INT, MPI_MIN, c);
    MPI_Allreduce(&token, &hi, 1, MPI_INT, MPI_MAX, c);
    if (members != expected_members || lo != token || hi != token) {
        fprintf(stderr, "rank %d: communicator %d: members %x (expected %x), tokens %d..%d\n", me, token, members,
                expected_members, lo, hi);
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    if (cs > 1) {
        int buf; MPI_Request q; MPI_Status st;
        MPI_Isend(&token, 1, MPI_INT, (cr + 1) % cs, 11, c, &q);
        MPI_Recv(&buf, 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, c, &st);
        MPI_Wait(&q, MPI_STATUS_IGNORE);
        if (buf != token) { fprintf(stderr, "rank %d: ring message from another creation\n", me); MPI_Abort(MPI_COMM_WORLD, 3); }
    }
}

static int token(int t, int i, int k) { return (t * ROUNDS + i) * 40 + k; }

static void *work(void *arg) {
    int t = (int)(long)arg, all = (1 << n) - 1;
    MPI_Comm parent = parents[t], live[ROUNDS][LIVE];
    MPI_Group pg; MPI_Comm_group(parent, &pg);
    for (int i = 0; i < ROUNDS; i++) {
        MPI_Comm idup[OUTSTANDING], chain[CHAIN], selfdup = MPI_COMM_NULL, d, s, g;
        MPI_Request req[OUTSTANDING], chainreq[CHAIN], selfreq = MPI_REQUEST_NULL;
        for (int k = 0; k < OUTSTANDING; k++) MPI_Comm_idup(parent, &idup[k], &req[k]);
        if (!nomixed) {
            MPI_Comm_dup(parent, &d);
            check(d, token(t, i, 20), all);
            int colour = (me + i) % 2, sm = 0;
            for (int r = 0; r < n; r++) if ((r + i) % 2 == colour) sm |= 1 << r;
            MPI_Comm_split(parent, colour, -me, &s);
            check(s, token(t, i, 21 + colour), sm);
            MPI_Comm_create_group(parent, pg, i, &g);
            check(g, token(t, i, 23), all);
        }
        if (!noself) {
            pthread_mutex_lock(&self_starts);
            MPI_Comm_idup(MPI_COMM_SELF, &selfdup, &selfreq);
            pthread_mutex_unlock(&self_starts);
        }
        MPI_Wait(&req[0], MPI_STATUS_IGNORE);
        for (int j = 0; j < CHAIN; j++) MPI_Comm_idup(idup[0], &chain[j], &chainreq[j]);
        for (int k = OUTSTANDING - 1; k >= 1; k--) MPI_Wait(&req[k], MPI_STATUS_IGNORE);
        for (int j = 0; j < CHAIN; j++) MPI_Wait(&chainreq[j], MPI_STATUS_IGNORE);
        MPI_Wait(&selfreq, MPI_STATUS_IGNORE);
        int m = 0;
        for (int k = 0; k < OUTSTANDING; k++) { check(idup[k], token(t, i, k), all); live[i][m++] = idup[k]; }
        for (int j = 0; j < CHAIN; j++) { check(chain[j], token(t, i, 10 + j), all); live[i][m++] = chain[j]; }
        if (!noself) { check(selfdup, token(t, i, 30), 1 << me); live[i][m++] = selfdup; }
        else live[i][m++] = MPI_COMM_NULL;
        if (!nomixed) { MPI_Comm_free(&d); MPI_Comm_free(&s); MPI_Comm_free(&g); }
        if (i >= 2) for (int k = 0; k < LIVE; k++) if (live[i - 2][k] != MPI_COMM_NULL) MPI_Comm_free(&live[i - 2][k]);
    }
    for (int i = ROUNDS - 2; i < ROUNDS; i++)
        for (int k = 0; k < LIVE; k++) if (live[i][k] != MPI_COMM_NULL) MPI_Comm_free(&live[i][k]);
    MPI_Group_free(&pg);
    return NULL;
}

int main(int argc, char **argv) {
    int provided; MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    if (provided != MPI_THREAD_MULTIPLE) { fprintf(stderr, "no THREAD_MULTIPLE\n"); return 1; }
    for (int a = 1; a < argc; a++) {
        if (!strcmp(argv[a], "noself")) noself = 1;
        if (!strcmp(argv[a], "nomixed")) nomixed = 1;
    }
    MPI_Comm_rank(MPI_COMM_WORLD, &me); MPI_Comm_size(MPI_COMM_WORLD, &n);
    for (int t = 0; t < THREADS; t++) MPI_Comm_dup(MPI_COMM_WORLD, &parents[t]);
    pthread_t th[THREADS];
    for (long t = 0; t < THREADS; t++) pthread_create(&th[t], NULL, work, (void *)t);
    for (int t = 0; t < THREADS; t++) pthread_join(th[t], NULL);
    for (int t = 0; t < THREADS; t++) MPI_Comm_free(&parents[t]);
    MPI_Finalize();
    if (me == 0) printf(" No Errors\n");
    return 0;
}
