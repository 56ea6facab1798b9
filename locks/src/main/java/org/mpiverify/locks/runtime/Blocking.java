package org.mpiverify.locks.runtime;

/**
 * The span of a blocking operation a hook performs ({@link WaitHooks}, {@link SynchronizerHooks},
 * {@link SocketHooks}): begun in the calling thread's {@link ThreadState} before the operation, ended after it. A
 * span not begun (a negative start, for an operation that will not block) is not ended.
 */
final class Blocking {
    private Blocking() { }

    /** Begins a blocking operation at {@code site}; its start, for {@link #end}. */
    static long begin(int site) {
        return ThreadState.current().beginBlocking(site, null);
    }

    /** Ends the blocking operation begun at {@code t0}; nothing if none was begun ({@code t0 < 0}). */
    static void end(long t0) {
        if (t0 >= 0) {
            ThreadState.current().endBlocking(t0);
        }
    }
}
