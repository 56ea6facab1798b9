package org.mpiverify.lincheck.core.matching;

import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.jetbrains.lincheck.datastructures.ThreadIdGen;
import org.mpiverify.core.matching.MatchTable;

/** The operations of {@link MatchTableLinearizabilityTest} over the real table or its twin. */
@Param(name = "k", gen = IntGen.class, conf = "0:1")
@Param(name = "ok", gen = IntGen.class, conf = "2:3")
@Param(name = "gk", gen = IntGen.class, conf = "0:3")
@Param(name = "v", gen = IntGen.class, conf = "0:1")
@Param(name = "t", gen = ThreadIdGen.class)
public abstract class MatchTableOperations {
    /** A value: compared by identity inside the table, reported by v. */
    record Val(int v) {
        @Override
        public boolean equals(Object o) {
            return this == o;
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(this);
        }
    }

    /** The operations the suite needs from a table: the real one or the twin. */
    interface Table {
        Object insert(long key, Object value);

        Object empty(long key);

        Object get(long key);

        MatchTable.Entry insertEntry(long key, Object value);
    }

    private final Table table;
    private final MatchTable.Entry[] owned = new MatchTable.Entry[8];
    private final int[] ownedKey = new int[8];

    protected MatchTableOperations(Table table) {
        this.table = table;
    }

    static Table real(MatchTable t) {
        return new Table() {
            public Object insert(long key, Object value) { return t.insert(key, value); }
            public Object empty(long key) { return t.empty(key); }
            public Object get(long key) { return t.get(key); }
            public MatchTable.Entry insertEntry(long key, Object value) { return t.insertEntry(key, value); }
        };
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
    public int get(@Param(name = "gk") int k) {
        Object r = table.get(k);
        return r == null ? -1 : ((Val) r).v();
    }

    @Operation
    public String insertOwned(@Param(name = "t") int t, @Param(name = "ok") int k, @Param(name = "v") int v) {
        if (owned[t] != null) return "busy";
        Val mine = new Val(v);
        MatchTable.Entry e = table.insertEntry(k, mine);
        if (e.value() != mine) return "held"; // v' may be emptied by its owner meanwhile: not read
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

    /** The owner's lock-free empty of §3.2 (a twin overrides it with its defect). */
    protected void emptyEntry(MatchTable.Entry e) {
        e.empty();
    }

}
