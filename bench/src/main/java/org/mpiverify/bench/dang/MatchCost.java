package org.mpiverify.bench.dang;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.ref.Reference;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import org.mpiverify.core.matching.Envelope;
import org.mpiverify.core.matching.HashMatchingEngine;
import org.mpiverify.core.matching.MatchingEngine;
import org.mpiverify.core.matching.PostedReceive;
import org.mpiverify.core.matching.QueueMatchingEngine;

/**
 * Dang, Snir &amp; Gropp §4.2 (the concurrent hash table): the cost of one match against the number of
 * receives outstanding. An engine holds {@code n} posted receives (one context, one source, tags
 * {@code 0 .. n-1}); each operation delivers an envelope for a random outstanding tag
 * ({@code matchOrEnqueue}, which must return that tag's receive) and posts the receive again
 * ({@code matchOrPost}), so {@code n} stay outstanding. One thread: this is the table's own cost, with
 * no contention and no wake-up (§4.1 and §4.4 measure those).
 *
 * <p>{@code QUEUES} scans its posted queue (MPI-3.1 §3.5, MPICH's design): a random tag is half-way down
 * on average, so its cost grows linearly. {@code HASH_TABLE} is the DSG table (growing, see
 * {@code MatchTable}). The floor is a {@code java.util.HashMap} doing the same remove-and-put: what any
 * hash lookup costs at that size on this machine, cache misses included. "The same" includes the caller's
 * read of what it got: the engine's match hands back the receive and the loop checks its tag, so the
 * {@code HashMap}'s values are the receives too, kept in an array as the engine's are (which decides where
 * the collector puts them), and the loop checks the tag of the one it removed. Below it, the memory floor
 * ({@link #memoryFloorNanos}): one random slot and the receive it names, read and written, and nothing
 * else, so what a match at that size cannot cost less than on this machine.
 *
 * <p>Where the collector puts the receives decides how many lines a match misses at 10^6, so both loops keep
 * their array of receives reachable to the end ({@link Reference#reachabilityFence}): otherwise the array dies
 * once compiled code no longer reads it, and a collection then copies each receive beside whatever reaches it
 * first (its bucket, or its {@code HashMap} node), which differs from run to run. In the core a receive is
 * reached from its thread's stack, not from the table, as here from the array.
 *
 * <p>Each measurement runs at least {@link #MIN_OPS} operations and {@link #MIN_NANOS}, at most
 * {@link #MAX_OPS} operations or {@link #MAX_NANOS} (so the queue engine at 10^6, about a millisecond a
 * match, still takes a bounded time; its point then rests on fewer operations).
 */
final class MatchCost {
    static final int MIN_OPS = 20_000;
    static final long MIN_NANOS = 50_000_000;
    static final int MAX_OPS = 2_000_000;
    static final long MAX_NANOS = 300_000_000;
    private static final int CONTEXT = 0;
    private static final int SOURCE = 1;

    private MatchCost() {
    }

    static final class Recv extends PostedReceive {
        Recv(int tag) {
            super(CONTEXT, SOURCE, tag);
        }
    }

    static final class Msg extends Envelope {
        Msg(int tag) {
            super(CONTEXT, SOURCE, tag);
        }
    }

    static Supplier<MatchingEngine> engine(String kind) {
        return switch (kind) {
            case "HASH_TABLE" -> HashMatchingEngine::new;
            case "QUEUES" -> QueueMatchingEngine::new;
            default -> throw new IllegalArgumentException(kind);
        };
    }

    /** Nanoseconds per match (and re-post) with {@code n} receives outstanding. */
    static double engineNanos(Supplier<MatchingEngine> factory, int n, long seed) {
        MatchingEngine e = factory.get();
        Recv[] rs = new Recv[n];
        for (int i = 0; i < n; i++) {
            rs[i] = new Recv(i);
            if (e.matchOrPost(rs[i]) != null) {
                throw new IllegalStateException("a receive matched nothing-sent");
            }
        }
        SplittableRandom rnd = new SplittableRandom(seed);
        long t0 = System.nanoTime(), elapsed;
        int ops = 0;
        do {
            for (int k = 0; k < 256; k++) {
                int tag = rnd.nextInt(n);
                PostedReceive r = e.matchOrEnqueue(new Msg(tag));
                if (r == null || r.tag() != tag) {        // not rs[tag]: that would add a cache miss per op
                    throw new IllegalStateException("tag " + tag + " matched " + r);
                }
                e.matchOrPost(r);
                ops++;
                if (n >= 100_000 && ops >= 16 && System.nanoTime() - t0 > MAX_NANOS) {
                    break;                       // a scanning engine: a few ops are enough to see it
                }
            }
            elapsed = System.nanoTime() - t0;
        } while ((ops < MIN_OPS || elapsed < MIN_NANOS) && ops < MAX_OPS && elapsed < MAX_NANOS);
        if (e.size() != n) {
            throw new IllegalStateException(e.size() + " items held, " + n + " expected");
        }
        Reference.reachabilityFence(rs);
        return (double) elapsed / ops;
    }

    /**
     * The floor: nanoseconds per remove-and-put of a random key of a {@code HashMap} holding {@code n} keys,
     * whose values are receives, each read (its tag checked) once removed, as {@link #engineNanos} reads the
     * receive a match returns.
     */
    static double hashMapNanos(int n, long seed) {
        Map<Long, Recv> m = new HashMap<>();
        Recv[] vs = new Recv[n];
        for (int i = 0; i < n; i++) {
            vs[i] = new Recv(i);
            m.put(key(i), vs[i]);
        }
        SplittableRandom rnd = new SplittableRandom(seed);
        long t0 = System.nanoTime(), elapsed;
        int ops = 0;
        do {
            for (int k = 0; k < 256; k++) {
                int i = rnd.nextInt(n);
                Long boxed = key(i);               // one key object for both calls, as the engine's one envelope
                Recv v = m.remove(boxed);
                if (v == null || v.tag() != i) {
                    throw new IllegalStateException("key " + i + " held " + v);
                }
                m.put(boxed, v);
                ops++;
            }
            elapsed = System.nanoTime() - t0;
        } while ((ops < MIN_OPS || elapsed < MIN_NANOS) && ops < MAX_OPS && elapsed < MAX_NANOS);
        Reference.reachabilityFence(vs);
        return (double) elapsed / ops;
    }

    /**
     * The memory floor: nanoseconds per random lookup that touches only what any table must. A key array
     * open-addressed for {@code n} keys (a power of two, at most half full, one {@code long} a slot), and
     * beside it the receive each slot names; each operation finds a random key's slot (a hash, a short
     * probe), reads the receive there (its tag is checked, as the engines' are), and stores it back (the
     * re-post's write). No lock, no chain, no envelope. At 10^2 every line is in L1; at 10^6 the slot and
     * the receive are cache misses, which no table's match can avoid at that size.
     */
    static double memoryFloorNanos(int n, long seed) {
        OpenSlots t = OpenSlots.of(n, 1);
        SplittableRandom rnd = new SplittableRandom(seed);
        long t0 = System.nanoTime(), elapsed;
        int ops = 0;
        do {
            for (int j = 0; j < 256; j++) {
                int tag = rnd.nextInt(n);
                int s = t.find(key(tag));
                Recv r = t.receives[s];
                if (r.tag() != tag) {
                    throw new IllegalStateException("tag " + tag + " found " + r.tag());
                }
                t.receives[s] = r;
                ops++;
            }
            elapsed = System.nanoTime() - t0;
        } while ((ops < MIN_OPS || elapsed < MIN_NANOS) && ops < MAX_OPS && elapsed < MAX_NANOS);
        return (double) elapsed / ops;
    }

    /**
     * The locked floor: {@link #memoryFloorNanos} with the one thing §3.2's design adds to a lookup, a
     * bucket's spin lock. Each slot is a lock word beside its key (16 bytes of one {@code long[]}, so
     * the lock and the key share a line), taken by a compare-and-swap and freed by a release store, around
     * the match and again around the re-post, as the engine locks its bucket twice per operation. No chain,
     * no mode word, no envelope: what a table with a lock per bucket cannot cost less than on this machine.
     */
    static double lockedFloorNanos(int n, long seed) {
        OpenSlots t = OpenSlots.of(n, 2);
        long[] words = t.words;                         // [2s] the lock word, [2s + 1] the key
        SplittableRandom rnd = new SplittableRandom(seed);
        long t0 = System.nanoTime(), elapsed;
        int ops = 0;
        do {
            for (int j = 0; j < 256; j++) {
                int tag = rnd.nextInt(n);
                int s = t.find(key(tag));
                lock(words, 2 * s);
                Recv r = t.receives[s];
                t.receives[s] = null;                   // the match empties the slot
                WORDS.setRelease(words, 2 * s, 0L);
                if (r.tag() != tag) {
                    throw new IllegalStateException("tag " + tag + " found " + r.tag());
                }
                lock(words, 2 * s);
                t.receives[s] = r;                      // the re-post fills it again
                WORDS.setRelease(words, 2 * s, 0L);
                ops++;
            }
            elapsed = System.nanoTime() - t0;
        } while ((ops < MIN_OPS || elapsed < MIN_NANOS) && ops < MAX_OPS && elapsed < MAX_NANOS);
        Reference.reachabilityFence(t.receives);
        return (double) elapsed / ops;
    }

    /**
     * The floors' table: {@code n} keys open-addressed in a power of two of slots at least {@code 2n} (at most
     * half full), slot {@code s}'s key at {@code words[stride * s + stride - 1]} (so a stride of 2 leaves a
     * word before each key for its lock), and the receive it names at {@code receives[s]}.
     */
    private record OpenSlots(long[] words, Recv[] receives, int mask, int stride) {
        static OpenSlots of(int n, int stride) {
            int capacity = Integer.highestOneBit(Math.max(1, 2 * n - 1)) << 1;
            OpenSlots t = new OpenSlots(new long[stride * capacity], new Recv[capacity], capacity - 1, stride);
            for (int i = 0; i < n; i++) {
                long k = key(i);
                int s = slot(k, t.mask);
                while (t.receives[s] != null) {
                    s = (s + 1) & t.mask;
                }
                t.words[stride * s + stride - 1] = k;
                t.receives[s] = new Recv(i);
            }
            return t;
        }

        /** The slot holding {@code k} (a hash, a short probe); {@code k} must be held. */
        int find(long k) {
            int s = slot(k, mask);
            while (words[stride * s + stride - 1] != k || receives[s] == null) {
                s = (s + 1) & mask;
            }
            return s;
        }
    }

    private static final VarHandle WORDS = MethodHandles.arrayElementVarHandle(long[].class);

    private static void lock(long[] words, int i) {
        while (!WORDS.compareAndSet(words, i, 0L, 1L)) {
            Thread.onSpinWait();                        // one thread: never taken
        }
    }

    private static int slot(long key, int mask) {
        return (int) ((key * 0x9E3779B97F4A7C15L) >>> 32) & mask;   // Fibonacci hashing: tags spread over the array
    }

    /** A key packed like the hash engine's (context, source, tag). */
    private static long key(int tag) {
        return HashMatchingEngine.key(CONTEXT, SOURCE, tag);
    }
}
