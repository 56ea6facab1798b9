package org.mpiverify.results;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code out/trace/results.json} and {@code out/trace/<run>/results.json}: what {@code ./mpiverify trace} (and
 * {@code trace}'s tests) decided about each recorded trace, written by the trace module and read by the dashboard
 * through this one record ({@link #write}, {@link #read}).
 *
 * @param provenance  where the verdicts come from (null in a file written without one)
 * @param variant     what the traces were taken from: {@code core}, a context-id algorithm, an engine or a twin's name
 * @param runProblems runs that went wrong themselves (their traces are checked up to where they end)
 * @param traces      one entry per trace TLC checked
 */
public record TraceResultsFile(Provenance provenance, String variant, List<String> runProblems, List<Trace> traces) {
    public TraceResultsFile {
        runProblems = runProblems == null ? List.of() : List.copyOf(runProblems);
        traces = traces == null ? List.of() : List.copyOf(traces);
    }

    /**
     * One trace and TLC's verdict on it.
     *
     * @param name            the trace's name (scenario or workload, column, run)
     * @param algorithm       the algorithm's id ({@code contextid}, {@code matching}, ...)
     * @param variant         the implementation that produced it
     * @param twin            whether {@code variant} is a known-bad twin (then a rejection is the expected verdict)
     * @param spec            the trace spec, {@code specs/<folder>/<module>.tla}
     * @param status          {@code ACCEPTED}, {@code REJECTED} or {@code ERROR}
     * @param events          events validated
     * @param windows         TLC runs the trace was cut into
     * @param tlcSeconds      wall seconds of those runs
     * @param eventsPerSecond events per second of TLC time
     * @param firstBad        REJECTED: the number (from 1) of the first event the spec could not take; 0 otherwise
     * @param reason          REJECTED/ERROR: why, in words
     * @param report          REJECTED: its page, relative to the file's folder; null otherwise
     * @param truncation      why the recording ended early, or empty
     */
    public record Trace(String name, String algorithm, String variant, boolean twin, String spec, String status,
                        long events, long windows, double tlcSeconds, double eventsPerSecond, long firstBad,
                        String reason, String report, String truncation) { }

    /** Writes {@code file} (and its folders). */
    public void write(Path file) throws IOException {
        Json.writeFile(file, this);
    }

    /** Reads {@code file}; a malformed one, or one with a key this record does not have, is an {@link IllegalArgumentException}. */
    public static TraceResultsFile read(Path file) throws IOException {
        return Json.readFile(file, TraceResultsFile.class);
    }
}
