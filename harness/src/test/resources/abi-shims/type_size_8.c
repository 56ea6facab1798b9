/* A library that says MPI_INT is 8 bytes: the binding's MPI_INT handle is then not the library's int. */
#include <mpi.h>
int MPI_Type_size(MPI_Datatype t, int *size) {
    int rc = PMPI_Type_size(t, size);
    if (t == MPI_INT) *size = 8;
    return rc;
}
