package org.mpiverify.mutate.operators;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.mpiverify.mutate.operators.fixtures.UpdateFixture;
import org.pitest.mutationtest.engine.MutationDetails;

/** UPDATE_ON_ONE_PATH: known-good sites of each shape, mutated as intended and observable; known-bad methods untouched. */
class UpdateOnOnePathTest {
    private final FixtureMutants f = new FixtureMutants("UPDATE_ON_ONE_PATH", UpdateFixture.class);

    private MutationDetails one(String method, String descriptionPart) {
        List<MutationDetails> ms = f.in(method).stream().filter(d -> d.getDescription().contains(descriptionPart)).toList();
        assertEquals(1, ms.size(), method + " " + descriptionPart + ": " + f.in(method));
        return ms.get(0);
    }

    private static long calls(byte[] bytes, String method, String call) {
        return FixtureMutants.code(bytes, method).stream().filter(s -> s.contains(call)).count();
    }

    @Test
    void refundOfAFinallyOnTheNormalPathOnly() {
        assertEquals(2, f.in("send").size(), "one mutant per copy of the finally's refund: " + f.in("send"));
        byte[] mutant = f.bytes(one("send", "from the exception path"));
        assertEquals(2, calls(f.original(), "send", "decrementAndGet"));
        assertEquals(1, calls(mutant, "send", "decrementAndGet"));
        assertEquals("budget 0", f.load(f.original()).apply("send fails"));
        assertEquals("budget 1", f.load(mutant).apply("send fails"));
        assertEquals("budget 0", f.load(mutant).apply("send"), "the normal path still refunds");
    }

    @Test
    void refundOfAFinallyOnTheExceptionPathOnly() {
        byte[] mutant = f.bytes(one("send", "from the normal path"));
        assertEquals("budget 1", f.load(mutant).apply("send"));
        assertEquals("budget 0", f.load(mutant).apply("send fails"));
    }

    @Test
    void refundLeftOutOnOneCallersPath() {
        byte[] mutant = f.bytes(one("receiveMatched", "inlined deliver() at this call without its update AtomicInteger.addAndGet()"));
        assertEquals(0, calls(mutant, "receiveMatched", ".deliver ("), "the helper is inlined");
        assertEquals(0, calls(mutant, "receiveMatched", "addAndGet"), "without its refund");
        assertEquals(1, calls(mutant, "receiveMatched", "PUTFIELD"), "with the rest of its body");
        assertEquals("budget 0", f.load(f.original()).apply("receive matched"));
        assertEquals("budget 3", f.load(mutant).apply("receive matched"));
        assertEquals("budget 0", f.load(mutant).apply("receive"), "the other caller's path keeps the refund");
    }

    @Test
    void noSiteForASingleUpdateOrAnUpdateThatIsTheResult() {
        assertEquals(List.of(), f.in("count"));
        assertEquals(List.of(), f.in("take"));
        assertEquals(List.of(), f.in("deliver"), "the helper itself has one copy of its update");
    }
}
