package org.mpiverify.bench.runner;

import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import org.mpiverify.bench.compare.ComparisonTarget;
import org.mpiverify.mpi.MatchingKind;

/**
 * How a figure runs: trials kept (one more is run first as a warm-up and dropped), quick mode (small
 * sizes, for tests: under 30 s a figure), the core's matching engine, the comparison targets found
 * in this run and the lines saying which were skipped, where progress goes, and the deadline of every
 * single job.
 */
public record Settings(int trials, boolean quick, MatchingKind matching, List<ComparisonTarget> comparisons,
                       List<String> skipped, PrintStream out, Duration jobDeadline) {

    public Settings {
        if (trials < 1) {
            throw new IllegalArgumentException("at least one trial, not " + trials);
        }
        comparisons = List.copyOf(comparisons);
        skipped = List.copyOf(skipped);
    }

    public static Settings of(int trials, boolean quick, MatchingKind matching, PrintStream out) {
        return new Settings(trials, quick, matching, List.of(), List.of(), out, Duration.ofMinutes(quick ? 1 : 5));
    }

    public Settings withComparisons(List<ComparisonTarget> targets, List<String> skippedLines) {
        return new Settings(trials, quick, matching, targets, skippedLines, out, jobDeadline);
    }
}
