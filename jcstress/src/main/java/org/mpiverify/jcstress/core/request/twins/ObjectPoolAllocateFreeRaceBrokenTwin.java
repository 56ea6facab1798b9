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
 * list whose head is read and then overwritten (no CAS); thread 1's cache is modelled by a local
 * (it is not what this twin breaks). Two threads that allocate at once both take the same object.
 * A short spin between the read and the write stands for the cache miss on {@code h.next} that
 * opens the window in a real pool; without it jcstress sees the double allocation only a few dozen
 * times per quick run.
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

    /** DEFECT: check-then-act on head. */
    volatile Obj head;
    Obj d;
    Obj x;

    Obj acquire() {
        Obj h = head;
        if (h == null) {
            return new Obj();
        }
        for (int i = 0; i < 16; i++) {
            Thread.onSpinWait();   // (the window a cache miss on h.next would open)
        }
        head = h.next;             // DEFECT: another acquire may have taken h meanwhile
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
