package org.mpiverify.harness.scenario;

import java.time.Duration;
import java.util.List;
import org.mpiverify.harness.api.AuditMpi;

/**
 * One multithreaded MPI program the audit runs on every target, SPMD style: {@link #run} executes
 * on every rank (a thread of one JVM for in-JVM targets, its own JVM under {@code mpiexec} for
 * native ones), and {@link #judge} turns the ranks' reports into a verdict.
 *
 * <p>{@code run} calls {@code initThread} itself (so it can test what is provided), must join every
 * thread it starts before it returns, and reports what it observed — not a verdict — in its
 * {@link RankReport}: which messages arrived where, which ids each rank saw. A scenario must be
 * able to FAIL: its judge checks a property a broken implementation violates.
 *
 * <p><b>Parameters.</b> A native target runs the scenario in other JVMs, which rebuild it from its
 * class name: with the public no-argument constructor when {@link #spec()} is {@code null}, else with
 * the class's {@code public static <T extends Scenario> T fromSpec(String spec)}, which must give a
 * scenario equal in behaviour to this one ({@code fromSpec(s.spec()).spec().equals(s.spec())}).
 */
public interface Scenario {
    /** Stable identifier, used on the command line and in reports: {@code fig2-deadlock}. */
    String id();

    String title();

    /** Where it comes from: a paper figure or section, or a file of MPICH's {@code test/mpi/threads}. */
    String origin();

    /** Number of ranks it runs on. */
    int ranks();

    /** How many times the audit repeats it (outcomes under concurrency are probabilistic). */
    int repeats(boolean full);

    /** Deadline for one run on all ranks; past it the run is a HANG. */
    Duration deadline();

    /** Runs on one rank. Exceptions are reported as that rank's failure (CRASH or FAIL by the judge). */
    RankReport run(AuditMpi mpi) throws Exception;

    /**
     * This scenario's parameters as one argument for {@code fromSpec(String)} (no whitespace, so it
     * passes through any {@code mpiexec} unchanged), or {@code null} if it has none. The deadline is
     * the driver's business and need not be part of it.
     */
    default String spec() { return null; }

    /** Combines the reports of one run (one per rank, in rank order) into a verdict. */
    Verdict judge(List<RankReport> reports);

    /**
     * True for a benchmark rather than a check: targets then start its rank processes for speed, not
     * start-up (the full JIT), so that its timings measure the library, not a cold JVM.
     */
    default boolean measures() {
        return false;
    }
}
