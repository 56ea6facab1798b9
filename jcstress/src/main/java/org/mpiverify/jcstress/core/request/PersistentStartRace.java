package org.mpiverify.jcstress.core.request;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import java.util.concurrent.atomic.AtomicInteger;

import org.mpiverify.core.request.PersistentSlot;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIII_Result;

/**
 * Race: two threads start one inactive persistent request ({@code MPI_Start}, MPI-3.1 §3.9) at once. A start
 * is valid only on an inactive request, and one start makes it active, so exactly one of them may post its
 * operation; the other must be refused with the request left holding the winner's operation.
 *
 * <p>r1, r2 = each starter's outcome (1 started, 0 refused as active); r3 = operations posted; r4 = 1 if the
 * request holds the operation its winner posted. Forbidden: two starts (the first operation is lost under the
 * second, never completed), none, or a request that holds an operation nobody started.
 */
@JCStressTest
@Description("PersistentSlot.start racing start: exactly one starter posts, the other is refused")
@Outcome(id = {"1, 0, 1, 1", "0, 1, 1, 1"}, expect = ACCEPTABLE, desc = "One start posted and published; the other was refused.")
@Outcome(expect = FORBIDDEN, desc = "Both posted (one operation lost), none did, or the request holds the wrong operation.")
@State
public class PersistentStartRace {
    final PersistentSlot<Object> slot = new PersistentSlot<>();
    final AtomicInteger posts = new AtomicInteger();
    volatile Object first;
    volatile Object second;

    @Actor
    public void first(IIII_Result r) {
        Object op = new Object();
        r.r1 = started(slot.start(() -> {
            posts.incrementAndGet();
            first = op;
            return op;
        }));
    }

    @Actor
    public void second(IIII_Result r) {
        Object op = new Object();
        r.r2 = started(slot.start(() -> {
            posts.incrementAndGet();
            second = op;
            return op;
        }));
    }

    /** 1 if a start's outcome is STARTED (by name: the twin's outcome type is its own). */
    static int started(Enum<?> outcome) {
        return outcome.name().equals("STARTED") ? 1 : 0;
    }

    @Arbiter
    public void arbiter(IIII_Result r) {
        r.r3 = posts.get();
        Object held = slot.current();
        r.r4 = held != null && (r.r1 == 1 ? held == first : held == second) ? 1 : 0;
    }
}
