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
import java.util.function.IntConsumer;
import java.util.function.Supplier;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mpiverify.testkit.KnownBad;
import org.mpiverify.testkit.Races;
import org.mpiverify.testkit.ThreadDumpOnFailure;
import org.mpiverify.testkit.ThreadDumps;
import org.mpiverify.testkit.TwinTest;

/** {@link MatchTable} against DSG's equations (1)-(3), its overflow chains and its single-write empty. */
@Timeout(60)
@ExtendWith(ThreadDumpOnFailure.class)
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

    /** The operations the race checks need, so that one check runs on the table and on its known-bad twins. */
    interface Table {
        Object insert(long key, Object value);

        Object empty(long key);
    }

    static Table of(MatchTable t) {
        return new Table() {
            public Object insert(long key, Object value) { return t.insert(key, value); }
            public Object empty(long key) { return t.empty(key); }
        };
    }

    static final int RACE_ROUNDS = 2_000;

    /**
     * Rounds of two threads inserting into key 1 (holding ⊥) at once, on a fresh table each round: exactly
     * one may be told it succeeded (equation (1)). The racers start together ({@link Races}), so a window
     * of two lock acquisitions is hit.
     */
    static void racingInsertsHaveOneWinner(Supplier<Table> tables) {
        Table[] t = new Table[1];
        AtomicInteger winners = new AtomicInteger();
        IntConsumer insert = r -> {
            Object mine = new Object();
            if (t[0].insert(1, mine) == mine) winners.incrementAndGet();
        };
        Races.race(RACE_ROUNDS, Duration.ofSeconds(20), r -> {
            t[0] = tables.get();
            winners.set(0);
        }, insert, insert, r -> assertEquals(1, winners.get(), "round " + r + ": inserts told they succeeded"));
    }

    /**
     * Rounds of two threads emptying key 1, which holds one value, at once: exactly one may get the value
     * back, the other ⊥ (equation (2) is one atomic step, not a read and a later write).
     */
    static void racingEmptiesHaveOneWinner(Supplier<Table> tables) {
        Table[] t = new Table[1];
        Object[] value = new Object[1];
        AtomicInteger winners = new AtomicInteger();
        IntConsumer empty = r -> {
            if (t[0].empty(1) == value[0]) winners.incrementAndGet();
        };
        Races.race(RACE_ROUNDS, Duration.ofSeconds(20), r -> {
            t[0] = tables.get();
            value[0] = new Object();
            t[0].insert(1, value[0]);
            winners.set(0);
        }, empty, empty, r -> assertEquals(1, winners.get(), "round " + r + ": empties that got the value"));
    }

    @Test
    void racingInsertsIntoBottomHaveExactlyOneWinner() {
        racingInsertsHaveOneWinner(() -> of(new MatchTable(1)));
    }

    @Test
    void racingEmptiesOfOneValueHaveExactlyOneWinner() {
        racingEmptiesHaveOneWinner(() -> of(new MatchTable(1)));
    }

    /**
     * A barrier both racers must reach between their check and their act: run there, a check-then-act
     * twin is rejected by the race checks in every round (which shows the checks can fail; hitting that
     * window by chance is rare, and Lincheck's model checking is what finds it without help).
     */
    static Runnable bothBetweenCheckAndAct() {
        CyclicBarrier barrier = new CyclicBarrier(2);
        return () -> {
            try {
                barrier.await(10, TimeUnit.SECONDS);
            } catch (Exception e) {
                throw new IllegalStateException("the other racer never reached the window", e);
            }
        };
    }

    @TwinTest
    void checkThenActInsertTwinIsCaughtByTheInsertRace() {
        CheckThenActInsertMatchTable.between = bothBetweenCheckAndAct();
        try {
            Throwable e = KnownBad.assertRejected("CheckThenActInsertMatchTable", () -> racingInsertsHaveOneWinner(() -> {
                CheckThenActInsertMatchTable t = new CheckThenActInsertMatchTable(1);
                return new Table() {
                    public Object insert(long key, Object value) { return t.insert(key, value); }
                    public Object empty(long key) { return t.empty(key); }
                };
            }));
            assertTrue(e.getMessage().contains("inserts told they succeeded"), e.getMessage());
        } finally {
            CheckThenActInsertMatchTable.between = () -> { };
        }
    }

    @TwinTest
    void checkThenActEmptyTwinIsCaughtByTheEmptyRace() {
        CheckThenActEmptyMatchTable.between = bothBetweenCheckAndAct();
        try {
            Throwable e = KnownBad.assertRejected("CheckThenActEmptyMatchTable", () -> racingEmptiesHaveOneWinner(() -> {
                CheckThenActEmptyMatchTable t = new CheckThenActEmptyMatchTable(1);
                return new Table() {
                    public Object insert(long key, Object value) { return t.insert(key, value); }
                    public Object empty(long key) { return t.empty(key); }
                };
            }));
            assertTrue(e.getMessage().contains("empties that got the value"), e.getMessage());
        } finally {
            CheckThenActEmptyMatchTable.between = () -> { };
        }
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
                System.err.println(ThreadDumps.dump("table stress"));
                for (Thread u : workers) u.interrupt();
                throw new AssertionError("table stress did not finish (thread dump on stderr)");
            }
        }
        assertEquals(List.of(), new ArrayList<>(violations).subList(0, Math.min(20, violations.size())));
        assertEquals(0, h.size());
        assertTrue(successfulInserts.get() > threads * iterations / 4, "the stress must mostly succeed: " + successfulInserts);
    }
}
