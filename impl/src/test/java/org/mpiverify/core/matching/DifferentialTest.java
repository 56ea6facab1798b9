package org.mpiverify.core.matching;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.mpiverify.core.matching.MatchingEngine.ANY_SOURCE;
import static org.mpiverify.core.matching.MatchingEngine.ANY_TAG;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Supplier;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mpiverify.core.matching.Items.Msg;
import org.mpiverify.core.matching.Items.Recv;
import org.mpiverify.testkit.ThreadDumpOnFailure;

/**
 * Long random sequential histories over tiny ranges (2 contexts, 3 sources, 3 tags, wildcards), applied
 * op by op to an engine and to {@link SequentialMatchingModel}; every result (by identity) and the size
 * must agree. Tiny ranges make keys collide, same-key backlogs form, and wildcards switch the hash
 * engine between its modes often.
 */
@Timeout(120)
@ExtendWith(ThreadDumpOnFailure.class)
class DifferentialTest {
    static final int SEEDS = 300;
    static final int OPS = 2_000;

    @Test
    void queueEngineAgreesWithTheModel() {
        assertAgrees(QueueMatchingEngine::new);
    }

    @Test
    void hashEngineAgreesWithTheModel() {
        assertAgrees(HashMatchingEngine::new);
    }

    @Test
    void hashEngineWithOneBucketAndNoLingerAgreesWithTheModel() {
        assertAgrees(() -> new HashMatchingEngine(1, 0));
    }

    @Test
    void hashEngineWithShortLingerAgreesWithTheModel() {
        assertAgrees(() -> new HashMatchingEngine(4, 3));
    }

    /** A context that never leaves wild mode once in it: every later operation runs on {@link WildQueues}. */
    @Test
    void hashEngineThatStaysWildAgreesWithTheModel() {
        assertAgrees(() -> new HashMatchingEngine(4, Integer.MAX_VALUE));
    }

    @Test
    void knownBadTwinIsCaught() {
        String divergence = null;
        for (int seed = 0; seed < SEEDS && divergence == null; seed++) {
            divergence = firstDivergence(new WildcardSkipsUnexpectedEngine(), seed, OPS);
        }
        assertNotNull(divergence, "the differential test cannot tell a broken wildcard path from a correct one");
        System.out.println("known-bad twin caught: " + divergence);
    }

    private static void assertAgrees(Supplier<MatchingEngine> factory) {
        for (int seed = 0; seed < SEEDS; seed++) {
            assertNull(firstDivergence(factory.get(), seed, OPS));
        }
    }

    /** Runs one random history; returns a description of the first disagreement, or null. */
    static String firstDivergence(MatchingEngine engine, long seed, int ops) {
        SplittableRandom rnd = new SplittableRandom(seed);
        SequentialMatchingModel model = new SequentialMatchingModel();
        List<Recv> receives = new ArrayList<>();
        List<String> history = new ArrayList<>();
        int wildcardPercent = 5 + rnd.nextInt(40); // some histories are nearly exact-only, some wildcard-heavy
        for (int i = 0; i < ops; i++) {
            int ctx = rnd.nextInt(2), src = rnd.nextInt(3), tag = rnd.nextInt(3);
            if (rnd.nextInt(100) < wildcardPercent) {
                switch (rnd.nextInt(3)) {
                    case 0 -> src = ANY_SOURCE;
                    case 1 -> tag = ANY_TAG;
                    default -> { src = ANY_SOURCE; tag = ANY_TAG; }
                }
            }
            Object expected, actual;
            String op;
            int kind = rnd.nextInt(100);
            if (kind < 35) {
                Msg m = new Msg(ctx, Math.max(src, 0), Math.max(tag, 0), i);
                op = "matchOrEnqueue(" + m + ")";
                expected = model.matchOrEnqueue(m);
                actual = engine.matchOrEnqueue(m);
            } else if (kind < 70) {
                Recv r = new Recv(ctx, src, tag, 0, i);
                receives.add(r);
                op = "matchOrPost(" + r + ")";
                expected = model.matchOrPost(r);
                actual = engine.matchOrPost(r);
            } else if (kind < 80) {
                op = "peek(" + ctx + ", " + src + ", " + tag + ")";
                expected = model.peek(ctx, src, tag);
                actual = engine.peek(ctx, src, tag);
            } else if (kind < 90) {
                op = "take(" + ctx + ", " + src + ", " + tag + ")";
                expected = model.take(ctx, src, tag);
                actual = engine.take(ctx, src, tag);
            } else if (!receives.isEmpty()) {
                Recv r = receives.get(rnd.nextInt(receives.size())); // pending, matched or removed
                op = "remove(" + r + ")";
                expected = model.remove(r);
                actual = engine.remove(r);
            } else {
                continue;
            }
            history.add(op + " -> " + expected);
            boolean same = expected instanceof Boolean ? expected.equals(actual) : expected == actual;
            if (!same || model.size() != engine.size()) {
                int from = Math.max(0, history.size() - 12);
                return "seed " + seed + ", op " + i + ": " + op + " returned " + actual + " (size " + engine.size()
                        + "), model says " + expected + " (size " + model.size() + "); last ops:\n  "
                        + String.join("\n  ", history.subList(from, history.size()));
            }
        }
        return null;
    }
}
