/*
 * bench core's native side: the core's 8-byte ping-pong and dup+free, in C, on two processes of one host under the
 * library's own mpiexec (shared memory, the library's default between the ranks of one host), at
 * MPI_THREAD_MULTIPLE as the core's series. Built once per library and source by NativeCoreBench, which parses the
 * lines rank 0 prints:
 *   pingpong_ns <half round trip, ns>
 *   dupfree_ns <one MPI_Comm_dup + MPI_Comm_free, ns, the slower rank's>
 *   bad <messages whose count or sequence number was wrong>
 * Usage: core_bench PINGPONGS DUPS. Every message is checked as the Java kernel checks it (PingPong.run): rank 0
 * sends i in element 0, rank 1 answers -i, both check the count. Exit 1 if a message was wrong, 2 on bad use.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int provided, rank, size;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    long pingpongs = argc > 1 ? atol(argv[1]) : 0;
    long dups = argc > 2 ? atol(argv[2]) : 0;
    if (size != 2 || provided != MPI_THREAD_MULTIPLE || pingpongs < 1 || dups < 1) {
        if (rank == 0) {
            fprintf(stderr, "error: core_bench PINGPONGS DUPS needs 2 ranks and MPI_THREAD_MULTIPLE "
                            "(ranks %d, thread level provided %d, arguments %ld %ld)\n", size, provided, pingpongs, dups);
        }
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    int buf[2] = {0, 0};
    long bad = 0;
    long warmup = pingpongs / 10 + 1;
    double t0 = 0;
    MPI_Status st;
    int count;
    MPI_Barrier(MPI_COMM_WORLD);
    for (long i = -warmup; i < pingpongs; i++) {
        if (i == 0) {
            MPI_Barrier(MPI_COMM_WORLD);
            t0 = MPI_Wtime();
        }
        int seq = (int) i;
        if (rank == 0) {
            buf[0] = seq;
            MPI_Send(buf, 2, MPI_INT, 1, 0, MPI_COMM_WORLD);
            MPI_Recv(buf, 2, MPI_INT, 1, 0, MPI_COMM_WORLD, &st);
            MPI_Get_count(&st, MPI_INT, &count);
            bad += buf[0] != -seq || count != 2;
        } else {
            MPI_Recv(buf, 2, MPI_INT, 0, 0, MPI_COMM_WORLD, &st);
            MPI_Get_count(&st, MPI_INT, &count);
            bad += buf[0] != seq || count != 2;
            buf[0] = -seq;
            MPI_Send(buf, 2, MPI_INT, 0, 0, MPI_COMM_WORLD);
        }
    }
    double pingpong = MPI_Wtime() - t0;

    MPI_Comm c;
    for (long i = 0; i < dups / 10 + 1; i++) {
        MPI_Comm_dup(MPI_COMM_WORLD, &c);
        MPI_Comm_free(&c);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    double t1 = MPI_Wtime();
    for (long i = 0; i < dups; i++) {
        MPI_Comm_dup(MPI_COMM_WORLD, &c);
        MPI_Comm_free(&c);
    }
    double dup = MPI_Wtime() - t1, slowest;
    MPI_Reduce(&dup, &slowest, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    long allBad;
    MPI_Reduce(&bad, &allBad, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        printf("pingpong_ns %.3f\ndupfree_ns %.3f\nbad %ld\n", pingpong * 1e9 / (2.0 * pingpongs), slowest * 1e9 / dups,
               allBad);
        fflush(stdout);
    }
    MPI_Finalize();
    return rank == 0 && allBad != 0 ? 1 : 0;
}
