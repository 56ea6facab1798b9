package org.mpiverify.jcstress.core.matching.twins;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * Known-bad twin of {@code HashTableOwnerEmptyVsMoveRace}: an entry moved by copying its value and then
 * marking the old entry, and emptied by its owner with the paper's single plain write of ⊥ into the old
 * entry. An owner that writes after the copy (or between the copy and the mark) empties the old entry
 * while the value lives on in the new table.
 *
 * <p>r1 = 1 if the new table holds the value afterwards, r2 = 2 (the move always happens).
 */
@JCStressTest
@Description("Broken twin: copy-then-mark move vs a single-write owner empty")
@Outcome(id = "0, 2", expect = ACCEPTABLE, desc = "The owner emptied before the copy: nothing moved.")
@Outcome(expect = FORBIDDEN, desc = "The emptied value lives on in the new table.")
@State
public class HashTableOwnerEmptyVsMoveRaceBrokenTwin {
    static final Object MOVED = new Object();
    final Object value = new Object();
    volatile Object oldEntry = value;
    volatile Object newEntry;

    @Actor
    public void owner() {
        oldEntry = null;                 // DEFECT: blind to a move: no CAS, no look for MOVED
    }

    @Actor
    public void grower() {
        Object v = oldEntry;             // DEFECT: copy, then mark, in two steps
        if (v != null) {
            newEntry = v;
        }
        oldEntry = MOVED;
    }

    @Arbiter
    public void arbiter(II_Result r) {
        r.r1 = newEntry != null ? 1 : 0;
        r.r2 = 2;
    }
}
