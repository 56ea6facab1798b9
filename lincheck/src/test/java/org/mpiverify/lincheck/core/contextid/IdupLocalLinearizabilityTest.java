package org.mpiverify.lincheck.core.contextid;

import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;
import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.jetbrains.lincheck.datastructures.ThreadIdGen;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mpiverify.core.coll.Schedule;
import org.mpiverify.core.contextid.ContextIdMasks;
import org.mpiverify.core.contextid.Idups;
import org.mpiverify.core.contextid.MaskIallreduce;
import org.mpiverify.core.contextid.MultithreadedContextIdAllocator;
import org.mpiverify.core.contextid.NonblockingContextIdAllocation;
import org.mpiverify.lincheck.Budget;
import org.mpiverify.lincheck.Lincheck;
import org.mpiverify.testkit.ThreadDumpOnFailure;
import org.mpiverify.testkit.TwinTest;
import org.mpiverify.mpi.MpiException;

/**
 * The process-local part of {@link NonblockingContextIdAllocation} ({@code MPI_Comm_idup}) mixed with the
 * blocking allocation on one allocator, as {@link ContextIdLocalLinearizabilityTest} with the same fixed
 * other members (ids 2..5 free except 3, every member owning): {@code idup(t, parent)} starts a
 * nonblocking allocation with its own key (parent, 4096 + t) and polls it until it is done (a thread
 * waiting on its request), {@code allocate(t, parent)} is a blocking dup, {@code release(t)} frees
 * thread t's latest id. Each round's allreduce is a schedule that ANDs in the other members at its first
 * poll. Against {@link ContextIdSpec}: an idup is an allocation (the lowest common free id, or out of
 * ids), linearized at its owner's clear in its final round. Capacity 6 has a one-id eager segment {2}.
 *
 * <p>Twin: {@code EmptyEagerFailsAllocation}, which takes an empty all-owned eager round for exhaustion.
 */
@ExtendWith(ThreadDumpOnFailure.class)
@Param(name = "parent", gen = IntGen.class, conf = "0:1")
@Param(name = "t", gen = ThreadIdGen.class)
public class IdupLocalLinearizabilityTest {
    static final String SUITE = "IdupLocalLinearizabilityTest";
    static final String CHECKS = "NonblockingContextIdAllocation mixed with blocking allocate on one process vs a free set";

    static final long[] OTHERS = ContextIdMasks.remoteMember(ContextIdSpec.CAPACITY, ContextIdSpec.REMOTE_TAKEN);
    /** The other members' AND, done at the round's first poll. */
    static final MaskIallreduce AND_WITH_OTHERS = words -> new Schedule() {
        @Override
        protected boolean advance() {
            for (int i = 0; i < words.length; i++) words[i] &= OTHERS[i];
            return true;
        }
    };

    /** The sequential specification: an idup is an allocation. */
    public static class Spec extends ContextIdSpec {
        public String idup(int t, int parent) {
            return allocate(t, parent);
        }
    }

    interface Starter {
        Schedule start(MultithreadedContextIdAllocator a, int parent, int tag, MaskIallreduce allreduce);
    }

    private final MultithreadedContextIdAllocator allocator = new MultithreadedContextIdAllocator(ContextIdSpec.CAPACITY, false);
    @SuppressWarnings("unchecked")
    private final ArrayDeque<Integer>[] held = new ArrayDeque[8];

    public IdupLocalLinearizabilityTest() {
        for (int i = 0; i < held.length; i++) held[i] = new ArrayDeque<>();
    }

    @Operation
    public String idup(@Param(name = "t") int t, @Param(name = "parent") int parent) {
        return idupOn(Idups::start, allocator, held[t], t, parent);
    }

    @Operation
    public String allocate(@Param(name = "t") int t, @Param(name = "parent") int parent) {
        return ContextIdLocalLinearizabilityTest.allocateOn(allocator, held[t], parent);
    }

    @Operation
    public int release(@Param(name = "t") int t) {
        return ContextIdLocalLinearizabilityTest.releaseOn(allocator, held[t]);
    }

    static String idupOn(Starter starter, MultithreadedContextIdAllocator a, ArrayDeque<Integer> mine, int t, int parent) {
        Schedule s = starter.start(a, parent, Idups.FIRST_TAG + t, AND_WITH_OTHERS);
        while (!s.progress()) {
            Thread.yield();   // refused while another call owns the mask: poll again, as a waiting thread does
        }
        MpiException failure = s.failure();
        if (failure != null) return "out of ids";
        int id = (Integer) s.result();
        mine.push(id);
        return "id " + id;
    }

    @Test
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    void modelChecking() {
        Lincheck.checkModel(SUITE, CHECKS, getClass(), Spec.class, Budget.modelChecking());
    }

    @Test
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    void stress() {
        Lincheck.checkStress(SUITE, CHECKS, getClass(), Spec.class, Budget.stress());
    }

    @TwinTest
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    void emptyEagerFailsTwinIsRejected() {
        Lincheck.expectRejected("EmptyEagerFailsAllocation", "an empty all-owned eager round is taken for exhaustion",
                true, Twin.class, Spec.class, Budget.twin());
    }

    /** The same operations with the known-bad twin's idup. */
    @Param(name = "parent", gen = IntGen.class, conf = "0:1")
    @Param(name = "t", gen = ThreadIdGen.class)
    public static class Twin {
        private final MultithreadedContextIdAllocator allocator = new MultithreadedContextIdAllocator(ContextIdSpec.CAPACITY, false);
        @SuppressWarnings("unchecked")
        private final ArrayDeque<Integer>[] held = new ArrayDeque[8];

        public Twin() {
            for (int i = 0; i < held.length; i++) held[i] = new ArrayDeque<>();
        }

        @Operation
        public String idup(@Param(name = "t") int t, @Param(name = "parent") int parent) {
            return idupOn(Idups::startTwin, allocator, held[t], t, parent);
        }

        @Operation
        public String allocate(@Param(name = "t") int t, @Param(name = "parent") int parent) {
            return ContextIdLocalLinearizabilityTest.allocateOn(allocator, held[t], parent);
        }

        @Operation
        public int release(@Param(name = "t") int t) {
            return ContextIdLocalLinearizabilityTest.releaseOn(allocator, held[t]);
        }
    }
}
