package org.mpiverify.testkit;

import static org.mpiverify.testkit.SourceTrees.repositoryRoot;
import static org.mpiverify.testkit.SourceTrees.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every package of the build belongs to one module: no package's hand-written sources, main or test, stand in two
 * modules. A class that joins another module's package to reach its package-private members is a door around the
 * boundary the package draws; what such a class needs belongs in the owning module (a documented hook in its main
 * sources, or a test door in its test jar).
 *
 * <p>The one exception is generated, not written: a known-bad twin of a core class is generated from its patch
 * ({@code twins/patches}) into the core's package in the module whose check rejects it, because a twin of a
 * package-private class must be its sibling. Generated sources are under {@code target/} and not read here.
 */
class SplitPackagesTest {
    private static final Pattern MODULE = Pattern.compile("<module>([^<]+)</module>");
    private static final Pattern PACKAGE = Pattern.compile("(?m)^\\s*package\\s+([\\w.]+)\\s*;");
    private static final List<String> SOURCE_SETS = List.of("src/main/java", "src/test/java");

    @Test
    void everyPackageBelongsToOneModule() throws IOException {
        Path root = repositoryRoot();
        List<String> modules = new ArrayList<>();
        Matcher m = MODULE.matcher(Files.readString(root.resolve("pom.xml")).replaceAll("(?s)<!--.*?-->", ""));
        while (m.find()) modules.add(m.group(1).trim());
        assertTrue(modules.size() >= 10, "the build's modules: " + modules);
        Map<String, Map<String, Set<String>>> split = splitPackages(root, modules);
        assertTrue(packagesOf(root, "impl").size() >= 10, "the scan found the core's packages");
        assertEquals("", describe(split));
    }

    @Test
    void aPackageInTwoModulesIsFound(@TempDir Path dir) throws IOException {
        write(dir, "a/src/main/java/org/x/p/A.java", "package org.x.p;\nclass A { }\n");
        write(dir, "a/src/test/java/org/x/p/ATest.java", "package org.x.p;\nclass ATest { }\n");
        write(dir, "a/src/main/java/org/x/q/Q.java", "package org.x.q;\nclass Q { }\n");
        write(dir, "b/src/test/java/org/x/p/Door.java", "/* package org.x.r; */\npackage org.x.p;\nclass Door { }\n");
        write(dir, "b/src/main/java/org/x/b/B.java", "package org.x.b;\nclass B { }\n");
        Map<String, Map<String, Set<String>>> split = splitPackages(dir, List.of("a", "b"));
        assertEquals(Set.of("org.x.p"), split.keySet(), "a package of a module's main and test sources is not split");
        assertEquals(Set.of("a", "b"), split.get("org.x.p").keySet());
        assertEquals(Set.of("b/src/test/java/org/x/p/Door.java"), split.get("org.x.p").get("b"));
    }

    /** Package to module to the files that declare it, for every package declared in more than one module. */
    static Map<String, Map<String, Set<String>>> splitPackages(Path root, List<String> modules) throws IOException {
        Map<String, Map<String, Set<String>>> byPackage = new TreeMap<>();
        for (String module : modules) {
            packagesOf(root, module).forEach((pkg, files) ->
                    byPackage.computeIfAbsent(pkg, k -> new TreeMap<>()).put(module, files));
        }
        byPackage.values().removeIf(owners -> owners.size() < 2);
        return byPackage;
    }

    /** The packages declared by a module's main and test sources, each with its files (relative to {@code root}). */
    static Map<String, Set<String>> packagesOf(Path root, String module) throws IOException {
        Map<String, Set<String>> out = new TreeMap<>();
        for (String set : SOURCE_SETS) {
            Path dir = root.resolve(module).resolve(set);
            if (!Files.isDirectory(dir)) continue;
            try (Stream<Path> files = Files.walk(dir)) {
                for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                    String pkg = packageOf(f);
                    if (pkg != null) out.computeIfAbsent(pkg, k -> new TreeSet<>()).add(root.relativize(f).toString());
                }
            }
        }
        return out;
    }

    /** The package a source file declares (read up to the declaration, outside comments), or null. */
    static String packageOf(Path file) throws IOException {
        try (BufferedReader r = Files.newBufferedReader(file)) {
            StringBuilder header = new StringBuilder();
            for (String line; (line = r.readLine()) != null; ) {
                header.append(line).append('\n');
                if (line.contains(";")) {
                    Matcher m = PACKAGE.matcher(PackageGraph.codeOnly(header.toString()));
                    if (m.find()) return m.group(1);
                }
            }
            return null;
        }
    }

    private static String describe(Map<String, Map<String, Set<String>>> split) {
        StringBuilder b = new StringBuilder();
        split.forEach((pkg, owners) -> {
            b.append("package ").append(pkg).append(" in ").append(owners.size()).append(" modules:\n");
            owners.forEach((module, files) -> {
                if (files.size() > 3) b.append("  ").append(module).append(": ").append(files.size()).append(" files\n");
                else b.append("  ").append(module).append(": ").append(files).append('\n');
            });
        });
        return b.toString();
    }
}
