package org.mpiverify.core.matching;

import org.mpiverify.core.sync.SpinThenParkLock;

/**
 * MPICH-style posted-receive and unexpected-message queues of one context, and the lock that guards them: two
 * FIFOs, searched from the front, so the first match found is the earliest added (MPI-3.1 §3.5 non-overtaking;
 * wildcards match in arrival / posting order).
 *
 * <p>Thread safety: this object is the lock ({@link SpinThenParkLock}); every queue method must be called with it
 * held, and does no locking of its own. {@link QueueMatchingEngine} keeps one per context.
 *
 * <p>Implementation notes: the lock word and the queue heads are one object, so that a post or a match, which takes
 * the lock and then reads and writes the heads, touches one object of 56 bytes (one cache line or two, by where it
 * starts) instead of a lock and a queue object side by side (72 bytes, always two lines), and follows no reference
 * from the one to the other. The posted FIFO is intrusive, linked through {@link PostedReceive#nextPosted} (a
 * receive is in at most one posted queue at a time, and its link is null out of it), so a post allocates no node
 * and a match reads the receive and the queue heads only; the unexpected FIFO keeps {@link MatchNode}s, which the
 * hash engine moves between its table and these queues.
 *
 * <p>Invariants (under the lock):
 * <ul>
 *   <li>No posted receive matches any unexpected envelope (whoever came second would have matched).
 *   <li>Each FIFO is in the order its items took effect; unexpected nodes' {@code seq} increase from
 *       head to tail when the hash engine supplies them.
 *   <li>{@code postedCount}, {@code unexpectedCount} and {@code postedWildcards} count the FIFOs.
 * </ul>
 */
final class ContextQueues extends SpinThenParkLock {
    private PostedReceive postedHead, postedTail;
    private MatchNode unexpectedHead, unexpectedTail;
    private int postedCount, unexpectedCount, postedWildcards;

    /** matchOrPost of the contract, for this context. */
    Envelope matchOrPost(PostedReceive r) {
        Envelope e = findUnexpected(r.source(), r.tag(), true);
        if (e == null) addPosted(r);
        return e;
    }

    /** matchOrEnqueue of the contract, for this context; {@code seq} is kept if the envelope is enqueued. */
    PostedReceive matchOrEnqueue(Envelope e, long seq) {
        PostedReceive r = takePosted(e);
        if (r == null) addUnexpected(new MatchNode(e, seq));
        return r;
    }

    /** Removes and returns the earliest-posted receive matching {@code e}; null if none. */
    PostedReceive takePosted(Envelope e) {
        PostedReceive prev = null;
        for (PostedReceive r = postedHead; r != null; prev = r, r = r.nextPosted) {
            if (r.matches(e)) {
                unlinkPosted(prev, r);
                return r;
            }
        }
        return null;
    }

    /** The earliest-arrived unexpected envelope matching (source, tag), removed if {@code take}; null if none. */
    Envelope findUnexpected(int source, int tag, boolean take) {
        MatchNode prev = null;
        for (MatchNode n = unexpectedHead; n != null; prev = n, n = n.next) {
            Envelope e = (Envelope) n.item;
            if ((source == MatchingEngine.ANY_SOURCE || source == e.source())
                    && (tag == MatchingEngine.ANY_TAG || tag == e.tag())) {
                if (take) {
                    if (prev == null) unexpectedHead = n.next; else prev.next = n.next;
                    if (unexpectedTail == n) unexpectedTail = prev;
                    n.next = null;
                    unexpectedCount--;
                }
                return e;
            }
        }
        return null;
    }

    /** Removes {@code r} if posted here. */
    boolean removePosted(PostedReceive r) {
        PostedReceive prev = null;
        for (PostedReceive n = postedHead; n != null; prev = n, n = n.nextPosted) {
            if (n == r) {
                unlinkPosted(prev, n);
                return true;
            }
        }
        return false;
    }

    /** Appends a posted receive, which is in no posted queue (its link is null). */
    void addPosted(PostedReceive r) {
        if (postedTail == null) postedHead = r; else postedTail.nextPosted = r;
        postedTail = r;
        postedCount++;
        if (!r.isExact()) postedWildcards++;
    }

    /** Appends an unexpected-envelope node; the caller keeps seqs increasing. */
    void addUnexpected(MatchNode n) {
        n.next = null;
        if (unexpectedTail == null) unexpectedHead = n; else unexpectedTail.next = n;
        unexpectedTail = n;
        unexpectedCount++;
    }

    private void unlinkPosted(PostedReceive prev, PostedReceive r) {
        PostedReceive next = r.nextPosted;
        if (prev == null) postedHead = next; else prev.nextPosted = next;
        if (postedTail == r) postedTail = prev;
        if (next != null) r.nextPosted = null;   // the tail's link is null already: no write to the receive's line
        postedCount--;
        if (!r.isExact()) postedWildcards--;
    }

    /**
     * Detaches and returns the posted FIFO (linked by {@link PostedReceive#nextPosted}, which the caller clears as it
     * takes each receive), leaving it empty.
     */
    PostedReceive drainPosted() {
        PostedReceive h = postedHead;
        postedHead = postedTail = null;
        postedCount = 0;
        postedWildcards = 0;
        return h;
    }

    /** Detaches and returns the unexpected FIFO (linked by {@code next}), leaving it empty. */
    MatchNode drainUnexpected() {
        MatchNode h = unexpectedHead;
        unexpectedHead = unexpectedTail = null;
        unexpectedCount = 0;
        return h;
    }

    int size() { return postedCount + unexpectedCount; }

    int postedWildcards() { return postedWildcards; }
}
