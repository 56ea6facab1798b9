/* A library whose MPI_Finalize never returns in a job of more than one process (a one-process job, such as the
   ABI check's, finalizes): a run that finishes its scenario and then hangs in MPI_Finalize. */
#include <mpi.h>
#include <unistd.h>
int MPI_Finalize(void) {
    int n;
    PMPI_Comm_size(MPI_COMM_WORLD, &n);
    if (n == 1) return PMPI_Finalize();
    for (;;) pause();
}
