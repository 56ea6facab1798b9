package org.mpiverify.reports;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import org.mpiverify.reports.SpecKillMatrixFile.Score;
import org.mpiverify.results.Json;

/**
 * The recorded spec mutation scores ({@code specs/mutation-scores.json}, written by
 * {@code ./mpiverify mutate --specs FAMILY --record}): per family its latest whole-family run, the scores of
 * record (the kill matrix under {@code out/} is whatever ran last, often the fixed sample of
 * {@code mvn verify}). Read strictly through {@link Json#read}. Immutable.
 *
 * @param comment       what writes the file
 * @param targetPercent the share of non-equivalent mutants each family must kill
 * @param families      one entry per recorded family
 */
record SpecMutationScoresFile(String comment, int targetPercent, List<Family> families) {
    static final String PATH = "specs/mutation-scores.json";

    SpecMutationScoresFile {
        families = families == null ? List.of() : List.copyOf(families);
    }

    /**
     * A family's recorded run.
     *
     * @param dirty     whether the work tree had changes beyond the recording's own two files
     * @param survivors each survivor's id and change, one line each
     */
    record Family(String family, String mode, String date, String commit, boolean dirty, String host,
                  List<String> models, int generated, int identical, int rejectedBySany, double wallSeconds,
                  double secondsPerMutant, Score total, List<Score> specs, List<String> survivors) {
        Family {
            Objects.requireNonNull(family, "family");
            Objects.requireNonNull(total, "total of " + family);
            models = models == null ? List.of() : List.copyOf(models);
            specs = specs == null ? List.of() : List.copyOf(specs);
            survivors = survivors == null ? List.of() : List.copyOf(survivors);
        }
    }

    /** Reads the file; malformed JSON or a key these records do not have is an {@link IllegalArgumentException}. */
    static SpecMutationScoresFile read(Path file) throws IOException {
        return Json.read(Files.readString(file), SpecMutationScoresFile.class);
    }
}
