/* The comm-*-concurrent scenarios in C (CommCreationScenario), one program per kind, chosen with -DKIND=DUP (the
 * default), SPLIT, CREATE, CREATE_GROUP or CREATE_GROUP_SUBSETS: 3 ranks x 3 threads; thread t creates 30
 * communicators, each checked through itself (NewComms.check: size, an allreduce of member bits, allreduces of a
 * token naming the creation, a ring message naming it), and frees round i-2's after creating round i, so ids in use
 * coexist. DUP, SPLIT and CREATE work on a parent of the thread's own (a dup of COMM_WORLD made by the main thread):
 * MPI_Comm_dup; MPI_Comm_split with colour (rank+i)%2 and key -rank; MPI_Comm_create of the world group without rank
 * (i+t)%n, which must give that rank MPI_COMM_NULL. CREATE_GROUP and CREATE_GROUP_SUBSETS work on COMM_WORLD with the
 * thread's tag: MPI_Comm_create_group of the whole group, or of the group without rank (i+t)%n, which does not call. */
#include "mvs.h"
#define THREADS 3
#define ROUNDS 30
#define DUP 0
#define SPLIT 1
#define CREATE 2
#define CREATE_GROUP 3
#define CREATE_GROUP_SUBSETS 4
#ifndef KIND
#define KIND DUP
#endif
#define ON_WORLD (KIND == CREATE_GROUP || KIND == CREATE_GROUP_SUBSETS)

static int me, n;
static MPI_Comm parents[THREADS];
static MPI_Group world_group;

/* The world group without rank out, as CommCreationScenario.without. */
static __attribute__((unused)) void group_without(int out, MPI_Group *g) {
    int ranks[32], k = 0;
    for (int r = 0; r < n; r++) if (r != out) ranks[k++] = r;
    MVS(MPI_Group_incl, world_group, k, ranks, g);
}

/* Round i of thread t: creates, checks and returns the new communicator (MPI_COMM_NULL off it). */
static MPI_Comm create(int t, int i, const char *who) {
    char label[64];
    int all = (1 << n) - 1, expected = all;
    MPI_Comm c;
#if KIND == DUP
    MVS(MPI_Comm_dup, parents[t], &c);
    snprintf(label, sizeof label, "dup #(%d,%d)", t, i);
#elif KIND == SPLIT
    int color = (me + i) % 2;
    MVS(MPI_Comm_split, parents[t], color, -me, &c);
    expected = 0;
    for (int r = 0; r < n; r++) if ((r + i) % 2 == color) expected |= 1 << r;
    snprintf(label, sizeof label, "split #(%d,%d) colour %d", t, i, color);
#elif KIND == CREATE
    int out = (i + t) % n;
    MPI_Group g;
    group_without(out, &g);
    MVS(MPI_Comm_create, parents[t], g, &c);
    MVS(MPI_Group_free, &g);
    expected = all & ~(1 << out);
    snprintf(label, sizeof label, "create #(%d,%d)", t, i);
    if (me == out) {
        if (c != MPI_COMM_NULL) {
            mvs_evidence("%s: %s returned a communicator to rank %d, which is not in its group", who, label, me);
        }
        return c;
    }
#elif KIND == CREATE_GROUP
    MVS(MPI_Comm_create_group, parents[t], world_group, t, &c);
    snprintf(label, sizeof label, "create_group #(%d,%d)", t, i);
#elif KIND == CREATE_GROUP_SUBSETS
    int out = (i + t) % n;
    if (me == out) return MPI_COMM_NULL; /* collective over the group only: the left-out rank does not call */
    MPI_Group g;
    group_without(out, &g);
    MVS(MPI_Comm_create_group, parents[t], g, t, &c);
    MVS(MPI_Group_free, &g);
    expected = all & ~(1 << out);
    snprintf(label, sizeof label, "create_group_subsets #(%d,%d)", t, i);
#else
#error "KIND is DUP, SPLIT, CREATE, CREATE_GROUP or CREATE_GROUP_SUBSETS"
#endif
    if (c == MPI_COMM_NULL) {
        mvs_evidence("%s: %s returned MPI_COMM_NULL to a member", who, label);
        return c;
    }
    mvs_errors_return(c);
    mvs_check_new_comm(c, who, label, t * 10000 + i, expected);
    return c;
}

static void work(int t) {
    char who[64];
    int rounds = mvs_rounds(ROUNDS);
    MPI_Comm live[ROUNDS];
    snprintf(who, sizeof who, "rank %d thread %d", me, t);
    for (int i = 0; i < rounds; i++) {
        live[i] = create(t, i, who);
        if (i >= 2 && live[i - 2] != MPI_COMM_NULL) MVS(MPI_Comm_free, &live[i - 2]);
    }
    for (int i = rounds >= 2 ? rounds - 2 : 0; i < rounds; i++) {
        if (live[i] != MPI_COMM_NULL) MVS(MPI_Comm_free, &live[i]);
    }
}

int main(int argc, char **argv) {
    int provided;
    mvs_args(argc, argv);
    MVS(MPI_Init_thread, &argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    mvs_errors_return(MPI_COMM_WORLD);
    MVS(MPI_Comm_rank, MPI_COMM_WORLD, &me);
    mvs_me = me;
    MVS(MPI_Comm_size, MPI_COMM_WORLD, &n);
    for (int t = 0; t < THREADS; t++) {
        /* created one after the other by the main thread: concurrent calls on one communicator are not allowed */
        if (ON_WORLD) {
            parents[t] = MPI_COMM_WORLD;
        } else {
            MVS(MPI_Comm_dup, MPI_COMM_WORLD, &parents[t]);
            mvs_errors_return(parents[t]);
        }
    }
    MVS(MPI_Comm_group, MPI_COMM_WORLD, &world_group);
    mvs_workers(THREADS, work);
    MVS(MPI_Group_free, &world_group);
    if (!ON_WORLD) for (int t = 0; t < THREADS; t++) MVS(MPI_Comm_free, &parents[t]);
    return mvs_finish();
}
