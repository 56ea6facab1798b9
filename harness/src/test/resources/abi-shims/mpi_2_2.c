/* A library that implements MPI 2.2: no matched probe, no MPI_Comm_idup, no nonblocking collectives. */
#include <mpi.h>
int MPI_Get_version(int *major, int *minor) { *major = 2; *minor = 2; return MPI_SUCCESS; }
