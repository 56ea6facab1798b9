package org.mpiverify.harness.nativempi;

import java.lang.foreign.MemorySegment;

/**
 * A started nonblocking operation's native memory: the request cell, the receive buffer (or null) and where its
 * data goes; for an {@code MPI_Comm_idup}, the cell the library writes {@code newcomm} to and the scenario's cell
 * for it. All of it belongs to one automatic arena, which this record keeps reachable while the library may touch
 * it ({@link RequestTable}).
 */
record PendingRequest(MemorySegment cell, MemorySegment recvBuf, MemorySegment sendBuf, int[] target, int count,
                      MemorySegment newCommCell, long[] newComm) {
    PendingRequest(MemorySegment cell, MemorySegment recvBuf, MemorySegment sendBuf, int[] target, int count) {
        this(cell, recvBuf, sendBuf, target, count, null, null);
    }
}
