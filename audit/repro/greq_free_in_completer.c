/* Which thread runs a generalized request's free callback when another thread completes the request while the main
 * thread waits (the audit scenario greq-cross-thread's MPI_Waitall round, in C). MPI-3.1 §12.2: free_fn is invoked
 * when the request is freed, by the call that frees it: the main thread's MPI_Wait/MPI_Waitall, which frees the
 * completed request. Per round the main thread starts a generalized request, starts a thread that calls
 * MPI_Grequest_complete, waits (MPI_Wait or MPI_Waitall, by argument), joins the thread, and records in which thread
 * free_fn ran. Prints how many of ROUNDS ran it in the completer; exits 1 if any did, else prints " No Errors" and
 * exits 0. One rank.
 *
 * Seen (2026-12-07, Debian bookworm, 2-core machine at load 10 to 15): Open MPI 4.1.4 with waitall: 186 of 2000 rounds
 * ran free_fn in the completing thread (exit 1); with wait: 0 of 2000; MPICH 4.0.2: 0 of 2000 with either.
 * Analysis: Open MPI calls free_fn from the generalized request's destructor (ompi/request/grequest.c,
 * ompi_grequest_destruct), which runs when the last of two references goes: the one MPI_Grequest_complete drops and
 * the one the completing wait or test call drops (ompi_grequest_free). ompi_grequest_complete first completes the
 * request (ompi_request_complete, which releases the waiter) and only then drops its reference (OBJ_RELEASE): when the
 * waiter's call returns and frees the request in between, the completer's release is the last one and free_fn runs
 * in MPI_Grequest_complete, in the completing thread, after the waiting call returned: a program that frees the
 * request's extra_state once its wait returned (MPI-3.1 §12.2: free_fn is invoked when the request is freed, which the
 * wait does) then has free_fn use freed memory. Completing the request after dropping the completer's reference (a
 * reference taken by the waiter for the query) would order it. Unchanged in open-mpi/ompi's main (stored snapshot,
 * commit 016afdf8; no network).
 *
 *   mpicc.openmpi -O2 -o greqfree greq_free_in_completer.c -lpthread
 *   timeout 60 mpiexec.openmpi --allow-run-as-root --oversubscribe --bind-to none -n 1 ./greqfree waitall
 *   mpicc.mpich -O2 -o greqfree greq_free_in_completer.c -lpthread
 *   UCX_ERROR_SIGNALS= timeout 60 mpiexec.mpich -n 1 ./greqfree waitall
 */
#include <mpi.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#define ROUNDS 2000

static pthread_t main_thread;
struct state { int free_in_main, free_elsewhere, queries; MPI_Request g; };

static int query_fn(void *extra, MPI_Status *status) {
    struct state *s = extra;
    s->queries++;
    MPI_Status_set_elements(status, MPI_INT, 0);
    MPI_Status_set_cancelled(status, 0);
    status->MPI_SOURCE = MPI_UNDEFINED;
    status->MPI_TAG = MPI_UNDEFINED;
    return MPI_SUCCESS;
}

static int free_fn(void *extra) {
    struct state *s = extra;
    if (pthread_equal(pthread_self(), main_thread)) s->free_in_main++;
    else s->free_elsewhere++;
    return MPI_SUCCESS;
}

static int cancel_fn(void *extra, int complete) { (void) extra; (void) complete; return MPI_SUCCESS; }

static void *completer(void *arg) {
    MPI_Grequest_complete(((struct state *) arg)->g);
    return NULL;
}

int main(int argc, char **argv) {
    int provided, waitall = argc > 1 && strcmp(argv[1], "waitall") == 0, elsewhere = 0, missing = 0;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    main_thread = pthread_self();
    for (int round = 0; round < ROUNDS; round++) {
        struct state s = {0, 0, 0, MPI_REQUEST_NULL};
        MPI_Status st;
        pthread_t th;
        MPI_Grequest_start(query_fn, free_fn, cancel_fn, &s, &s.g);
        MPI_Request g = s.g;
        pthread_create(&th, NULL, completer, &s);
        if (waitall) MPI_Waitall(1, &g, &st);
        else MPI_Wait(&g, &st);
        pthread_join(th, NULL);
        if (s.free_elsewhere) elsewhere++;
        if (s.free_in_main + s.free_elsewhere != 1) missing++;
    }
    printf("%s: free_fn ran in the completing thread in %d of %d rounds; not exactly once in %d\n",
           waitall ? "MPI_Waitall" : "MPI_Wait", elsewhere, ROUNDS, missing);
    MPI_Finalize();
    if (elsewhere || missing) return 1;
    printf(" No Errors\n");
    return 0;
}
