package org.mpiverify.core.matching;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mpiverify.core.matching.MatchingEngine.ANY_SOURCE;
import static org.mpiverify.core.matching.MatchingEngine.ANY_TAG;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mpiverify.core.matching.ConcurrentMatchingRun.Post;
import org.mpiverify.core.matching.ConcurrentMatchingRun.Send;
import org.mpiverify.core.matching.ConcurrentMatchingRun.Step;
import org.mpiverify.core.matching.Items.Msg;
import org.mpiverify.core.matching.Items.Recv;
import org.mpiverify.testkit.ThreadDumpOnFailure;
import org.mpiverify.testkit.TwinTest;

/**
 * Senders arrive messages while receivers post exact and wildcard receives (and cancel a few), all at
 * once; {@link ConcurrentMatchingRun} then checks exactly-once delivery, checksums, no matchable pair
 * left apart, an empty engine after draining, and non-overtaking. Context 0 carries only exact
 * receives, one per message, so nothing may be left there but what cancellations leave; context 1
 * mixes every kind of wildcard with exact receives.
 */
@Timeout(180)
@ExtendWith(ThreadDumpOnFailure.class)
class ConcurrentMatchingTest {
    static final int SENDERS = 3;
    static final int MESSAGES_PER_SENDER = 3_000;
    static final int RECEIVERS = 3;
    static final int ROUNDS = 8;
    static final Duration DEADLINE = Duration.ofSeconds(30);

    @Test
    void queueEngineDeliversEveryMessageOnceInOrder() throws InterruptedException {
        runRounds(QueueMatchingEngine::new);
    }

    @Test
    void hashEngineDeliversEveryMessageOnceInOrder() throws InterruptedException {
        runRounds(HashMatchingEngine::new);
    }

    @Test
    void hashEngineSwitchingModesConstantlyDeliversEveryMessageOnceInOrder() throws InterruptedException {
        runRounds(() -> new HashMatchingEngine(2, 0)); // 2 buckets: every operation contends
    }

    @Test
    void hashEngineExactOnlyStaysOnTheFastPath() throws InterruptedException {
        HashMatchingEngine engine = new HashMatchingEngine();
        List<String> violations = new ConcurrentMatchingRun(engine).run(List.of(), scripts(new Random(7), false), DEADLINE);
        assertEquals(List.of(), violations);
        assertFalse(engine.isWild(0) || engine.isWild(1), "no wildcard was used, so no context left the DSG path");
    }

    /** The twin (a patch of {@link QueueMatchingEngine}): its arrival checks and takes under two lock acquisitions. */
    @TwinTest
    void knownBadTwinIsCaught() throws Exception {
        // Two arrivals both pass the check before either acts: they both take the one wildcard receive.
        CyclicBarrier bothChecked = new CyclicBarrier(2);
        CheckThenTakeQueueEngine bad = new CheckThenTakeQueueEngine(() -> {
            try {
                bothChecked.await(10, TimeUnit.SECONDS);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        List<Step> before = List.of(new Post(new Recv(0, ANY_SOURCE, ANY_TAG, 0, 0), false));
        List<List<Step>> scripts = List.of(List.of(new Send(new Msg(0, 0, 1, 0))), List.of(new Send(new Msg(0, 1, 1, 0))));
        List<String> violations = new ConcurrentMatchingRun(bad).run(before, scripts, DEADLINE);
        System.out.println("known-bad twin caught: " + violations);
        assertTrue(violations.stream().anyMatch(v -> v.contains("matched twice")), violations.toString());
    }

    private static void runRounds(Supplier<MatchingEngine> factory) throws InterruptedException {
        for (int round = 0; round < ROUNDS; round++) {
            MatchingEngine engine = factory.get();
            List<String> violations = new ConcurrentMatchingRun(engine).run(List.of(), scripts(new Random(round), true), DEADLINE);
            assertEquals(List.of(), violations.subList(0, Math.min(20, violations.size())), "round " + round + " (first 20)");
        }
    }

    /** Sender scripts (in send order) and receiver scripts (one receive per message, shuffled and dealt). */
    static List<List<Step>> scripts(Random rnd, boolean wildcards) {
        List<List<Step>> scripts = new ArrayList<>();
        List<int[]> shapes = new ArrayList<>();
        for (int s = 0; s < SENDERS; s++) {
            List<Step> sends = new ArrayList<>();
            for (int i = 0; i < MESSAGES_PER_SENDER; i++) {
                int ctx = i % 2, tag = rnd.nextInt(3);
                sends.add(new Send(new Msg(ctx, s, tag, i)));
                int src = s, t = tag;
                if (ctx == 1 && wildcards) {
                    switch (rnd.nextInt(4)) {
                        case 0 -> src = ANY_SOURCE;
                        case 1 -> t = ANY_TAG;
                        case 2 -> { src = ANY_SOURCE; t = ANY_TAG; }
                        default -> { }
                    }
                }
                shapes.add(new int[] {ctx, src, t});
            }
            scripts.add(sends);
        }
        Collections.shuffle(shapes, rnd);
        List<List<Step>> receivers = new ArrayList<>();
        for (int j = 0; j < RECEIVERS; j++) receivers.add(new ArrayList<>());
        int n = 0;
        for (int[] sh : shapes) {
            int j = n++ % RECEIVERS;
            List<Step> script = receivers.get(j);
            Recv r = new Recv(sh[0], sh[1], sh[2], j, script.size());
            script.add(new Post(r, rnd.nextInt(100) < 3));
        }
        scripts.addAll(receivers);
        return scripts;
    }
}
