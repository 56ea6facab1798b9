package org.mpiverify.jcstress.core.request;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.mpiverify.core.request.RequestState;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIII_Result;

/**
 * Race: the completing thread writes the receive buffer and the status (plain fields of
 * {@link RequestState}) and then calls {@code signal()}; the user's thread polls {@code isDone()}
 * ({@code MPI_Test}) and reads buffer and status. The volatile write/read of {@code done} must carry the
 * plain writes with it (Gropp &amp; Thakur §4.3: completion is a publication point).
 *
 * <p>r1 = buffer word, r2 = source, r3 = tag, r4 = byte count, or all -1 if not yet done. Forbidden: done
 * observed but any of them stale (0): the user would read a half-delivered message.
 */
@JCStressTest
@Description("RequestState: buffer and status written before signal() are visible after isDone()")
@Outcome(id = "-1, -1, -1, -1", expect = ACCEPTABLE, desc = "Not complete yet.")
@Outcome(id = "42, 3, 7, 4", expect = ACCEPTABLE, desc = "Complete, with the delivered payload and status.")
@Outcome(expect = FORBIDDEN, desc = "Complete but payload or status stale: completion did not publish them.")
@State
public class RequestStatusPublicationRace {
    final RequestState state = new RequestState(s -> { });
    final int[] buffer = new int[1];

    public RequestStatusPublicationRace() {
        state.begin(2);
    }

    @Actor
    public void completer() {
        buffer[0] = 42;
        state.setStatus(3, 7, 4, 0, false);
        state.signal();
    }

    @Actor
    public void user(IIII_Result r) {
        if (state.isDone()) {
            r.r1 = buffer[0];
            r.r2 = state.source();
            r.r3 = state.tag();
            r.r4 = (int) state.bytes();
        } else {
            r.r1 = r.r2 = r.r3 = r.r4 = -1;
        }
    }
}
