package org.mpiverify.mutate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpiverify.mutate.pit.MutantKeys;
import org.mpiverify.results.Json;
import org.mpiverify.results.Workspace;
import org.pitest.classinfo.ClassName;
import org.pitest.classpath.ClassloaderByteArraySource;
import org.pitest.mutationtest.EngineArguments;
import org.pitest.mutationtest.engine.Mutater;
import org.pitest.mutationtest.engine.gregor.config.GregorEngineFactory;

/**
 * Every mutant that {@code mutate/equivalent-mutants.json} argues (equivalent, unobservable or a known gap)
 * still exists: the engine makes a mutant with that key today. A claim whose code moved (a new signature, a
 * statement that is no longer there) argues nothing, and its mutant comes back under a new key as an
 * unexplained survivor of the next full run, hours later; this finds it in seconds.
 */
class EquivalentsKeysTest {
    static final Path FILE = Workspace.root().resolve(Equivalents.FILE);

    @Test
    void everyArguedMutantStillExists() throws Exception {
        assertEquals(List.of(), missing(Equivalents.read(FILE).byKey().keySet()), "claims in " + FILE
                + " whose mutant no longer exists (the code moved under them: argue the mutant under its new key, or drop the claim)");
    }

    @Test
    void aClaimOfAMutantThatDoesNotExistIsFound(@TempDir Path dir) throws Exception {
        Equivalents all = Equivalents.read(FILE);
        String real = all.mutants().get(0).key();
        String moved = real.replaceFirst("#[0-9]+$", "#99");
        Path f = dir.resolve("claims.json");
        Files.writeString(f, Json.write(new Equivalents("two claims", all.kinds(), List.of(), List.of(
                new Equivalents.Claim(real, Equivalents.Kind.EQUIVALENT, "a reason"),
                new Equivalents.Claim(moved, Equivalents.Kind.EQUIVALENT, "a reason")))));
        assertEquals(List.of(moved), missing(Equivalents.read(f).byKey().keySet()));
    }

    /** The keys among {@code claimed} that no mutant of their class has, with every operator the keys name. */
    static List<String> missing(Collection<String> claimed) {
        Set<String> operators = new TreeSet<>();
        Map<String, List<String>> byClass = new HashMap<>();
        for (String key : claimed) {
            String[] parts = key.split("/", 3);
            assertTrue(parts.length == 3 && parts[0].contains("#"), "not a mutant key: " + key);
            operators.add(parts[1]);
            byClass.computeIfAbsent(parts[0].substring(0, parts[0].indexOf('#')), c -> new ArrayList<>()).add(key);
        }
        Mutater m = new GregorEngineFactory().createEngine(EngineArguments.arguments().withMutators(List.copyOf(operators)))
                .createMutator(ClassloaderByteArraySource.fromContext());
        List<String> missing = new ArrayList<>();
        byClass.forEach((c, keys) -> {
            Set<String> exist = Set.copyOf(MutantKeys.forClass(m, ClassName.fromString(c)).values());
            keys.stream().filter(k -> !exist.contains(k)).forEach(missing::add);
        });
        missing.sort(null);
        return missing;
    }
}
