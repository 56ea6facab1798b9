package org.mpiverify.jcstress.core.contextid.twins;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * Known-bad twin of {@code ContextIdMaskHandoffRace}: Fig. 3's {@code mask_in_use} test-and-set done
 * without the critical section (read the flag, then set it: two accesses, not one atomic step). Two threads both
 * see the mask free, both become owner, both snapshot the same mask and both take its lowest id.
 *
 * <p>r1, r2 = the ids, r3 = free ids left (of 2 and 3).
 */
@JCStressTest
@Description("Broken twin: mask_in_use tested and set outside the critical section")
@Outcome(id = {"2, 3, 0", "3, 2, 0"}, expect = ACCEPTABLE, desc = "Distinct ids.")
@Outcome(expect = FORBIDDEN, desc = "Both threads owned the mask at once and took the same id.")
@State
public class ContextIdMaskHandoffRaceBrokenTwin {
    volatile boolean maskInUse; // DEFECT: tested, then set, outside the critical section (volatile, so the loser's loop still re-reads it)
    long mask = 0b1100;         // ids 2 and 3 free

    int allocate() {
        while (true) {
            boolean own;
            long snapshot = 0;
            if (!maskInUse) {
                maskInUse = true;
                own = true;
                snapshot = mask;
            } else {
                own = false;
            }
            // allreduce over one member: the identity
            if (own) {
                int id = snapshot == 0 ? -1 : Long.numberOfTrailingZeros(snapshot);
                synchronized (this) {
                    if (id >= 0) {
                        mask &= ~(1L << id);
                    }
                }
                maskInUse = false;
                return id;
            }
            Thread.onSpinWait();
        }
    }

    @Actor
    public void lowKey(III_Result r) {
        r.r1 = allocate();
    }

    @Actor
    public void highKey(III_Result r) {
        r.r2 = allocate();
    }

    @Arbiter
    public void arbiter(III_Result r) {
        r.r3 = Long.bitCount(mask);
    }
}
