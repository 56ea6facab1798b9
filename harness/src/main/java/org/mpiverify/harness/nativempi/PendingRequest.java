package org.mpiverify.harness.nativempi;

import java.lang.foreign.MemorySegment;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A started nonblocking operation's native memory: the request cell, the receive buffer (or null) and where its
 * data goes; for an {@code MPI_Comm_idup}, the cell the library writes {@code newcomm} to and the scenario's cell
 * for it. All of it belongs to one automatic arena, which this record keeps reachable while the library may touch
 * it ({@link RequestTable}).
 *
 * <p>A persistent request ({@code MPI_Send_init}, {@code MPI_Recv_init}) has {@code active} (null for every other
 * request): set by the start that the library accepts, cleared by the one completion that copies the received data
 * back, so a wait on an inactive request copies nothing; a persistent send has {@code startFrom}, the scenario's
 * array that each start copies into {@code sendBuf}, since MPI sends what the buffer holds at the start. A generalized
 * request has {@code greq}, the Java side of its callbacks.
 */
record PendingRequest(MemorySegment cell, MemorySegment recvBuf, MemorySegment sendBuf, int[] target, int count,
                      MemorySegment newCommCell, long[] newComm, int[] startFrom, AtomicBoolean active,
                      NativeGrequests.State greq) {
    PendingRequest(MemorySegment cell, MemorySegment recvBuf, MemorySegment sendBuf, int[] target, int count) {
        this(cell, recvBuf, sendBuf, target, count, null, null, null, null, null);
    }

    PendingRequest(MemorySegment cell, MemorySegment recvBuf, MemorySegment sendBuf, int[] target, int count,
                   MemorySegment newCommCell, long[] newComm) {
        this(cell, recvBuf, sendBuf, target, count, newCommCell, newComm, null, null, null);
    }

    /** An inactive persistent send of {@code count} ints of {@code from}, copied to {@code sendBuf} at each start. */
    static PendingRequest persistentSend(MemorySegment cell, MemorySegment sendBuf, int[] from, int count) {
        return new PendingRequest(cell, null, sendBuf, null, count, null, null, from, new AtomicBoolean(), null);
    }

    /** An inactive persistent receive into {@code recvBuf}, copied back to {@code target} at each completion. */
    static PendingRequest persistentRecv(MemorySegment cell, MemorySegment recvBuf, int[] target, int count) {
        return new PendingRequest(cell, recvBuf, null, target, count, null, null, null, new AtomicBoolean(), null);
    }

    /** A generalized request. */
    static PendingRequest generalized(MemorySegment cell, NativeGrequests.State greq) {
        return new PendingRequest(cell, null, null, null, 0, null, null, null, null, greq);
    }

    /** Whether the handle outlives its completions (MPI leaves it inactive, not {@code MPI_REQUEST_NULL}). */
    boolean persistent() { return active != null; }
}
