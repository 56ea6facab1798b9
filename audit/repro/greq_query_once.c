/* The audit scenario greq-cross-thread in C, to tell a library's failure from the binding's: how many times each
 * completing call runs a generalized request's query callback. Per round and call (MPI_Wait, MPI_Test loop,
 * MPI_Waitall, MPI_Testall loop, MPI_Waitsome, MPI_Testany loop, MPI_Testsome loop, MPI_Waitany): the main thread
 * starts a generalized request and completes it with a thread of its own (or, with "single", itself, before the
 * call: no thread involved); the call must return the query's status, and the query and free callbacks must each run
 * once (MPI-3.1 §12.2: query_fn is invoked by the call that completes the request; free_fn once, after it). Prints
 * each problem and exits 1, else prints " No Errors" and exits 0. Each rank runs alone (no message between ranks).
 *   ./greq              a completer thread per request (the scenario)
 *   ./greq single       completed by main itself before the call
 *
 *   mpicc.mpich -O2 -o greq greq_query_once.c -lpthread
 *   UCX_ERROR_SIGNALS= timeout 30 mpiexec.mpich -n 1 ./greq single
 *   mpicc.openmpi -O2 -o greq greq_query_once.c -lpthread
 *   timeout 30 mpiexec.openmpi --oversubscribe --bind-to none -n 1 ./greq single   (as root: --allow-run-as-root)
 */
#include <mpi.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#define ROUNDS 6
enum { WAIT, TEST, WAITALL, TESTALL, WAITSOME, TESTANY, TESTSOME, WAITANY, MODES };
static const char *MODE[] = {"MPI_Wait", "MPI_Test", "MPI_Waitall", "MPI_Testall", "MPI_Waitsome", "MPI_Testany", "MPI_Testsome", "MPI_Waitany"};
static int errors;

struct state { int queries, frees, tag; };

static int query_fn(void *extra, MPI_Status *status) {
    struct state *s = extra;
    s->queries++;
    status->MPI_SOURCE = 0;
    status->MPI_TAG = s->tag;
    MPI_Status_set_elements(status, MPI_INT, 3);
    MPI_Status_set_cancelled(status, 0);
    return MPI_SUCCESS;
}

static int free_fn(void *extra) { ((struct state *) extra)->frees++; return MPI_SUCCESS; }

static int cancel_fn(void *extra, int complete) { (void) extra; (void) complete; return MPI_SUCCESS; }

static void *completer(void *arg) {
    MPI_Grequest_complete(*(MPI_Request *) arg);
    return NULL;
}

int main(int argc, char **argv) {
    int provided, single = argc > 1 && strcmp(argv[1], "single") == 0;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    if (provided != MPI_THREAD_MULTIPLE) { printf("no MPI_THREAD_MULTIPLE\n"); MPI_Abort(MPI_COMM_WORLD, 1); }
    for (int round = 0; round < ROUNDS; round++) {
        for (int mode = 0; mode < MODES; mode++) {
            struct state s = {0, 0, 40 + round};
            MPI_Request r, copy;
            MPI_Status st;
            pthread_t t;
            MPI_Grequest_start(query_fn, free_fn, cancel_fn, &s, &r);
            copy = r;
            if (single) MPI_Grequest_complete(r);
            else pthread_create(&t, NULL, completer, &copy);
            int flag = 0, n = 0, idx = -1;
            switch (mode) {
            case WAIT: MPI_Wait(&r, &st); break;
            case TEST: while (!flag) MPI_Test(&r, &flag, &st); break;
            case WAITALL: MPI_Waitall(1, &r, &st); break;
            case TESTALL: while (!flag) MPI_Testall(1, &r, &flag, &st); break;
            case WAITSOME: MPI_Waitsome(1, &r, &n, &idx, &st); break;
            case TESTANY: while (!flag) MPI_Testany(1, &r, &idx, &flag, &st); break;
            case TESTSOME: while (!n) MPI_Testsome(1, &r, &n, &idx, &st); break;
            case WAITANY: MPI_Waitany(1, &r, &idx, &st); break;
            }
            if (!single) pthread_join(t, NULL);
            int count = -1;
            MPI_Get_count(&st, MPI_INT, &count);
            if (st.MPI_TAG != 40 + round || count != 3 || r != MPI_REQUEST_NULL || s.queries != 1 || s.frees != 1) {
                errors++;
                printf("round %d %s: query ran %d times, free %d times; status tag %d count %d%s\n", round, MODE[mode],
                       s.queries, s.frees, st.MPI_TAG, count, r != MPI_REQUEST_NULL ? "; request not freed" : "");
            }
        }
    }
    MPI_Finalize();
    if (errors) return 1;
    printf(" No Errors\n");
    return 0;
}
