package org.mpiverify.mutate;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.TagFilter;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.mpiverify.mutate.pit.PitRun;

/**
 * The test methods of a suite, named as PIT names JUnit 5 tests ({@code Class.[engine:...]/[class:...]/
 * [method:m()]}), found with JUnit's own discovery in the class folders of the suites, known-bad twin
 * tests left out; stress tests first.
 */
final class SuiteTests {
    private SuiteTests() {}

    /** Test methods of the classes under {@code roots} whose names match one of the globs. */
    static List<String> find(List<Path> roots, List<String> globs) throws IOException {
        List<Pattern> patterns = globs.stream().map(g -> Pattern.compile(g.replace(".", "\\.").replace("$", "\\$")
                .replace("*", "[^.]*"))).toList();
        LauncherDiscoveryRequestBuilder request = LauncherDiscoveryRequestBuilder.request()
                .filters(TagFilter.excludeTags(PitRun.TWIN_TAG));
        int selected = 0;
        for (Path root : roots) {
            if (!Files.isDirectory(root)) continue;
            try (Stream<Path> s = Files.walk(root)) {
                for (Path f : s.filter(p -> p.toString().endsWith(".class") && !p.getFileName().toString().contains("$")).toList()) {
                    String cls = root.relativize(f).toString().replace('/', '.').replaceAll("\\.class$", "");
                    if (patterns.stream().anyMatch(p -> p.matcher(cls).matches())) {
                        request.selectors(selectClass(cls));
                        selected++;
                    }
                }
            }
        }
        List<String> names = new ArrayList<>();
        if (selected == 0) return names;
        LauncherDiscoveryRequest r = request.build();
        Launcher launcher = LauncherFactory.create();
        TestPlan plan = launcher.discover(r);
        for (TestIdentifier root : plan.getRoots()) {
            for (TestIdentifier t : plan.getDescendants(root)) {
                if (!t.isTest()) continue;
                String uid = t.getUniqueId();
                int c = uid.indexOf("[class:");
                String cls = uid.substring(c + "[class:".length(), uid.indexOf(']', c));
                names.add(cls + "." + uid);
            }
        }
        // cheap first: a stress run kills most of what a suite can kill, model checking the rest
        names.sort(Comparator.comparing((String n) -> !n.contains("[method:stress()]")));
        return names;
    }

    /**
     * The classes of ours a test class can reach through its bytecode's references, transitively
     * (through its harnesses, specs and the core): a static over-approximation of what it can run, to
     * choose the Lincheck tests of a mutant when PIT's coverage cannot.
     */
    static Set<String> reachable(String testClass) {
        Set<String> seen = new HashSet<>();
        ArrayDeque<String> todo = new ArrayDeque<>(List.of(testClass.replace('.', '/')));
        Pattern ref = Pattern.compile("org/mpiverify/[A-Za-z0-9_/$]+");
        ClassLoader l = Thread.currentThread().getContextClassLoader();
        while (!todo.isEmpty()) {
            String c = todo.poll();
            if (!seen.add(c)) continue;
            try (InputStream in = l.getResourceAsStream(c + ".class")) {
                if (in == null) continue;
                Matcher m = ref.matcher(new String(in.readAllBytes(), StandardCharsets.ISO_8859_1));
                while (m.find()) todo.add(m.group());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        Set<String> names = new HashSet<>();
        for (String c : seen) names.add(c.replace('/', '.'));
        return names;
    }

    /**
     * True if the test class starts a child JVM that inherits its class path: its bytecode builds a process
     * ({@code ProcessBuilder}) and reads {@code java.class.path}. PIT's minion cannot run such a test against a
     * mutant (the child loads the original class file); the forked JUnit stage can.
     */
    static boolean startsChildJvm(String testClass) {
        try (InputStream in = Thread.currentThread().getContextClassLoader()
                .getResourceAsStream(testClass.replace('.', '/') + ".class")) {
            if (in == null) return false;
            String code = new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
            return code.contains("java/lang/ProcessBuilder") && code.contains("java.class.path");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
