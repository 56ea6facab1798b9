package org.mpiverify.lincheck.core.contextid;

import java.util.ArrayDeque;
import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.jetbrains.lincheck.datastructures.ThreadIdGen;
import org.mpiverify.core.contextid.ContextIdAllocator;
import org.mpiverify.core.contextid.ContextIdMasks;
import org.mpiverify.core.contextid.MaskAllreduce;
import org.mpiverify.mpi.MpiException;

/**
 * The local steps of a context-id allocator as Lincheck operations, compared with a free set
 * ({@link ContextIdSpec}): a blocking allocate from parent 0 or 1, and the release of the calling thread's
 * latest id. The allocator is the real {@link org.mpiverify.core.contextid.MultithreadedContextIdAllocator}
 * (the suites) or a known-bad twin; the other members of the communicator are fixed
 * ({@link ContextIdSpec#REMOTE_TAKEN}). Each Lincheck thread keeps its ids in its own deque (indexed by its
 * ThreadIdGen id, touched by that thread only).
 */
@Param(name = "parent", gen = IntGen.class, conf = "0:1")
@Param(name = "t", gen = ThreadIdGen.class)
public abstract class ContextIdOperations {
    /** The other members' contribution: ids 2..5 free except 3, all owning their masks. */
    static final long[] OTHERS = ContextIdMasks.remoteMember(ContextIdSpec.CAPACITY, ContextIdSpec.REMOTE_TAKEN);
    static final MaskAllreduce AND_WITH_OTHERS = words -> {
        for (int i = 0; i < words.length; i++) words[i] &= OTHERS[i];
    };

    private final ContextIdAllocator allocator;
    @SuppressWarnings("unchecked")
    private final ArrayDeque<Integer>[] held = new ArrayDeque[8];

    protected ContextIdOperations(ContextIdAllocator allocator) {
        this.allocator = allocator;
        for (int i = 0; i < held.length; i++) held[i] = new ArrayDeque<>();
    }

    /** The ids thread {@code t} holds, latest first. */
    final ArrayDeque<Integer> held(int t) {
        return held[t];
    }

    @Operation
    public String allocate(@Param(name = "t") int t, @Param(name = "parent") int parent) {
        try {
            int id = allocator.allocate(parent, -1, AND_WITH_OTHERS);
            held[t].push(id);
            return "id " + id;
        } catch (MpiException e) {
            return "out of ids";
        }
    }

    @Operation
    public int release(@Param(name = "t") int t) {
        Integer id = held[t].poll();
        if (id == null) return -1;
        allocator.release(id);
        return id;
    }
}
