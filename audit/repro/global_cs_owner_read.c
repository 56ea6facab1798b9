/* MPICH's global critical section reads its owner field before it takes the lock. One rank, THREADS threads
 * (first argument, default 2), each making ITERS MPI_Iprobe calls on MPI_COMM_SELF, a call that enters and leaves
 * the global critical section (MPIR_THREAD_GLOBAL_ALLFUNC_MUTEX) and does nothing else of note. Under Helgrind, two
 * threads show a race on the mutex's owner field (MPICH 4.0.2 in Debian: offset 0x27c8728 of libmpich.so.12.2.2,
 * 40 bytes into the mutex: a pthread_mutex_t, then MPL_thread_id_t owner, then int count); one thread shows none,
 * since MPICH's own threads (none here) and UCX's do not enter that critical section. Prints "done: rank 0".
 *
 *   mpicc.mpich -g -O1 -o gcs global_cs_owner_read.c -lpthread
 *   mpiexec.mpich -n 1 valgrind --tool=helgrind ./gcs 2    # race on 0x27c8728 of libmpich.so.12.2.2
 *   mpiexec.mpich -n 1 valgrind --tool=helgrind ./gcs 1    # no race in libmpich
 *
 * Analysis. MPIDUI_THREAD_CS_ENTER (src/mpid/common/thread/mpidu_thread_fallback.h), expanded at the entry of every
 * MPI function under the global granularity that Debian's MPICH 4.0.2 is built with, reads mutex.owner with a plain
 * load before pthread_mutex_lock, to catch recursive entry; the thread holding the mutex writes owner after it
 * takes the lock (MPL_thread_self(&mutex.owner)) and clears it before it releases it (MPIDUI_THREAD_CS_EXIT), so the
 * read is ordered by nothing against those writes: a data race in C11's terms, the one the detectors report at the
 * entry of every pair of calls. No lock covers the read, and none can (the read decides whether to take the lock);
 * its cure is to drop the check (recursive entry is asserted away anyway) or to make owner an atomic. Its outcome is
 * harmless on this build: the value a thread compares with its own id can equal it only after that thread wrote it
 * and before it cleared it, that is while it holds the mutex, and the compiler emits one aligned 8-byte load
 * (cmp 0x28(%r12),%rax in PMPI_Comm_dup), which x86-64 does not tear. A compiler is still free to do otherwise with a
 * racy plain load, which is why it counts. Fixed upstream: "mpid/thread: Remove thread unsafe lock ownership check"
 * (pmodels/mpich 8be257440f, Nov 2025, "Resolves a data race detected by ThreadSanitizer"; cherry-picked as
 * 0addb0b4ed) removes the read, first released in MPICH 5.0.0 (Feb 2026); 4.3.2 still has it.
 */
#include <mpi.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#define ITERS 200

static void *work(void *arg) {
    (void)arg;
    for (int i = 0; i < ITERS; i++) {
        int flag;
        MPI_Iprobe(MPI_ANY_SOURCE, 7, MPI_COMM_SELF, &flag, MPI_STATUS_IGNORE);
        if (flag) {
            printf("evidence: MPI_Iprobe found a message nobody sent\n");
            return (void *)1;
        }
    }
    return NULL;
}

int main(int argc, char **argv) {
    int threads = argc > 1 ? atoi(argv[1]) : 2, provided;
    if (threads < 1 || threads > 16) threads = 2;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    if (provided != MPI_THREAD_MULTIPLE) {
        printf("evidence: MPI_THREAD_MULTIPLE not provided (%d)\n", provided);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    pthread_t th[16];
    int failed = 0;
    for (int t = 0; t < threads; t++) pthread_create(&th[t], NULL, work, NULL);
    for (int t = 0; t < threads; t++) {
        void *r;
        pthread_join(th[t], &r);
        failed |= r != NULL;
    }
    MPI_Finalize();
    if (!failed) printf("done: rank 0\n");
    return failed;
}
