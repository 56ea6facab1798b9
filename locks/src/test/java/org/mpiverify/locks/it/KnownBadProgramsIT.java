package org.mpiverify.locks.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.mpiverify.locks.programs.GateLocked;
import org.mpiverify.locks.programs.LeakOnException;
import org.mpiverify.locks.programs.OppositeOrder;
import org.mpiverify.locks.programs.ParkWhileHolding;
import org.mpiverify.locks.programs.PinnedInCall;

/**
 * The agent on small programs whose verdict is known, each in its own JVM: what it must flag (a cycle of
 * opposite lock orders that did not deadlock in the run, a lock held across {@code LockSupport.park}, a
 * permit leaked on an exception path, pinning inside a call) and, beside each, the good twin it must not
 * flag (a cycle guarded by a gate lock, a lock released before parking, waits that release their own lock,
 * a permit returned in {@code finally}, a call that parks without pinning).
 */
class KnownBadProgramsIT {
    private static String options(Class<?> program) {
        return "watch=org.mpiverify.locks.programs,calls=" + program.getName() + "$Library#*";
    }

    @Test
    void oppositeLockOrdersAreAPotentialDeadlockEvenWithoutADeadlock() throws Exception {
        AgentRun r = AgentRun.run("opposite-order", options(OppositeOrder.class) + ",pinning=false", OppositeOrder.class);
        assertTrue(r.stdout().contains("counter 4"), "the run itself completed: " + r.describe());
        r.assertCleanInstrumentation();
        assertEquals(2, r.summary().get("potentialDeadlocks").asInt(), "one cycle of ReentrantLocks, one of monitors");
        Set<String> kinds = new HashSet<>();
        for (JsonNode c : r.report().get("cycles")) {
            assertEquals("POTENTIAL_DEADLOCK", c.get("verdict").asText());
            assertEquals(2, c.get("locks").size());
            Set<String> threads = new HashSet<>();
            for (JsonNode e : c.get("edges")) {
                threads.add(e.get("label").get("thread").asText());
                assertTrue(e.get("label").get("stack").size() > 0, "each edge carries its acquiring stack");
            }
            assertEquals(Set.of("sender", "receiver"), threads);
            kinds.add(r.lock(c.get("locks").get(0).asInt()).get("kind").asText());
        }
        assertEquals(Set.of("LOCK", "MONITOR"), kinds);
    }

    @Test
    void aCycleGuardedByAGateLockIsNotReported() throws Exception {
        AgentRun r = AgentRun.run("gate-locked", options(GateLocked.class) + ",pinning=false", GateLocked.class);
        r.assertCleanInstrumentation();
        assertEquals(0, r.summary().get("potentialDeadlocks").asInt(), r.report().get("cycles").toString());
        assertEquals(1, r.report().get("cycles").size(), "the cycle is seen");
        JsonNode cycle = r.report().get("cycles").get(0);
        assertEquals("GUARDED", cycle.get("verdict").asText());
        assertEquals(1, cycle.get("gates").size());
        JsonNode gate = r.lock(cycle.get("gates").get(0).asInt());
        assertTrue(gate.get("allocatedAt").asText().startsWith(GateLocked.class.getName() + "$Library.<clinit>"),
                "the gate is the library's GATE lock: " + gate);
        for (JsonNode id : cycle.get("locks")) {
            assertTrue(id.asInt() != gate.get("id").asInt(), "the gate is not on the cycle");
        }
    }

    @Test
    void aLockHeldAcrossParkIsReportedAndWaitsThatReleaseTheirLockAreNot() throws Exception {
        AgentRun r = AgentRun.run("park-while-holding", options(ParkWhileHolding.class) + ",pinning=false,spinlocks="
                + ParkWhileHolding.class.getName() + "$Library#spinAcquire", ParkWhileHolding.class);
        r.assertCleanInstrumentation();
        JsonNode held = r.report().get("findings").get("heldAcrossBlocking");
        assertEquals(1, held.size(), held.toString());
        JsonNode f = held.get(0);
        assertEquals("Library.recvHolding", f.get("call").asText());
        assertEquals("LockSupport.parkNanos", f.get("blockedIn").asText());
        assertTrue(f.get("acquiredAt").asText().startsWith(ParkWhileHolding.class.getName() + "$Library.recvHolding:"));
        assertTrue(f.get("acquireStack").size() > 0 && f.get("blockStack").size() > 0, "both stacks: " + f);
        for (String good : new String[] {"Library.recvReleasing", "Library.awaitOwnCondition", "Library.waitOwnMonitor"}) {
            assertTrue(r.call(good).get("blockedNanos").asLong() > 0, good + " did block, so its absence means something");
        }
        r.call("Library.recvNestingSpinLock"); // ran (fails the test if absent)
    }

    @Test
    void aParkInsideAHandMadeLockCountsAsBlockingUnlessTheLockIsNamed() throws Exception {
        AgentRun r = AgentRun.run("park-while-holding-no-spinlocks", options(ParkWhileHolding.class) + ",pinning=false",
                ParkWhileHolding.class);
        r.assertCleanInstrumentation();
        JsonNode held = r.report().get("findings").get("heldAcrossBlocking");
        List<String> calls = new ArrayList<>();
        held.forEach(f -> calls.add(f.get("call").asText()));
        assertEquals(List.of("Library.recvHolding", "Library.recvNestingSpinLock"), calls.stream().sorted().toList(),
                "without spinlocks= the agent cannot tell the spin lock's park from a blocking wait: " + held);
    }

    @Test
    void aPermitLeakedOnAnExceptionPathIsReportedWithThatPath() throws Exception {
        AgentRun r = AgentRun.run("leak-on-exception", options(LeakOnException.class) + ",pinning=false",
                LeakOnException.class);
        r.assertCleanInstrumentation();
        assertTrue(r.stdout().contains("permits left 3"), r.describe());
        JsonNode leaked = r.report().get("findings").get("leaked");
        assertEquals(1, leaked.size(), leaked.toString());
        JsonNode f = leaked.get(0);
        assertEquals("Library.sendLeaky", f.get("call").asText());
        assertTrue(f.get("path").asText().startsWith("threw java.lang.IllegalArgumentException"), f.toString());
        assertTrue(f.get("exitStack").get(0).asText().contains("Library.check"), "the stack where it was thrown: " + f);
        assertEquals("SEMAPHORE", r.lock(f.get("lock").asInt()).get("kind").asText());
        assertEquals(2, r.call("Library.sendSafe").get("calls").asInt(), "the good twin ran, and failed once too");
    }

    @Test
    void pinningInsideAnMpiCallIsReported() throws Exception {
        AgentRun r = AgentRun.run("pinned-in-call", options(PinnedInCall.class), PinnedInCall.class);
        r.assertCleanInstrumentation();
        JsonNode pinning = r.report().get("findings").get("pinning");
        assertEquals(1, pinning.size(), pinning.toString() + "\n" + r.describe());
        JsonNode p = pinning.get(0);
        assertEquals("Library.pinnedCall", p.get("call").asText());
        assertTrue(p.get("reason").asText().contains("<clinit>"), p.toString());
        assertTrue(r.call("Library.unpinnedCall").get("blockedNanos").asLong() > 0, "the good twin parked too");
    }
}
