package org.mpiverify.lincheck.core.matching;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.mpiverify.core.matching.CheckThenActMatchTable;
import org.mpiverify.core.matching.MatchTable;
import org.mpiverify.lincheck.Budget;
import org.mpiverify.lincheck.Lincheck;
import org.mpiverify.lincheck.ThreadDumpOnTimeout;

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
 * <p>Twin: {@link CheckThenActMatchTable} (insert's check and act under two lock acquisitions).
 */
@ExtendWith(ThreadDumpOnTimeout.class)
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

    @Test
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    void checkThenActInsertTwinIsRejected() {
        Lincheck.expectRejected("CheckThenActMatchTable",
                "insert checks the key and inserts under two separate bucket-lock acquisitions",
                true, Twin.class, MatchTableSpec.class, Budget.twin());
    }

    /**
     * The known-bad twin with insert, empty and get only (the owned-entry operations do not go through
     * the defective insert), so that two concurrent inserts of one key are the common case.
     */
    @Param(name = "k", gen = IntGen.class, conf = "0:1")
    @Param(name = "v", gen = IntGen.class, conf = "0:1")
    public static class Twin {
        private final CheckThenActMatchTable table = new CheckThenActMatchTable(1);

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
}
