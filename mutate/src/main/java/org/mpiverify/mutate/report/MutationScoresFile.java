package org.mpiverify.mutate.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.mpiverify.results.Json;
import org.mpiverify.results.MutationKillMatrixFile;

/**
 * {@code mutate/mutation-scores.json}: the recorded Java mutation scores, per component its latest run of every mutant
 * with the default operators, written by {@code ./mpiverify mutate --component NAME --record} and read by the table
 * {@link ScoreFile} renders into {@code docs/mutation.md}, both through this record ({@link #write}, {@link #read}).
 *
 * @param comment       what writes the file and what its fields mean
 * @param targetPercent the kill rate each component is judged against
 * @param components    one entry per recorded component, in the order first recorded
 */
public record MutationScoresFile(String comment, int targetPercent, List<Component> components) {
    public MutationScoresFile {
        components = components == null ? List.of() : List.copyOf(components);
    }

    /**
     * One component's recorded run.
     *
     * @param component       the component's name
     * @param mode            {@code all} (only a run of every mutant is recorded)
     * @param operators       the operator groups of the run
     * @param date            when it ran (ISO-8601)
     * @param commit          the commit it ran on
     * @param dirty           whether the work tree had changes beyond the recording's own two files
     * @param host            where it ran
     * @param cpus            the processors it saw
     * @param jdk             the JDK it ran on
     * @param loadAverage     the machine's 1-minute load average at the run's start, its highest sample and at its end;
     *                        null when not sampled
     * @param wallSeconds     the component's own time in the run
     * @param mutants         its mutants
     * @param detected        those a suite detected
     * @param timedOut        those whose suite ran past its deadline
     * @param bySuite         per suite, the mutants it detected first
     * @param equivalent      those argued equivalent (left out of the score)
     * @param unobservable    those argued unobservable on x86-64
     * @param survived        neither detected nor argued: the checks' gaps
     * @param wrongClaims     equivalence claims a suite refuted
     * @param score           detected / non-equivalent, rounded to four decimals
     * @param observableScore detected / (non-equivalent - unobservable), rounded to four decimals
     * @param survivors       the survivors' keys
     */
    public record Component(String component, String mode, List<String> operators, String date, String commit,
                            boolean dirty, String host, Integer cpus, String jdk,
                            MutationKillMatrixFile.LoadAverage loadAverage, long wallSeconds, int mutants, long detected,
                            long timedOut, Map<String, Long> bySuite, long equivalent, int unobservable, int survived,
                            int wrongClaims, double score, double observableScore, List<String> survivors) {
        public Component {
            Objects.requireNonNull(component, "component");
            operators = operators == null ? List.of() : List.copyOf(operators);
            bySuite = bySuite == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(bySuite));
            survivors = survivors == null ? List.of() : List.copyOf(survivors);
        }

        /** This entry with {@code dirty} set. */
        public Component withDirty(boolean d) {
            return new Component(component, mode, operators, date, commit, d, host, cpus, jdk, loadAverage, wallSeconds,
                    mutants, detected, timedOut, bySuite, equivalent, unobservable, survived, wrongClaims, score,
                    observableScore, survivors);
        }
    }

    /** Writes {@code file}. */
    public void write(Path file) throws IOException {
        Json.writeFile(file, this);
    }

    /** Reads {@code file}; a malformed one, or one with a key these records do not have, is an {@link IllegalArgumentException}. */
    public static MutationScoresFile read(Path file) throws IOException {
        return Json.readFile(file, MutationScoresFile.class);
    }
}
