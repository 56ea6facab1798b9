package org.mpiverify.harness.launch;

import java.util.Optional;
import org.mpiverify.harness.scenario.Scenario;

/**
 * An MPI implementation the audit can run scenarios on: it starts {@code scenario.ranks()} ranks,
 * gives each an {@link org.mpiverify.harness.api.AuditMpi}, runs {@link Scenario#run} on each, and
 * collects the reports — or, past the deadline, every thread's stack and a clean kill.
 */
public interface AuditTarget {
    /** Command-line name: {@code core}, {@code mpich}, {@code openmpi}, {@code mpj-multicore}, {@code mpj-niodev}. */
    String id();

    /** Implementation and version, for reports. */
    String describe();

    /**
     * Empty when the target can run here; otherwise a message saying what is missing and which
     * Debian package provides it ({@code apt-get install mpich libmpich-dev}).
     */
    Optional<String> unavailable();

    /** Runs the scenario once on all its ranks. Never throws for what the scenario does. */
    RunOutcome runOnce(Scenario scenario);
}
