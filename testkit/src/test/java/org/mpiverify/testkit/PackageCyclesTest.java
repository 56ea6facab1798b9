package org.mpiverify.testkit;

import static org.mpiverify.testkit.SourceTrees.repositoryRoot;
import static org.mpiverify.testkit.SourceTrees.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * No package cycle among the main sources of every module of the build: the packages form layers, so each
 * can be read, tested and moved knowing only what lies below it. Read from the sources ({@link PackageGraph}).
 *
 * <p>One dependency is counted apart, and only it: the core's packages ({@code org.mpiverify.core.*}) use the
 * API's vocabulary types, {@code Datatype}, {@code Op}, {@code ErrorClass}, {@code MpiException}, the handle
 * interfaces {@code MpiDatatype} and {@code MpiOp}, {@code UserOp} and the {@code ThreadSafety} annotation with its
 * {@code SafetyClass}, which live in the API package {@code org.mpiverify.mpi} because every user names them there, while the API package
 * is built on the core. They are leaves (they import nothing of ours but {@code UserOp}'s reference count,
 * {@code org.mpiverify.core.handle}, which imports nothing), and {@code impl}'s
 * {@code CoreDependencyRuleTest} holds the core to them and nothing else of the API; so this test treats them as
 * a node of their own, below both, and any other use that closes a loop through the API still fails it.
 */
class PackageCyclesTest {
    static final Map<String, String> API_VOCABULARY = Map.of(
            "org.mpiverify.mpi.Datatype", "org.mpiverify.mpi(vocabulary)",
            "org.mpiverify.mpi.Op", "org.mpiverify.mpi(vocabulary)",
            "org.mpiverify.mpi.ErrorClass", "org.mpiverify.mpi(vocabulary)",
            "org.mpiverify.mpi.MpiException", "org.mpiverify.mpi(vocabulary)",
            "org.mpiverify.mpi.MpiDatatype", "org.mpiverify.mpi(vocabulary)",
            "org.mpiverify.mpi.MpiOp", "org.mpiverify.mpi(vocabulary)",
            "org.mpiverify.mpi.UserOp", "org.mpiverify.mpi(vocabulary)",
            "org.mpiverify.mpi.ThreadSafety", "org.mpiverify.mpi(vocabulary)",
            "org.mpiverify.mpi.SafetyClass", "org.mpiverify.mpi(vocabulary)");
    private static final Pattern MODULE = Pattern.compile("<module>([^<]+)</module>");

    @Test
    void theMainPackagesOfEveryModuleFormLayers() throws IOException {
        Path root = repositoryRoot();
        List<Path> sources = new ArrayList<>();
        Matcher m = MODULE.matcher(Files.readString(root.resolve("pom.xml")).replaceAll("(?s)<!--.*?-->", ""));
        while (m.find()) {
            Path main = root.resolve(m.group(1).trim()).resolve("src/main/java");
            if (Files.isDirectory(main)) sources.add(main);   // lincheck has test sources only
        }
        assertTrue(sources.size() >= 10, "the build's modules with main sources: " + sources);
        PackageGraph graph = PackageGraph.of(root, sources, API_VOCABULARY);
        assertTrue(graph.uses().size() >= 50, "the scan found the packages: " + graph.uses().keySet());
        StringBuilder report = new StringBuilder();
        for (List<String> cycle : graph.cycles()) report.append(graph.describe(cycle));
        assertEquals("", report.toString());
    }

    @Test
    void aCycleThroughAnImportIsFound(@TempDir Path dir) throws IOException {
        write(dir, "org/mpiverify/a/A.java", "package org.mpiverify.a;\nimport org.mpiverify.b.B;\nclass A { B b; }\n");
        write(dir, "org/mpiverify/b/B.java", "package org.mpiverify.b;\npublic class B { int k = org.mpiverify.c.C.K; }\n");
        write(dir, "org/mpiverify/c/C.java", "package org.mpiverify.c;\nimport static org.mpiverify.a.A.*;\npublic class C {"
                + " public static final int K = 1; }\n");
        PackageGraph g = PackageGraph.of(dir, List.of(dir), Map.of());
        assertEquals(List.of(List.of("org.mpiverify.a", "org.mpiverify.b", "org.mpiverify.c")), g.cycles());
    }

    @Test
    void commentsAndStringsAreNoDependency(@TempDir Path dir) throws IOException {
        write(dir, "org/mpiverify/a/A.java", "package org.mpiverify.a;\nimport org.mpiverify.b.B;\nclass A { B b; }\n");
        write(dir, "org/mpiverify/b/B.java", "package org.mpiverify.b;\n/** Used by {@link org.mpiverify.a.A}. */\n"
                + "public class B { String s = \"org.mpiverify.a.A\"; // org.mpiverify.a.A\n"
                + " String t = \"\"\"\n   org.mpiverify.a.A \"\"\"; char q = '\"'; }\n");
        PackageGraph g = PackageGraph.of(dir, List.of(dir), Map.of());
        assertEquals(List.of(), g.cycles());
        assertEquals(Map.of("org.mpiverify.a", Set.of("org.mpiverify.b"), "org.mpiverify.b", Set.of()),
                g.uses());
    }

    @Test
    void aLeafTypeCountedApartBreaksOnlyTheLoopThroughIt(@TempDir Path dir) throws IOException {
        write(dir, "org/mpiverify/api/Word.java", "package org.mpiverify.api;\npublic enum Word { A }\n");
        write(dir, "org/mpiverify/api/Api.java", "package org.mpiverify.api;\nimport org.mpiverify.core.Core;\n"
                + "class Api { Core c; }\n");
        write(dir, "org/mpiverify/core/Core.java", "package org.mpiverify.core;\nimport org.mpiverify.api.Word;\n"
                + "public class Core { Word w; }\n");
        Map<String, String> apart = Map.of("org.mpiverify.api.Word", "org.mpiverify.api(vocabulary)");
        assertEquals(List.of(), PackageGraph.of(dir, List.of(dir), apart).cycles());
        write(dir, "org/mpiverify/core/Core.java", "package org.mpiverify.core;\nimport org.mpiverify.api.Word;\n"
                + "public class Core { Word w; org.mpiverify.api.Api a; }\n");
        assertEquals(List.of(List.of("org.mpiverify.api", "org.mpiverify.core")), PackageGraph.of(dir, List.of(dir), apart).cycles());
        write(dir, "org/mpiverify/core/Core.java", "package org.mpiverify.core;\nimport org.mpiverify.api.Word;\n"
                + "public class Core { Word w; }\n");
        write(dir, "org/mpiverify/api/Word.java", "package org.mpiverify.api;\npublic enum Word { A; Api a; }\n");
        assertEquals(List.of(List.of("org.mpiverify.api", "org.mpiverify.api(vocabulary)", "org.mpiverify.core")),
                PackageGraph.of(dir, List.of(dir), apart).cycles(), "a type counted apart that is no leaf closes the loop");
    }
}
