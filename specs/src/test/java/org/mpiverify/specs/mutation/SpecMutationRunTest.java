package org.mpiverify.specs.mutation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.mpiverify.results.SpecKillMatrixFile;

/**
 * The spec mutation tool end to end with real TLC, on the toy handover: the promise's model kills the
 * handover published in the wrong order (an invariant) and a broken end (a deadlock); a model whose
 * only check cannot fail lets the same mutant survive (the "survived" path: the check of a family can
 * fail); a mutant TLC cannot evaluate is invalid, not killed; an equivalence claim is honoured on a
 * survivor and refuted on a kill; a stale or ill-formed claim is an error. Each TLC run takes about a
 * second on an idle machine.
 */
@Timeout(300)
class SpecMutationRunTest {
    static final String REORDER = "Toy!Publish/REORDER_HANDOVER/{event, flag} before {data}#1";
    static final String DEADLOCK = "Toy!Done/SWAP_COMPARISON/count >= N: >= -> >#1";
    static final String HEAD_OF_EMPTY = "Toy!Take/DROP_CONJUNCT/q # <<>>#1";
    static final String REASON = "no behaviour of the mutant violates the abstract promise because the test says so";

    @TempDir
    Path dir;

    private SpecMutateCommand.Result run(List<String> models, String claims, boolean list, String... ids) throws IOException {
        Path root = ToySpecs.create(dir.resolve("repo"), models, claims);
        SpecMutateCommand.Options o = new SpecMutateCommand.Options(List.of("toy"), List.of(), List.of(ids), false, 0, false,
                list, false, 5.0, 30, dir.resolve("out"));
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        SpecMutateCommand.Result r = SpecMutateCommand.execute(o, root, new PrintStream(log, true, StandardCharsets.UTF_8));
        System.out.print(log.toString(StandardCharsets.UTF_8));
        return r;
    }

    private static SpecKillMatrix.Entry entry(SpecMutateCommand.Result r, String id) {
        return r.document().mutants().stream().filter(e -> e.id().equals(id)).findFirst().orElseThrow();
    }

    @Test
    void thePromisesModelKillsAndAWeakModelLetsTheSameMutantSurvive() throws IOException {
        SpecMutateCommand.Result strong = run(List.of("toy_strong"), null, false, REORDER, DEADLOCK, HEAD_OF_EMPTY);
        SpecKillMatrix.Entry reorder = entry(strong, REORDER);
        assertEquals("KILLED", reorder.status());
        assertEquals(new SpecKillMatrix.Kill("toy_strong", "invariant", "InOrder"), reorder.killedBy());
        assertEquals(new SpecKillMatrix.Kill("toy_strong", "deadlock", null), entry(strong, DEADLOCK).killedBy());
        SpecKillMatrix.Entry invalid = entry(strong, HEAD_OF_EMPTY);
        assertEquals("INVALID", invalid.status());
        assertTrue(invalid.runs().getFirst().message().contains("Head"), invalid.runs().toString());
        SpecKillMatrix.Score family = strong.document().byFamily().getFirst();
        assertEquals(2, family.killed());
        assertEquals(2, family.scored(), "the invalid mutant is left out of the score");
        assertEquals(0, strong.exitCode());

        SpecMutateCommand.Result weak = run(List.of("toy_weak"), null, false, REORDER);
        SpecKillMatrix.Entry survivor = entry(weak, REORDER);
        assertEquals("SURVIVED", survivor.status());
        assertNull(survivor.killedBy());
        assertEquals("PASSED", survivor.runs().getFirst().verdict());
        assertTrue(survivor.runs().getFirst().distinctStates() != survivor.runs().getFirst().baselineStates(),
                "the state count moved, and that is not a kill");
        assertEquals(1, weak.exitCode(), "a family below the target fails the run");
        SpecKillMatrixFile json = SpecKillMatrixFile.read(weak.json()); // the record the dashboard reads it with
        assertEquals(SpecKillMatrixFile.Status.SURVIVED, json.mutants().getFirst().status());
        assertTrue(Files.readString(weak.markdown()).contains("## Survivors"));
    }

    @Test
    void equivalenceClaimsAreHonouredOnSurvivorsAndRefutedByKills() throws IOException {
        String claim = ToySpecs.claim(REORDER, SpecEquivalents.EQUIVALENT, REASON);
        SpecMutateCommand.Result weak = run(List.of("toy_weak"), claim, false, REORDER);
        assertEquals("EQUIVALENT", entry(weak, REORDER).status());
        assertEquals(0, weak.exitCode());
        SpecMutateCommand.Result strong = run(List.of("toy_strong"), claim, false, REORDER);
        assertEquals("CLAIMED_EQUIVALENT_BUT_KILLED", entry(strong, REORDER).status());
        assertEquals(1, strong.exitCode(), "a refuted claim fails the run");
    }

    @Test
    void staleAndIllFormedClaimsAreErrors() throws IOException {
        SpecMutateCommand.Result stale = run(List.of("toy_strong"),
                ToySpecs.claim("Toy!Take/DROP_CONJUNCT/gone#1", SpecEquivalents.EQUIVALENT, REASON), true);
        assertEquals(List.of("Toy!Take/DROP_CONJUNCT/gone#1"), stale.document().claimsStale());
        assertEquals(1, stale.exitCode());
        assertThrows(IllegalArgumentException.class, () -> run(List.of("toy_strong"),
                ToySpecs.claim(REORDER, SpecEquivalents.EQUIVALENT, "it is fine"), true));
        assertThrows(IllegalArgumentException.class, () -> run(List.of("toy_strong"), null, true, "Toy!Take/NO_SUCH#1"));
    }
}
