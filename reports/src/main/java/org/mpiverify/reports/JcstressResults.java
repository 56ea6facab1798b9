package org.mpiverify.reports;

import org.mpiverify.results.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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
        Map<String, Object> root;
        try {
            root = Json.parseObject(Files.readString(file));
        } catch (IOException | IllegalArgumentException e) {
            problems.add(file + ": " + e.getMessage());
            return null;
        }
        Stamp stamp = Stamp.of("jcstress/summary.json", root, freshness, CheckKind.JCSTRESS.inputs());
        List<Test> tests = new ArrayList<>();
        for (Map<String, Object> t : Json.objs(root, "tests")) {
            String cls = Json.str(t, "test", "?");
            List<Observed> outcomes = new ArrayList<>();
            for (Map<String, Object> o : Json.objs(t, "outcomes")) {
                outcomes.add(new Observed(Json.str(o, "id", "?"), Json.str(o, "expect", "?"),
                        Json.integer(o, "samples", 0), Json.str(o, "desc", "")));
            }
            List<String> probs = Json.list(t, "problems").stream().map(String::valueOf).toList();
            tests.add(new Test(withoutPackage(cls), cls,
                    "broken-twin".equals(Json.str(t, "kind", "")) || cls.contains("BrokenTwin"),
                    Json.str(t, "verdict", "?"), Json.bool(t, "ok", false), Json.integer(t, "samples", 0),
                    Json.integer(t, "forbiddenSamples", 0), probs, outcomes, stamp));
        }
        Path html = outDir.resolve("jcstress").resolve("html");
        return new Run(tests, Json.str(root, "mode", "?"), Json.integer(root, "wallSeconds", -1),
                Files.isRegularFile(html.resolve("index.html")) ? html : null, stamp);
    }
}
