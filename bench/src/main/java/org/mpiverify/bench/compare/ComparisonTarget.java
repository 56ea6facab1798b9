package org.mpiverify.bench.compare;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.mpiverify.harness.scenario.RankReport;
import org.mpiverify.harness.scenario.Scenario;

/**
 * An MPI implementation the figures put beside the core in the same run (MPICH or Open MPI through
 * FFM, MPJ Express): it runs one of this package's measuring {@link Scenario}s on {@code
 * scenario.ranks()} ranks and returns each rank's report, whose facts hold the timings.
 *
 * <p>This is the seam to the harness's targets: an implementation is registered with
 * {@link java.util.ServiceLoader} ({@code META-INF/services/org.mpiverify.bench.compare.ComparisonTarget})
 * and wraps the harness target of the same library, so bench needs no change when a binding lands.
 */
public interface ComparisonTarget {

    /** Name of the series in the plots, e.g. "MPICH 4.0.2". */
    String name();

    /** Implementation and version in full, for the report's provenance; {@link #name()} by default. */
    default String describe() {
        return name();
    }

    /** Empty when the target can run here; otherwise what is missing and the Debian package to install. */
    default Optional<String> unavailable() {
        return Optional.empty();
    }

    /**
     * Empty when the library has the MPI function {@code mpiFunction} (e.g. {@code "MPI_Mprobe"});
     * otherwise why not, so a figure leaves those points out without starting ranks.
     */
    default Optional<String> lacks(String mpiFunction) {
        return Optional.empty();
    }

    /**
     * Runs {@code scenario} once on all its ranks, within {@code deadline} (plus the target's time to
     * start its processes); throws if a rank failed or the deadline passed, with a one-line message
     * ({@link ComparisonRunException} where the target has evidence to keep).
     */
    List<RankReport> run(Scenario scenario, Duration deadline) throws Exception;
}
