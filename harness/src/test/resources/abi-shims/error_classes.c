/* A library whose invalid-tag error has another class than the binding's table says. */
#include <mpi.h>
int MPI_Error_class(int code, int *cls) {
    int rc = PMPI_Error_class(code, cls);
    if (*cls == MPI_ERR_TAG) *cls = MPI_ERR_ARG;
    return rc;
}
