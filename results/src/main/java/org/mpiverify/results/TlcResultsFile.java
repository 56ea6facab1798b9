package org.mpiverify.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code out/tlc/results.json}: TLC's outcome per model, written by the specs module (each run merges its models
 * into the entries of earlier runs of other models) and read by the dashboard, both through this record
 * ({@link #write}, {@link #read}). Each model carries the provenance of the run that checked it, because the
 * file merges runs.
 *
 * @param generated  when the last run wrote the file (ISO-8601)
 * @param gitCommit  the commit of the last run, null outside git
 * @param provenance the last run's provenance
 * @param models     one entry per model, in the order first checked
 */
public record TlcResultsFile(String generated, String gitCommit, Provenance provenance, List<Model> models) {
    public TlcResultsFile {
        models = models == null ? List.of() : List.copyOf(models);
    }

    /**
     * One model's outcome. Outcome names are the manifest's ({@code success}, {@code deadlock}, ...).
     *
     * @param name            the model's name in {@code specs/manifest.json}
     * @param spec            its spec's folder
     * @param module          the TLA+ module TLC checked
     * @param config          its {@code .cfg}
     * @param extends_        the module a generated model extends, null for a module of its own
     * @param overrides       definition overrides (a spec mutant's defect); left out when there are none
     * @param invariants      the invariants checked
     * @param properties      the temporal properties checked
     * @param constants       constant to its TLA+ value
     * @param mode            {@code exhaustive}, {@code simulate}, ...
     * @param size            {@code quick} or {@code full}
     * @param expected        the outcome the manifest expects
     * @param expectedViolated the invariant or property the manifest expects violated, if any
     * @param actual          TLC's outcome
     * @param actualViolated  what TLC named as violated, if anything
     * @param asExpected      whether actual (and its violated property) is the expected one
     * @param mismatch        how it differs, null when as expected
     * @param distinctStates  distinct states found, -1 when TLC did not say
     * @param generatedStates states generated, -1 when TLC did not say
     * @param depth           the diameter reached
     * @param seconds         wall seconds of the TLC process
     * @param workers         TLC workers used
     * @param exitCode        TLC's exit code, -1 when it did not end by itself
     * @param log             TLC's raw output, relative to the file's folder
     * @param coverage        action to the states it generated; left out when TLC reported none
     * @param tlcVersion      the version TLC printed
     * @param date            when this model was checked
     * @param gitCommit       the commit it was checked at
     * @param message         TLC's own words on the outcome
     * @param counterexample  the counterexample's files, null (left out) without one
     * @param provenance      the provenance of the run that checked this model
     */
    public record Model(String name, String spec, String module, String config, String extends_,
                        @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, String> overrides,
                        List<String> invariants, List<String> properties, Map<String, String> constants,
                        String mode, String size, String expected, String expectedViolated, String actual,
                        String actualViolated, boolean asExpected, String mismatch, long distinctStates,
                        long generatedStates, long depth, double seconds, int workers, int exitCode, String log,
                        @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, Long> coverage, String tlcVersion,
                        String date, String gitCommit, String message,
                        @JsonInclude(JsonInclude.Include.NON_NULL) Counterexample counterexample,
                        Provenance provenance) {
        public Model {
            overrides = ordered(overrides);
            invariants = invariants == null ? List.of() : List.copyOf(invariants);
            properties = properties == null ? List.of() : List.copyOf(properties);
            constants = ordered(constants);
            coverage = ordered(coverage);
        }

        /** The same entry stamped with {@code p}. */
        public Model withProvenance(Provenance p) {
            return new Model(name, spec, module, config, extends_, overrides, invariants, properties, constants, mode,
                    size, expected, expectedViolated, actual, actualViolated, asExpected, mismatch, distinctStates,
                    generatedStates, depth, seconds, workers, exitCode, log, coverage, tlcVersion, date, gitCommit,
                    message, counterexample, p);
        }
    }

    /**
     * A counterexample's files, relative to the results file's folder.
     *
     * @param json     the steps, a {@link TlcTraceFile}
     * @param markdown the page with one row per step
     * @param svg      the message-sequence diagram
     * @param steps    the number of states in the behaviour
     */
    public record Counterexample(String json, String markdown, String svg, int steps) { }

    /** {@code m} unmodifiable in its own order; none is empty. */
    private static <V> Map<String, V> ordered(Map<String, V> m) {
        return m == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(m));
    }

    /** Writes {@code file} (and its folders). */
    public void write(Path file) throws IOException {
        Json.writeFile(file, this);
    }

    /** Reads {@code file}; a malformed one, or one with a key this record does not have, is an {@link IllegalArgumentException}. */
    public static TlcResultsFile read(Path file) throws IOException {
        return Json.readFile(file, TlcResultsFile.class);
    }
}
