package org.mpiverify.results;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code out/jcstress/summary.json}: one jcstress run over the module's tests and known-bad twins, written by the
 * jcstress module's {@code JCStressSuiteIT} and read by the dashboard, both through this record ({@link #write},
 * {@link #read}).
 *
 * @param tool        {@code jcstress}
 * @param version     jcstress's version
 * @param provenance  where the run comes from
 * @param generated   when it was written (ISO-8601)
 * @param mode        {@code quick} or {@code full}
 * @param command     the jcstress command lines that ran
 * @param wallSeconds the run's wall time
 * @param ok          whether every test and twin gave its expected verdict
 * @param tests       one entry per test or twin
 */
public record JcstressSummaryFile(String tool, String version, Provenance provenance, String generated, String mode,
                                  String command, long wallSeconds, boolean ok, List<Test> tests) {
    public JcstressSummaryFile {
        tests = tests == null ? List.of() : List.copyOf(tests);
    }

    /**
     * One jcstress test or known-bad twin ({@code kind} {@code broken-twin}: right when it shows a FORBIDDEN outcome).
     *
     * @param test             its class name ({@code Outer$Inner} for a nested test)
     * @param kind             {@code test} or {@code broken-twin}
     * @param verdict          jcstress's verdict ({@code PASSED}, {@code FAILED}, ...; {@code MISSING} when it never reported)
     * @param expectedVerdict  {@code PASSED} for a test, {@code FAILED} for a twin
     * @param ok               whether the verdict is the expected one
     * @param samples          samples over every configuration
     * @param forbiddenSamples samples of a FORBIDDEN outcome
     * @param configurations   JVM configurations it ran in
     * @param problems         what went wrong, in words
     * @param outcomes         the outcomes seen or declared
     */
    public record Test(String test, String kind, String verdict, String expectedVerdict, boolean ok, long samples,
                       long forbiddenSamples, int configurations, List<String> problems, List<Observed> outcomes) {
        public Test {
            problems = problems == null ? List.of() : List.copyOf(problems);
            outcomes = outcomes == null ? List.of() : List.copyOf(outcomes);
        }
    }

    /**
     * One outcome of a test.
     *
     * @param id      the observed values
     * @param expect  the test's expectation of them ({@code ACCEPTABLE}, {@code FORBIDDEN}, ...)
     * @param samples how often it was seen
     * @param desc    the test's words for it
     */
    public record Observed(String id, String expect, long samples, String desc) { }

    /** Writes {@code file} (and its folders). */
    public void write(Path file) throws IOException {
        Json.writeFile(file, this);
    }

    /** Reads {@code file}; a malformed one, or one with a key this record does not have, is an {@link IllegalArgumentException}. */
    public static JcstressSummaryFile read(Path file) throws IOException {
        return Json.readFile(file, JcstressSummaryFile.class);
    }
}
