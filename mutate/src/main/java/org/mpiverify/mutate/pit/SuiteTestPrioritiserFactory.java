package org.mpiverify.mutate.pit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import org.pitest.classinfo.ClassName;
import org.pitest.classpath.CodeSource;
import org.pitest.coverage.CoverageDatabase;
import org.pitest.coverage.TestInfo;
import org.pitest.mutationtest.build.DefaultTestPrioritiser;
import org.pitest.mutationtest.build.TestPrioritiser;
import org.pitest.mutationtest.build.TestPrioritiserFactory;

/**
 * PIT picks the tests of a mutant by the lines each test covered on the unmutated code. Lincheck's
 * model checker re-instruments the classes it checks, which drops PIT's coverage probes, so a
 * model-checking suite covers nothing in PIT's eyes and would never run against a mutant. This
 * prioritiser gives every mutant PIT's covering tests first (fastest first), then every test named in
 * the file of plugin property {@value #ALWAYS_RUN} that is not among them and can reach the mutated
 * class: the component's Lincheck suites. A line of that file is {@code TEST_NAME<TAB>class,class,...<TAB>millis}
 * (the classes the test's bytecode reaches, transitively, a mutant of a nested class counting as its outer
 * class; and the test's time on the unmutated code, measured in a fork before PIT starts). They run against
 * every mutant that the faster tests left alive, and PIT bounds each by its measured time as it bounds the
 * covering tests by theirs ({@link PitRun}); a line without a time counts {@value #ASSUMED_MILLIS} ms.
 */
public final class SuiteTestPrioritiserFactory implements TestPrioritiserFactory {
    public static final String ALWAYS_RUN = "mpiverify.mutate.alwaysRun";
    /** The time PIT is told a test takes whose time was not measured: it orders them last, and PIT's time bound grows with it. */
    static final int ASSUMED_MILLIS = 60_000;

    @Override
    public TestPrioritiser makeTestPrioritiser(Properties props, CodeSource code, CoverageDatabase coverage) {
        DefaultTestPrioritiser covering = new DefaultTestPrioritiser(coverage);
        List<String[]> always = new ArrayList<>();
        String file = props.getProperty(ALWAYS_RUN);
        if (file != null) {
            try {
                for (String l : Files.readAllLines(Path.of(file))) if (!l.isBlank()) always.add(l.split("\t"));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return mutant -> {
            List<TestInfo> tests = new ArrayList<>(covering.assignTests(mutant));
            Set<String> have = new LinkedHashSet<>();
            for (TestInfo t : tests) have.add(t.getName());
            String mutated = mutant.getClassName().asJavaName();
            String outer = mutated.contains("$") ? mutated.substring(0, mutated.indexOf('$')) : mutated;
            for (String[] line : always) {
                String name = line[0];
                if (have.contains(name)) continue;
                if (line.length > 1 && !Set.of(line[1].split(",")).contains(outer)) continue;
                String cls = name.substring(0, name.indexOf(".[engine:"));
                int millis = line.length > 2 ? Integer.parseInt(line[2]) : ASSUMED_MILLIS;
                tests.add(new TestInfo(cls, name, millis, Optional.<ClassName>empty(), 0));
            }
            return tests;
        };
    }

    @Override
    public String description() {
        return "mpiverify: covering tests, then the component's model-checking suites";
    }
}
