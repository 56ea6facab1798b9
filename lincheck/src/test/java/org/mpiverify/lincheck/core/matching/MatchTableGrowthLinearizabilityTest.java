package org.mpiverify.lincheck.core.matching;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.jetbrains.kotlinx.lincheck.execution.ExecutionScenario;
import org.jetbrains.kotlinx.lincheck.Actor;
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
import org.mpiverify.testkit.TwinTest;

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

    /**
     * The owner's lock-free empty racing a move of its own entry that another thread's insert starts, with
     * the owned entry at each of the three indices of its bucket ({@link #ownersEmptyRacingAMove}). Random
     * scenarios rarely make it: in the eager table the owned insert itself is the fourth key and grows the
     * table before its owner can empty it. A lost race between the owner's CAS and the grower's atomic
     * read-and-mark resurrects the value in the new table.
     */
    @Test
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    void ownersEmptyRacingAMoveModelChecking() {
        Lincheck.checkModel(SUITE, MOVE_CHECKS, LateGrowth.class, MatchTableSpec.class, MOVE_BUDGET, 400,
                ownersEmptyRacingAMove(LateGrowth.class, 0), ownersEmptyRacingAMove(LateGrowth.class, 1),
                ownersEmptyRacingAMove(LateGrowth.class, 2));
    }

    @TwinTest
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    void singleWriteEmptyTwinIsRejectedWhereAnotherThreadMovesTheEntry() {
        Lincheck.expectRejected("SingleWriteEmptyLateGrowingMatchTable",
                "the owner's empty is the paper's plain write of ⊥ while another thread's insert moves its entry",
                LateTwin.class, MatchTableSpec.class, MOVE_BUDGET, ownersEmptyRacingAMove(LateTwin.class, 0),
                ownersEmptyRacingAMove(LateTwin.class, 1), ownersEmptyRacingAMove(LateTwin.class, 2));
    }

    static final String MOVE_CHECKS = "DSG MatchTable: the owner's lock-free empty vs a move of its entry at each index of its bucket";
    /** The custom scenarios only, each with up to 1000 interleavings. */
    static final Budget MOVE_BUDGET = new Budget(0, 1000, 2, 2, 0);

    /**
     * In the table of {@link GrowingTables#late()}: the init part inserts {@code index} keys and then the owned
     * key 2 (for thread 0), so that it lands at {@code index} of the second bucket; in parallel, thread 0
     * empties it while thread 1 inserts the keys that make seven live keys, the last of which grows the table
     * and moves every entry (if the owner's empty has not freed its entry first); the post part reads key 2,
     * which must hold ⊥.
     */
    static ExecutionScenario ownersEmptyRacingAMove(Class<?> c, int index) {
        int[] keys = {0, 1, 3};
        List<Actor> init = new ArrayList<>();
        for (int i = 0; i < index; i++) init.add(Lincheck.actor(c, "insert", keys[i], 0));
        init.add(Lincheck.actor(c, "insertOwned", 0, 2, 1));
        List<Actor> grower = new ArrayList<>();
        for (int i = index; i < keys.length; i++) grower.add(Lincheck.actor(c, "insert", keys[i], 0));
        return Lincheck.withPost(init, List.of(Lincheck.actor(c, "get", 2)),
                List.of(Lincheck.actor(c, "emptyOwned", 0)), grower);
    }

    /** The real table of {@link GrowingTables#late()}, for the custom scenarios above. */
    public static class LateGrowth extends MatchTableOperations {
        public LateGrowth() {
            super(real(GrowingTables.late()));
        }
    }

    /** The table of {@link GrowingTables#late()} with the single-write owner empty of {@link Twin}, for the same scenarios. */
    public static class LateTwin extends MatchTableOperations {
        public LateTwin() {
            super(real(GrowingTables.late()));
        }

        @Override
        protected void emptyEntry(MatchTable.Entry e) {
            GrowingTables.emptyWithASingleWrite(e);
        }
    }

    @Test
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    void stress() {
        Lincheck.checkStress(SUITE, CHECKS, getClass(), MatchTableSpec.class, Budget.stress());
    }

    @TwinTest
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    void singleWriteEmptyTwinIsRejected() {
        Lincheck.expectRejectedSeeded("SingleWriteEmptyGrowingMatchTable",
                "the owner's empty is the paper's plain write of ⊥, blind to a move of its entry",
                OnEagerGrowth.class, Twin.class, MatchTableSpec.class, Budget.twin(),
                c -> List.of(Lincheck.withPost(List.of(), List.of(Lincheck.actor(c, "get", 4)),
                        List.of(Lincheck.actor(c, "insertOwned", 2, 4, 1), Lincheck.actor(c, "emptyOwned", 2)))));
    }

    /**
     * The growing table: owned inserts, owned empties and gets of the
     * one owned key (2). The owned insert is the fourth live key, so it grows the table and moves its own
     * entry at once; a get after the owner's empty (in the thread itself or the post part) sees the value
     * the empty missed.
     */
    @Param(name = "ok", gen = IntGen.class, conf = "2:2")
    @Param(name = "gk", gen = IntGen.class, conf = "2:2")
    @Param(name = "v", gen = IntGen.class, conf = "0:1")
    @Param(name = "t", gen = ThreadIdGen.class)
    public abstract static class OwnedKey {
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
            emptyEntry(e);
            owned[t] = null;
            return ownedKey[t];
        }

        protected abstract void emptyEntry(MatchTable.Entry e);
    }

    /** The real owner's empty (§3.2, lock-free): it must pass the twin's seeds. */
    public static class OnEagerGrowth extends OwnedKey {
        @Override
        protected void emptyEntry(MatchTable.Entry e) {
            e.empty();
        }
    }

    /** The single-write owner empty. */
    public static class Twin extends OwnedKey {
        @Override
        protected void emptyEntry(MatchTable.Entry e) {
            GrowingTables.emptyWithASingleWrite(e);
        }
    }
}
