package org.mpiverify.reports;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.mpiverify.results.Workspace;
import org.mpiverify.testkit.RenderedDocs;

/**
 * {@code docs/traceability.json} is the one copy of the traceability table: {@code docs/traceability.md} is its
 * rendering, and so is the README's map between {@link TraceabilityDoc#MAP_BEGIN} and {@link TraceabilityDoc#MAP_END}.
 * A page that differs from the rendering fails; {@link #REGENERATE} writes the rendering into the pages instead.
 * The classes and spec files the table names exist.
 */
class TraceabilityDocTest {
    static final String REGENERATE = "mvn -B -ntp -pl reports -am test -Dtest=TraceabilityDocTest "
            + "-Dsurefire.failIfNoSpecifiedTests=false -Dmpiverify.writeDocs=true";
    private static final Path ROOT = Workspace.root();

    private static Traceability.Table table() throws IOException {
        return Traceability.read(ROOT);
    }

    @Test
    void thePageIsTheRenderingOfTheDataFile() throws IOException {
        RenderedDocs.assertFile(ROOT, Path.of(TraceabilityDoc.PAGE), TraceabilityDoc.page(table()), TraceabilityDoc.PAGE
                + " is not what " + Traceability.FILE + " renders: edit the data file, then regenerate the pages with "
                + REGENERATE);
    }

    @Test
    void theReadmeShowsTheMapOfTheDataFile() throws IOException {
        RenderedDocs.assertRegion(ROOT, Path.of("README.md"), TraceabilityDoc.MAP_BEGIN, TraceabilityDoc.MAP_END,
                TraceabilityDoc.map(table()), "README.md's traceability map is not what " + Traceability.FILE
                        + " renders: edit the data file, then regenerate the pages with " + REGENERATE);
    }

    @Test
    void theNamedClassesAndSpecsExist() throws IOException {
        List<String> problems = new ArrayList<>();
        for (Traceability.Algorithm a : table().algorithms()) {
            for (Traceability.Item c : a.classes()) {
                if (c.name() != null && !classExists(c.name())) problems.add(a.name() + ": no class org.mpiverify." + c.name());
            }
            List<String> specs = new ArrayList<>();
            a.specs().forEach(s -> specs.add(s.name()));
            a.trace().forEach(t -> specs.addAll(t.specs()));
            for (String s : specs) {
                if (s == null || !Files.isRegularFile(ROOT.resolve(s))) problems.add(a.name() + ": no spec file " + s);
            }
        }
        assertEquals(List.of(), problems, Traceability.FILE + " names what is not there");
    }

    /** Is {@code org.mpiverify.<name>} a class of some module's main sources? */
    private static boolean classExists(String name) throws IOException {
        String file = "src/main/java/org/mpiverify/" + name.replace('.', '/') + ".java";
        try (Stream<Path> s = Files.find(ROOT, 3, (p, attr) -> p.endsWith("pom.xml") && !p.toString().contains("/target/"))) {
            return s.anyMatch(pom -> Files.isRegularFile(pom.resolveSibling(file)));
        }
    }
}
