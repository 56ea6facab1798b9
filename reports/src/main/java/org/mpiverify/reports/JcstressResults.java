package org.mpiverify.reports;

import org.mpiverify.results.JcstressSummaryFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.mpiverify.results.Outcome;

/**
 * Reads {@code out/jcstress/summary.json} (written by the jcstress module's JCStressSuiteIT): one entry
 * per test with its outcomes and their expectations. A known-bad twin ({@code *BrokenTwin}) is right
 * when it shows a FORBIDDEN outcome; a good test when it shows none.
 */
public final class JcstressResults {
    /** One outcome of a test: the observed values, what the test says of them, how often seen. */
    public record Observed(String id, String expect, long samples, String desc) {
        public boolean isForbiddenSeen() {
            return "FORBIDDEN".equals(expect) && samples > 0;
        }
    }

    /**
     * One jcstress test or twin. {@code name} is the class name without its package, with the nested
     * class when the test is one ({@code ReceiveCancelVsMatchRace.HashTable}).
     */
    public record Test(String name, String className, boolean twin, String jcstressVerdict, boolean ok, long samples,
                       long forbidden, List<String> problems, List<Observed> outcomes, Stamp stamp)
            implements CheckResult {
        public CheckKind kind() {
            return CheckKind.JCSTRESS;
        }

        public Outcome verdict() {
            return ok ? Outcome.PASS : Outcome.FAIL;
        }

        public String label() {
            if (twin) return ok ? "forbidden outcome seen (as it must be)" : "twin NOT caught";
            return ok ? "no forbidden outcome" : jcstressVerdict;
        }

        /** The top-level class the traceability table names, for a twin the good test it breaks (without "BrokenTwin"). */
        public String testedName() {
            String outer = name.contains(".") ? name.substring(0, name.indexOf('.')) : name;
            return outer.replace("BrokenTwin", "");
        }
    }

    /** The whole run: its tests, mode and time; {@code htmlReport} is jcstress's own report folder or null. */
    public record Run(List<Test> tests, String mode, long wallSeconds, Path htmlReport, Stamp stamp) {}

    private JcstressResults() {}

    /** {@code a.b.Outer.Inner} to {@code Outer.Inner}: packages are lower case, classes are not. */
    static String withoutPackage(String cls) {
        String[] parts = cls.split("\\.");
        int i = 0;
        while (i < parts.length - 1 && !parts[i].isEmpty() && Character.isLowerCase(parts[i].charAt(0))) i++;
        return String.join(".", java.util.Arrays.asList(parts).subList(i, parts.length));
    }

    static Run load(Path outDir, Freshness freshness, List<String> problems) {
        Path file = outDir.resolve("jcstress").resolve("summary.json");
        if (!Files.isRegularFile(file)) return null;
        JcstressSummaryFile summary;
        try {
            summary = JcstressSummaryFile.read(file);
        } catch (IOException | IllegalArgumentException e) {
            problems.add(file + ": " + e.getMessage());
            return null;
        }
        Stamp stamp = Stamp.of("jcstress/summary.json", summary.provenance(), freshness, CheckKind.JCSTRESS.inputs());
        List<Test> tests = new ArrayList<>();
        for (JcstressSummaryFile.Test t : summary.tests()) {
            String cls = t.test() == null ? "?" : t.test();
            List<Observed> outcomes = new ArrayList<>();
            for (JcstressSummaryFile.Observed o : t.outcomes()) {
                outcomes.add(new Observed(orElse(o.id(), "?"), orElse(o.expect(), "?"), o.samples(), orElse(o.desc(), "")));
            }
            tests.add(new Test(withoutPackage(cls), cls, "broken-twin".equals(t.kind()) || cls.contains("BrokenTwin"),
                    orElse(t.verdict(), "?"), t.ok(), t.samples(), t.forbiddenSamples(), t.problems(), outcomes, stamp));
        }
        Path html = outDir.resolve("jcstress").resolve("html");
        return new Run(tests, orElse(summary.mode(), "?"), summary.wallSeconds(),
                Files.isRegularFile(html.resolve("index.html")) ? html : null, stamp);
    }

    private static String orElse(String s, String otherwise) {
        return s == null ? otherwise : s;
    }
}
