package org.mpiverify.core.matching;

/**
 * MPICH-style posted-receive and unexpected-message queues of one context: two FIFOs, searched from
 * the front, so the first match found is the earliest added (MPI-3.1 §3.5 non-overtaking; wildcards
 * match in arrival / posting order).
 *
 * <p>Not thread-safe: every method runs under the lock of the context that owns the queues.
 *
 * <p>Invariants (under the lock):
 * <ul>
 *   <li>No posted receive matches any unexpected envelope (whoever came second would have matched).
 *   <li>Each FIFO is in the order its items took effect; unexpected nodes' {@code seq} increase from
 *       head to tail when the hash engine supplies them.
 *   <li>{@code postedCount}, {@code unexpectedCount} and {@code postedWildcards} count the FIFOs.
 * </ul>
 */
final class ContextQueues {
    private MatchNode postedHead, postedTail;
    private MatchNode unexpectedHead, unexpectedTail;
    private int postedCount, unexpectedCount, postedWildcards;

    /** matchOrPost of the contract, for this context. */
    Envelope matchOrPost(PostedReceive r) {
        Envelope e = findUnexpected(r.source(), r.tag(), true);
        if (e == null) addPosted(new MatchNode(r, 0));
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
        MatchNode prev = null;
        for (MatchNode n = postedHead; n != null; prev = n, n = n.next) {
            PostedReceive r = (PostedReceive) n.item;
            if (r.matches(e)) {
                unlinkPosted(prev, n);
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
        MatchNode prev = null;
        for (MatchNode n = postedHead; n != null; prev = n, n = n.next) {
            if (n.item == r) {
                unlinkPosted(prev, n);
                return true;
            }
        }
        return false;
    }

    /** Appends a posted-receive node (its item a PostedReceive). */
    void addPosted(MatchNode n) {
        n.next = null;
        if (postedTail == null) postedHead = n; else postedTail.next = n;
        postedTail = n;
        postedCount++;
        if (!((PostedReceive) n.item).isExact()) postedWildcards++;
    }

    /** Appends an unexpected-envelope node; the caller keeps seqs increasing. */
    void addUnexpected(MatchNode n) {
        n.next = null;
        if (unexpectedTail == null) unexpectedHead = n; else unexpectedTail.next = n;
        unexpectedTail = n;
        unexpectedCount++;
    }

    private void unlinkPosted(MatchNode prev, MatchNode n) {
        if (prev == null) postedHead = n.next; else prev.next = n.next;
        if (postedTail == n) postedTail = prev;
        n.next = null;
        postedCount--;
        if (!((PostedReceive) n.item).isExact()) postedWildcards--;
    }

    /** Detaches and returns the posted FIFO (linked by {@code next}), leaving it empty. */
    MatchNode drainPosted() {
        MatchNode h = postedHead;
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
