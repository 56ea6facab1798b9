package org.mpiverify.lincheck.core.matching;

import java.util.concurrent.TimeUnit;
import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.jetbrains.lincheck.datastructures.ThreadIdGen;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mpiverify.core.matching.GrowingTables;
import org.mpiverify.core.matching.MatchTable;
import org.mpiverify.lincheck.Budget;
import org.mpiverify.lincheck.Lincheck;
import org.mpiverify.testkit.ThreadDumpOnFailure;

/**
 * {@link MatchTable} while it grows (chains moved one at a time to a table twice the size, forwarded
 * heads, entries marked MOVED) is linearizable with respect to the same map as the fixed table
 * ({@link MatchTableSpec}), including the owner's lock-free {@link MatchTable.Entry#empty()} racing a move.
 *
 * <p>The table has one head, asks to grow as soon as a chain needs an overflow bucket, and holds three
 * keys the operations never touch, so the fourth live key grows it: most scenarios move chains while
 * other operations run. Operations and determinism as in {@link MatchTableLinearizabilityTest}.
 *
 * <p>Twin: the owner's empty as the paper's single plain write ({@link GrowingTables#emptyWithASingleWrite}):
 * correct in a table that never moves entries, wrong in one that does (the value lives on in the new table).
 */
@ExtendWith(ThreadDumpOnFailure.class)
public class MatchTableGrowthLinearizabilityTest extends MatchTableOperations {
    static final String SUITE = "MatchTableGrowthLinearizabilityTest";
    static final String CHECKS = "DSG MatchTable growing (chains moved, MOVED entries) insert/empty/get/insertEntry/Entry.empty vs a map";

    public MatchTableGrowthLinearizabilityTest() {
        super(real(GrowingTables.eager()));
    }

    @Test
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    void modelChecking() {
        Lincheck.checkModel(SUITE, CHECKS, getClass(), MatchTableSpec.class, Budget.modelChecking(), 400);
    }

    @Test
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    void stress() {
        Lincheck.checkStress(SUITE, CHECKS, getClass(), MatchTableSpec.class, Budget.stress());
    }

    @Test
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    void singleWriteEmptyTwinIsRejected() {
        Lincheck.expectRejected("SingleWriteEmptyGrowingMatchTable",
                "the owner's empty is the paper's plain write of ⊥, blind to a move of its entry",
                true, Twin.class, MatchTableSpec.class, Budget.twin());
    }

    /**
     * The growing table with the single-write owner empty: owned inserts, owned empties and gets of the
     * one owned key (2). The owned insert is the fourth live key, so it grows the table and moves its own
     * entry at once; a get after the owner's empty (in the thread itself or the post part) sees the value
     * the empty missed.
     */
    @Param(name = "ok", gen = IntGen.class, conf = "2:2")
    @Param(name = "gk", gen = IntGen.class, conf = "2:2")
    @Param(name = "v", gen = IntGen.class, conf = "0:1")
    @Param(name = "t", gen = ThreadIdGen.class)
    public static class Twin {
        private final MatchTable table = GrowingTables.eager();
        private final MatchTable.Entry[] owned = new MatchTable.Entry[8];
        private final int[] ownedKey = new int[8];

        @Operation
        public int get(@Param(name = "gk") int k) {
            Object r = table.get(k);
            return r == null ? -1 : ((Val) r).v();
        }

        @Operation
        public String insertOwned(@Param(name = "t") int t, @Param(name = "ok") int k, @Param(name = "v") int v) {
            if (owned[t] != null) return "busy";
            Val mine = new Val(v);
            MatchTable.Entry e = table.insertEntry(k, mine);
            if (e.value() != mine) return "held";
            owned[t] = e;
            ownedKey[t] = k;
            return "inserted";
        }

        @Operation
        public int emptyOwned(@Param(name = "t") int t) {
            MatchTable.Entry e = owned[t];
            if (e == null) return -1;
            GrowingTables.emptyWithASingleWrite(e);
            owned[t] = null;
            return ownedKey[t];
        }
    }
}
