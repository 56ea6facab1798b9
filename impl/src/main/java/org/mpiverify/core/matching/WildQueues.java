package org.mpiverify.core.matching;

import java.util.HashMap;
import java.util.Map;

/**
 * The posted receives and unexpected envelopes of one context of the {@link HashMatchingEngine} while
 * it is in wild mode, indexed so that every operation is O(1) amortized whatever the number of pending
 * items: a wildcard receive does not make matching a scan.
 *
 * <p>Why. {@link ContextQueues} (MPICH's two FIFOs) find a match by scanning from the front: with
 * 10^6 threads each posting {@code recv(ANY_SOURCE, tag_i)}, every arrival scans half a million
 * receives. Dang, Snir &amp; Gropp assume wildcards away (§2.1); this keeps their O(1) with them, by
 * giving each kind of pattern its own hash index, and ordering across indexes by sequence numbers:
 * <ul>
 *   <li>Posted receives sit in one of four indexes by pattern: exact {@code (source, tag)},
 *       {@code (ANY_SOURCE, tag)} by tag, {@code (source, ANY_TAG)} by source, and one FIFO for
 *       {@code (ANY_SOURCE, ANY_TAG)}; each index entry is a FIFO in posting order, and every receive
 *       carries its posting number. An envelope {@code (s, t)} can match only the heads of four FIFOs
 *       (exact {@code (s, t)}, any-source {@code t}, any-tag {@code s}, any-any); the one with the
 *       lowest posting number is the earliest-posted match (MPI-3.1 §3.5).
 *   <li>Unexpected envelopes sit in four FIFOs at once, all in arrival order (their context clock):
 *       by {@code (source, tag)}, by tag, by source, and all. A pattern looks only at the head of the
 *       one FIFO that answers it. An envelope taken through one FIFO is marked taken and left in the
 *       other three (lazy deletion): a FIFO drops marked nodes when they reach its head, and when the
 *       marked nodes outnumber the live ones (plus {@value #REBUILD_SLACK}) the four FIFOs are rebuilt
 *       from the arrival list without them, so memory stays O(live) and the rebuilds cost O(1) per take,
 *       amortized.
 * </ul>
 *
 * <p>Not thread-safe: every method runs under the lock of the context that owns the queues.
 *
 * <p>Invariants (under the lock):
 * <ul>
 *   <li>No posted receive matches any live unexpected envelope (whoever came second would have matched).
 *   <li>Each posted FIFO is in posting order and posting numbers increase along it; each unexpected
 *       FIFO holds its envelopes in arrival order (sequence numbers increase along it), live or marked.
 *   <li>A live envelope is in exactly the four FIFOs of its key, tag, source and "all"; a marked one
 *       may linger in any of them until it reaches a head or the next rebuild. {@code marked} counts
 *       the envelopes marked since the last rebuild.
 *   <li>{@code postedCount}, {@code postedWildcards} and {@code unexpectedCount} count live items.
 * </ul>
 */
final class WildQueues {
    /** Marked envelopes tolerated beyond the number of live ones before the unexpected FIFOs are rebuilt. */
    static final int REBUILD_SLACK = 64;

    // ---------------------------------------------------------------- posted receives

    /** Exact receives by {@code (source, tag)}: FIFOs of MatchNodes (the head carries the tail in {@code last}). */
    private final Map<Long, MatchNode> postedExact = new HashMap<>();
    /** {@code (ANY_SOURCE, tag)} receives by tag. */
    private final Map<Integer, MatchNode> postedAnySource = new HashMap<>();
    /** {@code (source, ANY_TAG)} receives by source. */
    private final Map<Integer, MatchNode> postedAnyTag = new HashMap<>();
    /** {@code (ANY_SOURCE, ANY_TAG)} receives. */
    private MatchNode postedAnyAny;
    /** Posting numbers: the next receive posted gets this one. */
    private long postClock;
    private int postedCount, postedWildcards;

    // ---------------------------------------------------------------- unexpected envelopes

    /** An unexpected envelope's place in the four FIFOs. */
    private static final class Arrival {
        final MatchNode node;
        Arrival nextAll, nextKey, nextTag, nextSource;
        boolean taken;

        Arrival(MatchNode node) {
            this.node = node;
        }

        Envelope envelope() {
            return (Envelope) node.item;
        }
    }

    /** Which of an arrival's links a FIFO uses. */
    private enum Link { ALL, KEY, TAG, SOURCE }

    /** A FIFO of arrivals through one kind of link. */
    private static final class Fifo {
        final Link link;
        Arrival head, tail;

        Fifo(Link link) {
            this.link = link;
        }

        void append(Arrival a) {
            if (tail == null) {
                head = a;
            } else {
                setNext(tail, a);
            }
            tail = a;
        }

        /** The first live arrival, after dropping marked ones from the front; null if none. */
        Arrival first() {
            Arrival a = head;
            while (a != null && a.taken) {
                a = next(a);
            }
            head = a;
            if (a == null) {
                tail = null;
            }
            return a;
        }

        /** Removes the head (which {@link #first()} just returned). */
        void popHead() {
            Arrival a = head;
            head = next(a);
            if (head == null) {
                tail = null;
            }
        }

        Arrival next(Arrival a) {
            return switch (link) {
                case ALL -> a.nextAll;
                case KEY -> a.nextKey;
                case TAG -> a.nextTag;
                case SOURCE -> a.nextSource;
            };
        }

        private void setNext(Arrival a, Arrival n) {
            switch (link) {
                case ALL -> a.nextAll = n;
                case KEY -> a.nextKey = n;
                case TAG -> a.nextTag = n;
                case SOURCE -> a.nextSource = n;
            }
        }
    }

    private Fifo all = new Fifo(Link.ALL);
    private Map<Long, Fifo> byKey = new HashMap<>();
    private Map<Integer, Fifo> byTag = new HashMap<>();
    private Map<Integer, Fifo> bySource = new HashMap<>();
    private int unexpectedCount;
    /** Envelopes marked taken since the last rebuild (an upper bound on the marked nodes still linked). */
    private int marked;

    private static long key(int source, int tag) {
        return ((long) source << 32) | (tag & 0xFFFF_FFFFL);
    }

    // ---------------------------------------------------------------- the contract's operations

    /** matchOrPost of the contract, for this context. */
    Envelope matchOrPost(PostedReceive r) {
        Envelope e = findUnexpected(r.source(), r.tag(), true);
        if (e == null) {
            addPosted(new MatchNode(r, 0));
        }
        return e;
    }

    /** matchOrEnqueue of the contract, for this context; {@code seq} is the envelope's arrival number. */
    PostedReceive matchOrEnqueue(Envelope e, long seq) {
        PostedReceive r = takePosted(e);
        if (r == null) addUnexpected(new MatchNode(e, seq));
        return r;
    }

    /** Removes and returns the earliest-posted receive matching {@code e}; null if none. */
    PostedReceive takePosted(Envelope e) {
        int s = e.source(), t = e.tag();
        MatchNode exact = postedExact.get(key(s, t));
        MatchNode anySource = postedAnySource.get(t);
        MatchNode anyTag = postedAnyTag.get(s);
        MatchNode best = earliest(earliest(exact, anySource), earliest(anyTag, postedAnyAny));
        if (best == null) return null;
        PostedReceive r = (PostedReceive) best.item;
        MatchNode rest = best.pop();
        if (best == exact) {
            putOrRemove(postedExact, key(s, t), rest);
        } else if (best == anySource) {
            putOrRemove(postedAnySource, t, rest);
        } else if (best == anyTag) {
            putOrRemove(postedAnyTag, s, rest);
        } else {
            postedAnyAny = rest;
        }
        postedCount--;
        if (!r.isExact()) {
            postedWildcards--;
        }
        return r;
    }

    /** The earliest-arrived live envelope matching (source, tag), removed if {@code take}; null if none. */
    Envelope findUnexpected(int source, int tag, boolean take) {
        Fifo f;
        if (source != MatchingEngine.ANY_SOURCE && tag != MatchingEngine.ANY_TAG) {
            f = byKey.get(key(source, tag));
        } else if (source == MatchingEngine.ANY_SOURCE && tag != MatchingEngine.ANY_TAG) {
            f = byTag.get(tag);
        } else if (source != MatchingEngine.ANY_SOURCE) {
            f = bySource.get(source);
        } else {
            f = all;
        }
        Arrival a = f == null ? null : f.first();
        if (a == null) {
            return null;
        }
        if (take) {
            a.taken = true;
            f.popHead();
            unexpectedCount--;
            if (++marked > unexpectedCount + REBUILD_SLACK) {
                rebuild();
            }
        }
        return a.envelope();
    }

    /** Removes {@code r} if posted here. */
    boolean removePosted(PostedReceive r) {
        int s = r.source(), t = r.tag();
        boolean removed;
        if (r.isExact()) {
            removed = removeFrom(postedExact, key(s, t), r);
        } else if (s == MatchingEngine.ANY_SOURCE && t != MatchingEngine.ANY_TAG) {
            removed = removeFrom(postedAnySource, t, r);
        } else if (s != MatchingEngine.ANY_SOURCE) {
            removed = removeFrom(postedAnyTag, s, r);
        } else {
            MatchNode h = without(postedAnyAny, r);
            removed = h != ABSENT;
            if (removed) {
                postedAnyAny = h;
            }
        }
        if (removed) {
            postedCount--;
            if (!r.isExact()) {
                postedWildcards--;
            }
        }
        return removed;
    }

    /** Appends a posted-receive node (its item a PostedReceive), giving it the next posting number. */
    void addPosted(MatchNode n) {
        n.next = null;
        n.last = n;
        n.seq = postClock++;
        PostedReceive r = (PostedReceive) n.item;
        int s = r.source(), t = r.tag();
        if (r.isExact()) {
            append(postedExact, key(s, t), n);
        } else {
            postedWildcards++;
            if (s == MatchingEngine.ANY_SOURCE && t != MatchingEngine.ANY_TAG) {
                append(postedAnySource, t, n);
            } else if (s != MatchingEngine.ANY_SOURCE) {
                append(postedAnyTag, s, n);
            } else if (postedAnyAny == null) {
                postedAnyAny = n;
            } else {
                postedAnyAny.append(n);
            }
        }
        postedCount++;
    }

    /** Appends an unexpected-envelope node; the caller keeps sequence numbers increasing. */
    void addUnexpected(MatchNode n) {
        n.next = null;
        n.last = n;
        Arrival a = new Arrival(n);
        index(a);
        unexpectedCount++;
    }

    /**
     * Detaches and returns the posted receives (linked by {@code next}), leaving none. Only for a context
     * with no wildcard receive posted (the engine's switch back to fast mode): the result then keeps each
     * key's posting order, which is all the table needs (an envelope matches receives of one key only).
     */
    MatchNode drainPosted() {
        if (postedWildcards != 0) {
            throw new IllegalStateException("drainPosted with " + postedWildcards + " wildcard receives posted");
        }
        MatchNode first = null, last = null;
        for (MatchNode fifo : postedExact.values()) {
            if (first == null) {
                first = fifo;
            } else {
                last.next = fifo;
            }
            last = fifo.last;
        }
        postedExact.clear();
        postedAnySource.clear();
        postedAnyTag.clear();
        postedAnyAny = null;
        postedCount = 0;
        return first;
    }

    /** Detaches and returns the live unexpected envelopes (linked by {@code next}) in arrival order, leaving none. */
    MatchNode drainUnexpected() {
        MatchNode first = null, last = null;
        for (Arrival a = all.head; a != null; a = a.nextAll) {
            if (a.taken) {
                continue;
            }
            MatchNode n = a.node;
            n.next = null;
            if (first == null) {
                first = n;
            } else {
                last.next = n;
            }
            last = n;
        }
        clearUnexpected();
        return first;
    }

    int size() { return postedCount + unexpectedCount; }

    int postedWildcards() { return postedWildcards; }

    // ---------------------------------------------------------------- helpers

    /** The node with the lower posting number (either may be null). */
    private static MatchNode earliest(MatchNode a, MatchNode b) {
        if (a == null) {
            return b;
        }
        return b == null || a.seq < b.seq ? a : b;
    }

    private static <K> void append(Map<K, MatchNode> index, K k, MatchNode n) {
        MatchNode head = index.get(k);
        if (head == null) {
            index.put(k, n);
        } else {
            head.append(n);
        }
    }

    private static <K> void putOrRemove(Map<K, MatchNode> index, K k, MatchNode rest) {
        if (rest == null) {
            index.remove(k);
        } else {
            index.put(k, rest);
        }
    }

    private static <K> boolean removeFrom(Map<K, MatchNode> index, K k, PostedReceive r) {
        MatchNode h = without(index.get(k), r);
        if (h == ABSENT) {
            return false;
        }
        putOrRemove(index, k, h);
        return true;
    }

    /** What {@link #without} returns when the receive is not in the FIFO. */
    private static final MatchNode ABSENT = new MatchNode(null, 0);

    /**
     * The FIFO headed by {@code head} without the node holding {@code r} (null if that was its only node),
     * or {@link #ABSENT} if {@code r} is not in it.
     */
    private static MatchNode without(MatchNode head, PostedReceive r) {
        if (head == null) {
            return ABSENT;
        }
        if (head.item == r) {
            return head.pop();
        }
        for (MatchNode prev = head, n = head.next; n != null; prev = n, n = n.next) {
            if (n.item == r) {
                prev.next = n.next;
                if (head.last == n) {
                    head.last = prev;
                }
                n.next = null;
                return head;
            }
        }
        return ABSENT;
    }

    private void index(Arrival a) {
        Envelope e = a.envelope();
        all.append(a);
        byKey.computeIfAbsent(key(e.source(), e.tag()), k -> new Fifo(Link.KEY)).append(a);
        byTag.computeIfAbsent(e.tag(), k -> new Fifo(Link.TAG)).append(a);
        bySource.computeIfAbsent(e.source(), k -> new Fifo(Link.SOURCE)).append(a);
    }

    /** Relinks the live arrivals into fresh FIFOs, in arrival order, dropping the marked ones. */
    private void rebuild() {
        Arrival a = all.head;
        clearUnexpected();
        for (; a != null; ) {
            Arrival next = a.nextAll;
            a.nextAll = a.nextKey = a.nextTag = a.nextSource = null;
            if (!a.taken) {
                index(a);
                unexpectedCount++;
            }
            a = next;
        }
    }

    private void clearUnexpected() {
        all = new Fifo(Link.ALL);
        byKey = new HashMap<>();
        byTag = new HashMap<>();
        bySource = new HashMap<>();
        unexpectedCount = 0;
        marked = 0;
    }
}
