/* btl/vader's progress lock: a test-and-set lock whose taking is a relaxed exchange and whose release is a plain store,
 * so that by C11 nothing orders one holder's accesses before the next holder's. Two ranks on one node (vader, Open
 * MPI's shared-memory transport), THREADS threads a rank (first argument, default 2), each making ITERS rounds of
 * an exchange of one int with the same thread of the peer (tag = thread: MPI_Irecv, MPI_Isend, then MPI_Testall
 * until both complete), so that the threads of a rank enter opal_progress, and through it
 * mca_btl_vader_component_progress, at the same time. Under Helgrind (Open MPI 4.1.4 in
 * Debian, the build with symbols of ./mpiverify audit build-lib openmpi), two threads show races on
 *   - the lock word: "lock.0", the function-scope static int32_t lock of mca_btl_vader_component_progress
 *     (opal/mca/btl/vader/btl_vader_component.c:757), a data symbol of mca_btl_vader.so (libopen-pal.so.40 and
 *     mca_pml_ucx.so define data symbols of the same name, which is why the attribution names the object); the
 *     exchange in opal_atomic_swap_32 (opal/include/opal/sys/gcc_builtin/atomic.h:117, inlined at
 *     btl_vader_component.c:761) against the plain "lock = 0" of the other thread (btl_vader_component.c:774 or 780);
 * and, since no happens-before runs from one holder to the next, races on what the lock serialises (the fast boxes'
 * read pointers, the FIFO, mca_btl_vader_component.num_fbox_in_endpoints).
 * One thread shows none on the lock word: a lone thread is the only one that progresses (Open MPI's own threads,
 * PMIx's, ORTE's, libevent's, never call opal_progress). Prints "done: rank R".
 *
 *   mpicc.openmpi -g -O1 -o vpl vader_progress_lock.c -lpthread
 *   mpiexec.openmpi --allow-run-as-root --mca pml ob1 --mca btl self,vader -n 2 valgrind --tool=helgrind ./vpl 2
 *   mpiexec.openmpi --allow-run-as-root --mca pml ob1 --mca btl self,vader -n 2 valgrind --tool=helgrind ./vpl 1
 *
 * Analysis. mca_btl_vader_component_progress (opal/mca/btl/vader/btl_vader_component.c:755-783) lets one thread at a
 * time poll the fast boxes and the FIFO when the process is multithreaded: "if (opal_atomic_swap_32 (&lock, 1))
 * return 0;" takes the lock, and "lock = 0;" releases it, at line 774 (the FIFO was empty: no fence at all) or at line
 * 780 after opal_atomic_mb(). In this build Open MPI's atomics are GCC's builtins (OPAL_BUILTIN_GCC):
 * opal_atomic_swap_32 is __atomic_exchange with __ATOMIC_RELAXED, so the taking has no acquire, and the release is a
 * non-atomic store. By C11 (5.1.2.4) that is a data race on the lock word itself (an atomic read-modify-write of one
 * thread against a plain write of another, neither happening before the other), and since a relaxed exchange
 * synchronises with nothing, the next holder's reads of the fast-box and FIFO state are not ordered after the previous
 * holder's writes either: each is a data race too. Why it works on x86-64: the compiler emits xchg for the exchange
 * (a full barrier, with an implicit lock prefix) and a plain mov for the release, whose store order x86-TSO keeps
 * (every earlier store of the holder is visible before the lock word's 0), and the compiler cannot move the holder's
 * accesses past "lock = 0" at line 780 because opal_atomic_mb() is a full fence there; at line 774 nothing but the
 * function's return stops it, and only the read of fifo_head precedes it. On a weaker machine (ARMv8, POWER) a relaxed
 * exchange can be satisfied before the previous holder's stores are visible: two threads could both handle one fast
 * box's message or read a FIFO entry before its content. The covering fix is the lock's ordering: an acquire exchange
 * (__ATOMIC_ACQUIRE, or opal_atomic_swap_32 followed by opal_atomic_rmb) and a release store
 * (__atomic_store_n(&lock, 0, __ATOMIC_RELEASE), or opal_atomic_wmb before each "lock = 0"). Open MPI's main branch,
 * read in the stored snapshot of open-mpi/ompi (no network): btl/vader became btl/sm, and
 * mca_btl_sm_component_progress (opal/mca/btl/sm/btl_sm_component.c) has the same lock, now declared
 * "static opal_atomic_int32_t lock", the same opal_atomic_swap_32 and the same "lock = 0" at both exits. With GCC's
 * builtins (opal/include/opal/sys/gcc_builtin/atomic.h: still __atomic_exchange with __ATOMIC_RELAXED) the type is
 * volatile int32_t, so the code is this one; with C11 atomics (opal_stdatomic.h: _Atomic int32_t;
 * opal/include/opal/sys/atomic_stdc.h: opal_atomic_swap_32 is atomic_exchange_explicit(..., memory_order_relaxed))
 * "lock = 0" becomes a sequentially consistent store, so the lock word itself no longer races, but the taking is
 * still relaxed: nothing makes the next holder acquire what the previous one released, and the holders' accesses
 * stay unordered by C11. (Debian's patches of 4.1.4, debian/patches of the source package, do not touch btl/vader.)
 */
#include <mpi.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define ITERS 200
#define MAX_THREADS 8

static int rank, peer;

static void check(int rc, const char *what) {
    if (rc != MPI_SUCCESS) {
        fprintf(stderr, "error: rank %d: %s failed: %d\n", rank, what, rc);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
}

static void *work(void *arg) {
    int tag = (int) (long) arg;
    for (int i = 0; i < ITERS; i++) {
        int out = rank * 1000000 + tag * 1000 + i, in = -1, done = 0;
        MPI_Request r[2];
        check(MPI_Irecv(&in, 1, MPI_INT, peer, tag, MPI_COMM_WORLD, &r[0]), "MPI_Irecv");
        check(MPI_Isend(&out, 1, MPI_INT, peer, tag, MPI_COMM_WORLD, &r[1]), "MPI_Isend");
        /* polled, not waited: a blocking wait lets only the head of Open MPI's ring of waiters progress
         * (ompi_sync_wait_mt), while every MPI_Testall call enters opal_progress itself */
        while (!done) check(MPI_Testall(2, r, &done, MPI_STATUSES_IGNORE), "MPI_Testall");
        if (in != peer * 1000000 + tag * 1000 + i) {
            fprintf(stderr, "evidence: rank %d thread %d round %d received %d\n", rank, tag, i, in);
            MPI_Abort(MPI_COMM_WORLD, 1);
        }
    }
    return NULL;
}

int main(int argc, char **argv) {
    int threads = argc > 1 ? atoi(argv[1]) : 2, provided, size;
    if (threads < 1 || threads > MAX_THREADS) threads = 2;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    if (provided != MPI_THREAD_MULTIPLE) {
        fprintf(stderr, "error: MPI_THREAD_MULTIPLE not provided\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (size != 2) {
        fprintf(stderr, "error: run with 2 ranks\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    peer = 1 - rank;
    pthread_t t[MAX_THREADS];
    for (long i = 0; i < threads; i++) pthread_create(&t[i], NULL, work, (void *) i);
    for (int i = 0; i < threads; i++) pthread_join(t[i], NULL);
    MPI_Finalize();
    printf("done: rank %d\n", rank);
    return 0;
}
