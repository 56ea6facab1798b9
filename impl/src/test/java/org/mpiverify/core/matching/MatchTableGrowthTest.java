package org.mpiverify.core.matching;

import org.mpiverify.testkit.ThreadDumps;
import org.mpiverify.testkit.ThreadDumpOnFailure;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@link MatchTable} growth: the table doubles as keys accumulate, so chains stay short (O(1) matching
 * at 10^5 keys and more), every key keeps its value across moves, a crowded chain in an empty table
 * does not double it, a fixed table never grows, and owners' lock-free empties stay exact while chains
 * move under them.
 */
@Timeout(120)
@ExtendWith(ThreadDumpOnFailure.class)
class MatchTableGrowthTest {

    @Test
    void theTableDoublesAndEveryKeyKeepsItsValue() {
        MatchTable h = new MatchTable(256);
        int n = 200_000;
        Object[] values = new Object[n];
        for (int i = 0; i < n; i++) {
            values[i] = new Object();
            assertSame(values[i], h.insert(key(i), values[i]));
        }
        assertTrue(h.bucketCount() >= n / 4, "200,000 keys in " + h.bucketCount() + " heads: the table did not grow");
        assertEquals(n, h.size());
        int longest = 0;
        for (int i = 0; i < n; i += 97) {
            longest = Math.max(longest, h.chainLength(key(i)));
            assertSame(values[i], h.get(key(i)));
        }
        assertTrue(longest <= 4, "a chain of " + longest + " buckets at load " + (double) n / h.bucketCount());
        for (int i = 0; i < n; i++) {
            assertSame(values[i], h.empty(key(i)));
        }
        assertEquals(0, h.size());
    }

    @Test
    void aFixedTableNeverGrows() {
        MatchTable h = new MatchTable(16, 16);
        for (int i = 0; i < 10_000; i++) {
            h.insert(key(i), i);
        }
        assertEquals(16, h.bucketCount());
        assertEquals(10_000, h.size());
    }

    @Test
    void oneCrowdedChainDoesNotDoubleAnEmptyTable() {
        MatchTable h = new MatchTable(1024);
        List<Long> colliding = new ArrayList<>();
        for (long k = 0; colliding.size() < 30; k++) {
            if (h.bucketIndex(k) == h.bucketIndex(0)) {
                colliding.add(k);
            }
        }
        for (long k : colliding) {
            h.insert(k, k);
        }
        assertEquals(1024, h.bucketCount(), "30 colliding keys: sampled load 30/64 chains < 2, no growth");
        assertTrue(h.chainLength(0) >= 10);
    }

    @Test
    void entriesFollowTheirValuesAcrossMoves() {
        MatchTable h = new MatchTable(1);
        Object v = new Object();
        MatchTable.Entry e = h.insertEntry(1, v);
        for (int i = 2; i < 5_000; i++) {
            h.insert(i, i);                     // grows the table many times: entry 1 moves each time
        }
        assertTrue(h.bucketCount() > 1);
        assertSame(v, e.value(), "the handle finds the moved value");
        assertEquals(1, e.key());
        e.empty();                              // through the MOVED mark: empties the copy under its lock
        assertNull(h.get(1));
        assertEquals(4_998, h.size());
    }

    /**
     * Threads insert and empty private keys through entries (the lock-free owner empty) and shared keys
     * through the locked operations, while the table grows from one head; a per-key owner count checks
     * equation (3). Every value must be where its owner left it: an owner's empty racing a move must
     * neither be lost (value resurrected in the new table) nor erase another key.
     */
    @Test
    void ownersEmptiesStayExactWhileChainsMove() throws InterruptedException {
        int threads = 4, rounds = 30;
        Queue<String> violations = new ConcurrentLinkedQueue<>();
        for (int round = 0; round < rounds; round++) {
            MatchTable h = new MatchTable(1);
            AtomicInteger[] owners = new AtomicInteger[8];
            for (int i = 0; i < owners.length; i++) {
                owners[i] = new AtomicInteger();
            }
            CountDownLatch start = new CountDownLatch(1);
            List<Thread> ws = new ArrayList<>();
            int seedBase = round * threads;
            for (int t = 0; t < threads; t++) {
                int id = t;
                ws.add(Thread.ofPlatform().start(() -> {
                    SplittableRandom rnd = new SplittableRandom(seedBase + id);
                    try {
                        start.await();
                    } catch (InterruptedException e) {
                        return;
                    }
                    List<MatchTable.Entry> mine = new ArrayList<>();
                    List<Object> tokens = new ArrayList<>();
                    long base = 1_000_000L * (id + 1);
                    for (int i = 0; i < 3_000; i++) {
                        Object token = new Object();
                        MatchTable.Entry e = h.insertEntry(base + i, token); // private keys: the table grows
                        if (e.value() != token) {
                            violations.add("private key " + (base + i) + " already held " + e.value());
                        }
                        mine.add(e);
                        tokens.add(token);
                        if (rnd.nextInt(3) == 0) {                          // shared keys, locked ops
                            int k = rnd.nextInt(owners.length);
                            Object r = h.insert(k, token);
                            if (r == token) {
                                if (owners[k].incrementAndGet() != 1) {
                                    violations.add("two owners of shared key " + k);
                                }
                                owners[k].decrementAndGet();
                                if (h.empty(k) != token) {
                                    violations.add("empty of shared key " + k + " removed another value");
                                }
                            }
                        }
                        if (i % 2 == 1) {                                   // empty an older private key
                            int j = rnd.nextInt(mine.size());
                            MatchTable.Entry old = mine.get(j);
                            if (old != null) {
                                old.empty();   // after it, the entry may hold another key: use our own record
                                if (h.get(base + j) != null) {
                                    violations.add("private key " + (base + j) + " still held a value after its empty");
                                }
                                mine.set(j, null);
                            }
                        }
                    }
                    for (int j = 0; j < mine.size(); j++) {
                        MatchTable.Entry e = mine.get(j);
                        if (e != null) {
                            if (h.get(base + j) != tokens.get(j) || e.value() != tokens.get(j)) {
                                violations.add("private key " + (base + j) + " lost its value");
                            }
                            e.empty();
                        }
                    }
                }));
            }
            start.countDown();
            for (Thread w : ws) {
                if (!w.join(Duration.ofSeconds(60))) {
                    System.err.println(ThreadDumps.dump("growth stress"));
                    throw new AssertionError("growth stress did not finish (thread dump on stderr)");
                }
            }
            assertEquals(0, h.size(), "round " + round + ": values left behind (resurrected by a move?)");
            assertTrue(h.bucketCount() > 1, "round " + round + ": the table never grew");
        }
        assertEquals(List.of(), new ArrayList<>(violations).subList(0, Math.min(20, violations.size())));
    }

    /** Keys spread like the engine's (context, source, tag) keys: consecutive tags. */
    private static long key(int i) {
        return HashMatchingEngine.key(2, 1, i);
    }
}
