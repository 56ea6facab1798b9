package org.mpiverify.locks.runtime;

/**
 * One lock a thread holds: the object it called {@code lock()} (or entered) on, the node the acquisition
 * is attributed to, the mode, how many times (or permits) it holds it, where and in which MPI call it was
 * taken. Owned by one {@link ThreadState}; entries are reused.
 */
final class Held {
    Object handle;
    LockNode node;
    int mode;
    int count;
    int site;
    int callId;
    /** The thread's sequence number of the outermost MPI call that took it; 0 if taken outside calls. */
    long callSeq;

    void clear() {
        handle = null;
        node = null;
    }
}
