package org.mpiverify.lincheck.core.contextid;

import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.jetbrains.lincheck.datastructures.ThreadIdGen;
import org.mpiverify.core.coll.Schedule;
import org.mpiverify.core.contextid.Idups;
import org.mpiverify.core.contextid.MaskIallreduce;
import org.mpiverify.core.contextid.MultithreadedContextIdAllocator;
import org.mpiverify.mpi.MpiException;

/**
 * {@link ContextIdOperations} and a nonblocking allocation (idup: started, then polled until done) on one
 * {@link MultithreadedContextIdAllocator}: the operations of {@link IdupLocalLinearizabilityTest}, whose
 * suite starts the real {@link org.mpiverify.core.contextid.NonblockingContextIdAllocation} and whose twin
 * starts the known-bad one. An idup is an allocation ({@link IdupLocalLinearizabilityTest.Spec}).
 */
@Param(name = "parent", gen = IntGen.class, conf = "0:1")
@Param(name = "t", gen = ThreadIdGen.class)
public abstract class IdupOperations extends ContextIdOperations {
    /** The other members' AND, done at the round's first poll. */
    static final MaskIallreduce IALLREDUCE_WITH_OTHERS = words -> new Schedule() {
        @Override
        protected boolean advance() {
            for (int i = 0; i < words.length; i++) words[i] &= OTHERS[i];
            return true;
        }
    };

    /** How an idup is started: {@link Idups#start} or {@link Idups#startTwin}. */
    interface Starter {
        Schedule start(MultithreadedContextIdAllocator a, int parent, int tag, MaskIallreduce allreduce);
    }

    private final MultithreadedContextIdAllocator allocator;
    private final Starter starter;

    protected IdupOperations(MultithreadedContextIdAllocator allocator, Starter starter) {
        super(allocator);
        this.allocator = allocator;
        this.starter = starter;
    }

    @Operation
    public String idup(@Param(name = "t") int t, @Param(name = "parent") int parent) {
        Schedule s = starter.start(allocator, parent, Idups.FIRST_TAG + t, IALLREDUCE_WITH_OTHERS);
        while (!s.progress()) {
            Thread.yield();   // refused while another call owns the mask: poll again, as a waiting thread does
        }
        MpiException failure = s.failure();
        if (failure != null) return "out of ids";
        int id = (Integer) s.result();
        held(t).push(id);
        return "id " + id;
    }
}
