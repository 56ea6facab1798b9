package org.mpiverify.results;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import org.mpiverify.results.SpecMutationScoresFile.Score;

/**
 * {@code out/mutate-specs/kill-matrix.json}: the kill matrix of a spec mutation run, written by
 * {@code ./mpiverify mutate --specs} (from its run's {@code SpecKillMatrix.Document}) and read by the dashboard,
 * both through this record ({@link #write}, {@link #read}); read strictly, so that a key the writer adds, drops or
 * renames fails the page with the file's line instead of showing an empty column. Immutable; the lists are copies.
 *
 * @param tool               the writing tool
 * @param provenance         where and on what commit the run was made
 * @param generated          when the file was written (ISO-8601)
 * @param mode               what ran ("all, quick models", "sample (...)", "stratified ...")
 * @param operators          the operators applied
 * @param wallSeconds        the run's wall time
 * @param targetPercent      the share of non-equivalent mutants each family must kill
 * @param deadlineFactor     a model's deadline as a multiple of its unmutated time
 * @param minDeadlineSeconds the least deadline
 * @param families           each family's passing models, mutants made and dropped, and times
 * @param byFamily           the scores per family
 * @param byOperator         the scores per operator
 * @param bySpec             the scores per module
 * @param claimsStale        equivalence claims that name no mutant of today's specs
 * @param mutants            every mutant
 */
public record SpecKillMatrixFile(String tool, Provenance provenance, String generated, String mode, List<String> operators,
                          long wallSeconds, int targetPercent, double deadlineFactor, int minDeadlineSeconds,
                          List<FamilyRun> families, List<Score> byFamily, List<Score> byOperator, List<Score> bySpec,
                          List<String> claimsStale, List<Mutant> mutants) {

    public SpecKillMatrixFile {
        Objects.requireNonNull(mode, "mode");
        operators = copy(operators);
        families = copy(families);
        byFamily = copy(byFamily);
        byOperator = copy(byOperator);
        bySpec = copy(bySpec);
        claimsStale = copy(claimsStale);
        mutants = copy(mutants);
    }

    /** What became of a mutant (the writer's statuses). */
    public enum Status {
        KILLED, SURVIVED, TIMED_OUT, INVALID, EQUIVALENT, CLAIMED_EQUIVALENT_BUT_KILLED, NOT_RUN;

        /** A survivor the page shows as its diff: it counts against the score. */
        public boolean survivor() {
            return this == SURVIVED || this == TIMED_OUT;
        }
    }

    /** One family's run: its passing models, the mutants made and dropped (identical, rejected by SANY). */
    public record FamilyRun(String family, List<String> models, int generated, int identical, int rejectedBySany,
                     List<String> rejected, int run, double wallSeconds, double baselineSeconds) {
        public FamilyRun {
            models = copy(models);
            rejected = copy(rejected);
        }
    }

    /** What killed a mutant: the model, the kind of violation, the property (null for a deadlock). */
    public record Kill(String model, String kind, String property) {}

    /** One passing model run against one mutant, with its distinct states beside the unmutated ones. */
    public record ModelRun(String model, String verdict, String outcome, String kind, String violated, double seconds,
                    long distinctStates, long baselineStates, int deadline, String message) {}

    /** One mutant: where, what changed (one line and the unified diff), its status and every model run. */
    public record Mutant(String id, String key, String family, String spec, String definition, String operator, int line,
                  String description, Status status, Kill killedBy, List<ModelRun> runs, long millis,
                  List<String> models, List<String> sharedWith, String equivalence, String change, String diff) {
        public Mutant {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(status, "status of " + id);
            runs = copy(runs);
            models = copy(models);
            sharedWith = copy(sharedWith);
        }
    }

    /** Writes {@code file} (and its folders). */
    public void write(Path file) throws IOException {
        Json.writeFile(file, this);
    }

    /** Reads the file; malformed JSON or a key these records do not have is an {@link IllegalArgumentException}. */
    public static SpecKillMatrixFile read(Path file) throws IOException {
        return Json.readFile(file, SpecKillMatrixFile.class);
    }

    private static <T> List<T> copy(List<T> list) {
        return list == null ? List.of() : List.copyOf(list);
    }
}
