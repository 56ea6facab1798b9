package org.mpiverify.core.matching;

/**
 * One pending item, a {@link PostedReceive} or an {@link Envelope}, in a FIFO of pending items. The
 * same node moves between the hash engine's per-key FIFOs and the per-context queues, so a pending
 * item costs at most one allocation whichever structure holds it (a receive alone under its key in the
 * hash engine's table needs none: it is the key's value itself; nor does one in {@link ContextQueues}' posted
 * FIFO, where it is its own node).
 *
 * <p>Not thread-safe: a node is reached only under the lock of the structure that holds it.
 */
final class MatchNode {
    final Object item;
    /**
     * Arrival order of an unexpected envelope within its context (hash engine), or posting order of a
     * receive in {@link WildQueues}; 0 where unused. Written by the structure that holds the node, under
     * its lock.
     */
    long seq;
    MatchNode next;
    /** In the head node of a per-key FIFO: the tail, so appending is O(1). Unused elsewhere. */
    MatchNode last;

    MatchNode(Object item, long seq) {
        this.item = item;
        this.seq = seq;
        this.last = this;
    }

    boolean isReceive() { return item instanceof PostedReceive; }

    /** Appends {@code n} to the FIFO headed by this node. */
    void append(MatchNode n) {
        n.next = null;
        n.last = n;
        last.next = n;
        last = n;
    }

    /** Unlinks this head from its FIFO; returns the new head (carrying the tail pointer) or null. */
    MatchNode pop() {
        MatchNode rest = next;
        if (rest != null) rest.last = last;
        next = null;
        last = this;
        return rest;
    }
}
