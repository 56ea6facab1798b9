package org.mpiverify.results;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * {@code specs/mutation-scores.json}: the recorded spec mutation scores, per family its latest whole-family run (the
 * scores of record; the kill matrix under {@code out/} is whatever ran last), written by
 * {@code ./mpiverify mutate --specs FAMILY --record} and read by the table it renders into {@code specs/README.md}
 * and by the dashboard, all through this record ({@link #write}, {@link #read}).
 *
 * @param comment       what writes the file
 * @param targetPercent the share of non-equivalent mutants each family must kill
 * @param families      one entry per recorded family, in the order first recorded
 */
public record SpecMutationScoresFile(String comment, int targetPercent, List<Family> families) {
    /** The file, relative to the repository's root. */
    public static final Path PATH = Path.of("specs", "mutation-scores.json");

    public SpecMutationScoresFile {
        families = families == null ? List.of() : List.copyOf(families);
    }

    /**
     * A family's recorded run.
     *
     * @param family           the family (a folder of {@code specs/})
     * @param mode             what ran ("all, quick models", ...)
     * @param date             when it ran (ISO-8601)
     * @param commit           the commit it ran on
     * @param dirty            whether the work tree had changes beyond the recording's own two files
     * @param host             where it ran
     * @param models           the passing models every mutant ran against
     * @param generated        the mutants the generator made
     * @param identical        those dropped as textually identical to the spec or another mutant
     * @param rejectedBySany   those SANY rejected
     * @param wallSeconds      the family's wall time
     * @param secondsPerMutant its wall time per mutant run
     * @param total            the family's score
     * @param specs            the score of each of its specs (group {@code family/Module})
     * @param survivors        each survivor's id and change, one line each
     */
    public record Family(String family, String mode, String date, String commit, boolean dirty, String host,
                         List<String> models, int generated, int identical, int rejectedBySany, double wallSeconds,
                         double secondsPerMutant, Score total, List<Score> specs, List<String> survivors) {
        public Family {
            Objects.requireNonNull(family, "family");
            Objects.requireNonNull(total, "total of " + family);
            models = models == null ? List.of() : List.copyOf(models);
            specs = specs == null ? List.of() : List.copyOf(specs);
            survivors = survivors == null ? List.of() : List.copyOf(survivors);
        }
    }

    /**
     * The counts of a group of mutants (a family, a spec, an operator).
     *
     * @param group       its name
     * @param mutants     the mutants run
     * @param killed      killed by a model
     * @param survived    passed every model
     * @param timedOut    ran past their deadline
     * @param invalid     TLC cannot evaluate them (left out of the score)
     * @param equivalent  argued equivalent in the family's {@code equivalent-mutants.json}
     * @param wrongClaims claimed equivalent but killed
     * @param notRun      left out of the run
     * @param score       killed over scored (every mutant but the equivalent, invalid and unrun ones); 1 when none is scored
     * @param millis      time spent on them
     */
    public record Score(String group, int mutants, int killed, int survived, int timedOut, int invalid, int equivalent,
                        int wrongClaims, int notRun, double score, long millis) {
        /** The mutants in the score's denominator. */
        public int scored() {
            return mutants - equivalent - invalid - notRun;
        }
    }

    /** Writes {@code file}. */
    public void write(Path file) throws IOException {
        Json.writeFile(file, this);
    }

    /** Reads {@code file}; a malformed one, or one with a key these records do not have, is an {@link IllegalArgumentException}. */
    public static SpecMutationScoresFile read(Path file) throws IOException {
        return Json.readFile(file, SpecMutationScoresFile.class);
    }
}
