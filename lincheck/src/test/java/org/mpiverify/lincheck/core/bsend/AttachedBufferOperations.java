package org.mpiverify.lincheck.core.bsend;

import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.jetbrains.lincheck.datastructures.IntGen;
import org.mpiverify.mpi.MpiException;

/**
 * The operations of {@link AttachedBufferSpec} over any attached-buffer allocator given as its five calls: the
 * suite and its known-bad twin subclass it and only build the allocator, a buffer of {@value #CAPACITY} bytes
 * attached at the start. Sizes of 1 and 2 bytes and starts 0 to 3, so that reserves collide and releases hit live
 * regions. Results never name objects: offsets, ERR_BUFFER, and the count of the detach's signals.
 */
@Param(name = "size", gen = IntGen.class, conf = "1:2")
@Param(name = "start", gen = IntGen.class, conf = "0:3")
public abstract class AttachedBufferOperations {
    /** Bytes of the attached buffer. */
    public static final int CAPACITY = 4;

    /** The allocator under test: the real one, or its twin. */
    protected interface Allocator {
        void attach(Object buffer, int capacity);

        int reserve(long size);

        boolean release(int start);

        Object beginDetach(Runnable onDrained);

        boolean finishDetach();
    }

    private final Allocator a;
    private final Object buffer = new byte[CAPACITY];
    private final java.util.concurrent.atomic.AtomicInteger signals = new java.util.concurrent.atomic.AtomicInteger();

    protected AttachedBufferOperations(Allocator a) {
        this.a = a;
        a.attach(buffer, CAPACITY);
    }

    @Operation
    public String attach() {
        try {
            a.attach(buffer, CAPACITY);
            return "ok";
        } catch (MpiException e) {
            return e.errorClass().toString();
        }
    }

    @Operation
    public String reserve(@Param(name = "size") int size) {
        try {
            return "at " + a.reserve(size);
        } catch (MpiException e) {
            return e.errorClass().toString();
        }
    }

    @Operation
    public boolean release(@Param(name = "start") int start) {
        return a.release(start);
    }

    @Operation
    public String beginDetach() {
        try {
            return a.beginDetach(signals::incrementAndGet) == null ? "none" : "buffer";
        } catch (MpiException e) {
            return e.errorClass().toString();
        }
    }

    @Operation
    public boolean finishDetach() {
        return a.finishDetach();
    }

    @Operation
    public int drainedSignals() {
        return signals.get();
    }
}
