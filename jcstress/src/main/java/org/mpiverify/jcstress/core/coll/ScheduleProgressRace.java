package org.mpiverify.jcstress.core.coll;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import java.util.concurrent.atomic.AtomicBoolean;

import org.mpiverify.core.coll.Schedule;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.I_Result;

/**
 * Race: two transfers of one nonblocking collective complete at once and each completer's rank polls the
 * schedule ({@link Schedule#progress()}: the work counter, a CAS of the busy flag, a second look if a
 * poll came during the pass). The schedule is done when both transfers are. Whichever poll runs the pass
 * that sees both, or a pass after it, no poll may be lost: once both actors returned the schedule is done.
 *
 * <p>r1 = the schedule is done after both actors (1) or not (0). Forbidden: 0, a lost poll: the pass that
 * ran saw only one transfer, the other poll found it busy and left, and nobody looks again (its waiter
 * would park for good).
 */
@JCStressTest
@Description("Schedule.progress: two completers poll at once; no poll lost")
@Outcome(id = "1", expect = ACCEPTABLE, desc = "Done: some pass saw both transfers.")
@Outcome(id = "0", expect = FORBIDDEN, desc = "Lost poll: both transfers done, both polls returned, the schedule not done.")
@State
public class ScheduleProgressRace {
    final AtomicBoolean first = new AtomicBoolean();
    final AtomicBoolean second = new AtomicBoolean();
    final Schedule schedule = new Schedule() {
        @Override
        protected boolean advance() {
            return first.get() && second.get();
        }
    };

    @Actor
    public void firstCompleter() {
        first.set(true);
        schedule.progress();
    }

    @Actor
    public void secondCompleter() {
        second.set(true);
        schedule.progress();
    }

    @Arbiter
    public void arbiter(I_Result r) {
        r.r1 = schedule.isDone() ? 1 : 0;
    }
}
