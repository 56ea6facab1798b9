package org.mpiverify.core.matching;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.mpiverify.core.sync.SpinThenParkLock;
import org.mpiverify.core.trace.TraceRecorder;

/**
 * A matching engine built on the Dang–Snir–Gropp hash table ({@link MatchTable}, DSG §2.2 and §3.2)
 * that keeps the whole {@link MatchingEngine} contract (MPI-3.1 §3.5), including what DSG assume
 * away: wildcards and several pending operations with the same (context, source, tag).
 *
 * <p><b>Fast mode (the DSG path).</b> While a context has no wildcard activity, every pending item of
 * the context lives in the table under its exact key {@code (context, source, tag)}; the value of a
 * key is a lone {@link PostedReceive} (the common case: one receive waits for its message), or the head
 * of a FIFO of {@link MatchNode}s that are all receives or all envelopes (never both: whoever came
 * second would have matched the head). An operation locks the key's bucket, reads the
 * context's mode word, and then does DSG's insert-or-match as one step: if the key holds ⊥ it inserts
 * its item (equation (1), success); if the key holds the complementary kind it takes the FIFO's head
 * (the failed insert of Algorithms 1-2, fused with the matching empty); if it holds the same kind it
 * appends (the same-key backlog DSG exclude). One bucket lock, no per-context or global lock. The
 * only shared write beyond the bucket is that an envelope that becomes unexpected takes a sequence
 * number from its context's clock (one fetch-and-add), so that its arrival order across keys is known
 * if a wildcard shows up later.
 *
 * <p><b>Wild mode.</b> The first wildcard operation on a context (posting {@code ANY_SOURCE} or
 * {@code ANY_TAG}, or a wildcard peek/take) takes the context's lock, sets the mode word to wild and
 * moves every item of the context from the table into the context's {@link WildQueues}: receives
 * in posting order per key (their order across keys does not matter: an envelope matches receives of
 * one key only, and all of them precede any wildcard receive), envelopes sorted by sequence number,
 * i.e. by arrival. From then on every operation on the context, exact or not, runs under the context
 * lock on those queues, so wildcards see the earliest-arrived envelope across all keys and arrivals
 * see the earliest-posted of the exact and wildcard receives. The queues are hash-indexed by pattern
 * (see {@link WildQueues}), so wild mode is O(1) per operation too: 10^6 threads each waiting in
 * {@code recv(ANY_SOURCE, tag)} are matched without a scan. When no wildcard receive is posted any
 * more, the {@code wildcardLinger}-th exact operation since the last wildcard operation moves the
 * items back into the table (in order, keeping their sequence numbers) and sets the mode to fast. The
 * linger keeps a polling {@code Iprobe(ANY_SOURCE)} loop from sweeping the table on every probe.
 *
 * <p><b>Why the handshake is safe.</b> A fast operation reads the mode word while holding its bucket
 * lock; a switch to wild writes the mode word (volatile) and only then locks every bucket in turn to
 * drain it. If a fast operation read "fast", it locked its bucket before the drain did (otherwise the
 * drain's unlock would happen-before its read of the mode), so its effect is drained; if it read
 * "wild", it releases the bucket and redoes the operation under the context lock. A switch back
 * writes the mode word only after all items are back in the table. Lock order is context lock, then
 * one bucket lock; a fast operation never holds a bucket lock while waiting for the context lock.
 *
 * <p><b>Scale.</b> Fast mode costs one bucket lock and a short chain scan whatever the number of pending
 * items, because the table grows ({@link MatchTable}: it doubles when its chains hold two live keys on
 * average). A receive alone under its key is the key's value itself, with no node: at 10^6 outstanding
 * receives every line a match touches is a cache miss, and the bucket slot, the bucket and the receive are
 * the lines any table must touch (a node between them was one more miss per match, and an allocation per
 * re-post). So a lone pending receive costs its share of a bucket; a receive of a same-key backlog, and
 * every unexpected envelope (its arrival number lives in the node), a node of 32 bytes. Two whole-table
 * walks remain, each O(table): the switch to wild mode (a drain) and {@link #size}; both are rare (the first
 * wildcard operation after {@code wildcardLinger} exact ones; leak checks).
 *
 * <p><b>Invariants.</b> For each context: in fast mode its {@link WildQueues} are empty and each of its keys
 * holds ⊥, a lone receive, or a non-empty FIFO of one kind, in the order the items took effect; in wild mode
 * none of its keys holds a value and its queues hold everything; the mode word changes only under the
 * context lock; unexpected sequence numbers increase along every FIFO and queue; no pending receive matches
 * a pending envelope.
 *
 * <p><b>Linearization points.</b> Fast mode: an envelope that becomes unexpected linearizes at its
 * clock fetch-and-add; every other fast operation at its bucket-lock acquisition. Both lie inside the
 * bucket's critical section, so operations on one key are ordered as their critical sections, and
 * operations on different keys commute except for the order of unexpected envelopes, which is the
 * clock order; a wildcard operation observes fast items only after draining every bucket, i.e. after
 * all of their critical sections. Wild mode: the acquisition of the context lock, as in
 * {@link QueueMatchingEngine}. Hence every operation is atomic, "earliest-arrived" is clock order and
 * "earliest-posted" is FIFO order (per key in fast mode, where no wildcard receive exists).
 *
 * <p><b>Trace recording</b> ({@link #recordTo}). Each operation records its step ({@code MatchingStep})
 * inside the critical section that decides it: the bucket lock in fast mode, the context lock in wild
 * mode, so a step's stamp is taken at its linearization point. While recording, the arrival clock of
 * every context is the recorder's stamp (an arrival's sequence number is its step's stamp), so the
 * arrival order the engine sorts by is the order of the recorded steps. A mode switch is recorded as
 * a step of its own (no action of the specification: the matching state does not change). Off, each
 * hook is one null check.
 *
 * <p><b>Keys.</b> A key packs context (20 bits, 43..62), source (21 bits, 22..42) and tag (22 bits,
 * 0..21) into a non-negative {@code long}; out-of-range values throw IllegalArgumentException.
 *
 * <p>Memory consistency effects: as for {@link QueueMatchingEngine}, actions prior to posting a
 * receive or enqueueing an envelope happen-before actions after another thread obtains it from this
 * engine (through a bucket lock or a context lock, released and acquired in between).
 */
public final class HashMatchingEngine implements MatchingEngine {
    static final int CONTEXT_BITS = 20;
    static final int SOURCE_BITS = 21;
    static final int TAG_BITS = 22;
    /** Default number of head buckets (DSG size the table by the number of concurrent operations). */
    public static final int DEFAULT_BUCKETS = 256;
    /** Default number of exact operations a context stays wild after its last wildcard operation. */
    public static final int DEFAULT_WILDCARD_LINGER = 64;
    /**
     * The engine's table asks to grow when a chain needs its second bucket, not its third (the table's
     * default): a post whose key holds nothing (every re-post after a match) walks its key's whole chain,
     * and a match walks it up to its key, so an overflow bucket is a dependent miss on most operations of
     * its chain. With the engine's keys (consecutive tags, Fibonacci-hashed: chains fill evenly) the table's
     * default leaves 2^18 heads at 10^6 outstanding receives, 3.8 keys a chain and a second bucket in
     * nearly every chain; this leaves 2^19, one bucket a chain, for 64 bytes more per two receives.
     */
    static final int GROW_AT_CHAIN = 2;

    /** Per-context mode word, clock, lock (the object itself) and wild-mode queues. */
    private static final class Context extends SpinThenParkLock {
        private static final VarHandle CLOCK;

        static {
            try {
                CLOCK = MethodHandles.lookup().findVarHandle(Context.class, "clock", long.class);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        final int id;
        /**
         * The mode word. Written (volatile) only under this context's lock. Invariant: while false, the
         * queues are empty and all of this context's items are in the table; while true, none are.
         */
        volatile boolean wild;
        /** Arrival clock; only fetch-and-add (volatile) is used. */
        @SuppressWarnings("unused") private long clock;
        /** Wild-mode queues; guarded by this lock. */
        final WildQueues queues = new WildQueues();
        /** Exact operations left before switching back to fast; guarded by this lock. */
        int lingerLeft;

        Context(int id) {
            this.id = id;
        }

        long nextSeq() { return (long) CLOCK.getAndAdd(this, 1L); }
    }

    private final MatchTable table;
    private final ContextDirectory<Context> contexts = new ContextDirectory<>(Context::new);
    private final int wildcardLinger;
    /** The step recorder, or null when matching is not recorded (set once, before use). */
    private MatchingRecorder trace;

    public HashMatchingEngine() {
        this(DEFAULT_BUCKETS, DEFAULT_WILDCARD_LINGER);
    }

    /**
     * @param buckets        head buckets of the table (rounded up to a power of two)
     * @param wildcardLinger exact operations a context stays in wild mode after its last wildcard
     *                       operation once no wildcard receive is posted (0 or 1: switch back at once)
     */
    public HashMatchingEngine(int buckets, int wildcardLinger) {
        if (wildcardLinger < 0) throw new IllegalArgumentException("wildcardLinger " + wildcardLinger);
        this.table = new MatchTable(buckets, MatchTable.MAX_CAPACITY, GROW_AT_CHAIN);
        this.wildcardLinger = wildcardLinger;
    }

    @Override
    public void recordTo(TraceRecorder recorder, int process) {
        this.trace = MatchingRecorder.of(recorder, process);
    }

    /** An arrival's sequence number, and its ARRIVE step as queued when recording (the stamp is the number). */
    private long queuedSeq(Context c, Envelope e) {
        return trace == null ? c.nextSeq() : trace.arrive(e, null);
    }

    /** The packed key of an exact (context, source, tag); see the class comment for the layout. */
    public static long key(int context, int source, int tag) {
        ContextDirectory.checkContext(context);
        if (source < 0 || source >= (1 << SOURCE_BITS)) throw new IllegalArgumentException("source " + source);
        if (tag < 0 || tag >= (1 << TAG_BITS)) throw new IllegalArgumentException("tag " + tag);
        return ((long) context << (SOURCE_BITS + TAG_BITS)) | ((long) source << TAG_BITS) | tag;
    }

    static int contextOf(long key) {
        return (int) (key >>> (SOURCE_BITS + TAG_BITS));
    }

    private static void checkPattern(int context, int source, int tag) {
        key(context, source == ANY_SOURCE ? 0 : source, tag == ANY_TAG ? 0 : tag);
    }

    @Override
    public Envelope matchOrPost(PostedReceive r) {
        if (!r.isExact()) return postWildcard(r);
        long key = key(r.context(), r.source(), r.tag());
        Context c = contexts.get(r.context());
        for (;;) {
            MatchTable.Bucket b = table.lockBucket(key);
            try {
                if (!c.wild) { // volatile read under the bucket lock: the mode handshake
                    Object v = MatchTable.getLocked(b, key);
                    if (v == null) {
                        table.putLocked(b, key, r);       // a lone receive: no node
                        if (trace != null) trace.post(r, null);
                        return null;
                    }
                    if (holdsNoEnvelope(v)) {
                        appendLocked(b, key, v, new MatchNode(r, 0)); // same-key backlog: FIFO
                        if (trace != null) trace.post(r, null);
                        return null;
                    }
                    MatchNode head = (MatchNode) v;
                    table.putLocked(b, key, head.pop()); // earliest-arrived with this key
                    if (trace != null) trace.post(r, (Envelope) head.item);
                    return (Envelope) head.item;
                }
            } finally {
                table.unlock(b);
            }
            c.lock();
            try {
                if (c.wild) {
                    Envelope e = c.queues.matchOrPost(r);
                    if (trace != null) trace.post(r, e);
                    afterExactWildOp(c);
                    return e;
                }
            } finally {
                c.unlock();
            }
            // The context went back to fast between the two locks: redo on the fast path.
        }
    }

    private Envelope postWildcard(PostedReceive r) {
        checkPattern(r.context(), r.source(), r.tag());
        Context c = contexts.get(r.context());
        c.lock();
        try {
            enterWild(c);
            Envelope e = c.queues.matchOrPost(r);
            if (trace != null) trace.post(r, e);
            return e;
        } finally {
            c.unlock();
        }
    }

    @Override
    public PostedReceive matchOrEnqueue(Envelope e) {
        long key = key(e.context(), e.source(), e.tag());
        Context c = contexts.get(e.context());
        for (;;) {
            MatchTable.Bucket b = table.lockBucket(key);
            try {
                if (!c.wild) {
                    Object v = MatchTable.getLocked(b, key);
                    if (v == null) {
                        table.putLocked(b, key, new MatchNode(e, queuedSeq(c, e)));
                        return null;
                    }
                    if (v instanceof PostedReceive lone) {
                        table.putLocked(b, key, null);
                        if (trace != null) trace.arrive(e, lone);
                        return lone;
                    }
                    MatchNode head = (MatchNode) v;
                    if (!head.isReceive()) {
                        head.append(new MatchNode(e, queuedSeq(c, e)));
                        return null;
                    }
                    table.putLocked(b, key, head.pop()); // earliest-posted with this key
                    if (trace != null) trace.arrive(e, (PostedReceive) head.item);
                    return (PostedReceive) head.item;
                }
            } finally {
                table.unlock(b);
            }
            c.lock();
            try {
                if (c.wild) {
                    PostedReceive r = c.queues.takePosted(e);
                    if (r == null) c.queues.addUnexpected(new MatchNode(e, queuedSeq(c, e)));
                    else if (trace != null) trace.arrive(e, r);
                    afterExactWildOp(c);
                    return r;
                }
            } finally {
                c.unlock();
            }
        }
    }

    @Override
    public Envelope peek(int context, int source, int tag) {
        return find(context, source, tag, false);
    }

    @Override
    public Envelope take(int context, int source, int tag) {
        return find(context, source, tag, true);
    }

    private Envelope find(int context, int source, int tag, boolean take) {
        checkPattern(context, source, tag);
        Context c = contexts.getIfPresent(context);
        if (c == null) return null;
        if (source == ANY_SOURCE || tag == ANY_TAG) {
            c.lock();
            try {
                enterWild(c);
                Envelope e = c.queues.findUnexpected(source, tag, take);
                if (take && trace != null) trace.take(context, source, tag, e);
                return e;
            } finally {
                c.unlock();
            }
        }
        long key = key(context, source, tag);
        for (;;) {
            MatchTable.Bucket b = table.lockBucket(key);
            try {
                if (!c.wild) {
                    Object v = MatchTable.getLocked(b, key);
                    if (holdsNoEnvelope(v)) {
                        if (take && trace != null) trace.take(context, source, tag, null);
                        return null;
                    }
                    MatchNode head = (MatchNode) v;
                    if (take) {
                        table.putLocked(b, key, head.pop());
                        if (trace != null) trace.take(context, source, tag, (Envelope) head.item);
                    }
                    return (Envelope) head.item;
                }
            } finally {
                table.unlock(b);
            }
            c.lock();
            try {
                if (c.wild) {
                    Envelope e = c.queues.findUnexpected(source, tag, take);
                    if (take && trace != null) trace.take(context, source, tag, e);
                    afterExactWildOp(c);
                    return e;
                }
            } finally {
                c.unlock();
            }
        }
    }

    @Override
    public boolean remove(PostedReceive r) {
        Context c = contexts.getIfPresent(r.context());
        if (c == null) return false;
        if (!r.isExact()) {
            c.lock();
            try {
                // A wildcard receive is posted only in wild mode.
                boolean removed = c.wild && c.queues.removePosted(r);
                if (trace != null) trace.cancel(r, removed);
                return removed;
            } finally {
                c.unlock();
            }
        }
        long key = key(r.context(), r.source(), r.tag());
        for (;;) {
            MatchTable.Bucket b = table.lockBucket(key);
            try {
                if (!c.wild) {
                    boolean removed = removeLocked(b, key, r);
                    if (trace != null) trace.cancel(r, removed);
                    return removed;
                }
            } finally {
                table.unlock(b);
            }
            c.lock();
            try {
                if (c.wild) {
                    boolean removed = c.queues.removePosted(r);
                    if (trace != null) trace.cancel(r, removed);
                    afterExactWildOp(c);
                    return removed;
                }
            } finally {
                c.unlock();
            }
        }
    }

    /** Removes {@code r} from the FIFO of {@code key} in the locked bucket {@code b}; true if it was there. */
    private boolean removeLocked(MatchTable.Bucket b, long key, PostedReceive r) {
        Object v = MatchTable.getLocked(b, key);
        if (v == r) {
            table.putLocked(b, key, null);
            return true;
        }
        if (!(v instanceof MatchNode head) || !head.isReceive()) return false;
        if (head.item == r) {
            table.putLocked(b, key, head.pop());
            return true;
        }
        for (MatchNode prev = head, n = head.next; n != null; prev = n, n = n.next) {
            if (n.item == r) {
                prev.next = n.next;
                if (head.last == n) head.last = prev;
                n.next = null;
                return true;
            }
        }
        return false;
    }

    @Override
    public int size() {
        int[] n = {0};
        table.forEachValue(v -> {
            if (v instanceof MatchNode fifo) {
                for (MatchNode m = fifo; m != null; m = m.next) n[0]++;
            } else {
                n[0]++;                                       // a lone receive
            }
        });
        contexts.forEach(c -> {
            c.lock();
            try {
                n[0] += c.queues.size();
            } finally {
                c.unlock();
            }
        });
        return n[0];
    }

    /** True if {@code context} is in wild mode now; for tests and reports. */
    boolean isWild(int context) {
        Context c = contexts.getIfPresent(context);
        return c != null && c.wild;
    }

    // ---- mode switches; both run under the context lock ----

    /** Switches {@code c} to wild mode if it is fast, draining its items from the table in order. */
    private void enterWild(Context c) {
        c.lingerLeft = wildcardLinger;
        if (c.wild) return;
        c.wild = true; // volatile store BEFORE locking any bucket: see "Why the handshake is safe"
        int id = c.id;
        List<MatchNode> unexpected = new ArrayList<>();
        table.drain(k -> contextOf(k) == id, (k, v) -> {
            if (v instanceof PostedReceive lone) {
                c.queues.addPosted(new MatchNode(lone, 0));
                return;
            }
            for (MatchNode n = (MatchNode) v, next; n != null; n = next) {
                next = n.next;
                if (n.isReceive()) c.queues.addPosted(n); else unexpected.add(n);
            }
        });
        unexpected.sort(Comparator.comparingLong(n -> n.seq)); // arrival order across keys
        for (MatchNode n : unexpected) c.queues.addUnexpected(n);
        if (trace != null) trace.mode(id, true);
    }

    /** After an exact operation in wild mode: switch back to fast when no wildcard needs the queues. */
    private void afterExactWildOp(Context c) {
        if (c.queues.postedWildcards() != 0 || --c.lingerLeft > 0) return;
        // All receives left are exact and the queues are in order: put every item back under its key,
        // receives in posting order, envelopes in arrival order, so per-key FIFOs keep their order.
        moveToTable(c.queues.drainPosted());
        moveToTable(c.queues.drainUnexpected());
        c.wild = false; // volatile store AFTER every item is back in the table
        if (trace != null) trace.mode(c.id, false);
    }

    private void moveToTable(MatchNode first) {
        for (MatchNode n = first, next; n != null; n = next) {
            next = n.next;
            n.next = null;
            n.last = n;
            long key = n.isReceive() ? keyOf((PostedReceive) n.item) : keyOf((Envelope) n.item);
            MatchTable.Bucket b = table.lockBucket(key);
            try {
                Object v = MatchTable.getLocked(b, key);
                if (v == null) {
                    table.putLocked(b, key, n.isReceive() ? n.item : n);   // a lone receive goes back bare
                } else {
                    appendLocked(b, key, v, n);
                }
            } finally {
                table.unlock(b);
            }
        }
    }

    /**
     * Appends {@code n} behind the items {@code key} holds in the locked bucket {@code b}: {@code v}, a lone
     * receive (which then becomes the head of a FIFO) or a FIFO's head.
     */
    private void appendLocked(MatchTable.Bucket b, long key, Object v, MatchNode n) {
        if (v instanceof PostedReceive lone) {
            MatchNode fifo = new MatchNode(lone, 0);
            fifo.append(n);
            table.putLocked(b, key, fifo);
        } else {
            ((MatchNode) v).append(n);
        }
    }

    /** True if a key's value holds no envelope: ⊥, a lone receive, or a FIFO of receives. */
    private static boolean holdsNoEnvelope(Object v) {
        return v == null || v instanceof PostedReceive || ((MatchNode) v).isReceive();
    }

    private static long keyOf(PostedReceive r) { return key(r.context(), r.source(), r.tag()); }

    private static long keyOf(Envelope e) { return key(e.context(), e.source(), e.tag()); }

    @Override
    public int size(int context) {
        int[] n = {0};
        table.forEachValue(v -> {
            if (!(v instanceof MatchNode fifo)) {
                if (((PostedReceive) v).context() == context) n[0]++;   // a lone receive
                return;
            }
            for (MatchNode m = fifo; m != null; m = m.next) {
                int ctx = m.item instanceof PostedReceive r ? r.context() : ((Envelope) m.item).context();
                if (ctx == context) n[0]++;
            }
        });
        Context c = contexts.getIfPresent(context);
        if (c != null) {
            c.lock();
            try {
                n[0] += c.queues.size();
            } finally {
                c.unlock();
            }
        }
        return n[0];
    }
}
