/* The audit scenario comm-create-group-subsets-concurrent in C, to tell a library's hang from the
 * binding's: 3 ranks x 3 threads; thread t, round i: MPI_Comm_create_group(COMM_WORLD, world minus
 * rank (i+t)%3, tag t), then 3 allreduces and a ring message on the new communicator; frees round
 * i-2's. Prints " No Errors" on rank 0.
 *
 *   mpicc.mpich -O2 -o ccg comm_create_group_subsets.c -lpthread
 *   for i in $(seq 100); do timeout 30 mpiexec.mpich -n 3 ./ccg || echo "run $i: exit $?"; done
 */
#include <mpi.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#define THREADS 3
#define ROUNDS 30
static int me, n; static MPI_Group wg;
static void *work(void *arg) {
    int t = (int)(long)arg; MPI_Comm live[ROUNDS];
    for (int i = 0; i < ROUNDS; i++) {
        int out = (i + t) % n; live[i] = MPI_COMM_NULL;
        if (me != out) {
            int r[2], k = 0; for (int x = 0; x < n; x++) if (x != out) r[k++] = x;
            MPI_Group g; MPI_Group_incl(wg, n - 1, r, &g);
            MPI_Comm c; MPI_Comm_create_group(MPI_COMM_WORLD, g, t, &c); MPI_Group_free(&g);
            int bit = 1 << me, members, tok = t * 10000 + i, lo, hi;
            MPI_Allreduce(&bit, &members, 1, MPI_INT, MPI_BOR, c);
            MPI_Allreduce(&tok, &lo, 1, MPI_INT, MPI_MIN, c);
            MPI_Allreduce(&tok, &hi, 1, MPI_INT, MPI_MAX, c);
            if (lo != tok || hi != tok) { fprintf(stderr, "rank %d: tokens differ\n", me); MPI_Abort(MPI_COMM_WORLD, 2); }
            int cr, cs; MPI_Comm_rank(c, &cr); MPI_Comm_size(c, &cs);
            int msg = tok, buf; MPI_Request q; MPI_Status st;
            MPI_Isend(&msg, 1, MPI_INT, (cr + 1) % cs, 11, c, &q);
            MPI_Recv(&buf, 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, c, &st);
            MPI_Wait(&q, MPI_STATUS_IGNORE);
            if (buf != tok) { fprintf(stderr, "rank %d: ring message from another creation\n", me); MPI_Abort(MPI_COMM_WORLD, 3); }
            live[i] = c;
        }
        if (i >= 2 && live[i - 2] != MPI_COMM_NULL) MPI_Comm_free(&live[i - 2]);
    }
    for (int i = ROUNDS - 2; i < ROUNDS; i++) if (live[i] != MPI_COMM_NULL) MPI_Comm_free(&live[i]);
    return NULL;
}
int main(int argc, char **argv) {
    int provided; MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    if (provided != MPI_THREAD_MULTIPLE) { fprintf(stderr, "no THREAD_MULTIPLE\n"); return 1; }
    MPI_Comm_rank(MPI_COMM_WORLD, &me); MPI_Comm_size(MPI_COMM_WORLD, &n);
    MPI_Comm_group(MPI_COMM_WORLD, &wg);
    pthread_t th[THREADS];
    for (long t = 0; t < THREADS; t++) pthread_create(&th[t], NULL, work, (void *)t);
    for (int t = 0; t < THREADS; t++) pthread_join(th[t], NULL);
    MPI_Group_free(&wg);
    MPI_Finalize();
    if (me == 0) printf(" No Errors\n");
    return 0;
}
