package org.mpiverify.core.matching;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mpiverify.core.matching.MatchingEngine.ANY_SOURCE;
import static org.mpiverify.core.matching.MatchingEngine.ANY_TAG;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mpiverify.core.matching.Items.Msg;
import org.mpiverify.core.matching.Items.Recv;
import org.mpiverify.testkit.ThreadDumpOnFailure;

/**
 * The contract of {@link MatchingEngine} (MPI-3.1 §3.5), one rule per test, run against every engine
 * by a subclass (including the sequential model itself, so the model is checked against the rules).
 */
@Timeout(20)
@ExtendWith(ThreadDumpOnFailure.class)
abstract class MatchingEngineConformanceTest {
    MatchingEngine engine;

    abstract MatchingEngine newEngine();

    @BeforeEach
    void setUp() {
        engine = newEngine();
    }

    private Msg arrive(int ctx, int src, int tag, int seq) {
        Msg m = new Msg(ctx, src, tag, seq);
        assertNull(engine.matchOrEnqueue(m), "no receive posted, so " + m + " must be enqueued");
        return m;
    }

    private Recv post(int ctx, int src, int tag) {
        Recv r = new Recv(ctx, src, tag);
        assertNull(engine.matchOrPost(r), "no message waiting, so " + r + " must be posted");
        return r;
    }

    @Test
    void unexpectedMessagesWithOneKeyMatchInArrivalOrder() {
        Msg a = arrive(0, 1, 7, 0), b = arrive(0, 1, 7, 1), c = arrive(0, 1, 7, 2);
        assertSame(a, engine.matchOrPost(new Recv(0, 1, 7)));
        assertSame(b, engine.matchOrPost(new Recv(0, 1, 7)));
        assertSame(c, engine.matchOrPost(new Recv(0, 1, 7)));
        assertEquals(0, engine.size());
    }

    @Test
    void postedReceivesWithOneKeyMatchInPostingOrder() {
        Recv a = post(0, 1, 7), b = post(0, 1, 7), c = post(0, 1, 7);
        assertSame(a, engine.matchOrEnqueue(new Msg(0, 1, 7, 0)));
        assertSame(b, engine.matchOrEnqueue(new Msg(0, 1, 7, 1)));
        assertSame(c, engine.matchOrEnqueue(new Msg(0, 1, 7, 2)));
        assertEquals(0, engine.size());
    }

    @Test
    void anySourceTakesTheEarliestArrivedOfItsTag() {
        arrive(0, 2, 9, 0);
        Msg first = arrive(0, 2, 5, 1);
        Msg second = arrive(0, 0, 5, 2);
        assertSame(first, engine.matchOrPost(new Recv(0, ANY_SOURCE, 5)));
        assertSame(second, engine.matchOrPost(new Recv(0, ANY_SOURCE, 5)));
        assertEquals(1, engine.size());
    }

    @Test
    void anyTagTakesTheEarliestArrivedOfItsSource() {
        arrive(0, 1, 3, 0);
        Msg first = arrive(0, 0, 4, 1);
        Msg second = arrive(0, 0, 3, 2);
        assertSame(first, engine.matchOrPost(new Recv(0, 0, ANY_TAG)));
        assertSame(second, engine.matchOrPost(new Recv(0, 0, ANY_TAG)));
        assertEquals(1, engine.size());
    }

    @Test
    void fullWildcardTakesTheEarliestArrivedAcrossAllKeys() {
        Msg[] ms = {arrive(0, 2, 2, 0), arrive(0, 0, 1, 1), arrive(0, 1, 0, 2), arrive(0, 2, 2, 3), arrive(0, 0, 0, 4)};
        for (Msg m : ms) assertSame(m, engine.matchOrPost(new Recv(0, ANY_SOURCE, ANY_TAG)));
        assertEquals(0, engine.size());
    }

    @Test
    void exactReceiveIgnoresEarlierMessagesOfOtherKeys() {
        Msg other = arrive(0, 0, 1, 0);
        Msg mine = arrive(0, 0, 2, 1);
        assertSame(mine, engine.matchOrPost(new Recv(0, 0, 2)));
        assertSame(other, engine.peek(0, ANY_SOURCE, ANY_TAG));
    }

    @Test
    void arrivalMatchesAnEarlierWildcardBeforeALaterExactReceive() {
        Recv wild = post(0, ANY_SOURCE, 4);
        Recv exact = post(0, 1, 4);
        assertSame(wild, engine.matchOrEnqueue(new Msg(0, 1, 4, 0)));
        assertSame(exact, engine.matchOrEnqueue(new Msg(0, 1, 4, 1)));
        assertEquals(0, engine.size());
    }

    @Test
    void arrivalMatchesAnEarlierExactReceiveBeforeALaterWildcard() {
        Recv exact = post(0, 1, 4);
        Recv wild = post(0, 1, ANY_TAG);
        assertSame(exact, engine.matchOrEnqueue(new Msg(0, 1, 4, 0)));
        assertSame(wild, engine.matchOrEnqueue(new Msg(0, 1, 4, 1)));
        assertEquals(0, engine.size());
    }

    @Test
    void arrivalSkipsWildcardsThatDoNotMatchIt() {
        Recv otherTag = post(0, ANY_SOURCE, 8);
        Recv otherSource = post(0, 3, ANY_TAG);
        Recv any = post(0, ANY_SOURCE, ANY_TAG);
        assertSame(any, engine.matchOrEnqueue(new Msg(0, 1, 4, 0)));
        assertSame(otherSource, engine.matchOrEnqueue(new Msg(0, 3, 9, 1)));
        assertSame(otherTag, engine.matchOrEnqueue(new Msg(0, 0, 8, 2)));
    }

    @Test
    void orderAcrossKeysSurvivesExactTrafficBeforeTheFirstWildcard() {
        // Exact traffic first (the hash engine's fast mode), then wildcards must still see arrival order.
        Msg a = arrive(0, 1, 1, 0);
        Msg b = arrive(0, 0, 2, 1);
        Msg c = arrive(0, 1, 1, 2);
        Msg d = arrive(0, 2, 0, 3);
        assertSame(b, engine.matchOrPost(new Recv(0, 0, 2)));
        assertSame(a, engine.matchOrPost(new Recv(0, 1, ANY_TAG)));
        assertSame(c, engine.matchOrPost(new Recv(0, ANY_SOURCE, ANY_TAG)));
        assertSame(d, engine.take(0, ANY_SOURCE, 0));
        assertEquals(0, engine.size());
    }

    @Test
    void exactTrafficAfterWildcardsKeepsPerKeyOrder() {
        Recv wild = post(0, ANY_SOURCE, ANY_TAG);
        Recv r1 = post(0, 1, 1), r2 = post(0, 1, 1);
        Msg m0 = new Msg(0, 1, 1, 0);
        assertSame(wild, engine.matchOrEnqueue(m0));
        // No wildcard is posted now; exact operations may move the engine back to its exact path.
        assertSame(r1, engine.matchOrEnqueue(new Msg(0, 1, 1, 1)));
        Msg m2 = arrive(0, 2, 2, 2), m3 = arrive(0, 2, 2, 3);
        assertSame(r2, engine.matchOrEnqueue(new Msg(0, 1, 1, 4)));
        assertSame(m2, engine.matchOrPost(new Recv(0, 2, 2)));
        assertSame(m3, engine.take(0, ANY_SOURCE, ANY_TAG));
        assertEquals(0, engine.size());
    }

    @Test
    void peekLeavesTheMessageAndTakeRemovesIt() {
        Msg m = arrive(0, 1, 2, 0);
        assertSame(m, engine.peek(0, 1, 2));
        assertSame(m, engine.peek(0, ANY_SOURCE, 2));
        assertSame(m, engine.peek(0, 1, ANY_TAG));
        assertEquals(1, engine.size());
        assertSame(m, engine.take(0, ANY_SOURCE, ANY_TAG));
        assertNull(engine.peek(0, 1, 2));
        assertNull(engine.take(0, 1, 2));
        assertEquals(0, engine.size());
    }

    @Test
    void peekAndTakeReturnTheEarliestArrived() {
        Msg a = arrive(0, 1, 2, 0), b = arrive(0, 1, 3, 1);
        assertSame(a, engine.peek(0, 1, ANY_TAG));
        assertSame(b, engine.peek(0, 1, 3));
        assertSame(a, engine.take(0, 1, ANY_TAG));
        assertSame(b, engine.take(0, 1, ANY_TAG));
    }

    @Test
    void peekDoesNotSeePostedReceivesOrOtherPatterns() {
        post(0, 1, 2);
        assertNull(engine.peek(0, 1, 2));
        assertNull(engine.peek(0, ANY_SOURCE, ANY_TAG));
        assertNull(engine.take(5, ANY_SOURCE, ANY_TAG)); // a context never used
        arrive(0, 1, 3, 0);
        assertNull(engine.peek(0, 2, ANY_TAG));
        assertNull(engine.peek(0, ANY_SOURCE, 4));
    }

    @Test
    void removeCancelsAPostedReceive() {
        Recv r = post(0, 1, 2);
        assertTrue(engine.remove(r));
        assertFalse(engine.remove(r), "second remove");
        assertEquals(0, engine.size());
        Msg m = new Msg(0, 1, 2, 0);
        assertNull(engine.matchOrEnqueue(m), "a cancelled receive must not match");
        assertSame(m, engine.peek(0, 1, 2));
    }

    @Test
    void removeOfAMatchedReceiveFails() {
        Recv r = post(0, 1, 2);
        assertSame(r, engine.matchOrEnqueue(new Msg(0, 1, 2, 0)));
        assertFalse(engine.remove(r));
        Recv immediate = new Recv(0, 1, 2);
        arrive(0, 1, 2, 1);
        engine.matchOrPost(immediate);
        assertFalse(engine.remove(immediate), "a receive matched at posting was never posted");
    }

    @Test
    void removeFromTheMiddleOfASameKeyBacklogKeepsTheRestInOrder() {
        Recv a = post(0, 1, 2), b = post(0, 1, 2), c = post(0, 1, 2), d = post(0, 1, 2);
        assertTrue(engine.remove(b));
        assertTrue(engine.remove(d));
        assertSame(a, engine.matchOrEnqueue(new Msg(0, 1, 2, 0)));
        assertSame(c, engine.matchOrEnqueue(new Msg(0, 1, 2, 1)));
        Recv e = post(0, 1, 2);
        assertSame(e, engine.matchOrEnqueue(new Msg(0, 1, 2, 2)));
    }

    @Test
    void removeCancelsAWildcardReceive() {
        Recv w = post(0, ANY_SOURCE, ANY_TAG);
        Recv x = post(0, 1, 2);
        assertTrue(engine.remove(w));
        assertFalse(engine.remove(w));
        assertSame(x, engine.matchOrEnqueue(new Msg(0, 1, 2, 0)));
        assertFalse(engine.remove(new Recv(0, ANY_SOURCE, 2)), "never posted");
    }

    @Test
    void contextsAreIsolated() {
        Msg m0 = arrive(0, 1, 2, 0);
        Recv r1 = post(1, 1, 2);
        assertNull(engine.peek(1, ANY_SOURCE, ANY_TAG));
        Recv w1 = post(1, ANY_SOURCE, ANY_TAG);
        Msg m1 = new Msg(1, 1, 2, 1);
        assertSame(r1, engine.matchOrEnqueue(m1));
        assertSame(m0, engine.take(0, 1, 2));
        assertTrue(engine.remove(w1));
        assertFalse(engine.remove(new Recv(0, ANY_SOURCE, ANY_TAG)));
        assertEquals(0, engine.size());
    }

    @Test
    void sizeCountsPostedAndUnexpected() {
        assertEquals(0, engine.size());
        post(0, 1, 2);
        post(0, 1, 2);
        post(1, ANY_SOURCE, 2);
        arrive(0, 2, 2, 0);
        arrive(2, 0, 0, 1);
        assertEquals(5, engine.size());
        engine.matchOrEnqueue(new Msg(0, 1, 2, 2));
        assertEquals(4, engine.size());
    }
}
