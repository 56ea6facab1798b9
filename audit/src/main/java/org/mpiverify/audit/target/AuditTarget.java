package org.mpiverify.audit.target;

import java.util.Optional;
import org.mpiverify.audit.scenario.Scenario;

/**
 * An MPI implementation the audit runs scenarios on: our core in this JVM, MPICH or Open MPI under
 * {@code mpiexec}, MPJ Express on one of its devices. One instance per target id.
 */
public interface AuditTarget {
    /** Stable identifier used on the command line and in result file names: {@code mpj-multicore}. */
    String id();

    /** Library name, version and configuration, for example {@code "MPJ Express 0.44, multicore device"}. */
    String describe();

    /**
     * Why this target cannot run here, naming what to install (for example the Debian package), or
     * empty when it can.
     */
    Optional<String> unavailable();

    /**
     * Runs {@code scenario} once on {@link Scenario#ranks()} ranks, waiting at most
     * {@link Scenario#deadline()}. Never leaves a process or thread of the run behind.
     *
     * @throws IllegalStateException if {@link #unavailable()} is not empty
     */
    RunOutcome runOnce(Scenario scenario) throws InterruptedException;
}
