package org.mpiverify.mutate.operators;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.mpiverify.mutate.operators.fixtures.ReorderFixture;
import org.pitest.mutationtest.engine.MutationDetails;

/** REORDER_HANDOFF: a known-good site of each shape, mutated as intended and observable; known-bad methods untouched. */
class ReorderHandoffTest {
    private final FixtureMutants f = new FixtureMutants("REORDER_HANDOFF", ReorderFixture.class);

    @Test
    void signalBeforeTheStateChangeItAnnounces() {
        List<MutationDetails> ms = f.in("complete");
        assertEquals(1, ms.size(), "one swap in complete: " + ms);
        byte[] mutant = f.bytes(ms.get(0));
        List<String> before = FixtureMutants.code(f.original(), "complete"), after = FixtureMutants.code(mutant, "complete");
        assertTrue(FixtureMutants.indexOf(before, "PUTFIELD") < FixtureMutants.indexOf(before, "accept"), before.toString());
        assertTrue(FixtureMutants.indexOf(after, "accept") < FixtureMutants.indexOf(after, "PUTFIELD"), after.toString());
        assertEquals("signal saw 42", f.load(f.original()).apply("signal"));
        assertEquals("signal saw 0", f.load(mutant).apply("signal"));
    }

    @Test
    void lookAtTheAbortFlagBeforeRegistering() {
        List<MutationDetails> ms = f.in("parkUnlessAborted");
        assertEquals(1, ms.size(), "one look-first in parkUnlessAborted: " + ms);
        assertTrue(ms.get(0).getDescription().startsWith("looked at this.aborted before"), ms.get(0).getDescription());
        byte[] mutant = f.bytes(ms.get(0));
        List<String> after = FixtureMutants.code(mutant, "parkUnlessAborted");
        assertTrue(FixtureMutants.indexOf(after, "GETFIELD org/mpiverify/mutate/operators/fixtures/ReorderFixture.aborted")
                < FixtureMutants.indexOf(after, "add"), after.toString());
        assertEquals("aborted", f.load(f.original()).apply("abort"));
        assertEquals("would park", f.load(mutant).apply("abort"));
    }

    @Test
    void noSiteWhereTheOrderCannotMatter() {
        assertEquals(List.of(), f.in("dependent"), "a data dependency through a local");
        assertEquals(List.of(), f.in("plainWrites"), "two plain writes hand nothing over");
        assertEquals(List.of(), f.in("<init>"), "a constructor publishes nothing before it returns");
    }
}
