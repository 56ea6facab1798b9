/* The audit scenario p2p-truncate-under-load in C, to tell a library's failure from the binding's.
 * 2 ranks x 4 threads, MPI_ERRORS_RETURN on every communicator. Thread 0, 40 rounds: isend a 40-int message (every
 * fourth round 5000 ints, above the eager limits) and a short one to the other rank's thread 0, receive the first
 * into 20 ints (MPI_Recv, or MPI_Irecv + MPI_Wait, in turn: must fail with MPI_ERR_TRUNCATE), then the short one
 * (must arrive intact), then MPI_Waitall on the sends. Threads 1 and 2 ping-pong 120 messages with their partners on
 * the same communicator (tags 1, 2), thread 3 on another one. Each receive buffer is followed by a guard zone that
 * must stay untouched (a rank that finds it overwritten says so and exits at once: its heap is corrupted). Prints
 * " No Errors" on rank 0 and exits 0, else each problem and exits 1.
 *   ./tul            the scenario
 *   ./tul single     thread 0's rounds only, no other thread (is the failure a thread-safety one?)
 *
 *   mpicc.mpich -O2 -o tul truncate_under_load.c -lpthread
 *   UCX_ERROR_SIGNALS= timeout 30 mpiexec.mpich -n 2 ./tul
 *   mpicc.openmpi -O2 -o tul truncate_under_load.c -lpthread
 *   timeout 30 mpiexec.openmpi --oversubscribe --bind-to none -n 2 ./tul       (as root: --allow-run-as-root)
 */
#include <mpi.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#define ROUNDS 40
#define TRAFFIC 120
#define SHORT_BUFFER 20
#define GUARD 256
static int me, other, errors;
static MPI_Comm shared, elsewhere;
static pthread_mutex_t out = PTHREAD_MUTEX_INITIALIZER;

static void problem(int t, int i, const char *what) {
    pthread_mutex_lock(&out);
    errors++;
    fprintf(stderr, "rank %d thread %d round %d: %s\n", me, t, i, what);
    pthread_mutex_unlock(&out);
}

static int class_of(int code) { int c = 0; if (code) MPI_Error_class(code, &c); return c; }

static void truncations(void) {
    int *longmsg = malloc(5000 * sizeof(int)), shortmsg[16], in[64];
    char what[200];
    for (int i = 0; i < ROUNDS; i++) {
        int length = i % 4 == 3 ? 5000 : 40;
        for (int k = 0; k < length; k++) longmsg[k] = me * 100000 + 2 * i;
        shortmsg[0] = me * 100000 + 2 * i + 1;
        MPI_Request s[2];
        MPI_Isend(longmsg, length, MPI_INT, other, 0, shared, &s[0]);
        MPI_Isend(shortmsg, 6, MPI_INT, other, 0, shared, &s[1]);
        /* the short receive buffer, followed by a guard zone in the same allocation */
        unsigned char *block = malloc(SHORT_BUFFER * sizeof(int) + GUARD);
        memset(block + SHORT_BUFFER * sizeof(int), 0x5a, GUARD);
        int rc;
        if (i % 2 == 0) {
            rc = MPI_Recv(block, SHORT_BUFFER, MPI_INT, other, 0, shared, MPI_STATUS_IGNORE);
        } else {
            MPI_Request r;
            MPI_Irecv(block, SHORT_BUFFER, MPI_INT, other, 0, shared, &r);
            rc = MPI_Wait(&r, MPI_STATUS_IGNORE);
        }
        if (class_of(rc) != MPI_ERR_TRUNCATE) {
            snprintf(what, sizeof what, "a %d-int message into %d ints: class %d, expected MPI_ERR_TRUNCATE", length,
                     SHORT_BUFFER, class_of(rc));
            problem(0, i, what);
        }
        int overwritten = 0;
        for (int k = 0; k < GUARD; k++) overwritten += block[SHORT_BUFFER * sizeof(int) + k] != 0x5a;
        if (overwritten) {   /* the heap is corrupted: nothing after this can be trusted, so stop here */
            fprintf(stderr, "rank %d thread 0 round %d: the truncated %d-int receive wrote %d bytes of the %d past its"
                    " %d-int buffer\n", me, i, length, overwritten, GUARD, SHORT_BUFFER);
            _exit(1);
        }
        free(block);   /* with a corrupted heap this is where glibc aborts */
        MPI_Status st;
        rc = MPI_Recv(in, 64, MPI_INT, other, 0, shared, &st);
        if (rc != MPI_SUCCESS || in[0] != other * 100000 + 2 * i + 1) {
            snprintf(what, sizeof what, "the receive after the truncated one: class %d, got %d, expected %d", class_of(rc),
                     in[0], other * 100000 + 2 * i + 1);
            problem(0, i, what);
        }
        MPI_Waitall(2, s, MPI_STATUSES_IGNORE);
    }
    free(longmsg);
}

static void traffic(int t) {
    MPI_Comm c = t == 3 ? elsewhere : shared;
    int msg[64], in[64];
    char what[160];
    for (int i = 0; i < TRAFFIC; i++) {
        msg[0] = (me * 10 + t) * 1000 + i;
        int n = 5 + (i * 7 + t) % 60;
        MPI_Status st;
        if (i % 3 == 2) {
            MPI_Request r[2];
            MPI_Irecv(in, 64, MPI_INT, other, t, c, &r[0]);
            MPI_Isend(msg, n, MPI_INT, other, t, c, &r[1]);
            MPI_Waitall(2, r, MPI_STATUSES_IGNORE);
        } else if (me == 0) {
            MPI_Send(msg, n, MPI_INT, other, t, c);
            MPI_Recv(in, 64, MPI_INT, other, t, c, &st);
        } else {
            MPI_Recv(in, 64, MPI_INT, other, t, c, &st);
            MPI_Send(msg, n, MPI_INT, other, t, c);
        }
        if (in[0] != (other * 10 + t) * 1000 + i) {
            snprintf(what, sizeof what, "traffic message %d: got %d", i, in[0]);
            problem(t, i, what);
        }
    }
}

static void *work(void *arg) {
    int t = (int)(long)arg;
    if (t == 0) truncations(); else traffic(t);
    return NULL;
}

int main(int argc, char **argv) {
    int provided, single = argc > 1 && strcmp(argv[1], "single") == 0;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    if (provided != MPI_THREAD_MULTIPLE) { fprintf(stderr, "no MPI_THREAD_MULTIPLE\n"); return 1; }
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    other = 1 - me;
    MPI_Comm_dup(MPI_COMM_WORLD, &shared);
    MPI_Comm_dup(MPI_COMM_WORLD, &elsewhere);
    MPI_Comm_set_errhandler(shared, MPI_ERRORS_RETURN);
    MPI_Comm_set_errhandler(elsewhere, MPI_ERRORS_RETURN);
    pthread_t th[4];
    int n = single ? 1 : 4;
    for (long t = 0; t < n; t++) pthread_create(&th[t], NULL, work, (void *)t);
    for (int t = 0; t < n; t++) pthread_join(th[t], NULL);
    int all;
    MPI_Allreduce(&errors, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    MPI_Comm_free(&shared);
    MPI_Comm_free(&elsewhere);
    if (me == 0 && all == 0) printf(" No Errors\n");
    MPI_Finalize();
    return all ? 1 : 0;
}
