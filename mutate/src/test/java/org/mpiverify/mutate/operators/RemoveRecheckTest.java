package org.mpiverify.mutate.operators;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.mpiverify.mutate.operators.fixtures.RecheckFixture;
import org.pitest.mutationtest.engine.MutationDetails;

/** REMOVE_RECHECK: a known-good site of each wait shape, mutated as intended and observable; known-bad methods untouched. */
class RemoveRecheckTest {
    private final FixtureMutants f = new FixtureMutants("REMOVE_RECHECK", RecheckFixture.class);

    @Test
    void parksWithoutLookingAgainForThePoller() {
        List<MutationDetails> ms = f.in("standBy");
        assertEquals(1, ms.size(), "only the poller's re-check (the first look and the done test are not re-checks): " + ms);
        assertTrue(ms.get(0).getDescription().contains("re-check of this.poller before the wait"), ms.get(0).getDescription());
        byte[] mutant = f.bytes(ms.get(0));
        List<String> before = FixtureMutants.code(f.original(), "standBy"), after = FixtureMutants.code(mutant, "standBy");
        assertEquals(1, before.stream().filter(s -> s.startsWith("IFNULL")).count(), "the re-check: " + before);
        assertEquals(0, after.stream().filter(s -> s.startsWith("IFNULL")).count(), "the re-check's jump is gone: " + after);
        assertEquals(1, after.stream().filter(s -> s.startsWith("IFNONNULL")).count(), "the first look's stays: " + after);
        assertEquals("looked again", f.load(f.original()).apply("poller leaves"));
        assertEquals("parked", f.load(mutant).apply("poller leaves"));
    }

    @Test
    void usesTheBufferBeforeItsTransferIsDone() {
        List<MutationDetails> ms = f.in("step");
        assertEquals(1, ms.size(), "the transfer's test (stage's test guards no wait): " + ms);
        assertTrue(ms.get(0).getDescription().contains("test of this.transferDone that makes it wait"), ms.get(0).getDescription());
        byte[] mutant = f.bytes(ms.get(0));
        assertEquals("false, acc 0", f.load(f.original()).apply("transfer pending"));
        assertEquals("true, acc 1", f.load(mutant).apply("transfer pending"));
    }

    @Test
    void noSiteForATestOnALocalOrAFirstLook() {
        assertEquals(List.of(), f.in("pause"));
        assertEquals(List.of(), f.in("firstLook"));
    }
}
