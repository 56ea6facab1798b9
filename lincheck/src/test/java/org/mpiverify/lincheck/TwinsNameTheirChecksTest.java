package org.mpiverify.lincheck;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.mpiverify.results.Workspace;
import org.mpiverify.testkit.TwinTest;
import org.mpiverify.testkit.twins.TwinHome;
import org.mpiverify.testkit.twins.TwinPatch;

/**
 * Every known-bad twin of this module's suites names the check that must reject it, and that check exists
 * and does reject it: a patch in the home's {@code lincheck} folder ({@link TwinHome}; or a twin of {@code impl} that names a suite of this
 * module) says "Rejected by: {@code <Suite>}" (optionally {@code <Suite>.<check method>}); the suite is a test
 * class of this module, the named check method is one of its tests, and the suite has a {@link TwinTest} that
 * runs Lincheck on the twin (its name in the call, as the report's name); a twin that keeps its original's name
 * is run in a JVM of its own ({@link TwinJvm}). A twin that only serves another
 * (a base class) names the suite and that twin: "Rejected by: {@code <Suite>} (as the base of {@code <Twin>})".
 */
class TwinsNameTheirChecksTest {
    private static final Pattern REJECTED_BY = Pattern.compile("(?s)Rejected by:(.*)");
    private static final Pattern SUITE = Pattern.compile("\\b([A-Z]\\w*LinearizabilityTest)(?:\\.(\\w+))?");
    private static final Path ROOT = Workspace.root();
    private static final Path SOURCES = ROOT.resolve("lincheck/src/test/java");

    @Test
    void everyTwinOfThisModuleNamesAnExistingCheckThatRejectsIt() throws Exception {
        List<TwinPatch> own = TwinHome.patches("lincheck");
        assertFalse(own.isEmpty(), "no patch twin found: the test looks in the wrong place");
        Set<String> twinNames = new LinkedHashSet<>();
        for (TwinPatch p : own) twinNames.add(name(p));
        List<TwinPatch> checked = new ArrayList<>(own);
        for (TwinPatch p : TwinHome.patches("impl")) {
            if (SUITE.matcher(rejectedBy(p)).find()) checked.add(p);
        }
        Map<String, Path> suites = suiteSources();
        List<String> problems = new ArrayList<>();
        for (TwinPatch p : checked) {
            String line = rejectedBy(p);
            Matcher m = SUITE.matcher(line);
            if (!m.find()) {
                problems.add(p.file().getFileName() + ": no \"Rejected by: <Suite>\" naming a suite of this module");
                continue;
            }
            m.reset();
            while (m.find()) problems.addAll(checkNamed(p, m.group(1), m.group(2), line, twinNames, suites));
        }
        assertEquals(List.of(), problems);
    }

    private static List<String> checkNamed(TwinPatch p, String suite, String method, String line, Set<String> twinNames,
                                           Map<String, Path> suites) throws IOException {
        String where = p.file().getFileName() + ": rejected by " + suite + (method == null ? "" : "." + method);
        Path source = suites.get(suite);
        if (source == null) return List.of(where + ", which is no test class of this module");
        Class<?> c;
        try {
            c = Class.forName(className(source));
        } catch (ClassNotFoundException e) {
            return List.of(where + ", whose class " + className(source) + " is not on the test class path");
        }
        List<String> problems = new ArrayList<>();
        if (method != null && findMethod(c, method).isEmpty()) problems.add(where + ", which has no check " + method);
        boolean hasTwinTest = Stream.of(c.getDeclaredMethods()).anyMatch(x -> x.isAnnotationPresent(TwinTest.class));
        if (!hasTwinTest) problems.add(where + ", which has no @TwinTest");
        // The twin itself, or the twin it serves (named on the same line), is what the suite's twin test runs.
        String text = Files.readString(source);
        boolean runsIt = text.contains("\"" + name(p) + "\"")
                || twinNames.stream().filter(line::contains).anyMatch(n -> text.contains("\"" + n + "\""));
        if (!runsIt) problems.add(where + ", whose twin tests never run \"" + name(p) + "\"");
        // Lincheck's agent keeps instrumented code by class name: a twin named as its original runs apart.
        if (p.keepsName() && !text.contains("TwinJvm.expectRejected(")) {
            problems.add(where + ", which keeps its original's name but is not run in a JVM of its own (TwinJvm)");
        }
        return problems;
    }

    /** The twin's name: its class's, or its patch file's for a twin that keeps its original's name. */
    private static String name(TwinPatch p) {
        String file = p.file().getFileName().toString();
        return p.keepsName() ? file.substring(0, file.length() - ".patch".length()) : p.twinName();
    }

    private static Optional<Method> findMethod(Class<?> c, String name) {
        return Stream.of(c.getDeclaredMethods()).filter(m -> m.getName().equals(name)).findFirst();
    }

    private static String rejectedBy(TwinPatch p) {
        Matcher m = REJECTED_BY.matcher(p.description());
        return m.find() ? m.group(1) : "";
    }

    /** This module's test classes by simple name. */
    private static Map<String, Path> suiteSources() throws IOException {
        Map<String, Path> out = new TreeMap<>();
        try (Stream<Path> s = Files.walk(SOURCES)) {
            s.filter(f -> f.toString().endsWith("LinearizabilityTest.java"))
                    .forEach(f -> out.put(f.getFileName().toString().replace(".java", ""), f));
        }
        return out;
    }

    private static String className(Path source) {
        String rel = SOURCES.relativize(source).toString();
        return rel.substring(0, rel.length() - ".java".length()).replace('/', '.');
    }
}
