package org.mpiverify.jcstress.core.request;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.mpiverify.core.request.RequestState;
import org.mpiverify.core.sync.WaitPolicy;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIII_Result;

/**
 * Race: a blocking receive of at most 8 bytes completed inline against its waiter. The completing thread (the
 * sender that matched the receive) writes the payload word and the status (plain fields of {@link RequestState})
 * and then signals ({@link RequestState#signalInline}); the receiving thread waits ({@code Completion.await}, as
 * the blocking {@code MPI_Recv} does) and then reads the payload word and the status, which it copies into the
 * user's buffer and status. The volatile write/read of {@code done} must carry the plain writes with it (Gropp
 * &amp; Thakur §4.3: completion is a publication point). The state is pooled, so it still holds the payload of
 * its previous use (here -1, -2), which a waiter that read too early would copy into the user's buffer.
 *
 * <p>The same state also publishes the status of every other completion ({@code setStatus} then {@code signal()}
 * on the receive's delivery through the user's buffer, which {@code mpi.PayloadPublicationRace} runs through
 * the public API).
 *
 * <p>r1, r2 = the payload word's low and high int, r3 = source, r4 = tag (-1 if the completion was not inline).
 * Forbidden: done observed with the old payload or a stale status: the user would read a message that was never sent.
 */
@JCStressTest
@Description("RequestState: the inline payload and the status written before signal() are seen by the waiter after done")
@Outcome(id = "42, 43, 3, 7", expect = ACCEPTABLE, desc = "Done, with the delivered payload and status.")
@Outcome(expect = FORBIDDEN, desc = "Done but payload or status stale: completion did not publish them.")
@State
public class RequestStatusPublicationRace {
    /** A spinning wait (the spin bound of a platform thread's), then a park that the signal ends. */
    static final WaitPolicy WAIT = new WaitPolicy(20_000, 0, 2, 50_000_000);
    static final long PAYLOAD = (43L << 32) | 42, OLD_PAYLOAD = (-2L << 32) | (-1 & 0xFFFF_FFFFL);

    final RequestState state = new RequestState(s -> { });

    public RequestStatusPublicationRace() {
        state.begin(1);                                  // the previous use, from the pool: its payload stays
        state.signalInline(OLD_PAYLOAD, 9, 9, 8, 0);
        state.begin(2);
    }

    @Actor
    public void completer() {
        state.signalInline(PAYLOAD, 3, 7, 8, 0);
    }

    @Actor
    public void receiver(IIII_Result r) {
        state.await(() -> false, WAIT);
        long w = state.inlinePayload();
        r.r1 = (int) w;
        r.r2 = (int) (w >>> 32);
        r.r3 = state.source();
        r.r4 = state.inline() ? state.tag() : -1;
    }
}
