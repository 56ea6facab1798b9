package org.mpiverify.testkit.twins;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The drift test of the repository's known-bad twins ({@link TwinSources}): every patch twin applies
 * to its current original; every patch lives in the one home ({@link TwinHome}), which is also what the class
 * path carries; every twin names the checks that must reject it, and they exist and run it; no hand-written
 * twin copies its original's code; one defect marker.
 */
class RepositoryTwinsTest {
    private static TwinSources twins;

    @BeforeAll
    static void scan() throws Exception {
        twins = new TwinSources(repositoryRoot());
    }

    static Path repositoryRoot() {
        Path p = Path.of(System.getProperty("basedir", ".")).toAbsolutePath().normalize();
        while (p != null && !Files.isRegularFile(p.resolve("mpiverify"))) p = p.getParent();
        if (p == null) throw new IllegalStateException("no repository root (a folder holding the mpiverify launcher) above the module");
        return p;
    }

    @Test
    void everyPatchTwinAppliesToItsCurrentOriginal() throws Exception {
        assertFalse(twins.patches().isEmpty(), "no patch twin found: the scan looks in the wrong place");
        assertEquals(List.of(), twins.patchProblems());
    }

    @Test
    void everyPatchLivesInTheHome() throws Exception {
        assertEquals(List.of(), twins.strayPatches());
    }

    @Test
    void theClassPathCarriesTheHome() throws Exception {
        for (String module : modules()) {
            List<String> onClassPath;
            try (var s = Files.list(TwinHome.folder(module))) {
                onClassPath = s.map(f -> f.getFileName().toString()).filter(f -> f.endsWith(".patch")).sorted().toList();
            }
            List<String> inSources;
            try (var s = Files.list(twins.root().resolve(TwinHome.SOURCES).resolve(module))) {
                inSources = s.map(f -> f.getFileName().toString()).filter(f -> f.endsWith(".patch")).sorted().toList();
            }
            assertEquals(inSources, onClassPath, "the class path's " + module + " folder is not the source's: rebuild module twins");
        }
        for (TwinPatch p : twins.patches()) {
            String module = p.file().getParent().getFileName().toString();
            assertEquals(Files.readString(p.file()), Files.readString(TwinHome.patch(module, fileName(p))),
                    p.file() + " differs from the class path's copy: rebuild module twins");
        }
    }

    private static List<String> modules() throws Exception {
        try (var s = Files.list(twins.root().resolve(TwinHome.SOURCES))) {
            return s.filter(Files::isDirectory).map(d -> d.getFileName().toString()).sorted().toList();
        }
    }

    private static String fileName(TwinPatch p) {
        String f = p.file().getFileName().toString();
        return f.substring(0, f.length() - ".patch".length());
    }

    /** A JUnit or failsafe test class, or a jcstress test's generated twin run ({@code XxxBrokenTwin}). */
    private static final Pattern CHECK = Pattern.compile("\\b([A-Z][A-Za-z0-9]*(?:Test|IT|BrokenTwin))\\b");
    /** An audit scenario named as the check: "the audit scenario p2p-cancel-race". */
    private static final Pattern SCENARIO = Pattern.compile("audit scenario ([a-z0-9]+(?:-[a-z0-9]+)+)");

    /** Modules whose own {@code TwinsNameTheirChecksTest} holds their twins to their suites' conventions. */
    private static final List<String> CHECKED_BY_THEIR_MODULE = List.of("jcstress", "lincheck");

    @Test
    void everyTwinNamesChecksThatExistAndRunIt() throws Exception {
        List<Path> sources = javaSources(twins.root());
        String scenarios = Files.readString(twins.root().resolve("audit/expected-verdicts.json"));
        List<String> problems = new ArrayList<>();
        for (TwinPatch p : twins.patches()) {
            String module = p.file().getParent().getFileName().toString();
            if (CHECKED_BY_THEIR_MODULE.contains(module)) continue;
            String where = twins.root().relativize(p.file()).toString();
            int at = p.description().indexOf("Rejected by:");
            if (at < 0) {
                problems.add(where + ": no \"Rejected by:\" naming the check that must reject it");
                continue;
            }
            String rejectedBy = p.description().substring(at);
            int named = 0;
            Matcher m = CHECK.matcher(rejectedBy);
            while (m.find()) {
                named++;
                String check = m.group(1);
                String test = check.endsWith("BrokenTwin") ? check.substring(0, check.length() - "BrokenTwin".length()) : check;
                if (sources.stream().noneMatch(f -> f.getFileName().toString().equals(test + ".java")))
                    problems.add(where + ": names " + check + ", but there is no " + test + ".java");
            }
            Matcher s = SCENARIO.matcher(rejectedBy);
            while (s.find()) {
                named++;
                if (!scenarios.contains("\"" + s.group(1) + "\"")) problems.add(where + ": names the audit scenario " + s.group(1) + ", which audit/expected-verdicts.json lacks");
            }
            if (named == 0) problems.add(where + ": \"Rejected by:\" names no test class and no audit scenario");
            if (!mentionedIn(sources, twins.root().resolve(module), p.twinName()))
                problems.add(where + ": no source of module " + module + " names " + p.twinName() + ", so no check runs it");
        }
        assertEquals(List.of(), problems);
    }

    private static List<Path> javaSources(Path root) throws Exception {
        try (Stream<Path> s = Files.walk(root)) {
            return s.filter(f -> f.toString().endsWith(".java"))
                    .filter(f -> { String r = root.relativize(f).toString(); return r.contains("/src/") && !r.contains("/target/") && !r.startsWith("out/"); })
                    .toList();
        }
    }

    private static boolean mentionedIn(List<Path> sources, Path module, String name) throws Exception {
        for (Path f : sources) {
            if (f.startsWith(module) && !f.getFileName().toString().equals(name + ".java") && Files.readString(f).contains(name)) return true;
        }
        return false;
    }

    @Test
    void noHandWrittenTwinCopiesItsOriginal() {
        assertEquals(List.of(), twins.handWrittenProblems());
    }

    @Test
    void oneDefectMarkerEverywhere() {
        assertEquals(List.of(), twins.otherMarkers());
    }
}
