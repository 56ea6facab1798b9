package org.mpiverify.jcstress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.mpiverify.testkit.twins.TwinHome;
import org.mpiverify.testkit.twins.TwinPatch;

/**
 * Every known-bad twin of this module names the check that must reject it, and that check exists: a twin of a
 * jcstress test ({@code ...BrokenTwin}) is a test of the jar (in jcstress's test list, so {@link JCStressSuiteIT}
 * runs it and fails unless a forbidden outcome shows); a twin of a core class (or of a harness) says "Rejected by:
 * {@code <Test>BrokenTwin}", a twin of a test in the home's {@code jcstress} folder that runs it (names it in its
 * defect lines, itself or through the twins it names). A twin of the core defined once for the Lincheck or JUnit
 * suites ({@code lincheck}, {@code impl} folders) that a jcstress test twin also runs says so the same way
 * ("Also rejected by {@code <Test>BrokenTwin}"), and that test twin must run it.
 */
class TwinsNameTheirChecksTest {
    private static final Pattern REJECTED_BY = Pattern.compile("(?s)Rejected by:(.*)");
    private static final Pattern TEST_TWIN = Pattern.compile("\\b(\\w+BrokenTwin)\\b");
    private static final Pattern NAME = Pattern.compile("\\b[A-Z]\\w+\\b");

    @Test
    void everyTwinNamesATestTwinThatRunsIt() throws Exception {
        List<TwinPatch> all = TwinHome.patches("jcstress");
        assertFalse(all.isEmpty(), "no patch twin found: the test looks in the wrong place");
        List<TwinPatch> shared = new ArrayList<>(TwinHome.patches("lincheck"));
        shared.addAll(TwinHome.patches("impl"));
        Map<String, TwinPatch> byName = new HashMap<>();
        for (TwinPatch p : all) byName.put(p.twinName(), p);
        for (TwinPatch p : shared) byName.putIfAbsent(p.twinName(), p);
        List<String> tests = JCStressSuiteIT.testList();
        List<String> problems = new ArrayList<>();
        for (TwinPatch p : all) {
            String where = p.file().getFileName().toString();
            if (p.twinName().endsWith("BrokenTwin")) {
                String fqn = p.twinPackage() + "." + p.twinName();
                if (tests.stream().noneMatch(t -> t.equals(fqn) || t.startsWith(fqn + "."))) {
                    problems.add(where + ": " + fqn + " is no jcstress test of the jar");
                }
                continue;
            }
            Matcher r = REJECTED_BY.matcher(p.description());
            Matcher t = TEST_TWIN.matcher(r.find() ? r.group(1) : "");
            if (!t.find()) {
                problems.add(where + ": no \"Rejected by: <Test>BrokenTwin\"");
                continue;
            }
            do {
                TwinPatch test = byName.get(t.group(1));
                if (test == null) problems.add(where + ": rejected by " + t.group(1) + ", which is no twin of this folder");
                else if (!uses(test, p.twinName(), byName, new HashSet<>())) {
                    problems.add(where + ": rejected by " + t.group(1) + ", which never runs " + p.twinName());
                }
            } while (t.find());
        }
        for (TwinPatch p : shared) {
            Matcher t = TEST_TWIN.matcher(p.description());
            while (t.find()) {
                TwinPatch test = byName.get(t.group(1));
                if (test == null || !test.twinName().endsWith("BrokenTwin")) {
                    problems.add(p.file().getFileName() + ": rejected by " + t.group(1) + ", which is no jcstress test twin");
                } else if (!uses(test, p.twinName(), byName, new HashSet<>())) {
                    problems.add(p.file().getFileName() + ": rejected by " + t.group(1) + ", which never runs " + p.twinName());
                }
            }
        }
        assertEquals(List.of(), problems);
    }

    /** Whether {@code twin}'s defect lines name {@code name}, or name a twin of the folder that does. */
    private static boolean uses(TwinPatch twin, String name, Map<String, TwinPatch> byName, Set<String> seen) {
        if (!seen.add(twin.twinName())) return false;
        for (TwinPatch.Hunk h : twin.hunks()) {
            for (String line : h.added()) {
                Matcher m = NAME.matcher(line);
                while (m.find()) {
                    String n = m.group();
                    if (n.equals(name)) return true;
                    TwinPatch next = byName.get(n);
                    if (next != null && !n.equals(twin.twinName()) && uses(next, name, byName, seen)) return true;
                }
            }
        }
        return false;
    }
}
