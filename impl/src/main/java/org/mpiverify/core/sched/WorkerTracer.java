package org.mpiverify.core.sched;

import org.mpiverify.core.trace.SchedulerStep;
import org.mpiverify.core.trace.SchedulerStep.Kind;
import org.mpiverify.core.trace.TraceRecorder;

/**
 * Records the steps of one {@link BitVectorWorker} and its {@link ReadyBitVector} for trace validation
 * ({@code specs/scheduler/BitVectorSchedulerTrace.tla}), when the job records
 * {@link TraceRecorder.Algorithm#SCHEDULER}; absent (a null field) otherwise.
 *
 * <p>Every access of the bit-vector or of the sleep announcement that decides a step is made while holding
 * this object's monitor, together with its stamp ({@link #step}): the accesses are lock-free, and a stamp
 * taken outside could order a read before the write it saw. The monitor is held for one access at a time,
 * never across a switch to a thread or a park, and no other lock is taken under it.
 *
 * <p>Thread safety: any thread; the steps of the worker's switches ({@link #switchStep}) by the worker only.
 */
final class WorkerTracer {
    private final TraceRecorder trace;
    private final String worker;
    private final Thread[] threads;

    /**
     * @param trace   the recorder
     * @param worker  the worker's name in the trace (unique in the recorder)
     * @param threads the worker's thread of each slot (read for the ids of threads taken)
     */
    WorkerTracer(TraceRecorder trace, String worker, Thread[] threads, int capacity) {
        this.trace = trace;
        this.worker = worker;
        this.threads = threads;
        trace.fact("scheduler." + worker + ".capacity", capacity);
    }

    /** Records a step decided by an access made under this monitor; call it there. */
    void step(Kind kind, int slot, long bits, boolean value) {
        long seq = trace.stamp();
        trace.record(seq, new SchedulerStep(kind, worker, slot, threadIdOf(kind, slot), bits, takenIds(kind, slot, bits),
                value));
    }

    /** Records a switch to, or back from, the thread of {@code slot}; by the worker, outside the monitor. */
    void switchStep(Kind kind, int slot) {
        long seq = trace.stamp();
        trace.record(seq, new SchedulerStep(kind, worker, slot, threads[slot].threadId(), 0, new long[0], false));
    }

    private long threadIdOf(Kind kind, int slot) {
        return switch (kind) {
            case WORD, INDEX, WAKE -> threads[slot].threadId();
            default -> 0;
        };
    }

    private long[] takenIds(Kind kind, int word, long bits) {
        if (kind != Kind.TAKE_WORD) return new long[0];
        long[] ids = new long[Long.bitCount(bits)];
        int i = 0;
        for (long b = bits; b != 0; b &= b - 1) {
            ids[i++] = threads[(word << 6) + Long.numberOfTrailingZeros(b)].threadId();
        }
        return ids;
    }
}
