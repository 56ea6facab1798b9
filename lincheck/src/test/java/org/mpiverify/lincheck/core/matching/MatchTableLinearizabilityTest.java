package org.mpiverify.lincheck.core.matching;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.mpiverify.core.matching.CheckThenActEmptyMatchTable;
import org.mpiverify.core.matching.CheckThenActInsertMatchTable;
import org.mpiverify.core.matching.MatchTable;
import org.mpiverify.lincheck.Budget;
import org.mpiverify.lincheck.Lincheck;
import org.mpiverify.testkit.ThreadDumpOnFailure;
import org.mpiverify.testkit.TwinTest;

/**
 * {@link MatchTable}, the Dang–Snir–Gropp concurrent hash table (§2.2 equations (1)–(3), §3.2), is
 * linearizable with respect to a map with insert-if-absent and remove ({@link MatchTableSpec}),
 * including the single-write {@link MatchTable.Entry#empty()} by a value's owner.
 *
 * <p>Collisions: the table has one head bucket, so every key shares one chain and one spin lock, and
 * four keys overflow the 3-entry bucket into a second one. Keys 0–1 take insert/empty/get, keys 2–3
 * take insertEntry/Entry.empty (get reads all four).
 *
 * <p>Determinism: every inserted value is a fresh object carrying v from {0, 1}, so "my insert
 * succeeded" is decided by identity, as the paper's callers do. Entry.empty() is only safe for the
 * owner while no one else empties that key (its contract), so the owned keys 2–3 are never given to
 * empty(k): the suite checks the table under its documented precondition. Which thread owns what is
 * the harness's per-thread slot indexed by the ThreadIdGen id, the same index the spec uses.
 *
 * <p>Twins (generated from their patches in twins/patches/impl): {@link CheckThenActInsertMatchTable}
 * and {@link CheckThenActEmptyMatchTable} (insert's, resp. empty's, check and act under two lock
 * acquisitions), rejected through the narrow operations {@link InsertEmptyGet}, which the real table
 * passes with the same budget.
 */
@ExtendWith(ThreadDumpOnFailure.class)
public class MatchTableLinearizabilityTest extends MatchTableOperations {
    static final String SUITE = "MatchTableLinearizabilityTest";
    static final String CHECKS = "DSG MatchTable insert/empty/get/insertEntry/Entry.empty vs a map (eqs (1)-(3))";

    public MatchTableLinearizabilityTest() {
        super(real(new MatchTable(1)));
    }

    @Test
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    void modelChecking() {
        Lincheck.checkModel(SUITE, CHECKS, getClass(), MatchTableSpec.class, Budget.modelChecking());
    }

    @Test
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    void stress() {
        Lincheck.checkStress(SUITE, CHECKS, getClass(), MatchTableSpec.class, Budget.stress());
    }

    /**
     * The real table through the narrow operations below, with the budget that rejects their twins: a
     * defect of one of the table's own steps (its insert or its empty split into check-then-act) fails here.
     */
    @Test
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    void insertEmptyGetModelChecking() {
        Lincheck.checkModel(SUITE, "DSG MatchTable insert/empty/get on two keys vs a map (eqs (1)-(2))",
                OnTable.class, MatchTableSpec.class, Budget.twin());
    }

    @TwinTest
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    void checkThenActInsertTwinIsRejected() {
        Lincheck.expectRejected("CheckThenActInsertMatchTable",
                "insert checks the key and inserts under two separate bucket-lock acquisitions",
                true, OnCheckThenActInsert.class, MatchTableSpec.class, Budget.twin());
    }

    @TwinTest
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    void checkThenActEmptyTwinIsRejected() {
        Lincheck.expectRejected("CheckThenActEmptyMatchTable",
                "empty reads the value and stores ⊥ under two separate bucket-lock acquisitions",
                true, OnCheckThenActEmpty.class, MatchTableSpec.class, Budget.twin());
    }

    /** What the narrow operations need of a table: the real one or a twin. */
    interface KeyTable {
        Object insert(long key, Object value);

        Object empty(long key);

        Object get(long key);
    }

    /**
     * insert, empty and get on keys 0-1 only (the owned-entry operations do not go through insert or
     * empty), so that two operations on one key, concurrent, are the common case.
     */
    @Param(name = "k", gen = IntGen.class, conf = "0:1")
    @Param(name = "v", gen = IntGen.class, conf = "0:1")
    public abstract static class InsertEmptyGet {
        private final KeyTable table;

        InsertEmptyGet(KeyTable table) {
            this.table = table;
        }

        @Operation
        public String insert(@Param(name = "k") int k, @Param(name = "v") int v) {
            Val mine = new Val(v);
            Object r = table.insert(k, mine);
            return r == mine ? "inserted" : "held " + ((Val) r).v();
        }

        @Operation
        public int empty(@Param(name = "k") int k) {
            Object r = table.empty(k);
            return r == null ? -1 : ((Val) r).v();
        }

        @Operation
        public int get(@Param(name = "k") int k) {
            Object r = table.get(k);
            return r == null ? -1 : ((Val) r).v();
        }
    }

    public static class OnTable extends InsertEmptyGet {
        public OnTable() {
            super(keyTable(new MatchTable(1)));
        }
    }

    static KeyTable keyTable(MatchTable t) {
        return new KeyTable() {
            public Object insert(long key, Object value) { return t.insert(key, value); }
            public Object empty(long key) { return t.empty(key); }
            public Object get(long key) { return t.get(key); }
        };
    }

    public static class OnCheckThenActInsert extends InsertEmptyGet {
        public OnCheckThenActInsert() {
            this(new CheckThenActInsertMatchTable(1));
        }

        private OnCheckThenActInsert(CheckThenActInsertMatchTable t) {
            super(new KeyTable() {
                public Object insert(long key, Object value) { return t.insert(key, value); }
                public Object empty(long key) { return t.empty(key); }
                public Object get(long key) { return t.get(key); }
            });
        }
    }

    public static class OnCheckThenActEmpty extends InsertEmptyGet {
        public OnCheckThenActEmpty() {
            this(new CheckThenActEmptyMatchTable(1));
        }

        private OnCheckThenActEmpty(CheckThenActEmptyMatchTable t) {
            super(new KeyTable() {
                public Object insert(long key, Object value) { return t.insert(key, value); }
                public Object empty(long key) { return t.empty(key); }
                public Object get(long key) { return t.get(key); }
            });
        }
    }
}
