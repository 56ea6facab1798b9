/* MPICH 4.0.2 over UCX's TCP transport hangs in MPI_Finalize (the audit's mpich-tcp target: runs that finished
 * their scenario hang there), in C and with one thread: each rank creates a communicator, makes one allreduce on
 * it, frees it, and finalizes. Some ranks then spin in ucp_worker_progress inside PMPI_Finalize while another waits
 * in Hydra's PMI barrier (a read on the PMI socket), and nothing moves. Over shared memory (no UCX_TLS) it never
 * hangs; an allreduce on MPI_COMM_WORLD alone, without the created communicator, did not hang in 24 runs either.
 * Prints " No Errors" on rank 0.
 *
 *   mpicc.mpich -O2 -o fin finalize_after_comm_free.c
 *   for i in $(seq 20); do UCX_ERROR_SIGNALS= UCX_TLS=tcp,self timeout 15 mpiexec.mpich -n 3 ./fin || echo "run $i: exit $?"; done
 *
 * With a first argument "split", the communicator comes from MPI_Comm_split instead of MPI_Comm_dup; a second
 * argument is the number of create/allreduce/free rounds (default 1).
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
    int provided, rank, rounds = argc > 2 ? atoi(argv[2]) : 1;
    int split = argc > 1 && strcmp(argv[1], "split") == 0;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int i = 0; i < rounds; i++) {
        MPI_Comm c;
        if (split) MPI_Comm_split(MPI_COMM_WORLD, 0, rank, &c);
        else MPI_Comm_dup(MPI_COMM_WORLD, &c);
        int one = 1, sum = 0, size;
        MPI_Comm_size(c, &size);
        MPI_Allreduce(&one, &sum, 1, MPI_INT, MPI_SUM, c);
        if (sum != size) {
            fprintf(stderr, "rank %d: allreduce gave %d, expected %d\n", rank, sum, size);
            MPI_Abort(MPI_COMM_WORLD, 1);
        }
        MPI_Comm_free(&c);
    }
    MPI_Finalize();
    if (rank == 0) printf(" No Errors\n");
    return 0;
}
