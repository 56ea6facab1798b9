package org.mpiverify.core.matching;

/**
 * Tables for the growth suites (in the table's package to reach its test constructor and entries'
 * internals): one head, growth asked for as soon as a chain needs an overflow bucket, three keys
 * (100-102, never used by the operations) inserted up front so that a fourth live key grows the table.
 */
public final class GrowingTables {
    private GrowingTables() {
    }

    /** A one-head table that doubles at the fourth live key of a chain, holding keys 100-102 already. */
    public static MatchTable eager() {
        MatchTable t = new MatchTable(1, 1 << 10, 2);
        for (long k = 100; k <= 102; k++) {
            t.insert(k, "pre-inserted " + k);
        }
        return t;
    }

    /**
     * A one-head table holding keys 100-102 that doubles only at the seventh live key (when its chain needs a
     * third bucket), so that a key inserted fourth to sixth stays in the second bucket until another
     * thread's insert moves it.
     */
    public static MatchTable late() {
        MatchTable t = new MatchTable(1, 1 << 10, 3);
        for (long k = 100; k <= 102; k++) {
            t.insert(k, "pre-inserted " + k);
        }
        return t;
    }

    /**
     * THE DEFECT of the growth twin: the owner's empty as the paper's single plain write of ⊥ into the
     * entry, without the CAS that notices a grower's MOVED mark: once the entry's chain has moved, the
     * write lands in the old bucket and the value lives on in the new table.
     */
    public static void emptyWithASingleWrite(MatchTable.Entry e) {
        e.bucket().setValue(e.index(), null);
    }
}
