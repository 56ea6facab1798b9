package org.mpiverify.locks.report;

import java.util.List;

/**
 * What the agent instrumented in a run: classes rewritten, MPI entry-point methods wrapped, the entry
 * points it was told about, and the classes it failed to rewrite or left alone (and why).
 */
public record InstrumentationSummary(long classes, long entryMethods, List<String> failures, List<String> skipped,
                                     List<String> entryPoints) {
    public static InstrumentationSummary none() {
        return new InstrumentationSummary(0, 0, List.of(), List.of(), List.of());
    }
}
