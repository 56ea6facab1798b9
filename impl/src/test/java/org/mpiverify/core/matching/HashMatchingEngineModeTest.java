package org.mpiverify.core.matching;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mpiverify.core.matching.MatchingEngine.ANY_SOURCE;
import static org.mpiverify.core.matching.MatchingEngine.ANY_TAG;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mpiverify.core.matching.Items.Msg;
import org.mpiverify.core.matching.Items.Recv;
import org.mpiverify.testkit.ThreadDumpOnFailure;

/** When {@link HashMatchingEngine} leaves and rejoins the DSG fast path, per context. */
@Timeout(20)
@ExtendWith(ThreadDumpOnFailure.class)
class HashMatchingEngineModeTest {
    @Test
    void exactTrafficNeverLeavesTheFastPath() {
        HashMatchingEngine h = new HashMatchingEngine(4, 0);
        for (int i = 0; i < 100; i++) {
            h.matchOrEnqueue(new Msg(0, i % 3, i % 5, i));
            h.matchOrPost(new Recv(0, i % 3, i % 5));
            h.peek(0, 1, 1);
        }
        assertFalse(h.isWild(0));
    }

    @Test
    void aWildcardMakesOnlyItsContextWildUntilNoWildcardIsPosted() {
        HashMatchingEngine h = new HashMatchingEngine(4, 0);
        h.matchOrEnqueue(new Msg(1, 0, 0, 0));
        Recv w = new Recv(0, ANY_SOURCE, 3);
        assertNull(h.matchOrPost(w));
        assertTrue(h.isWild(0));
        assertFalse(h.isWild(1), "contexts switch independently");
        Msg unexpected = new Msg(0, 1, 2, 1);
        assertNull(h.matchOrEnqueue(unexpected));
        assertTrue(h.isWild(0), "a wildcard receive is still posted");
        assertSame(w, h.matchOrEnqueue(new Msg(0, 1, 3, 2)));
        assertFalse(h.isWild(0), "the matching arrival was the exact operation that switched back");
        assertSame(unexpected, h.take(0, 1, 2), "the unexpected message moved back to the table with its key");
        assertNull(h.take(0, 1, 2));
    }

    @Test
    void lingerKeepsAContextWildForSomeExactOperationsAfterAProbe() {
        HashMatchingEngine h = new HashMatchingEngine(4, 3);
        Msg m = new Msg(0, 2, 2, 0);
        h.matchOrEnqueue(m);
        assertSame(m, h.peek(0, ANY_SOURCE, ANY_TAG));
        assertTrue(h.isWild(0));
        h.peek(0, 2, 2);
        h.peek(0, 2, 2);
        assertTrue(h.isWild(0), "two exact operations after the probe");
        assertSame(m, h.peek(0, 2, 2));
        assertFalse(h.isWild(0), "the third switched back");
        assertSame(m, h.take(0, 2, 2), "the message survived both moves");
    }

    /**
     * Senders deliver unexpected messages concurrently, each on its own source, cycling over four tags, so
     * every message takes a number from the context's one clock under a bucket lock of its own key; then
     * ANY_TAG takes, which switch the context to wild mode and sort the drained messages by those numbers,
     * must give each sender's messages back in the order it sent them (MPI's non-overtaking, across tags).
     * The clock is one fetch-and-add: made a plain read and a plain write, a sender preempted between the
     * two writes back a value that others have passed (the clock goes back), and a later message of
     * another sender gets the number of one of its earlier ones; the drain's tie goes by bucket order, and
     * a take gets them out of order. More senders than cores, so that such preemptions happen.
     */
    @Test
    void concurrentSendersKeepTheirOrderAcrossTagsThroughTheSwitchToWild() throws InterruptedException {
        int senders = 8, perSender = 40_000, tags = 4;
        for (int round = 0; round < 3; round++) {
            HashMatchingEngine h = new HashMatchingEngine();
            CountDownLatch start = new CountDownLatch(1);
            Thread[] threads = new Thread[senders];
            for (int s = 0; s < senders; s++) {
                int source = s;
                threads[s] = Thread.ofPlatform().name("sender-" + s).start(() -> {
                    try {
                        start.await();
                    } catch (InterruptedException e) {
                        return;
                    }
                    for (int i = 0; i < perSender; i++) h.matchOrEnqueue(new Msg(0, source, i % tags, i));
                });
            }
            start.countDown();
            for (Thread t : threads) {
                t.join(TimeUnit.SECONDS.toMillis(10));
                assertFalse(t.isAlive(), t.getName() + " still delivering after 10 s");
            }
            for (int s = 0; s < senders; s++) {
                for (int i = 0; i < perSender; i++) {
                    Msg m = (Msg) h.take(0, s, ANY_TAG);
                    assertNotNull(m, "sender " + s + "'s message " + i + " is missing");
                    assertEquals(i, m.seq, "round " + round + ": sender " + s + "'s messages out of order");
                }
            }
        }
    }
}
