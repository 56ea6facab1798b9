package org.mpiverify.harness.nativempi;

import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * One thread's native memory for the blocking calls of a {@link NativeMpi}: two int buffers (send and receive side
 * of one call), a status, and cells for handles and int results. Allocated once per thread from an automatic arena,
 * a buffer replaced by a larger one when a call needs more (the old one is left to the GC), so repeated calls
 * allocate no native memory and open no arena.
 *
 * <p>Thread safety: none, by design: a scratch is reached through a {@link ThreadLocal} and used by its owning
 * thread only. No segment of it is handed to the library beyond the call that uses it.
 *
 * <p>Implementation notes. Invariant: used within one call at a time; the binding never calls itself
 * re-entrantly on one thread while a scratch segment is in use, except through {@link #status} and
 * {@link #intOut}, which status conversion and error decoding use and no caller holds across them.
 */
final class ThreadScratch {
    private final Arena arena = Arena.ofAuto();
    private MemorySegment send, recv;
    final MemorySegment status, handle, flag, intOut, count, cancelled, index;
    /** An array of request handles, one of statuses and one of indices, for the array calls; grown when too small. */
    private MemorySegment requests, statuses, indices;

    ThreadScratch(NativeAbi abi) {
        status = arena.allocate(abi.statusSize(), 8);
        handle = arena.allocate(abi.handleLayout());
        flag = arena.allocate(JAVA_INT);
        intOut = arena.allocate(JAVA_INT);
        count = arena.allocate(JAVA_INT);
        cancelled = arena.allocate(JAVA_INT);
        index = arena.allocate(JAVA_INT);
        requests = arena.allocate(abi.handleLayout(), 16);
        statuses = arena.allocate(abi.statusSize() * 16, 8);
        indices = arena.allocate(JAVA_INT, 16);
        send = arena.allocate(JAVA_INT, 64);
        recv = arena.allocate(JAVA_INT, 64);
    }

    /** The send-side buffer holding a copy of {@code buf[0..count)}. */
    MemorySegment send(int[] buf, int count) {
        NativeInts.checkCount(buf, count);
        if (send.byteSize() < 4L * count) send = Arena.ofAuto().allocate(JAVA_INT, grow(count));
        MemorySegment.copy(buf, 0, send, JAVA_INT, 0, count);
        return send;
    }

    /**
     * The receive-side buffer, starting as a copy of {@code buf[0..count)} (so elements the library
     * does not write come back unchanged; see {@link NativeInts#copyBack}).
     */
    MemorySegment recv(int[] buf, int count) {
        NativeInts.checkCount(buf, count);
        if (recv.byteSize() < 4L * count) recv = Arena.ofAuto().allocate(JAVA_INT, grow(count));
        MemorySegment.copy(buf, 0, recv, JAVA_INT, 0, count);
        return recv;
    }

    /** Room for {@code n} request handles. */
    MemorySegment requests(NativeAbi abi, int n) {
        long bytes = abi.handleLayout().byteSize() * Math.max(1, n);
        if (requests.byteSize() < bytes) requests = Arena.ofAuto().allocate(bytes * 2, 8);
        return requests;
    }

    /** Room for {@code n} statuses. */
    MemorySegment statuses(NativeAbi abi, int n) {
        long bytes = abi.statusSize() * Math.max(1, n);
        if (statuses.byteSize() < bytes) statuses = Arena.ofAuto().allocate(bytes * 2, 8);
        return statuses;
    }

    /** Room for {@code n} ints of indices ({@code MPI_Waitsome}). */
    MemorySegment indices(int n) {
        if (indices.byteSize() < 4L * Math.max(1, n)) indices = Arena.ofAuto().allocate(JAVA_INT, grow(n));
        return indices;
    }

    private static long grow(int count) {
        return Math.max(64, Integer.highestOneBit(Math.max(1, count)) * 2L);
    }
}
