package org.mpiverify.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code out/audit/<target>.json}: one target's thread-safety audit, every configuration (a column of the matrix)
 * with its scenarios, written by the audit and read by the dashboard, both through this record ({@link #write},
 * {@link #read}). The contract is stated in the audit's README.
 *
 * @param target         the target's name ({@code core}, {@code mpich}, ...)
 * @param implementation the implementation and its version
 * @param provenance     where the results come from
 * @param full           whether the whole catalog ran with the full repeats
 * @param configurations the columns, in the matrix's order
 */
public record AuditResultsFile(String target, String implementation, Provenance provenance, boolean full,
                               List<Configuration> configurations) {
    public AuditResultsFile {
        configurations = configurations == null ? List.of() : List.copyOf(configurations);
    }

    /**
     * A configuration and its cells.
     *
     * @param name      the column's name
     * @param unsafe    whether it is an unsafe experimental variant the audit must reject
     * @param scenarios its cells, in catalog order
     */
    public record Configuration(String name, boolean unsafe, List<ScenarioCell> scenarios) {
        public Configuration {
            scenarios = scenarios == null ? List.of() : List.copyOf(scenarios);
        }
    }

    /**
     * A cell: the scenario, its worst verdict, the runs and their outcomes, the evidence.
     *
     * @param id       the scenario's id
     * @param title    its one-line title
     * @param origin   the paper figure or test it follows
     * @param verdict  the worst {@link Outcome} of its runs, by name
     * @param summary  the verdict in words
     * @param runs     how many times it ran
     * @param counts   outcome name to runs with that outcome, worst first
     * @param evidence what the worst run left (messages, thread stacks)
     * @param seconds  wall time of its runs
     * @param trace    what TLC decided about its runs' traces ({@code audit --trace}); absent when they were not traced
     */
    public record ScenarioCell(String id, String title, String origin, String verdict, String summary, int runs,
                               Map<String, Integer> counts, List<String> evidence, double seconds,
                               @JsonInclude(JsonInclude.Include.NON_NULL) Trace trace) {
        public ScenarioCell {
            counts = counts == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(counts));
            evidence = evidence == null ? List.of() : List.copyOf(evidence);
        }

        /** A cell whose runs were not traced. */
        public ScenarioCell(String id, String title, String origin, String verdict, String summary, int runs,
                            Map<String, Integer> counts, List<String> evidence, double seconds) {
            this(id, title, origin, verdict, summary, runs, counts, evidence, seconds, null);
        }
    }

    /**
     * The trace verdict of a cell's runs: each run's traces (one per algorithm and unit its trace spec models)
     * validated by TLC against the spec.
     *
     * @param verdict    NO_STEPS (no step of a traced algorithm recorded), ACCEPTED, ERROR (TLC could not decide a
     *                   trace) or REJECTED, the worst over the traces
     * @param runs       the runs recorded
     * @param traces     the traces validated
     * @param rejected   of those, rejected
     * @param errors     of those, undecided
     * @param events     the events validated
     * @param tlcSeconds TLC's wall time over the traces
     * @param summary    the first rejected or undecided trace's verdict in one line, else what was accepted
     * @param reports    each rejected trace's page, relative to the audit's output folder
     */
    public record Trace(String verdict, int runs, int traces, int rejected, int errors, long events, double tlcSeconds,
                        String summary, @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> reports) {
        public Trace {
            reports = reports == null ? List.of() : List.copyOf(reports);
        }
    }

    /** Writes {@code file} (and its folders). */
    public void write(Path file) throws IOException {
        Json.writeFile(file, this);
    }

    /** Reads {@code file}; a malformed one, or one with a key this record does not have, is an {@link IllegalArgumentException}. */
    public static AuditResultsFile read(Path file) throws IOException {
        return Json.readFile(file, AuditResultsFile.class);
    }
}
