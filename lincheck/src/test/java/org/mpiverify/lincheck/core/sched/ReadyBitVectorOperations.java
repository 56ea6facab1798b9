package org.mpiverify.lincheck.core.sched;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntConsumer;
import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.mpiverify.core.sched.ReadyBitVector;

/**
 * The operations of {@link ReadyBitVectorLinearizabilityTest}: {@code signal} from any thread, {@code drain}
 * (one pass of the worker) by one thread at a time, over a {@link ReadyBitVector} or one of its twins.
 */
@Param(name = "id", gen = IntGen.class, conf = "0:2")
public abstract class ReadyBitVectorOperations {
    private final Vector v;

    ReadyBitVectorOperations(Vector v) {
        this.v = v;
    }

    @Operation
    public void signal(@Param(name = "id") int id) {
        v.signal(id);
    }

    @Operation(nonParallelGroup = "worker")
    public String drain() {
        List<Integer> taken = new ArrayList<>();
        v.drain(taken::add);
        return taken.toString();
    }

    /** The two calls under test, so that the real class and its twins run through the same operations. */
    interface Vector {
        void signal(int id);

        int drain(IntConsumer run);
    }

    /** The real vector, one group of 512 threads. */
    static final class Real implements Vector {
        private final ReadyBitVector v = new ReadyBitVector(512);

        public void signal(int id) {
            v.signal(id);
        }

        public int drain(IntConsumer run) {
            return v.drain(run);
        }
    }
}
