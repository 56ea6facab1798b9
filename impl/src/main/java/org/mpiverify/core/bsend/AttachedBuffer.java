package org.mpiverify.core.bsend;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicReference;
import org.mpiverify.mpi.ErrorClass;
import org.mpiverify.mpi.MpiException;

/**
 * The buffer a process attaches for buffered sends (MPI-3.1 §3.6, {@code MPI_Buffer_attach}), as a lock-free
 * first-fit allocator of byte regions that every thread of the process shares. A buffered send reserves a region
 * of its packed size plus the per-message overhead, copies its message there and returns; the region is released
 * once the message has left it (copied into an eager packet, or into the matching receive's buffer). Gropp &amp;
 * Thakur §3 put {@code MPI_Buffer_attach} in the class Own: "global" state for {@code MPI_Bsend} that manages its
 * own thread safety. Here it takes no lock at all.
 *
 * <p>Operations:
 * <ul>
 *   <li>{@link #attach}: makes a buffer of {@code capacity} bytes the attached one; ERR_BUFFER if one is attached
 *       (or being detached), and nothing changes.
 *   <li>{@link #reserve}: the lowest offset at which {@code size} bytes lie free in the attached buffer (first
 *       fit), now held by the caller; ERR_BUFFER, and nothing changes, if no buffer is attached, a detach is under
 *       way, or no gap of {@code size} bytes is free.
 *   <li>{@link #release}: frees the region that starts at {@code start}; the release that frees the last region of
 *       a buffer being detached runs that detach's {@code onDrained}, in the releasing thread.
 *   <li>{@link #beginDetach}: marks the attached buffer as being detached, after which nothing more is reserved in
 *       it, and returns it (null if none is attached: MPI-3.1 is silent there, and MPICH returns no buffer and no
 *       error); {@code onDrained} runs once every region has been released, at once if none is held. ERR_BUFFER
 *       if another detach is under way.
 *   <li>{@link #finishDetach}: after {@code onDrained} has run, the buffer is no longer attached; a new one may be.
 * </ul>
 * The caller of {@code beginDetach} waits for {@code onDrained} between the two calls (MPI: the detach blocks
 * until every message in the buffer has been transmitted), holding nothing this class knows of: no operation here
 * ever waits.
 *
 * <p>Promises: two live regions never overlap and each lies within the buffer; a released region can be reserved
 * again; {@code onDrained} runs exactly once per detach, and only once no region is held; a reservation that fails
 * changes nothing.
 *
 * <p>Thread safety: every operation may be called by any thread at once and is linearizable; none blocks or
 * retries but to lose a CAS to another operation that succeeded (lock-free).
 *
 * <p>Memory consistency effects: actions in a thread prior to {@link #release} of a region <i>happen-before</i>
 * actions subsequent to a {@link #reserve} in another thread that returns a region overlapping it (a message's
 * last reader is done before the next message is copied there), and before {@code onDrained} runs and
 * {@link #finishDetach} returns.
 */
public final class AttachedBuffer {
    /*
     * Implementation notes.
     *
     * State: one AtomicReference to an immutable Layout, or null when no buffer is attached. A Layout is the
     * buffer, its capacity, the live regions as two sorted int arrays of starts and ends, and onDrained, non-null
     * exactly while a detach is under way. Every operation reads the layout, computes the next one, and publishes
     * it with one CAS; it retries only when another operation's CAS succeeded in between (copy on write: O(live
     * regions) per operation, and the regions of a buffered-send buffer are few).
     *
     * The fundamental invariants, of every published Layout:
     * - 0 <= starts[i] < ends[i] <= capacity, and ends[i] <= starts[i+1]: regions are sorted and disjoint.
     * - A region is live from the CAS that adds it to the CAS that removes it; its start identifies it, since
     *   regions are never empty and never overlap.
     * - Once onDrained is set (detaching), no region is added; the layout with onDrained set and no region is
     *   published by exactly one CAS (the beginDetach that found none held, or the release of the last one), whose
     *   thread runs onDrained; only finishDetach replaces that layout, with null.
     *
     * The check-then-act bug this structure exists to avoid: reading the layout, finding a gap, and then
     * publishing the region with a plain write (or under a lock other than the one the read held) lets two
     * threads find the same gap and copy two messages into one region. The CAS publishes a region only into
     * the very layout in which the gap was found.
     *
     * Linearization points:
     * - attach, reserve, release, beginDetach, finishDetach: their successful CAS.
     * - attach refused: the read that finds a layout. reserve refused: the read of the layout that has no buffer,
     *   is detaching, or has no gap. release of an unknown start: the read of a layout without it. beginDetach of
     *   none, or refused: the read of null or of a detaching layout. finishDetach refused: the read of a layout
     *   that is not drained.
     */

    /** The immutable state of an attached buffer; see the implementation notes. */
    private record Layout(Object buffer, int capacity, int[] starts, int[] ends, Runnable onDrained) {
        boolean detaching() {
            return onDrained != null;
        }

        boolean drained() {
            return onDrained != null && starts.length == 0;
        }

        /** First fit: the lowest offset with {@code size} free bytes, or -1. */
        int firstFit(long size) {
            long free = 0;   // start of the current gap
            for (int i = 0; i <= starts.length; i++) {
                long gapEnd = i < starts.length ? starts[i] : capacity;
                if (gapEnd - free >= size) {
                    return (int) free;
                }
                if (i < starts.length) {
                    free = ends[i];
                }
            }
            return -1;
        }

        /** This layout with region {@code [start, start + size)} added (it lies in a gap). */
        Layout with(int start, int size) {
            int i = Arrays.binarySearch(starts, start);
            int at = -i - 1;
            int[] s = new int[starts.length + 1];
            int[] e = new int[ends.length + 1];
            System.arraycopy(starts, 0, s, 0, at);
            System.arraycopy(ends, 0, e, 0, at);
            s[at] = start;
            e[at] = start + size;
            System.arraycopy(starts, at, s, at + 1, starts.length - at);
            System.arraycopy(ends, at, e, at + 1, ends.length - at);
            return new Layout(buffer, capacity, s, e, onDrained);
        }

        /** This layout without its region {@code i}. */
        Layout without(int i) {
            int[] s = new int[starts.length - 1];
            int[] e = new int[ends.length - 1];
            System.arraycopy(starts, 0, s, 0, i);
            System.arraycopy(ends, 0, e, 0, i);
            System.arraycopy(starts, i + 1, s, i, starts.length - i - 1);
            System.arraycopy(ends, i + 1, e, i, ends.length - i - 1);
            return new Layout(buffer, capacity, s, e, onDrained);
        }
    }

    private static final int[] NONE = new int[0];

    /** The attached buffer's layout; null while none is attached. */
    private final AtomicReference<Layout> layout = new AtomicReference<>();

    /**
     * Attaches {@code buffer}, of which {@code capacity} bytes from offset 0 become the space of buffered sends.
     * ERR_BUFFER, and nothing changes, if a buffer is attached (or a detach is under way).
     */
    public void attach(Object buffer, int capacity) {
        if (buffer == null || capacity < 0) {
            throw new IllegalArgumentException("buffer " + buffer + ", capacity " + capacity);
        }
        if (!layout.compareAndSet(null, new Layout(buffer, capacity, NONE, NONE, null))) {
            throw new MpiException(ErrorClass.ERR_BUFFER, "a buffer is already attached: detach it first");
        }
    }

    /**
     * Reserves {@code size} bytes (at least 1) at the lowest offset where they lie free, and returns that offset;
     * the region is the caller's until it {@link #release releases} it, and the attached buffer stays attached
     * while it holds it. ERR_BUFFER, and nothing changes, if no buffer is attached, a detach is under way, or no
     * gap of {@code size} bytes is free.
     */
    public int reserve(long size) {
        if (size < 1) {
            throw new IllegalArgumentException("region size " + size);
        }
        while (true) {
            Layout l = layout.get();
            if (l == null) {
                throw new MpiException(ErrorClass.ERR_BUFFER, "no buffer is attached for buffered sends");
            }
            if (l.detaching()) {
                throw new MpiException(ErrorClass.ERR_BUFFER, "the buffer of buffered sends is being detached");
            }
            int at = l.firstFit(size);
            if (at < 0) {
                throw new MpiException(ErrorClass.ERR_BUFFER, "no " + size + " free bytes in the attached buffer of "
                        + l.capacity + " (" + l.starts.length + " messages in it)");
            }
            if (layout.compareAndSet(l, l.with(at, (int) size))) {   // linearization point
                return at;
            }
        }
    }

    /**
     * Releases the region that starts at {@code start}; true if one did (false: no live region starts there, a
     * caller's bug). If it was the last region of a buffer being detached, runs that detach's {@code onDrained}
     * before returning.
     */
    public boolean release(int start) {
        while (true) {
            Layout l = layout.get();
            int i = l == null ? -1 : Arrays.binarySearch(l.starts, start);
            if (i < 0) {
                return false;
            }
            Layout next = l.without(i);
            if (layout.compareAndSet(l, next)) {   // linearization point
                if (next.drained()) {
                    next.onDrained.run();
                }
                return true;
            }
        }
    }

    /**
     * Begins the detach of the attached buffer and returns it (null, and nothing changes, if none is attached):
     * from now on nothing is reserved in it, and {@code onDrained} runs, once, when no region is held any more
     * (in this call if none is held now, else in the thread of the last release). ERR_BUFFER, and nothing changes,
     * if another detach is under way.
     */
    public Object beginDetach(Runnable onDrained) {
        if (onDrained == null) {
            throw new IllegalArgumentException("onDrained is null");
        }
        while (true) {
            Layout l = layout.get();
            if (l == null) {
                return null;
            }
            if (l.detaching()) {
                throw new MpiException(ErrorClass.ERR_BUFFER, "another thread is detaching the buffer");
            }
            Layout next = new Layout(l.buffer, l.capacity, l.starts, l.ends, onDrained);
            if (layout.compareAndSet(l, next)) {   // linearization point
                if (next.drained()) {
                    onDrained.run();
                }
                return l.buffer;
            }
        }
    }

    /**
     * Ends a detach whose {@code onDrained} has run: no buffer is attached from now on. False, and nothing changes,
     * if no detach is under way or regions are still held.
     */
    public boolean finishDetach() {
        Layout l = layout.get();
        return l != null && l.drained() && layout.compareAndSet(l, null);
    }

    /** The attached buffer (null if none); stays the same while the caller holds a region of it. */
    public Object buffer() {
        Layout l = layout.get();
        return l == null ? null : l.buffer;
    }

    /** The regions held now (for tests and quiescence checks). */
    public int held() {
        Layout l = layout.get();
        return l == null ? 0 : l.starts.length;
    }

    /** The bytes held now: the sum of the live regions' sizes. */
    public long heldBytes() {
        Layout l = layout.get();
        long n = 0;
        if (l != null) {
            for (int i = 0; i < l.starts.length; i++) {
                n += l.ends[i] - l.starts[i];
            }
        }
        return n;
    }
}
