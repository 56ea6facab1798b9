/* MPICH 4.0.2 updates an info object's key list without a lock. One rank, THREADS threads (first argument, default 2),
 * each ITERS times setting, reading back and deleting keys of its own ("t<thread>.k<n>") with MPI_Info_set,
 * MPI_Info_get and MPI_Info_delete, on one info object all threads share ("shared", the default) or on one info object
 * per thread (second argument "own"). No two threads ever name the same key, and every buffer a call reads or writes
 * is the calling thread's own. Prints "evidence: ..." for a key its thread had just set and MPI_Info_get did not find
 * (or found with another value), or an MPI_Info_delete of such a key that failed; "done: rank 0" at the end.
 *
 *   mpicc.mpich -g -O1 -o iss info_set_shared.c -lpthread
 *   ./iss 4                                              # Debian's MPICH: lost keys in some runs, or SIGSEGV
 *   LD_LIBRARY_PATH=<build-lib's lib> valgrind --tool=helgrind ./iss 2          # races in MPIR_Info_set_impl
 *   LD_LIBRARY_PATH=<build-lib's lib> valgrind --tool=helgrind ./iss 2 own      # no race in libmpich
 *   LD_LIBRARY_PATH=<build-lib's lib> valgrind --tool=helgrind ./iss 1          # no race in libmpich
 *
 * Whose race. MPI-3.1 §12.4.1 asks of a thread-compliant library that "all MPI calls are thread-safe, i.e., two
 * concurrently running threads may make MPI calls and the outcome will be as if the calls executed in some order"; the
 * user's duties under threads (§12.4.1's advice, §12.4.2) are conflicting communication calls, two waits on one
 * request, a probe and its receive, collective order on one communicator, and MPI_FINALIZE; §9 (the info object) says
 * nothing of threads. Setting different keys of one info object from two threads at MPI_THREAD_MULTIPLE is therefore a
 * use the standard defines, whose outcome must be some order of the calls: both keys present. The program makes no
 * access of its own that conflicts (each thread's key and value strings are its own; the handle is written before the
 * threads start). The races are the library's.
 *
 * Analysis (MPICH 4.0.2, src/mpi/info/info_impl.c, infoutil.c; the build of `./mpiverify audit build-lib mpich`). An
 * info object is a singly linked list of MPIR_Info nodes whose head is the object itself; every node, head or pair,
 * comes from the info handle pool (MPIR_Info_mem, whose first blocks are the static array MPIR_Info_direct: hence
 * Helgrind's variable "MPIR_Info_direct"). No MPI_Info_* binding enters a critical section: each is marked `.skip:
 * initcheck` in src/binding/c/info_api.txt (MPI-4 lets the info calls run before MPI_Init), which
 * maint/local_python/binding_c.py (line 372) also takes as "skip the global critical section"; MPI_Info_set and
 * MPI_Info_delete are besides marked NotThreadSafe, whose man-page note (maint/docnotes) says "two threads must not
 * attempt to change the contents of the same MPI_Info object concurrently". So MPIR_Info_set_impl reads the head's next
 * (info_impl.c:186), walks the list comparing each node's key (189) and following next (201), allocates a node (206:
 * MPIR_Info_alloc writes its next and key to NULL, infoutil.c:61-62), links it at the end (prev_ptr->next = curr_ptr,
 * 210) and only then writes its key and value (213-214), with no lock; MPIR_Info_get_impl and MPIR_Info_delete_impl
 * walk and unlink the same way. Two threads appending at once both link to the same last node, and one append is lost
 * (a key its thread set is gone: the FAIL the audit records, and "the shared info object has 5 keys, expected 20"
 * here); a reader meets a node linked before its key is written and calls strncmp on NULL (the SIGSEGV in libc under
 * MPI_Info_set and MPI_Info_get); a delete returns to the pool a node another thread is standing on. Helgrind names
 * each of these pairs (186, 189, 201 against 210 and infoutil.c:62; MPIR_Info_delete_impl's lines against them) on
 * bytes 8 and 16 of the 32-byte nodes (next, key) of MPIR_Info_direct, and on the key strings strdup'ed at 213. The
 * pool itself is not the culprit: MPIR_Info_handle_obj_alloc and _free (src/util/mpir_handlemem.c) take their own
 * lock, info_handle_obj_lock, and with one info object per thread ("own") Helgrind reports no race in libmpich,
 * although the threads allocate and free nodes from the same pool just as often. The lock that should cover the list
 * is one per info object, which, unlike the global critical section, can be used before MPI_Init. Not fixed upstream
 * as far as the snapshot of pmodels/mpich stored here shows (v5.0.0b1-542-g6a79bf6575, August 2026): since 4.1
 * ("info: use dynamic array in MPIR_Info", 34bd641523) an info object is an array of entries that MPIR_Info_push grows
 * with realloc and fills with no lock, and info_api.txt still marks MPI_Info_set and MPI_Info_delete NotThreadSafe, so
 * the same calls still race (now also against a realloc that moves the entries under a reader).
 *
 * Measured (2026-12-07, 2-core AMD EPYC shared, load 10 to 15): Debian's MPICH, 4 threads, 30 runs: 27 "done", 3
 * SIGSEGV in libc under MPI_Info_set (before the start barrier was added; 1000 iterations since); the build with
 * symbols, 30 runs: 27 "done", 1 lost update (5 keys of 20), 2 SIGSEGV; "4 own", 30 runs: 30 "done". Under Helgrind
 * with audit/race/suppressions/mpich.supp on the build with symbols: 2 threads 4, 7 and 14 race reports in libmpich in
 * three runs (the 14 with an MPI_Info_delete of a key just set failing), "2 own" and 1 thread none in three runs each,
 * 4 to 8 s a run.
 */
#include <mpi.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#define ITERS 1000
#define KEYS 5
#define MAX_THREADS 16

static MPI_Info shared, own[MAX_THREADS];
static int per_thread;
static pthread_barrier_t start;

static void *work(void *arg) {
    int t = (int)(intptr_t)arg, failed = 0;
    MPI_Info info = per_thread ? own[t] : shared;
    char key[32], value[32], got[MPI_MAX_INFO_VAL + 1];
    pthread_barrier_wait(&start);  /* so that the threads' updates overlap from the first */
    for (int i = 0; i < ITERS; i++) {
        int flag;
        snprintf(key, sizeof key, "t%d.k%d", t, i % KEYS);
        snprintf(value, sizeof value, "%d", 1000 * t + i);
        MPI_Info_set(info, key, value);
        MPI_Info_get(info, key, MPI_MAX_INFO_VAL, got, &flag);
        if (!flag || strcmp(got, value) != 0) {
            printf("evidence: thread %d set '%s' to '%s' and read %s%s%s\n", t, key, value, flag ? "'" : "no value",
                   flag ? got : "", flag ? "'" : "");
            failed = 1;
        }
        if (i % 4 == 3) {
            snprintf(key, sizeof key, "t%d.k%d", t, KEYS);
            MPI_Info_set(info, key, "x");
            int rc = MPI_Info_delete(info, key);
            if (rc != MPI_SUCCESS) {
                printf("evidence: thread %d set '%s' and its MPI_Info_delete failed (%d)\n", t, key, rc);
                failed = 1;
            }
        }
    }
    return (void *)(intptr_t)failed;
}

int main(int argc, char **argv) {
    int threads = argc > 1 ? atoi(argv[1]) : 2, provided, failed = 0;
    if (threads < 1 || threads > MAX_THREADS) threads = 2;
    per_thread = argc > 2 && strcmp(argv[2], "own") == 0;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    if (provided != MPI_THREAD_MULTIPLE) {
        printf("evidence: MPI_THREAD_MULTIPLE not provided (%d)\n", provided);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);  /* MPI_Info_* errors go to MPI_COMM_WORLD's handler */
    MPI_Info_create(&shared);
    for (int t = 0; t < threads; t++) MPI_Info_create(&own[t]);
    pthread_t th[MAX_THREADS];
    pthread_barrier_init(&start, NULL, threads);
    for (int t = 0; t < threads; t++) pthread_create(&th[t], NULL, work, (void *)(intptr_t)t);
    for (int t = 0; t < threads; t++) {
        void *r;
        pthread_join(th[t], &r);
        failed |= r != NULL;
    }
    int n, expected = per_thread ? KEYS : threads * KEYS;
    MPI_Info_get_nkeys(shared, &n);
    if (!per_thread && n != expected) {
        printf("evidence: the shared info object has %d keys, expected %d: an update was lost\n", n, expected);
        failed = 1;
    }
    for (int t = 0; t < threads; t++) MPI_Info_free(&own[t]);
    MPI_Info_free(&shared);
    MPI_Finalize();
    if (!failed) printf("done: rank 0\n");
    return failed;
}
