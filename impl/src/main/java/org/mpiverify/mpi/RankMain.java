package org.mpiverify.mpi;

/** The main program of one rank of an in-JVM job. It receives its rank's {@link Mpi} entry point. */
@FunctionalInterface
public interface RankMain {
    void run(Mpi mpi) throws Exception;
}
