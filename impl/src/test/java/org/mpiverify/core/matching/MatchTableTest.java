package org.mpiverify.core.matching;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/** {@link MatchTable} against DSG's equations (1)-(3), its overflow chains and its single-write empty. */
@Timeout(60)
@ExtendWith(ThreadDumpOnTimeout.class)
class MatchTableTest {
    @Test
    void equation1InsertStoresIntoBottomAndOtherwiseReturnsTheExistingValue() {
        MatchTable h = new MatchTable(8);
        Object v = new Object(), w = new Object();
        assertSame(v, h.insert(42, v), "(42, ⊥) -> stores v, returns v");
        assertSame(v, h.insert(42, w), "(42, v) -> returns v, unchanged");
        assertSame(v, h.get(42));
        assertEquals(1, h.size());
        assertThrows(NullPointerException.class, () -> h.insert(1, null));
    }

    @Test
    void equation2EmptyReplacesAnyValueWithBottom() {
        MatchTable h = new MatchTable(8);
        Object v = new Object(), w = new Object();
        assertNull(h.empty(7), "empty of ⊥ succeeds and changes nothing");
        h.insert(7, v);
        assertSame(v, h.empty(7));
        assertNull(h.get(7));
        assertSame(w, h.insert(7, w), "after empty the key holds ⊥ again");
        assertEquals(1, h.size());
    }

    @Test
    void equation3AtMostOneValuePerKeyOverRandomHistories() {
        SplittableRandom rnd = new SplittableRandom(1);
        for (int capacity : new int[] {1, 2, 16}) {
            MatchTable h = new MatchTable(capacity);
            Map<Long, Object> model = new HashMap<>();
            for (int i = 0; i < 50_000; i++) {
                long k = rnd.nextInt(20) * 0x1_0000_0001L; // spread over high and low bits
                if (rnd.nextBoolean()) {
                    Object v = new Object();
                    Object expected = model.putIfAbsent(k, v);
                    assertSame(expected == null ? v : expected, h.insert(k, v));
                } else {
                    assertSame(model.remove(k), h.empty(k));
                }
                assertEquals(model.size(), h.size());
            }
            for (Map.Entry<Long, Object> e : model.entrySet()) assertSame(e.getValue(), h.get(e.getKey()));
        }
    }

    @Test
    void moreThanThreeCollidingKeysGrowAnOverflowChainThatIsReused() {
        MatchTable h = new MatchTable(64, 64);                    // fixed size: the paper's table
        List<Long> colliding = new ArrayList<>();
        for (long k = 0; colliding.size() < 10; k++) if (h.bucketIndex(k) == h.bucketIndex(0)) colliding.add(k);
        List<Object> values = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            values.add(new Object());
            h.insert(colliding.get(i), values.get(i));
        }
        assertEquals(1, h.chainLength(0), "three keys fit the head bucket's data entries");
        for (int i = 3; i < 10; i++) {
            values.add(new Object());
            h.insert(colliding.get(i), values.get(i));
        }
        assertEquals(4, h.chainLength(0), "ten keys need ceil(10/3) buckets");
        for (int i = 0; i < 10; i++) assertSame(values.get(i), h.get(colliding.get(i)));
        for (int i = 0; i < 10; i += 2) assertSame(values.get(i), h.empty(colliding.get(i)));
        for (int i = 0; i < 10; i += 2) h.insert(colliding.get(i) + 1_000_000L * 64 * 64, new Object());
        assertTrue(h.chainLength(0) >= 4);
        for (int i = 1; i < 10; i += 2) assertSame(values.get(i), h.get(colliding.get(i)), "odd keys untouched");
        // Freed entries in the chain are reused before the chain grows.
        MatchTable one = new MatchTable(1, 1);
        for (long k = 0; k < 9; k++) one.insert(k, k);
        for (long k = 0; k < 9; k++) one.empty(k);
        for (long k = 100; k < 109; k++) one.insert(k, k);
        assertEquals(3, one.chainLength(0));
        assertEquals(9, one.size());
    }

    @Test
    void insertEntryExposesTheEntryAndEmptyIsASingleWrite() {
        MatchTable h = new MatchTable(1);
        Object v = new Object(), w = new Object();
        MatchTable.Entry e = h.insertEntry(5, v);
        assertSame(v, e.value(), "inserted: the entry holds the caller's value");
        assertEquals(5, e.key());
        MatchTable.Entry f = h.insertEntry(5, w);
        assertSame(e, f, "a failed insert returns the entry that holds the existing value");
        assertNotSame(w, f.value());
        e.empty();
        assertNull(h.get(5));
        assertEquals(0, h.size());
        assertSame(w, h.insertEntry(5, w).value());
    }

    /** An insert as a function, so one race check can run against the table and its known-bad twin. */
    interface Insert {
        Object insert(long key, Object value);
    }

    /** Two threads insert into key 1 (holding ⊥) at once; returns how many were told they succeeded. */
    static int winnersOfARace(Insert table) throws InterruptedException {
        CountDownLatch start = new CountDownLatch(1);
        AtomicInteger winners = new AtomicInteger();
        List<Thread> racers = new ArrayList<>();
        for (int t = 0; t < 2; t++) {
            racers.add(Thread.ofPlatform().name("racer-" + t).start(() -> {
                Object mine = new Object();
                try {
                    start.await();
                } catch (InterruptedException e) {
                    return;
                }
                if (table.insert(1, mine) == mine) winners.incrementAndGet();
            }));
        }
        start.countDown();
        for (Thread r : racers) {
            if (!r.join(Duration.ofSeconds(20))) {
                System.err.println(ThreadDumpOnTimeout.dump("insert race"));
                throw new AssertionError("racers did not finish (thread dump on stderr)");
            }
        }
        return winners.get();
    }

    @Test
    void racingInsertsIntoBottomHaveExactlyOneWinner() throws InterruptedException {
        for (int round = 0; round < 2_000; round++) {
            MatchTable h = new MatchTable(1);
            assertEquals(1, winnersOfARace(h::insert), "round " + round);
        }
    }

    @Test
    void knownBadCheckThenActTableIsCaught() throws InterruptedException {
        CyclicBarrier bothChecked = new CyclicBarrier(2);
        CheckThenActTable bad = new CheckThenActTable(() -> {
            try {
                bothChecked.await(10, TimeUnit.SECONDS);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        assertEquals(2, winnersOfARace(bad::insert), "the race check must see both inserts succeed");
    }

    /**
     * Threads hammer a 2-bucket table (every key collides, chains overflow). Shared keys go through the
     * locked insert/empty; each thread's private keys use insertEntry and the lock-free single-write
     * empty, which is safe because each private key has one owner. A per-key owner counter checks
     * equation (3) under concurrency: a successful insert must find no other owner.
     */
    @Test
    void concurrentInsertAndEmptyKeepOneOwnerPerKey() throws InterruptedException {
        final int threads = 4, iterations = 200_000, sharedKeys = 4, privateKeys = 3;
        MatchTable h = new MatchTable(2);
        AtomicInteger[] owners = new AtomicInteger[sharedKeys];
        for (int i = 0; i < sharedKeys; i++) owners[i] = new AtomicInteger();
        Queue<String> violations = new ConcurrentLinkedQueue<>();
        AtomicInteger successfulInserts = new AtomicInteger();
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            final int id = t;
            workers.add(Thread.ofPlatform().name("table-" + t).start(() -> {
                SplittableRandom rnd = new SplittableRandom(id);
                try {
                    start.await();
                } catch (InterruptedException e) {
                    return;
                }
                for (int i = 0; i < iterations; i++) {
                    Object token = new Object();
                    if (rnd.nextBoolean()) {
                        int k = rnd.nextInt(sharedKeys);
                        Object r = h.insert(k, token);
                        if (r == null) violations.add("insert returned ⊥");
                        if (r != token) continue;
                        successfulInserts.incrementAndGet();
                        if (owners[k].incrementAndGet() != 1) violations.add("two owners of shared key " + k);
                        if (h.get(k) != token) violations.add("shared key " + k + " lost its value");
                        owners[k].decrementAndGet();
                        if (h.empty(k) != token) violations.add("empty of shared key " + k + " removed another value");
                    } else {
                        long k = 1_000 + id * privateKeys + rnd.nextInt(privateKeys);
                        MatchTable.Entry e = h.insertEntry(k, token);
                        if (e.value() != token) {
                            violations.add("private key " + k + " already held " + e.value());
                            continue;
                        }
                        successfulInserts.incrementAndGet();
                        if (h.get(k) != token) violations.add("private key " + k + " not found");
                        e.empty(); // single-write empty by the only owner
                        if (h.get(k) != null) violations.add("private key " + k + " still held a value");
                    }
                }
            }));
        }
        start.countDown();
        for (Thread w : workers) {
            if (!w.join(Duration.ofSeconds(40))) {
                System.err.println(ThreadDumpOnTimeout.dump("table stress"));
                for (Thread u : workers) u.interrupt();
                throw new AssertionError("table stress did not finish (thread dump on stderr)");
            }
        }
        assertEquals(List.of(), new ArrayList<>(violations).subList(0, Math.min(20, violations.size())));
        assertEquals(0, h.size());
        assertTrue(successfulInserts.get() > threads * iterations / 4, "the stress must mostly succeed: " + successfulInserts);
    }
}
