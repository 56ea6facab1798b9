package org.mpiverify.results;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code out/lincheck/<Suite>.json}, {@code out/lincheck/twins/<Twin>.json} and {@code out/lincheck/findings/<Name>.json}:
 * one Lincheck suite, known-bad twin or kept finding with every run of it so far, written by the lincheck module's
 * suites and read by the dashboard, both through this record ({@link #write}, {@link #read}).
 *
 * @param suite      the suite's (or twin's, or finding's) name
 * @param kind       {@code suite}, {@code known-bad twin} or {@code finding}
 * @param checks     what the suite checks, or the twin's defect, in words
 * @param provenance where the runs come from
 * @param runs       the runs, in the order they ran
 */
public record LincheckResultsFile(String suite, String kind, String checks, Provenance provenance, List<Run> runs) {
    public LincheckResultsFile {
        runs = runs == null ? List.of() : List.copyOf(runs);
    }

    /**
     * One Lincheck run.
     *
     * @param mode            {@code model-checking} or {@code stress}
     * @param component       the class whose operations ran
     * @param scenarios       scenarios (Lincheck's iterations)
     * @param invocations     invocations per scenario
     * @param threads         threads per scenario
     * @param actorsPerThread operations per thread
     * @param verdict         {@code PASS} or {@code REJECTED}
     * @param timeMillis      its wall time
     * @param full            whether it ran the {@code -Pfull} budget
     */
    public record Run(String mode, String component, int scenarios, long invocations, int threads,
                      int actorsPerThread, String verdict, long timeMillis, boolean full) { }

    /** Writes {@code file} (and its folders). */
    public void write(Path file) throws IOException {
        Json.writeFile(file, this);
    }

    /** Reads {@code file}; a malformed one, or one with a key this record does not have, is an {@link IllegalArgumentException}. */
    public static LincheckResultsFile read(Path file) throws IOException {
        return Json.readFile(file, LincheckResultsFile.class);
    }
}
