package org.mpiverify.bench.compare;

import java.time.Duration;
import java.util.List;
import org.mpiverify.audit.scenario.RankReport;
import org.mpiverify.audit.scenario.Scenario;

/**
 * An MPI implementation the figures put beside the core in the same run (MPICH or Open MPI through
 * FFM, MPJ Express): it runs one of this package's measuring {@link Scenario}s on {@code
 * scenario.ranks()} ranks and returns each rank's report, whose facts hold the timings.
 *
 * <p>This is the seam to the audit's targets: an implementation is registered with
 * {@link java.util.ServiceLoader} ({@code META-INF/services/org.mpiverify.bench.compare.ComparisonTarget})
 * and wraps the audit target of the same library, so bench needs no change when a binding lands.
 */
public interface ComparisonTarget {

    /** Name of the series in the plots, e.g. "MPICH 4.0.2". */
    String name();

    /** Runs {@code scenario} once on all its ranks; throws if a rank failed or the deadline passed. */
    List<RankReport> run(Scenario scenario, Duration deadline) throws Exception;
}
