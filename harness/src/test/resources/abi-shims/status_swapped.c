/* A library whose MPI_Status has MPI_TAG where the binding reads MPI_SOURCE, and the other way round. */
#include <mpi.h>
int MPI_Recv(void *buf, int count, MPI_Datatype t, int source, int tag, MPI_Comm comm, MPI_Status *st) {
    int rc = PMPI_Recv(buf, count, t, source, tag, comm, st);
    if (st != MPI_STATUS_IGNORE) { int s = st->MPI_SOURCE; st->MPI_SOURCE = st->MPI_TAG; st->MPI_TAG = s; }
    return rc;
}
