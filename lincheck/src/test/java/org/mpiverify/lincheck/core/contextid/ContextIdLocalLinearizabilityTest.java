package org.mpiverify.lincheck.core.contextid;

import java.util.ArrayDeque;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.jetbrains.lincheck.datastructures.ThreadIdGen;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mpiverify.core.contextid.ContextIdAllocator;
import org.mpiverify.core.contextid.ContextIdMasks;
import org.mpiverify.core.contextid.MaskAllreduce;
import org.mpiverify.core.contextid.MaskNotTakenContextIdAllocator;
import org.mpiverify.core.contextid.MultithreadedContextIdAllocator;
import org.mpiverify.lincheck.Budget;
import org.mpiverify.lincheck.Lincheck;
import org.mpiverify.testkit.ThreadDumpOnFailure;
import org.mpiverify.testkit.TwinTest;
import org.mpiverify.mpi.MpiException;

/**
 * The process-local part of {@link MultithreadedContextIdAllocator} (Gropp &amp; Thakur §5.3, Fig. 3):
 * taking and releasing the mask ({@code maskInUse}), choosing the lowest common id from the AND, and
 * updating {@code lowestContextId} ({@code lowestKey}), by concurrent threads of one process, against
 * {@link ContextIdSpec}.
 *
 * <p>Determinism: the collective step is replaced by a deterministic local function that ANDs the
 * caller's words with a fixed "other members" buffer (ids 2..5 free except 3, every member owning its
 * mask), i.e. the other processes are always ready and never change. Then the lowest common id at an
 * allocate's linearization point (the owner's snapshot under the lock) is determined, and so is
 * exhaustion (capacity 6: three common ids). A thread that finds the mask in use or a lower key
 * pending contributes zeros, "allreduces" and retries, exactly as with real members; Lincheck reports
 * a livelock if the lowestKey hand-over ever leaves a thread retrying forever. Parents {0, 1} give
 * two distinct priority keys. release(t) returns thread t's most recent id (harness slot t).
 *
 * <p>Twin: {@link MaskNotTakenContextIdAllocator} (the owner never sets maskInUse).
 */
@ExtendWith(ThreadDumpOnFailure.class)
@Param(name = "parent", gen = IntGen.class, conf = "0:1")
@Param(name = "t", gen = ThreadIdGen.class)
public class ContextIdLocalLinearizabilityTest {
    static final String SUITE = "ContextIdLocalLinearizabilityTest";
    static final String CHECKS = "MultithreadedContextIdAllocator local steps (mask in use, lowest common id, lowestKey) vs a free set";

    /** The other members' contribution: ids 2..5 free except 3, all owning their masks. */
    static final long[] OTHERS = ContextIdMasks.remoteMember(ContextIdSpec.CAPACITY, ContextIdSpec.REMOTE_TAKEN);
    static final MaskAllreduce AND_WITH_OTHERS = words -> {
        for (int i = 0; i < words.length; i++) words[i] &= OTHERS[i];
    };

    private final ContextIdAllocator allocator;
    @SuppressWarnings("unchecked")
    private final ArrayDeque<Integer>[] held = new ArrayDeque[8];

    public ContextIdLocalLinearizabilityTest() {
        this.allocator = new MultithreadedContextIdAllocator(ContextIdSpec.CAPACITY, false);
        for (int i = 0; i < held.length; i++) held[i] = new ArrayDeque<>();
    }

    @Operation
    public String allocate(@Param(name = "t") int t, @Param(name = "parent") int parent) {
        return allocateOn(allocator, held[t], parent);
    }

    @Operation
    public int release(@Param(name = "t") int t) {
        return releaseOn(allocator, held[t]);
    }

    static String allocateOn(ContextIdAllocator a, ArrayDeque<Integer> mine, int parent) {
        try {
            int id = a.allocate(parent, -1, AND_WITH_OTHERS);
            mine.push(id);
            return "id " + id;
        } catch (MpiException e) {
            return "out of ids";
        }
    }

    static int releaseOn(ContextIdAllocator a, ArrayDeque<Integer> mine) {
        Integer id = mine.poll();
        if (id == null) return -1;
        a.release(id);
        return id;
    }

    @Test
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    void modelChecking() {
        Lincheck.checkModel(SUITE, CHECKS, getClass(), ContextIdSpec.class, Budget.modelChecking());
    }

    @Test
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    void stress() {
        Lincheck.checkStress(SUITE, CHECKS, getClass(), ContextIdSpec.class, Budget.stress());
    }

    @TwinTest
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    void maskNotTakenTwinIsRejected() {
        Lincheck.expectRejectedSeeded("MaskNotTakenContextIdAllocator", "the owner never sets maskInUse (the mask is not taken)",
                ContextIdLocalLinearizabilityTest.class, Twin.class, ContextIdSpec.class, Budget.twin(),
                c -> List.of(Lincheck.afterInit(List.of(Lincheck.actor(c, "allocate", 2, 0)),
                        List.of(Lincheck.actor(c, "allocate", 1, 0)), List.of(Lincheck.actor(c, "allocate", 2, 0)))));
    }

    /** The same operations on the known-bad twin. */
    @Param(name = "parent", gen = IntGen.class, conf = "0:1")
    @Param(name = "t", gen = ThreadIdGen.class)
    public static class Twin {
        private final ContextIdAllocator allocator = new MaskNotTakenContextIdAllocator(ContextIdSpec.CAPACITY, false);
        @SuppressWarnings("unchecked")
        private final ArrayDeque<Integer>[] held = new ArrayDeque[8];

        public Twin() {
            for (int i = 0; i < held.length; i++) held[i] = new ArrayDeque<>();
        }

        @Operation
        public String allocate(@Param(name = "t") int t, @Param(name = "parent") int parent) {
            return allocateOn(allocator, held[t], parent);
        }

        @Operation
        public int release(@Param(name = "t") int t) {
            return releaseOn(allocator, held[t]);
        }
    }
}
