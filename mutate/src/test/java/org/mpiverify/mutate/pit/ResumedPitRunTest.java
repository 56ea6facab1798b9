package org.mpiverify.mutate.pit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pitest.classinfo.ClassName;
import org.pitest.classpath.ClassloaderByteArraySource;
import org.pitest.mutationtest.EngineArguments;
import org.pitest.mutationtest.engine.MutationDetails;
import org.pitest.mutationtest.engine.MutationEngine;
import org.pitest.mutationtest.engine.Mutater;
import org.pitest.mutationtest.engine.gregor.config.GregorEngineFactory;

/**
 * PIT's side of a resumed run: the records of the interrupted run stay (the listener appends instead of starting
 * the file again) and their mutants are not run again (the selection leaves out the keys recorded).
 */
class ResumedPitRunTest {
    private static final String CLASS = "org.mpiverify.core.request.Completion";

    @Test
    void aResumedRunKeepsTheRecordsAndSkipsTheirMutants(@TempDir Path dir) throws Exception {
        MutationEngine engine = new GregorEngineFactory().createEngine(EngineArguments.arguments()
                .withMutators(List.of("VOID_METHOD_CALLS")));
        Mutater mutater = engine.createMutator(ClassloaderByteArraySource.fromContext());
        List<MutationDetails> all = mutater.findMutations(ClassName.fromString(CLASS));
        String done = MutantKeys.keyOf(MutantKeys.forClass(mutater, ClassName.fromString(CLASS)), all.getFirst());

        Files.writeString(dir.resolve("results.jsonl"), "{\"key\":\"" + done + "\"}\n");
        new KillMatrixListener(dir, engine, true).runStart();
        assertEquals(1, Files.readAllLines(dir.resolve("results.jsonl")).size(), "the interrupted run's record is kept");

        Path keys = dir.resolve("done.keys");
        Files.writeString(keys, done + "\n");
        Properties p = new Properties();
        p.setProperty("done.keys", keys.toString());
        Collection<MutationDetails> left = new SelectionFilterFactory.Filter(p).intercept(all, mutater);
        assertEquals(all.size() - 1, left.size(), "only the recorded mutant is left out");
        Map<String, String> k = MutantKeys.forClass(mutater, ClassName.fromString(CLASS));
        assertFalse(left.stream().anyMatch(d -> MutantKeys.keyOf(k, d).equals(done)));

        new KillMatrixListener(dir, engine, false).runStart();
        assertTrue(Files.notExists(dir.resolve("results.jsonl")), "a fresh run starts its records afresh");
    }
}
