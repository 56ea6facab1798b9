package org.mpiverify.bench.runner;

import org.mpiverify.bench.report.Report;
import org.mpiverify.mpi.MatchingKind;

/** One {@code ./mpiverify bench FIGURE}: measures a paper's figure on the core (and comparison targets). */
public interface BenchFigure {

    /** Command-line name and output file name: {@code fig1-gt} writes {@code out/bench/fig1-gt.json}. */
    String id();

    /** One line: what it measures and which paper figure ({@code ./mpiverify help bench}). */
    String description();

    /** What it measures, series by series, as {@code docs/benchmarks.md}'s table says it (Markdown, one line). */
    String measures();

    /** The paper's figures or sections it reproduces ({@code Gropp & Thakur Fig. 1}), as that table names them. */
    String paper();

    Report run(Settings settings) throws Exception;

    /**
     * The matching engine of every core run of this figure, whatever {@code --matching} says, or null if
     * its runs follow {@code --matching}. Written into the figure's provenance instead of the option.
     */
    default MatchingKind fixedMatching() {
        return null;
    }
}
