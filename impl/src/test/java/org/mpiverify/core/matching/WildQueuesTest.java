package org.mpiverify.core.matching;

import org.mpiverify.testkit.ThreadDumpOnFailure;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.mpiverify.core.matching.MatchingEngine.ANY_SOURCE;
import static org.mpiverify.core.matching.MatchingEngine.ANY_TAG;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mpiverify.core.matching.Items.Msg;
import org.mpiverify.core.matching.Items.Recv;

/**
 * {@link WildQueues} against {@link ContextQueues} (MPICH's two scanned FIFOs, the obvious semantics) on
 * long random histories of one context: every result must be the same object, the sizes equal, and
 * what is left must drain in the same order. Ranges are wider than the engine-level differential test
 * (so the hash indexes hold many keys) and takes are frequent (so the lazy FIFOs are rebuilt many times).
 * Then the scale case the class exists for: 100,000 {@code ANY_SOURCE} receives, each matched in O(1).
 */
@Timeout(120)
@ExtendWith(ThreadDumpOnFailure.class)
class WildQueuesTest {

    @Test
    void agreesWithTheScannedQueuesOnRandomHistories() {
        for (int seed = 0; seed < 200; seed++) {
            SplittableRandom rnd = new SplittableRandom(seed);
            WildQueues w = new WildQueues();
            ContextQueues q = new ContextQueues();
            List<Recv> posted = new ArrayList<>();
            int sources = 1 + rnd.nextInt(6), tags = 1 + rnd.nextInt(12);
            int wildPercent = rnd.nextInt(60);
            long arrivals = 0;
            for (int i = 0; i < 5_000; i++) {
                int src = rnd.nextInt(sources), tag = rnd.nextInt(tags);
                if (rnd.nextInt(100) < wildPercent) {
                    switch (rnd.nextInt(3)) {
                        case 0 -> src = ANY_SOURCE;
                        case 1 -> tag = ANY_TAG;
                        default -> { src = ANY_SOURCE; tag = ANY_TAG; }
                    }
                }
                int kind = rnd.nextInt(100);
                String where = "seed " + seed + " op " + i;
                if (kind < 40) {
                    Msg m = new Msg(0, Math.max(src, 0), Math.max(tag, 0), i);
                    long seq = arrivals++;
                    assertSame(q.matchOrEnqueue(m, seq), w.matchOrEnqueue(m, seq), where + " matchOrEnqueue " + m);
                } else if (kind < 75) {
                    Recv r = new Recv(0, src, tag, 0, i);
                    posted.add(r);
                    assertSame(q.matchOrPost(r), w.matchOrPost(r), where + " matchOrPost " + r);
                } else if (kind < 85) {
                    assertSame(q.findUnexpected(src, tag, false), w.findUnexpected(src, tag, false), where + " peek");
                } else if (kind < 95) {
                    assertSame(q.findUnexpected(src, tag, true), w.findUnexpected(src, tag, true), where + " take");
                } else if (!posted.isEmpty()) {
                    Recv r = posted.get(rnd.nextInt(posted.size()));
                    assertEquals(q.removePosted(r), w.removePosted(r), where + " remove " + r);
                }
                assertEquals(q.size(), w.size(), where + " size");
                assertEquals(q.postedWildcards(), w.postedWildcards(), where + " postedWildcards");
            }
            assertEquals(items(q.drainUnexpected()), items(w.drainUnexpected()), "seed " + seed + ": unexpected left");
            assertEquals(countPosted(q), w.size(), "seed " + seed + ": posted receives left");
        }
    }

    @Test
    void aHundredThousandAnySourceReceivesAreEachMatchedAtOnce() {
        WildQueues w = new WildQueues();
        int n = 100_000;
        Recv[] rs = new Recv[n];
        for (int i = 0; i < n; i++) {
            rs[i] = new Recv(0, ANY_SOURCE, i, 0, i);
            assertNull(w.matchOrPost(rs[i]));
        }
        long t0 = System.nanoTime();
        for (int i = n - 1; i >= 0; i--) {            // the last-posted first: a scan would take n steps each
            assertSame(rs[i], w.matchOrEnqueue(new Msg(0, i % 3, i, i), i));
        }
        long perMatchNanos = (System.nanoTime() - t0) / n;
        assertEquals(0, w.size());
        // Not a performance assertion (the machine may be busy): a record of what the index gives.
        System.out.println("WildQueues: " + n + " ANY_SOURCE matches, " + perMatchNanos + " ns each");
    }

    private static int countPosted(ContextQueues q) {
        int n = 0;
        for (PostedReceive r = q.drainPosted(), next; r != null; r = next) {
            next = r.nextPosted;
            r.nextPosted = null;
            n++;
        }
        return n;
    }

    private static List<Object> items(MatchNode first) {
        List<Object> l = new ArrayList<>();
        for (MatchNode m = first; m != null; m = m.next) {
            l.add(m.item);
        }
        return l;
    }
}
