package org.mpiverify.core;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The rule every core package's {@code package-info.java} states: {@code org.mpiverify.core} uses the
 * API's vocabulary types ({@code Datatype}, {@code Op}, {@code ErrorClass}, {@code MpiException}, {@code
 * MpiDatatype}, {@code MpiOp}, {@code UserOp}, {@code ThreadSafety}, {@code SafetyClass}) and
 * nothing else of {@code org.mpiverify.mpi}; and every core package has a {@code package-info.java}.
 */
class CoreDependencyRuleTest {
    private static final Path CORE = Path.of("src/main/java/org/mpiverify/core");
    private static final Set<String> VOCABULARY = Set.of("Datatype", "Op", "ErrorClass", "MpiException",
            "MpiDatatype", "MpiOp", "UserOp", "ThreadSafety", "SafetyClass");
    private static final Pattern API_TYPE = Pattern.compile("org\\.mpiverify\\.mpi\\.([A-Z]\\w*)");

    @Test
    void theCoreUsesOnlyTheApisVocabularyTypes() throws IOException {
        List<String> wrong = new ArrayList<>();
        try (Stream<Path> files = Files.walk(CORE)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                Matcher m = API_TYPE.matcher(Files.readString(f));
                while (m.find()) {
                    if (!VOCABULARY.contains(m.group(1))) {
                        wrong.add(CORE.relativize(f) + " uses org.mpiverify.mpi." + m.group(1));
                    }
                }
            }
        }
        assertTrue(Files.isDirectory(CORE), "run from the impl module: " + CORE.toAbsolutePath());
        assertTrue(wrong.isEmpty(), String.join("\n", wrong));
    }

    @Test
    void everyCorePackageSaysWhatItIsFor() throws IOException {
        List<String> missing = new ArrayList<>();
        try (Stream<Path> dirs = Files.walk(CORE)) {
            for (Path d : dirs.filter(Files::isDirectory).toList()) {
                boolean hasClasses;
                try (Stream<Path> l = Files.list(d)) {
                    hasClasses = l.anyMatch(p -> p.toString().endsWith(".java"));
                }
                if (hasClasses && !Files.exists(d.resolve("package-info.java"))) {
                    missing.add(CORE.relativize(d).toString());
                }
            }
        }
        assertTrue(missing.isEmpty(), "core packages without package-info.java: " + missing);
    }
}
