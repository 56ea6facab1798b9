/* A known-bad library for the race audit (RaceAuditTest must see its race): an MPI-like call, MPIX_Comm_dup_fake,
 * that hands out context ids from a global counter. Built as is, the counter is read and written without a lock, the
 * race of an unsafe context-id allocation; built with -DLOCKED, a mutex covers it and no race may be reported.
 * Both builds are libfakempi.so, so the same program loads either through LD_LIBRARY_PATH, as the audit's --lib
 * loads another build of a library. */
#include <pthread.h>

static int next_context_id = 16;
#ifdef LOCKED
static pthread_mutex_t context_id_lock = PTHREAD_MUTEX_INITIALIZER;
#endif

int MPIX_Comm_dup_fake(int comm, int *newcomm) {
    (void)comm;
#ifdef LOCKED
    pthread_mutex_lock(&context_id_lock);
#endif
    int id = next_context_id; /* DEFECT unless LOCKED: two threads may read the same id */
    next_context_id = id + 1;
#ifdef LOCKED
    pthread_mutex_unlock(&context_id_lock);
#endif
    *newcomm = id;
    return 0;
}
