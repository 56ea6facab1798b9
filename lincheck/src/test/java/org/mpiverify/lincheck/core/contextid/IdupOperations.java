package org.mpiverify.lincheck.core.contextid;

import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.jetbrains.lincheck.datastructures.ThreadIdGen;
import org.mpiverify.core.coll.Schedule;
import org.mpiverify.core.contextid.ContextIdAllocator;
import org.mpiverify.core.contextid.MaskIallreduce;
import org.mpiverify.mpi.MpiException;

/**
 * {@link ContextIdOperations} and a nonblocking allocation (idup: started, then polled until done) on one
 * allocator: the operations of {@link IdupLocalLinearizabilityTest}, whose suite runs them on the real
 * {@link org.mpiverify.core.contextid.MultithreadedContextIdAllocator} (which starts the real
 * {@link org.mpiverify.core.contextid.NonblockingContextIdAllocation}) and whose twin on the allocator that
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

    /** Tag of the first idup key: above every createGroup tag, as the core's. */
    static final int FIRST_TAG = 4096;

    private final ContextIdAllocator allocator;

    protected IdupOperations(ContextIdAllocator allocator) {
        super(allocator);
        this.allocator = allocator;
    }

    @Operation
    public String idup(@Param(name = "t") int t, @Param(name = "parent") int parent) {
        Schedule s = allocator.allocateNonblocking(parent, FIRST_TAG + t, IALLREDUCE_WITH_OTHERS, id -> id);
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
