package org.mpiverify.lincheck.core.contextid;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mpiverify.core.contextid.EmptyEagerFailsContextIdAllocator;
import org.mpiverify.core.contextid.MultithreadedContextIdAllocator;
import org.mpiverify.core.contextid.NonblockingContextIdAllocation;
import org.mpiverify.lincheck.Budget;
import org.mpiverify.lincheck.Lincheck;
import org.mpiverify.testkit.ThreadDumpOnFailure;
import org.mpiverify.testkit.TwinTest;

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
public class IdupLocalLinearizabilityTest extends IdupOperations {
    static final String SUITE = "IdupLocalLinearizabilityTest";
    static final String CHECKS = "NonblockingContextIdAllocation mixed with blocking allocate on one process vs a free set";

    /** The sequential specification: an idup is an allocation. */
    public static class Spec extends ContextIdSpec {
        public String idup(int t, int parent) {
            return allocate(t, parent);
        }
    }

    public IdupLocalLinearizabilityTest() {
        super(new MultithreadedContextIdAllocator(ContextIdSpec.CAPACITY, false));
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

    /** The same operations on the allocator whose idup is the known-bad twin's (EmptyEagerFailsContextIdAllocator). */
    public static class Twin extends IdupOperations {
        public Twin() {
            super(new EmptyEagerFailsContextIdAllocator(ContextIdSpec.CAPACITY, false));
        }
    }
}
