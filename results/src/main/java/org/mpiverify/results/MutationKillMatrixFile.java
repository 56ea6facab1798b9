package org.mpiverify.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code out/mutate/kill-matrix.json}: a mutation run over the core's concurrent classes, every mutant with its final
 * status and the suite that detected it, written by {@code ./mpiverify mutate} and read by the dashboard's mutation
 * page, both through this record ({@link #write}, {@link #read}).
 *
 * @param tool             {@code mpiverify mutate}
 * @param provenance       where the run comes from
 * @param generated        when it was written (ISO-8601)
 * @param mode             {@code all}, or the sample it ran
 * @param operators        the operator groups asked for
 * @param classes          the classes asked for (empty: every class of the components)
 * @param wallSeconds      the run's wall time
 * @param failedComponents components whose run went wrong, with why
 * @param targetPercent    the kill rate the run is judged against
 * @param loadAverage      the machine's load average over the run; left out when not sampled
 * @param totals           the figures over every mutant
 * @param mutants          one entry per mutant
 */
public record MutationKillMatrixFile(String tool, Provenance provenance, String generated, String mode,
                                     List<String> operators, List<String> classes, long wallSeconds,
                                     List<String> failedComponents, int targetPercent,
                                     @JsonInclude(JsonInclude.Include.NON_NULL) LoadAverage loadAverage,
                                     Totals totals, List<Mutant> mutants) {
    public MutationKillMatrixFile {
        operators = operators == null ? List.of() : List.copyOf(operators);
        classes = classes == null ? List.of() : List.copyOf(classes);
        failedComponents = failedComponents == null ? List.of() : List.copyOf(failedComponents);
        mutants = mutants == null ? List.of() : List.copyOf(mutants);
    }

    /**
     * The run's figures. Rates are fractions, rounded to four decimals.
     *
     * @param mutants                mutants generated
     * @param equivalent             argued equivalent (left out of the rates)
     * @param detected               detected, among the non-equivalent
     * @param survived               neither detected nor argued: the checks' gaps
     * @param killRate               detected / non-equivalent
     * @param unobservable           argued unobservable on x86-64
     * @param observableKillRate     detected / (non-equivalent - unobservable)
     * @param wrongEquivalenceClaims equivalence claims a suite refuted
     * @param bySuite                per suite, the mutants it killed first
     */
    public record Totals(long mutants, long equivalent, long detected, long survived, double killRate,
                         long unobservable, double observableKillRate, long wrongEquivalenceClaims,
                         Map<String, Long> bySuite) {
        public Totals {
            bySuite = bySuite == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(bySuite));
        }
    }

    /**
     * One mutant.
     *
     * @param id          its stable key
     * @param component   the component whose suites ran against it
     * @param operator    the operator that made it
     * @param class_      the mutated class (key {@code "class"})
     * @param method      the mutated method
     * @param line        the mutated line
     * @param description the change, in words
     * @param status      {@code KILLED}, {@code TIMED_OUT}, {@code SURVIVED}, {@code EQUIVALENT}, ...
     * @param killedBy    the suite and test that detected it first, null when none did
     * @param millis      time spent on it
     * @param timeSource  where {@code millis} comes from
     * @param detail      how the status was reached; left out when there is nothing to say
     * @param equivalence the argument for an equivalent or unobservable mutant; left out otherwise
     * @param sourceDiff  the source line it changed; left out when unknown
     * @param bytecodeDiff the bytecode it changed; left out when unknown
     */
    public record Mutant(String id, String component, String operator, String class_, String method, int line,
                         String description, String status, KilledBy killedBy, long millis, String timeSource,
                         @JsonInclude(JsonInclude.Include.NON_NULL) String detail,
                         @JsonInclude(JsonInclude.Include.NON_NULL) String equivalence,
                         @JsonInclude(JsonInclude.Include.NON_NULL) String sourceDiff,
                         @JsonInclude(JsonInclude.Include.NON_NULL) String bytecodeDiff) { }

    /** The one-minute load average at the run's start, its maximum and at its end. */
    public record LoadAverage(double start, double max, double end) { }

    /** The suite and test that detected a mutant. */
    public record KilledBy(String suite, String test) { }

    /** Writes {@code file} (and its folders). */
    public void write(Path file) throws IOException {
        Json.writeFile(file, this);
    }

    /** Reads {@code file}; a malformed one, or one with a key this record does not have, is an {@link IllegalArgumentException}. */
    public static MutationKillMatrixFile read(Path file) throws IOException {
        return Json.readFile(file, MutationKillMatrixFile.class);
    }
}
