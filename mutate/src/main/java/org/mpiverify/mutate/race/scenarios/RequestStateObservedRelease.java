package org.mpiverify.mutate.race.scenarios;

import java.util.concurrent.atomic.AtomicInteger;
import org.mpiverify.core.request.RequestState;
import org.openjdk.jcstress.annotations.Actor;

/**
 * A race scenario for the detector: the reference-count race of {@code RequestRefCountReleaseRace}
 * (the operation's release against a user's retain and releases) watched by a third thread through the
 * accessors a stale-handle check and a leak report use, {@link RequestState#generation()} and
 * {@link RequestState#refs()}, while the last releaser bumps the generation.
 */
public class RequestStateObservedRelease {
    final AtomicInteger recycles = new AtomicInteger();
    final RequestState state = new RequestState(s -> recycles.incrementAndGet());

    public RequestStateObservedRelease() {
        state.begin(2);
    }

    @Actor
    public void completer() {
        state.signal();
        state.release();
    }

    @Actor
    public void user() {
        state.retain();
        state.release();
        state.release();
    }

    @Actor
    public void observer() {
        for (int i = 0; i < 100 && (state.refs() > 0 || state.generation() == 0); i++) {
            Thread.onSpinWait();
        }
    }
}
