/* init-thread-level and thread-level-honesty in C (ThreadLevelScenario), chosen with -DWORKLOAD=0 or 1: 2 ranks.
 * Both: MPI_Init_thread(MPI_THREAD_MULTIPLE) must provide a thread level, the same on every rank.
 * WORKLOAD=0 (MPICH's threads/init/initth.c): MPI_Query_thread says the level provided; MPI_Is_thread_main is true on
 * the initializing thread and, when MULTIPLE is provided, false on another thread.
 * WORKLOAD=1: if MULTIPLE is provided, 4 threads per rank, 40 rounds: thread 0 sends payloads to the other rank on tag
 * 40, thread 1 receives them with (MPI_ANY_SOURCE, MPI_ANY_TAG) in order, thread 2 dups its own communicator and
 * checks the dup through itself (NewComms.check), thread 3 runs MPI_Allreduce (SUM of i + rank) and MPI_Barrier on
 * its own communicator. A library that provides less is not held to it. */
#include "mvs.h"
#ifndef WORKLOAD
#error "compile with -DWORKLOAD=0 or 1"
#endif
#define THREADS 4
#define ROUNDS 40
static __attribute__((unused)) const char *LEVELS[] = {"SINGLE", "FUNNELED", "SERIALIZED", "MULTIPLE"};

static int me, other, other_is_main;
static MPI_Comm comms[THREADS];

/* MPI's level as the audit's 0..3 (Java's AuditMpi.THREAD_*), -1 if it is none of them */
static int level(int mpi_level) {
    return mpi_level == MPI_THREAD_SINGLE ? 0 : mpi_level == MPI_THREAD_FUNNELED ? 1
            : mpi_level == MPI_THREAD_SERIALIZED ? 2 : mpi_level == MPI_THREAD_MULTIPLE ? 3 : -1;
}

static __attribute__((unused)) void ask_main(int t) {
    (void) t;
    MVS(MPI_Is_thread_main, &other_is_main);
}

static __attribute__((unused)) void mixed(int t) {
    char who[64], label[32];
    int buf[MVS_HEADER + 32], m[MVS_HEADER + 32], next = 0, rounds = mvs_rounds(ROUNDS);
    snprintf(who, sizeof who, "rank %d thread %d", me, t);
    for (int i = 0; i < rounds; i++) {
        switch (t % 4) {
            case 0: /* wildcard traffic on COMM_WORLD: thread 0 sends, thread 1 receives (ANY_SOURCE, ANY_TAG) */
                mvs_payload_make(m, me, 0, i, MVS_HEADER + i % 20);
                MVS(MPI_Send, m, MVS_HEADER + i % 20, MPI_INT, other, 40, MPI_COMM_WORLD);
                break;
            case 1: {
                MPI_Status st;
                MVS(MPI_Recv, buf, MVS_HEADER + 32, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
                if (mvs_expect_message(who, &st, buf, other, 40, other, 0, next)) next++;
                break;
            }
            case 2: { /* communicator creation on its own parent */
                MPI_Comm d;
                MVS(MPI_Comm_dup, comms[t], &d);
                mvs_errors_return(d);
                snprintf(label, sizeof label, "dup #%d", i);
                mvs_check_new_comm(d, who, label, i, 0x3);
                MVS(MPI_Comm_free, &d);
                break;
            }
            default: { /* collectives on its own communicator */
                int in = i + me, sum = 0;
                MVS(MPI_Allreduce, &in, &sum, 1, MPI_INT, MPI_SUM, comms[t]);
                if (sum != 2 * i + 1) mvs_evidence("%s: allreduce #%d gave %d", who, i, sum);
                MVS(MPI_Barrier, comms[t]);
            }
        }
    }
}

int main(int argc, char **argv) {
    int mpi_provided;
    mvs_args(argc, argv);
    MVS(MPI_Init_thread, &argc, &argv, MPI_THREAD_MULTIPLE, &mpi_provided);
    mvs_errors_return(MPI_COMM_WORLD);
    MVS(MPI_Comm_rank, MPI_COMM_WORLD, &me);
    mvs_me = me;
    other = 1 - me;
    int provided = level(mpi_provided);
    mvs_agree("provided", "%d", provided);
    if (provided < 0) {
        mvs_evidence("rank %d: MPI_Init_thread provided %d, not a thread level", me, mpi_provided);
        return mvs_finish();
    }
#if !WORKLOAD
    int queried, is_main;
    MVS(MPI_Query_thread, &queried);
    if (level(queried) != provided) {
        mvs_evidence("rank %d: MPI_Query_thread says %s, MPI_Init_thread provided %s", me,
                     level(queried) < 0 ? "no level" : LEVELS[level(queried)], LEVELS[provided]);
    }
    MVS(MPI_Is_thread_main, &is_main);
    if (!is_main) mvs_evidence("rank %d: MPI_Is_thread_main is false on the thread that initialized", me);
    if (provided == 3) {
        mvs_workers(1, ask_main);
        if (other_is_main) mvs_evidence("rank %d: MPI_Is_thread_main is true on a thread that did not initialize", me);
    }
#else
    if (provided == 3) {
        for (int t = 0; t < THREADS; t++) {
            MVS(MPI_Comm_dup, MPI_COMM_WORLD, &comms[t]);
            mvs_errors_return(comms[t]);
        }
        mvs_workers(THREADS, mixed);
        for (int t = 0; t < THREADS; t++) MVS(MPI_Comm_free, &comms[t]);
    }
#endif
    return mvs_finish();
}
