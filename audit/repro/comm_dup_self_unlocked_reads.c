/* Two reads Open MPI makes without the lock its writers hold, both shown by one program. One rank, THREADS threads
 * (first argument, default 2), each making ITERS rounds of MPI_Comm_dup of MPI_COMM_SELF and MPI_Comm_free of the
 * copy. Under Helgrind, two threads show races (Open MPI 4.1.4 in Debian) on
 *   - ompi_mpi_communicators.lowest_free: 80 bytes inside the exported data symbol "ompi_mpi_communicators" of
 *     libmpi.so.40.30.4 (an opal_object_t of 16 bytes, the table's opal_mutex_t of 64, then int lowest_free), read in
 *     ompi_comm_nextcid_nb against a write in opal_pointer_array_test_and_set_item of the other thread;
 *   - opal_progress's callbacks_len: offset 0xb0348 of libopen-pal.so.40.30.2, read in opal_progress (the other
 *     thread waiting for its context id) against the write in opal_progress_register (this thread's context-id
 *     request starting: ompi_comm_request_start registers ompi_comm_request_progress).
 *   - wait_sync_list: the exported head of the ring of waiting threads (opal/threads/wait_sync.c), read in
 *     ompi_sync_wait_mt (wait_sync.c:66) against the other thread's write of it in ompi_sync_wait_mt (wait_sync.c:96),
 *     both threads waiting for their context ids (seen on the build of ./mpiverify audit build-lib openmpi).
 * One thread shows none: Open MPI's own threads (PMIx's, ORTE's, libevent's) touch none of the variables, one thread
 * never progresses while it registers, and a lone waiter is always the ring's head. Prints "done: rank 0".
 *
 *   mpicc.openmpi -g -O1 -o cdsur comm_dup_self_unlocked_reads.c -lpthread
 *   mpiexec.openmpi --allow-run-as-root -n 1 valgrind --tool=helgrind ./cdsur 2   # both races
 *   mpiexec.openmpi --allow-run-as-root -n 1 valgrind --tool=helgrind ./cdsur 1   # neither
 *
 * Analysis, lowest_free. ompi_comm_nextcid_nb (ompi/communicator/comm_cid.c), called at the start of every
 * communicator constructor (MPI_Comm_dup, _idup, _split, _create, _create_group), copies
 * ompi_mpi_communicators.lowest_free into the new request's context->start with a plain load, holding no lock: neither
 * ompi_cid_lock, which the allocation itself (ompi_comm_allreduce_getnextcid) takes later, nor the table's own lock.
 * Every writer of lowest_free holds the table's lock (opal_pointer_array_test_and_set_item when a thread claims a
 * context id under ompi_cid_lock, opal_pointer_array_set_item when MPI_Comm_free releases one, outside
 * ompi_cid_lock), so the read is ordered by nothing against them: a data race in C11's terms. The lock that should
 * cover it is the table's (ompi_mpi_communicators.lock), or the read should move into ompi_comm_allreduce_getnextcid,
 * under ompi_cid_lock, where the value is used. Its outcome is benign on this build: opal_pointer_array.h calls
 * lowest_free "only an optimization to know where to search for the first free slot", the search starts at the stale
 * value and opal_pointer_array_test_and_set_item decides under the lock, so a stale start costs a longer scan (too
 * low) or skips free ids below it (too high, after another thread freed one), never a duplicate id; and the compiler
 * emits one aligned 4-byte load, which x86-64 does not tear. Not fixed upstream: open-mpi/ompi's main (checked in a
 * stored snapshot, no network) still reads it unlocked in ompi_comm_nextcid_nb, and v5.0.x adds a second unlocked read
 * in ompi_comm_get_extended_cid_block's loop; v4.1.8 is unchanged.
 *
 * Analysis, the waiters' ring. ompi_sync_wait_mt (opal/threads/wait_sync.c) inserts the waiter's ompi_wait_sync_t
 * into the ring under wait_sync_lock, releases it, then tests "sync != wait_sync_list" (line 66) holding only its own
 * sync->lock, to decide whether to sleep on its condition or to progress for everyone; the thread that leaves the ring
 * writes the head under wait_sync_lock (line 96) and then signals the new head under that head's sync->lock
 * (WAIT_SYNC_PASS_OWNERSHIP). The test reads the head without the lock every writer holds: a data race in C11's terms.
 * Its outcome is benign on this build, by the order of the locks: a stale read sends the waiter to pthread_cond_wait
 * still holding sync->lock, so the promoting thread's signal, made under that lock, comes after it; and one aligned
 * 8-byte load is not torn on x86-64. The lock that covers the head is wait_sync_lock (the test could be made under
 * it, or the head made an atomic). Not fixed upstream: open-mpi/ompi's main (stored snapshot,
 * opal/mca/threads/base/wait_sync.c) still tests "sync != opal_threads_base_wait_sync_list" at check_status with no lock.
 *
 * Analysis, the progress callbacks. opal_progress (opal/runtime/opal_progress.c) loops over callbacks[0 ..
 * callbacks_len) with plain loads of both statics and no lock; opal_progress_register and _unregister change them under
 * progress_lock (an opal_atomic_lock_t, at offset 0xb0358: lock cmpxchg), so the loop races with them by design: the
 * source fills unused slots with fake_cb "if writing a pointer is atomic". The disassembly places the variables:
 * opal_progress opens with cmpq $0x0,0xb0348 (i < callbacks_len) and mov 0xb0350,%rax (callbacks); the register path
 * does xchg %rdi,0xb0350 (opal_atomic_swap_ptr of the grown array), shlq 0xb0340 (callbacks_size *= 2) and
 * addq $0x1,0xb0348 (++callbacks_len). Beyond the C11 race, when the array grows (more than 8 callbacks) the register
 * path frees the old array right after the swap while a thread in opal_progress may have loaded the old pointer and
 * still call through it: a use after free that only the reader's speed prevents; the covering lock would be
 * progress_lock taken by readers too (or a reader count / deferred free before the array is released). Not fixed
 * upstream: open-mpi/ompi's main (stored snapshot) has the same unlocked loop and free(old); v4.1.8 is unchanged.
 */
#include <mpi.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#define ITERS 20

static void *work(void *arg) {
    (void)arg;
    for (int i = 0; i < ITERS; i++) {
        MPI_Comm c;
        if (MPI_Comm_dup(MPI_COMM_SELF, &c) != MPI_SUCCESS) {
            printf("evidence: MPI_Comm_dup of MPI_COMM_SELF failed\n");
            return (void *)1;
        }
        int size;
        MPI_Comm_size(c, &size);
        if (size != 1) {
            printf("evidence: a copy of MPI_COMM_SELF has %d processes\n", size);
            return (void *)1;
        }
        MPI_Comm_free(&c);
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
