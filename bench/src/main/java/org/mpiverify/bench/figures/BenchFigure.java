package org.mpiverify.bench.figures;

import org.mpiverify.bench.report.Report;

/** One {@code ./mpiverify bench FIGURE}: measures a paper's figure on the core (and comparison targets). */
public interface BenchFigure {

    /** Command-line name and output file name: {@code fig1-gt} writes {@code out/bench/fig1-gt.json}. */
    String id();

    /** One line: what it measures and which paper figure. */
    String description();

    Report run(Settings settings) throws Exception;
}
