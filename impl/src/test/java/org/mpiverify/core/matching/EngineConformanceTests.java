package org.mpiverify.core.matching;

import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mpiverify.core.matching.Items.Msg;
import org.mpiverify.core.matching.Items.Recv;
import org.mpiverify.testkit.ThreadDumpOnFailure;

/** The conformance suite bound to each engine (and to the model, which must pass its own rules). */
@Timeout(20)
@ExtendWith(ThreadDumpOnFailure.class)
class EngineConformanceTests {
    @Nested
    class Model extends MatchingEngineConformanceTest {
        @Override
        MatchingEngine newEngine() { return new SequentialMatchingModel(); }
    }

    @Nested
    class Queue extends MatchingEngineConformanceTest {
        @Override
        MatchingEngine newEngine() { return new QueueMatchingEngine(); }
    }

    /** Default table and linger: wildcards keep the context in wild mode for a while. */
    @Nested
    class Hash extends MatchingEngineConformanceTest {
        @Override
        MatchingEngine newEngine() { return new HashMatchingEngine(); }
    }

    /** One bucket (every key collides, overflow chains) and no linger (switch back at once). */
    @Nested
    class HashOneBucketNoLinger extends MatchingEngineConformanceTest {
        @Override
        MatchingEngine newEngine() { return new HashMatchingEngine(1, 0); }
    }

    @Nested
    class HashKeys {
        @Test
        void outOfRangeFieldsAreRejected() {
            HashMatchingEngine h = new HashMatchingEngine();
            assertThrows(IllegalArgumentException.class, () -> h.matchOrEnqueue(new Msg(1 << 20, 0, 0, 0)));
            assertThrows(IllegalArgumentException.class, () -> h.matchOrEnqueue(new Msg(0, 1 << 21, 0, 0)));
            assertThrows(IllegalArgumentException.class, () -> h.matchOrEnqueue(new Msg(0, 0, 1 << 22, 0)));
            assertThrows(IllegalArgumentException.class, () -> h.matchOrEnqueue(new Msg(0, MatchingEngine.ANY_SOURCE, 0, 0)));
            assertThrows(IllegalArgumentException.class, () -> h.matchOrPost(new Recv(-1, 0, 0)));
            assertThrows(IllegalArgumentException.class, () -> h.peek(0, -7, 0));
        }

        @Test
        void keysOfDistinctTriplesDiffer() {
            long a = HashMatchingEngine.key((1 << 20) - 1, (1 << 21) - 1, (1 << 22) - 1);
            org.junit.jupiter.api.Assertions.assertEquals(Long.MAX_VALUE, a, "all 63 bits used, sign bit clear");
            org.junit.jupiter.api.Assertions.assertNotEquals(HashMatchingEngine.key(1, 0, 0), HashMatchingEngine.key(0, 1, 0));
            org.junit.jupiter.api.Assertions.assertNotEquals(HashMatchingEngine.key(0, 1, 0), HashMatchingEngine.key(0, 0, 1));
            org.junit.jupiter.api.Assertions.assertEquals(5, HashMatchingEngine.contextOf(HashMatchingEngine.key(5, 3, 2)));
        }
    }
}
