package org.mpiverify.mutate.race.scenarios;

import org.mpiverify.core.request.TreiberStack;
import org.openjdk.jcstress.annotations.Actor;

/**
 * A race scenario for the detector: a push against a pop on a {@link TreiberStack}, as
 * {@code TreiberStackPushPopRace}, with a third thread asking {@link TreiberStack#isEmpty()} meanwhile,
 * as a pool's report does.
 */
public class TreiberStackObservedPushPop {
    final TreiberStack<Object> stack = new TreiberStack<>();

    public TreiberStackObservedPushPop() {
        stack.push(new Object());
    }

    @Actor
    public void pusher() {
        stack.push(new Object());
    }

    @Actor
    public void popper() {
        stack.pop();
        stack.pop();
    }

    @Actor
    public void observer() {
        for (int i = 0; i < 100 && !stack.isEmpty(); i++) {
            Thread.onSpinWait();
        }
    }
}
