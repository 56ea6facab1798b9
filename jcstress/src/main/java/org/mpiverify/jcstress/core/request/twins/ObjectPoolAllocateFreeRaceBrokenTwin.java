package org.mpiverify.jcstress.core.request.twins;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIII_Result;

/**
 * Known-bad twin of {@code ObjectPoolAllocateFreeRace}: the same scenario, but the shared pool is a
 * list whose head is read and then overwritten (no CAS) and the per-thread caches are one shared slot
 * (a "cache" that is not per thread). Two threads that allocate at once both take the same object.
 */
@JCStressTest
@Description("Broken twin: a pool whose shared stack updates head without CAS")
@Outcome(id = "1, 2, 0, 0", expect = ACCEPTABLE, desc = "Thread 1 got b back; thread 2 a new object.")
@Outcome(id = "1, 0, 2, 0", expect = ACCEPTABLE, desc = "Thread 2 got b; thread 1 a new object.")
@Outcome(id = "1, 0, 0, 0", expect = ACCEPTABLE, desc = "Thread 2 allocated before b was freed.")
@Outcome(expect = FORBIDDEN, desc = "Double allocation or lost object: the pool's head update was not atomic.")
@State
public class ObjectPoolAllocateFreeRaceBrokenTwin {
    static final class Obj {
        int v;
        Obj next;
    }

    /** BUG: check-then-act on head. */
    volatile Obj head;
    Obj d;
    Obj x;

    Obj acquire() {
        Obj h = head;
        if (h == null) {
            return new Obj();
        }
        head = h.next;
        return h;
    }

    void release(Obj o) {
        o.next = head;
        head = o;
    }

    @Actor
    public void allocateFreeAllocate(IIII_Result r) {
        Obj a = acquire();
        Obj b = acquire();
        a.v = 1;
        b.v = 2;
        Obj c = a;            // the per-thread cache, modelled as a local: it is not what this twin breaks
        release(b);
        Obj dd = acquire();
        r.r1 = c == a ? 1 : 0;
        r.r2 = dd.v;
        d = dd;
    }

    @Actor
    public void allocate(IIII_Result r) {
        Obj xx = acquire();
        r.r3 = xx.v;
        x = xx;
    }

    @Arbiter
    public void arbiter(IIII_Result r) {
        r.r4 = d == x ? 1 : 0;
    }
}
