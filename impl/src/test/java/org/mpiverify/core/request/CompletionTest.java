package org.mpiverify.core.request;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpiverify.core.sync.WaitPolicy;

/** Completion (DSG §3.1 flag), RequestState reference counts, ObjectPool and TreiberStack. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class CompletionTest {
    private static final WaitPolicy NO_SPIN = new WaitPolicy(0, 0, 0, 50_000_000);

    @Test
    void signalBeforeWaitIsNotLostAndWaitAfterSignalReturnsAtOnce() {
        Completion c = new Completion();
        c.signal();
        assertTrue(c.isDone());
        assertTrue(c.await(() -> false, NO_SPIN));
    }

    @Test
    void parkedWaiterIsWokenBySignalFromAnotherThread() throws Exception {
        for (int i = 0; i < 2000; i++) {
            Completion c = new Completion();
            Thread t = Thread.ofPlatform().start(c::signal);
            assertTrue(c.await(() -> false, i % 2 == 0 ? NO_SPIN : WaitPolicy.DEFAULT));
            t.join();
        }
    }

    @Test
    void awaitReturnsFalseWhenAborted() {
        Completion c = new Completion();
        assertFalse(c.await(() -> true, NO_SPIN));
    }

    @Test
    void referenceCountRecyclesOnceOnTheLastReleaseFromAnyThread() throws Exception {
        AtomicInteger recycled = new AtomicInteger();
        RequestState st = new RequestState(s -> recycled.incrementAndGet());
        for (int round = 0; round < 1000; round++) {
            st.begin(2);
            int gen = st.generation();
            Thread other = Thread.ofPlatform().start(st::release);
            st.release();
            other.join();
            assertEquals(round + 1, recycled.get(), "recycled exactly once per use");
            assertEquals(gen + 1, st.generation());
        }
        assertThrows(IllegalStateException.class, st::release, "a double release is detected");
        assertThrows(IllegalStateException.class, st::retain, "a retain of a free request is detected");
    }

    @Test
    void attachmentIsReleasedAfterRecycling() {
        AtomicInteger order = new AtomicInteger();
        int[] seen = new int[2];
        RequestState st = new RequestState(s -> seen[0] = order.incrementAndGet());
        st.begin(1);
        st.attach(() -> seen[1] = order.incrementAndGet());
        st.release();
        assertEquals(1, seen[0]);
        assertEquals(2, seen[1]);
    }

    @Test
    void poolHandsEachObjectToOneUserAtATime() throws Exception {
        ObjectPool<int[]> pool = new ObjectPool<>(() -> new int[1], 4);
        int threads = 4;
        Thread[] ts = new Thread[threads];
        AtomicInteger conflicts = new AtomicInteger();
        for (int t = 0; t < threads; t++) {
            ts[t] = Thread.ofPlatform().start(() -> {
                for (int i = 0; i < 100_000; i++) {
                    int[] o = pool.acquire();
                    if (o[0] != 0) {
                        conflicts.incrementAndGet();
                    }
                    o[0] = 1;
                    o[0] = 0;
                    pool.release(o);
                }
            });
        }
        for (Thread t : ts) {
            assertTrue(t.join(Duration.ofSeconds(50)));
        }
        assertEquals(0, conflicts.get());
        assertTrue(pool.created() <= threads * 2L, "the caches serve almost everything: " + pool.created());
    }

    @Test
    void treiberStackLosesAndDuplicatesNothing() throws Exception {
        TreiberStack<Integer> s = new TreiberStack<>();
        int per = 50_000;
        Thread[] pushers = new Thread[2];
        for (int t = 0; t < 2; t++) {
            int base = t * per;
            pushers[t] = Thread.ofPlatform().start(() -> {
                for (int i = 0; i < per; i++) {
                    s.push(base + i);
                }
            });
        }
        boolean[] seen = new boolean[2 * per];
        int got = 0;
        while (got < 2 * per) {
            Integer v = s.pop();
            if (v == null) {
                Thread.onSpinWait();   // bounded: the pushers finish; the class @Timeout ends a hang
                continue;
            }
            assertFalse(seen[v], "duplicate " + v);
            seen[v] = true;
            got++;
        }
        for (Thread t : pushers) {
            t.join();
        }
        assertTrue(s.isEmpty());
    }
}
