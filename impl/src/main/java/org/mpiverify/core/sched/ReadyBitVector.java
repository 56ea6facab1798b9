package org.mpiverify.core.sched;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.function.IntConsumer;
import org.mpiverify.core.trace.SchedulerStep;

/**
 * The set of runnable threads of one worker as a two-level bit-vector (Dang, Snir &amp; Gropp §3.1,
 * Algorithms 3–4): bit {@code Γ} of the first level says thread {@code Γ} may run; bit {@code g} of the
 * second level (the index) says the eight first-level words {@code [8g, 8g+8)} (one cache line) may hold a
 * set bit. With eight index words a worker holds 8 · 64 · 8 · 64 = 262,144 threads, the paper's figure.
 *
 * <p>{@link #signal} is the paper's {@code ThreadSignal}: one atomic bit set in the first level, then one in
 * the index. It may be called by any thread, concurrently with everything. {@link #drain} is one pass of
 * the paper's scheduling loop (Algorithm 3) and must be called by one thread at a time (the worker): it
 * takes an index word with an atomic exchange, and for every marked group takes each non-zero first-level
 * word with an atomic exchange and runs the threads of that snapshot in bit order.
 *
 * <p>Signals are idempotent: two signals of a thread before the worker takes its word run it once (the
 * paper's first erroneous use, "treated as one or more signal depending on the time the worker looks");
 * callers that need every signal to count keep their own flag (see {@link DangScheduler}).
 *
 * <p>Memory consistency effects: actions of a thread before it calls {@code signal(Γ)} happen-before the
 * worker's {@code run.accept(Γ)} of the pass that takes that bit (the bit set and the exchange are both
 * volatile read-modify-writes of the same word).
 *
 * <p>Fairness: within a word threads run lowest bit first, as in the paper; each pass starts at the index
 * word after the one the previous pass started at, so no index word is always served first. A thread whose
 * bit is set when a pass exchanges its index word runs in that pass; one set later runs in the next pass.
 */
public final class ReadyBitVector {
    /*
     * Implementation notes.
     *
     * The fundamental invariants:
     * - A first-level bit, once set, is cleared only by the worker's exchange of its word, which hands the bit
     *   to that pass (no bit is cleared without its thread being run).
     * - Whenever a first-level bit is set and not yet taken, its group's index bit is set, or a signal that
     *   will set it is between its two bit sets, or the current pass has exchanged the index word and not yet
     *   visited the group. Hence the order of the two sets in signal (first level, then index) and of the two
     *   exchanges in drain (index, then first level): with either order reversed a signal can be lost
     *   (signal's: specs/scheduler's mutant IndexFirstSetWord/IndexFirstSetIndex, which TLC rejects).
     *
     * Linearization points: signal at its first-level getAndBitwiseOr; a thread is taken at the getAndSet of
     * its word in drain.
     *
     * Recording (trace non-null, specs/scheduler/BitVectorSchedulerTrace.tla): signalRecorded and drainRecorded
     * make the same accesses in the same order, each under the tracer's monitor together with its stamp, so the
     * recorded order is the order the accesses took effect; the monitor is never held while a thread runs. A twin
     * of this class changes both paths alike.
     */
    private static final VarHandle LONGS = MethodHandles.arrayElementVarHandle(long[].class);
    /** First-level words per index bit: one 64-byte cache line. */
    static final int WORDS_PER_GROUP = 8;
    /** Threads per index word. */
    static final int THREADS_PER_INDEX_WORD = 64 * WORDS_PER_GROUP * 64;

    private final int capacity;
    private final long[] words;
    private final long[] index;
    /** Null unless the worker's steps are recorded (then every access is made under its monitor). */
    private final WorkerTracer trace;
    /** Written and read by the draining thread only. */
    private int start;

    /**
     * @param capacity the most threads, a positive multiple of 512 (one index bit's worth), at most 2^30
     */
    public ReadyBitVector(int capacity) {
        this(capacity, null);
    }

    /** As above, recording each step to {@code trace} if it is not null. */
    ReadyBitVector(int capacity, WorkerTracer trace) {
        if (capacity <= 0 || capacity % (64 * WORDS_PER_GROUP) != 0 || capacity > (1 << 30)) {
            throw new IllegalArgumentException("capacity " + capacity + " is not a positive multiple of 512");
        }
        this.capacity = capacity;
        this.words = new long[capacity / 64];
        this.index = new long[(capacity / (64 * WORDS_PER_GROUP) + 63) / 64];
        this.trace = trace;
    }

    /** The most threads this vector holds. */
    public int capacity() {
        return capacity;
    }

    /** {@code ThreadSignal}: marks thread {@code id} runnable. Any thread; two atomic bit sets. */
    public void signal(int id) {
        if (trace != null) {
            signalRecorded(id);
            return;
        }
        int w = id >>> 6;
        LONGS.getAndBitwiseOr(words, w, 1L << id);
        int g = w / WORDS_PER_GROUP;
        LONGS.getAndBitwiseOr(index, g >>> 6, 1L << g);
    }

    /**
     * One pass of Algorithm 3: every thread marked when the pass reaches its index word is taken (its bit
     * cleared) and handed to {@code run}, in bit order within a word. One caller at a time.
     *
     * @return how many threads were run
     */
    public int drain(IntConsumer run) {
        if (trace != null) {
            return drainRecorded(run);
        }
        int n = 0;
        int k = index.length;
        int first = start;
        start = first + 1 == k ? 0 : first + 1;
        for (int j = 0; j < k; j++) {
            int i = first + j < k ? first + j : first + j - k;
            if ((long) LONGS.getVolatile(index, i) == 0) {
                continue;
            }
            long groups = (long) LONGS.getAndSet(index, i, 0L);
            while (groups != 0) {
                int g = (i << 6) + Long.numberOfTrailingZeros(groups);
                groups &= groups - 1;
                for (int w = g * WORDS_PER_GROUP, end = w + WORDS_PER_GROUP; w < end; w++) {
                    if ((long) LONGS.getVolatile(words, w) == 0) {
                        continue;
                    }
                    long local = (long) LONGS.getAndSet(words, w, 0L);
                    while (local != 0) {
                        int b = Long.numberOfTrailingZeros(local);
                        local &= local - 1;
                        run.accept((w << 6) + b);
                        n++;
                    }
                }
            }
        }
        return n;
    }

    /** {@link #signal} while recording: each bit set under the tracer's monitor with its stamp. */
    private void signalRecorded(int id) {
        int w = id >>> 6;
        int g = w / WORDS_PER_GROUP;
        synchronized (trace) {
            LONGS.getAndBitwiseOr(words, w, 1L << id);
            trace.step(SchedulerStep.Kind.WORD, id, 0, false);
        }
        synchronized (trace) {
            LONGS.getAndBitwiseOr(index, g >>> 6, 1L << g);
            trace.step(SchedulerStep.Kind.INDEX, id, 0, false);
        }
    }

    /**
     * {@link #drain} while recording: each exchange, and each read of a word of a taken group that finds it zero,
     * under the tracer's monitor with its stamp (a read of an index word that finds it zero changes nothing and
     * is not recorded); the monitor is not held while a thread runs.
     */
    private int drainRecorded(IntConsumer run) {
        int n = 0;
        int k = index.length;
        int first = start;
        start = first + 1 == k ? 0 : first + 1;
        for (int j = 0; j < k; j++) {
            int i = first + j < k ? first + j : first + j - k;
            long groups;
            synchronized (trace) {
                if ((long) LONGS.getVolatile(index, i) == 0) {
                    continue;
                }
                groups = (long) LONGS.getAndSet(index, i, 0L);
                trace.step(SchedulerStep.Kind.TAKE_INDEX, i, groups, false);
            }
            while (groups != 0) {
                int g = (i << 6) + Long.numberOfTrailingZeros(groups);
                groups &= groups - 1;
                for (int w = g * WORDS_PER_GROUP, end = w + WORDS_PER_GROUP; w < end; w++) {
                    long local;
                    synchronized (trace) {
                        if ((long) LONGS.getVolatile(words, w) == 0) {
                            trace.step(SchedulerStep.Kind.SKIP, w, 0, false);
                            continue;
                        }
                        local = (long) LONGS.getAndSet(words, w, 0L);
                        trace.step(SchedulerStep.Kind.TAKE_WORD, w, local, false);
                    }
                    while (local != 0) {
                        int b = Long.numberOfTrailingZeros(local);
                        local &= local - 1;
                        run.accept((w << 6) + b);
                        n++;
                    }
                }
            }
        }
        return n;
    }

    /** True if no index bit is set: no signal has completed since the last pass took its groups. */
    public boolean isIdle() {
        for (int i = 0; i < index.length; i++) {
            if ((long) LONGS.getVolatile(index, i) != 0) {
                return false;
            }
        }
        return true;
    }

    /** True if thread {@code id}'s first-level bit is set (a signal not yet taken); for tests and dumps. */
    public boolean isMarked(int id) {
        return ((long) LONGS.getVolatile(words, id >>> 6) & (1L << id)) != 0;
    }
}
