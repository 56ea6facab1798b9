/* coll-nonblocking-distinct-comms in C (NonblockingCollectivesScenario, after MPICH's threads/comm/idup_nb.c and
 * threads/coll): 3 ranks x 3 threads; the main thread starts an MPI_Comm_idup of COMM_WORLD per thread, then waits for
 * them. Each thread, 60 rounds on its own communicator, root (i+t)%n: MPI_Ibarrier, MPI_Ibcast of 4 ints,
 * MPI_Iallreduce SUM (2 ints) and MAX (1), MPI_Ireduce SUM at the root, MPI_Igather, MPI_Iscatter, MPI_Igatherv,
 * MPI_Iscatterv (r + 1 ints to or from rank r, a one-int gap after each block that must keep its value),
 * MPI_Iallgather and MPI_Ialltoall, all eleven outstanding together, then MPI_Wait on each in an order rotating with
 * the round; every result checked element by element (the non-root's ireduce buffer must keep its sentinel). */
#include "mvs.h"
#define THREADS 3
#define ROUNDS 60
#define MAXN 8
#define GAP (-9)
#define V_GATHER 16
#define V_SCATTER 32
#define NOT_WRITTEN (-7)
#define NREQ 11

static int me, n;
static MPI_Comm comms[THREADS];

/* element k that rank contributes in round of thread t: unique per all four */
static int block(int t, int round, int rank, int k) { return ((t * 100 + round) * 16 + rank) * 64 + k; }

static void work(int t) {
    MPI_Comm c = comms[t];
    char who[64];
    int rounds = mvs_rounds(ROUNDS);
    snprintf(who, sizeof who, "rank %d thread %d", me, t);
    for (int i = 0; i < rounds; i++) {
        int root = (i + t) % n;
        int b[4] = {0, 0, 0, 0}, sum[2] = {0, 0}, max = 0, reduced = NOT_WRITTEN;
        int gathered[2 * MAXN] = {0}, scattered[2] = {0}, all[2 * MAXN] = {0}, to_all[2 * MAXN] = {0};
        int root_blocks[2 * MAXN], send_to_all[2 * MAXN], v_counts[MAXN], v_displs[MAXN], extent = 0;
        int mine_v[MAXN], gathered_v[MAXN * (MAXN + 3)], root_v[MAXN * (MAXN + 3)], scattered_v[MAXN] = {0};
        int sum_in[2] = {(me + 1) * (i + 1), t}, max_in = me * 1000 + i, red_in = (me + 1) * (i + 1) + t;
        int gather_in[2] = {block(t, i, me, 0), block(t, i, me, 1)}, allgather_in[2] = {block(t, i, me, 0), block(t, i, me, 1)};
        MPI_Request r[NREQ];
        if (me == root) { b[0] = t; b[1] = i; b[2] = root; b[3] = t ^ i; }
        for (int k = 0; k < 2 * n; k++) {
            root_blocks[k] = block(t, i, root, k);
            send_to_all[k] = block(t, i, me, k);
        }
        for (int j = 0; j < n; j++) {
            v_counts[j] = j + 1;
            v_displs[j] = extent;
            extent += j + 2; /* a one-int gap after each block */
        }
        for (int k = 0; k < extent; k++) gathered_v[k] = root_v[k] = GAP;
        for (int k = 0; k <= me; k++) mine_v[k] = block(t, i, me, V_GATHER + k);
        for (int j = 0; j < n; j++) for (int k = 0; k <= j; k++) root_v[v_displs[j] + k] = block(t, i, j, V_SCATTER + k);
        MVS(MPI_Ibarrier, c, &r[0]);
        MVS(MPI_Ibcast, b, 4, MPI_INT, root, c, &r[1]);
        MVS(MPI_Iallreduce, sum_in, sum, 2, MPI_INT, MPI_SUM, c, &r[2]);
        MVS(MPI_Iallreduce, &max_in, &max, 1, MPI_INT, MPI_MAX, c, &r[3]);
        MVS(MPI_Ireduce, &red_in, &reduced, 1, MPI_INT, MPI_SUM, root, c, &r[4]);
        MVS(MPI_Igather, gather_in, 2, MPI_INT, gathered, 2, MPI_INT, root, c, &r[5]);
        MVS(MPI_Iscatter, root_blocks, 2, MPI_INT, scattered, 2, MPI_INT, root, c, &r[6]);
        MVS(MPI_Igatherv, mine_v, me + 1, MPI_INT, gathered_v, v_counts, v_displs, MPI_INT, root, c, &r[7]);
        MVS(MPI_Iscatterv, root_v, v_counts, v_displs, MPI_INT, scattered_v, me + 1, MPI_INT, root, c, &r[8]);
        MVS(MPI_Iallgather, allgather_in, 2, MPI_INT, all, 2, MPI_INT, c, &r[9]);
        MVS(MPI_Ialltoall, send_to_all, 2, MPI_INT, to_all, 2, MPI_INT, c, &r[10]);
        for (int k = 0; k < NREQ; k++) MVS(MPI_Wait, &r[(i + k) % NREQ], MPI_STATUS_IGNORE);
        for (int j = 0; j < n; j++) {
            for (int k = 0; k < 2; k++) {
                if (me == root && gathered[2 * j + k] != block(t, i, j, k)) {
                    mvs_evidence("%s: igather #%d at root %d: element %d of rank %d is %d, expected %d", who, i, root, k, j,
                                 gathered[2 * j + k], block(t, i, j, k));
                }
                if (all[2 * j + k] != block(t, i, j, k)) {
                    mvs_evidence("%s: iallgather #%d: element %d of rank %d is %d, expected %d", who, i, k, j, all[2 * j + k],
                                 block(t, i, j, k));
                }
                if (to_all[2 * j + k] != block(t, i, j, 2 * me + k)) {
                    mvs_evidence("%s: ialltoall #%d: element %d from rank %d is %d, expected %d", who, i, k, j,
                                 to_all[2 * j + k], block(t, i, j, 2 * me + k));
                }
            }
        }
        if (me == root) {
            for (int j = 0; j < n; j++) {
                for (int k = 0; k <= j + 1; k++) { /* rank j's block, then the gap after it */
                    int expected = k <= j ? block(t, i, j, V_GATHER + k) : GAP;
                    if (gathered_v[v_displs[j] + k] != expected) {
                        mvs_evidence("%s: igatherv #%d at root %d: int %d is %d, expected %d (%s of rank %d)", who, i, root,
                                     v_displs[j] + k, gathered_v[v_displs[j] + k], expected, k <= j ? "an element" : "the gap after the block", j);
                    }
                }
            }
        }
        for (int k = 0; k <= me; k++) {
            if (scattered_v[k] != block(t, i, me, V_SCATTER + k)) {
                mvs_evidence("%s: iscatterv #%d from root %d: element %d is %d, expected %d", who, i, root, k, scattered_v[k],
                             block(t, i, me, V_SCATTER + k));
            }
        }
        for (int k = 0; k < 2; k++) {
            if (scattered[k] != block(t, i, root, 2 * me + k)) {
                mvs_evidence("%s: iscatter #%d from root %d: element %d is %d, expected %d", who, i, root, k, scattered[k],
                             block(t, i, root, 2 * me + k));
            }
        }
        if (b[0] != t || b[1] != i || b[2] != root || b[3] != (t ^ i)) {
            mvs_evidence("%s: ibcast #%d from root %d delivered [%d, %d, %d, %d], expected [%d, %d, %d, %d]", who, i, root,
                         b[0], b[1], b[2], b[3], t, i, root, t ^ i);
        }
        int expect = (i + 1) * n * (n + 1) / 2;
        if (sum[0] != expect || sum[1] != t * n) {
            mvs_evidence("%s: iallreduce(SUM) #%d gave %d,%d, expected %d,%d (contributions from another communicator or "
                         "round?)", who, i, sum[0], sum[1], expect, t * n);
        }
        int reduced_expected = me == root ? expect + t * n : NOT_WRITTEN;
        if (reduced != reduced_expected) {
            mvs_evidence("%s: ireduce(SUM) #%d at root %d left %d at rank %d, expected %d%s", who, i, root, reduced, me,
                         reduced_expected, me == root ? "" : " (the result buffer is the root's only)");
        }
        if (max != (n - 1) * 1000 + i) mvs_evidence("%s: iallreduce(MAX) #%d gave %d, expected %d", who, i, max, (n - 1) * 1000 + i);
    }
}

int main(int argc, char **argv) {
    int provided;
    MPI_Request reqs[THREADS];
    mvs_args(argc, argv);
    MVS(MPI_Init_thread, &argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    mvs_errors_return(MPI_COMM_WORLD);
    MVS(MPI_Comm_rank, MPI_COMM_WORLD, &me);
    mvs_me = me;
    MVS(MPI_Comm_size, MPI_COMM_WORLD, &n);
    for (int t = 0; t < THREADS; t++) MVS(MPI_Comm_idup, MPI_COMM_WORLD, &comms[t], &reqs[t]);
    for (int t = 0; t < THREADS; t++) MVS(MPI_Wait, &reqs[t], MPI_STATUS_IGNORE);
    for (int t = 0; t < THREADS; t++) mvs_errors_return(comms[t]);
    mvs_workers(THREADS, work);
    for (int t = 0; t < THREADS; t++) MVS(MPI_Comm_free, &comms[t]);
    return mvs_finish();
}
