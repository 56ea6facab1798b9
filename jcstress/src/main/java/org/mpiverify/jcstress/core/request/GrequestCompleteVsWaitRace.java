package org.mpiverify.jcstress.core.request;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.mpiverify.core.request.GrequestLifecycle;
import org.mpiverify.core.request.RequestState;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * Race: {@code MPI_Grequest_complete} in one thread against a wait or test on the generalized request in
 * another (MPI-3.1 §12.2: the free callback runs in the wait or test call that completes the request, after
 * its query callback). The completer records the completion and signals the request's completion
 * ({@link GrequestLifecycle#complete}); the waiter looks at the completion and, if done, completes its handle
 * ({@link GrequestLifecycle#handleDone}), which tells it whether to run the free callback itself.
 *
 * <p>r1 = the waiter saw the request done; r2 = the waiter ran the free callback; r3 = the completer ran it.
 * Forbidden: a waiter that completed its handle but did not run the free callback (it would run later, in
 * {@code MPI_Grequest_complete}, after the wait returned: the woken waiter missed the completion it was woken
 * for), or a free callback run twice or by the completer while the handle is in use.
 */
@JCStressTest
@Description("Grequest complete vs wait: a waiter that sees the completion runs the free callback itself")
@Outcome(id = "1, 1, 0", expect = ACCEPTABLE, desc = "The waiter saw the completion and ran the free callback.")
@Outcome(id = "0, 0, 0", expect = ACCEPTABLE, desc = "The waiter looked too early: the handle stays active, nobody frees yet.")
@Outcome(expect = FORBIDDEN, desc = "The waiter completed its handle without the completion recorded: free ran late, twice or never.")
@State
public class GrequestCompleteVsWaitRace {
    final GrequestLifecycle lifecycle = new GrequestLifecycle();
    final RequestState state = new RequestState(s -> { });

    public GrequestCompleteVsWaitRace() {
        state.begin(2);
    }

    @Actor
    public void completer(III_Result r) {
        Enum<?> c = lifecycle.complete(state::signal);
        state.release();
        r.r3 = c.name().equals("LAST") ? 1 : 0;   // by name: the twin's type is its own
    }

    @Actor
    public void waiter(III_Result r) {
        if (state.isDone()) {
            r.r1 = 1;
            r.r2 = lifecycle.handleDone() ? 1 : 0;
        }
    }
}
