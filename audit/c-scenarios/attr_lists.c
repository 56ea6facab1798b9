/* attr-lists and info-lists in C (AttributeListsScenario), chosen with -DKIND=ATTRIBUTES or INFO: 2 ranks x 4 threads,
 * released together by a barrier of the rank's threads (not MPI), 500 iterations each.
 * ATTRIBUTES: MPI_TAG_UB (MPI_Comm_get_attr) must be at least 32767; the main thread dups a shared communicator and
 * one per thread; each thread creates two keys (MPI_Comm_create_keyval with MPI_COMM_DUP_FN, and with
 * MPI_COMM_NULL_COPY_FN), then sets, reads back, overwrites and (every third iteration) deletes attributes on its
 * own communicator, and sets and reads back its copied key on the shared one. Afterwards the main thread checks every
 * thread's last value on the shared communicator and on a dup of it (only the MPI_COMM_DUP_FN keys copied), deletes
 * only attributes that are set, frees keys and communicators.
 * INFO: one info object shared by the threads; each sets and reads back its own 5 keys in turn, and every fourth
 * iteration sets and deletes a scratch key; afterwards every thread's keys hold their last values, and
 * MPI_Info_get_nkeys / MPI_Info_get_nthkey list exactly them. */
#include "mvs.h"
#define ATTRIBUTES_ 1
#define INFO_ 2
#define CAT_(a) a##_
#define WHICH(a) CAT_(a)
#ifndef KIND
#error "compile with -DKIND=ATTRIBUTES or INFO"
#endif
#define THREADS 4
#define ITER 500
#define INFO_KEYS 5

static int me, iterations;
static pthread_barrier_t start;

/* a value no other rank, thread or iteration writes */
static long value(int rank, int thread, int i) { return 1000000L * (rank + 1) + 1000L * thread + i + 1; }

#if WHICH(KIND) == ATTRIBUTES_
static MPI_Comm shared, own[THREADS];
static int copied[THREADS], not_copied[THREADS];

/* AttributeListsScenario.expect: the attribute read (has: whether set) against want (wanted: whether it should be) */
static void expect(const char *what, int has, void *got, int wanted, long want) {
    long g = (long) (intptr_t) got;
    if (has != wanted || (has && g != want)) {
        char gs[32], ws[32];
        snprintf(gs, sizeof gs, "%ld", g);
        snprintf(ws, sizeof ws, "%ld", want);
        mvs_evidence("%s: read %s, expected %s", what, has ? gs : "no attribute", wanted ? ws : "no attribute");
    }
}

static void work(int t) {
    char who[64], what[128];
    void *got;
    int has;
    snprintf(who, sizeof who, "rank %d thread %d", me, t);
    MVS(MPI_Comm_create_keyval, MPI_COMM_DUP_FN, MPI_COMM_NULL_DELETE_FN, &copied[t], NULL);
    MVS(MPI_Comm_create_keyval, MPI_COMM_NULL_COPY_FN, MPI_COMM_NULL_DELETE_FN, &not_copied[t], NULL);
    pthread_barrier_wait(&start); /* so that the threads' updates overlap from the first */
    int kc = copied[t], kn = not_copied[t];
    for (int i = 0; i < iterations; i++) {
        long v = value(me, t, i);
        MVS(MPI_Comm_set_attr, own[t], kc, (void *) (intptr_t) v);
        MVS(MPI_Comm_set_attr, own[t], kn, (void *) (intptr_t) -v);
        MVS(MPI_Comm_get_attr, own[t], kc, &got, &has);
        snprintf(what, sizeof what, "%s own communicator, copied key", who);
        expect(what, has, got, 1, v);
        MVS(MPI_Comm_get_attr, own[t], kn, &got, &has);
        snprintf(what, sizeof what, "%s own communicator, other key", who);
        expect(what, has, got, 1, -v);
        if (i % 3 == 2) {
            MVS(MPI_Comm_delete_attr, own[t], kn);
            MVS(MPI_Comm_get_attr, own[t], kn, &got, &has);
            snprintf(what, sizeof what, "%s own communicator, deleted key", who);
            expect(what, has, got, 0, 0);
        }
        MVS(MPI_Comm_set_attr, shared, kc, (void *) (intptr_t) v);
        MVS(MPI_Comm_get_attr, shared, kc, &got, &has);
        snprintf(what, sizeof what, "%s shared communicator", who);
        expect(what, has, got, 1, v);
    }
    MVS(MPI_Comm_set_attr, shared, kn, (void *) (intptr_t) 1);
}

static void run(void) {
    void *got;
    int has, threads = mvs_thread_count(THREADS);
    char what[160];
    MPI_Comm dup;
    MVS(MPI_Comm_get_attr, MPI_COMM_WORLD, MPI_TAG_UB, &got, &has);
    if (!has || *(int *) got < 32767) {
        mvs_evidence("rank %d: MPI_TAG_UB is %d, MPI requires at least 32767", me, has ? *(int *) got : -1);
    }
    MVS(MPI_Comm_dup, MPI_COMM_WORLD, &shared);
    mvs_errors_return(shared);
    for (int t = 0; t < THREADS; t++) {
        MVS(MPI_Comm_dup, MPI_COMM_WORLD, &own[t]);
        mvs_errors_return(own[t]);
    }
    mvs_workers(THREADS, work);
    MVS(MPI_Comm_dup, shared, &dup);
    mvs_errors_return(dup);
    for (int t = 0; t < threads; t++) {
        long last = value(me, t, iterations - 1);
        MVS(MPI_Comm_get_attr, shared, copied[t], &got, &has);
        snprintf(what, sizeof what, "rank %d after the threads, thread %d's key on the shared communicator", me, t);
        expect(what, has, got, 1, last);
        MVS(MPI_Comm_get_attr, dup, copied[t], &got, &has);
        snprintf(what, sizeof what, "rank %d after the threads, thread %d's MPI_COMM_DUP_FN key on its dup", me, t);
        expect(what, has, got, 1, last);
        MVS(MPI_Comm_get_attr, dup, not_copied[t], &got, &has);
        snprintf(what, sizeof what, "rank %d after the threads, thread %d's MPI_COMM_NULL_COPY_FN key on its dup", me, t);
        expect(what, has, got, 0, 0);
    }
    /* only attributes that are set are deleted: Open MPI 4.1.4 fails the delete of an absent one, MPI does not say */
    for (int t = 0; t < threads; t++) {
        MVS(MPI_Comm_delete_attr, shared, copied[t]);
        MVS(MPI_Comm_delete_attr, dup, copied[t]);
        MVS(MPI_Comm_delete_attr, own[t], copied[t]);
        MVS(MPI_Comm_delete_attr, shared, not_copied[t]);
        if ((iterations - 1) % 3 != 2) MVS(MPI_Comm_delete_attr, own[t], not_copied[t]);
        MVS(MPI_Comm_free_keyval, &copied[t]);
        MVS(MPI_Comm_free_keyval, &not_copied[t]);
    }
    for (int t = 0; t < THREADS; t++) MVS(MPI_Comm_free, &own[t]);
    MVS(MPI_Comm_free, &dup);
    MVS(MPI_Comm_free, &shared);
}
#elif WHICH(KIND) == INFO_
static MPI_Info info;

static void info_key(char *key, int thread, int k) { snprintf(key, 32, "t%d.k%d", thread, k); }

/* AttributeListsScenario.expectInfo */
static void expect_info(const char *what, int has, const char *got, const char *want) {
    if (has != (want != NULL) || (has && strcmp(got, want) != 0)) {
        char gs[MPI_MAX_INFO_VAL + 4];
        snprintf(gs, sizeof gs, "'%s'", got);
        char ws[64];
        if (want) snprintf(ws, sizeof ws, "'%s'", want);
        mvs_evidence("%s: read %s, expected %s", what, has ? gs : "no value", want ? ws : "no value");
    }
}

static void work(int t) {
    char who[64], what[160], key[32], scratch[32], v[32], got[MPI_MAX_INFO_VAL + 1];
    int has;
    snprintf(who, sizeof who, "rank %d thread %d", me, t);
    pthread_barrier_wait(&start); /* so that the threads' updates overlap from the first */
    for (int i = 0; i < iterations; i++) {
        snprintf(v, sizeof v, "%ld", value(me, t, i));
        info_key(key, t, i % INFO_KEYS);
        MVS(MPI_Info_set, info, key, v);
        MVS(MPI_Info_get, info, key, MPI_MAX_INFO_VAL, got, &has);
        snprintf(what, sizeof what, "%s shared info '%s'", who, key);
        expect_info(what, has, got, v);
        if (i % 4 == 3) {
            info_key(scratch, t, INFO_KEYS);
            MVS(MPI_Info_set, info, scratch, "x");
            MVS(MPI_Info_delete, info, scratch);
            MVS(MPI_Info_get, info, scratch, MPI_MAX_INFO_VAL, got, &has);
            snprintf(what, sizeof what, "%s shared info, deleted '%s'", who, scratch);
            expect_info(what, has, got, NULL);
        }
    }
}

static void run(void) {
    char key[32], v[32], got[MPI_MAX_INFO_VAL + 1], what[160];
    int has, n, threads = mvs_thread_count(THREADS), expected = 0, listed = 0;
    MVS(MPI_Info_create, &info);
    mvs_workers(THREADS, work);
    for (int t = 0; t < threads; t++) {
        for (int k = 0; k < INFO_KEYS; k++) {
            int last_i = k + INFO_KEYS * ((iterations - 1 - k) / INFO_KEYS);
            info_key(key, t, k);
            snprintf(v, sizeof v, "%ld", value(me, t, last_i));
            MVS(MPI_Info_get, info, key, MPI_MAX_INFO_VAL, got, &has);
            snprintf(what, sizeof what, "rank %d after the threads, info key %s", me, key);
            expect_info(what, has, got, v);
        }
    }
    MVS(MPI_Info_get_nkeys, info, &n);
    for (int i = 0; i < n; i++) {
        int t, k;
        MVS(MPI_Info_get_nthkey, info, i, key);
        if (sscanf(key, "t%d.k%d", &t, &k) == 2 && t >= 0 && t < threads && k >= 0 && k < INFO_KEYS) listed++;
    }
    expected = threads * INFO_KEYS;
    if (n != expected || listed != expected) {
        mvs_evidence("rank %d: the shared info object has %d keys (%d of them a thread's), expected %d keys, %d per "
                     "thread: an update was lost", me, n, listed, expected, INFO_KEYS);
    }
    MVS(MPI_Info_free, &info);
}
#else
#error "KIND is ATTRIBUTES or INFO"
#endif

int main(int argc, char **argv) {
    int provided;
    mvs_args(argc, argv);
    MVS(MPI_Init_thread, &argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    mvs_errors_return(MPI_COMM_WORLD);
    MVS(MPI_Comm_rank, MPI_COMM_WORLD, &me);
    mvs_me = me;
    iterations = mvs_rounds(ITER);
    pthread_barrier_init(&start, NULL, mvs_thread_count(THREADS));
    run();
    return mvs_finish();
}
