package org.mpiverify.bench.runner;

import org.mpiverify.bench.report.Report;
import org.mpiverify.mpi.MatchingKind;

/** One {@code ./mpiverify bench FIGURE}: measures a paper's figure on the core (and comparison targets). */
public interface BenchFigure {

    /** Command-line name and output file name: {@code fig1-gt} writes {@code out/bench/fig1-gt.json}. */
    String id();

    /** One line: what it measures and which paper figure. */
    String description();

    Report run(Settings settings) throws Exception;

    /**
     * The matching engine of every core run of this figure, whatever {@code --matching} says, or null if
     * its runs follow {@code --matching}. Written into the figure's provenance instead of the option.
     */
    default MatchingKind fixedMatching() {
        return null;
    }
}
