package org.mpiverify.lincheck.core.attr;

import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;

/**
 * The operations of {@link KeyedListLinearizabilityTest} over a list given as its operations: the real
 * {@link org.mpiverify.core.attr.KeyedList} (the suite) or a known-bad twin. Keys {0, 1} and values {1, 2}, so
 * that threads update the same key and different keys of one list, compared with a sequential insertion-ordered
 * map ({@link KeyedListSpec}).
 */
@Param(name = "k", gen = IntGen.class, conf = "0:1")
@Param(name = "v", gen = IntGen.class, conf = "1:2")
public abstract class KeyedListOperations {
    /** The list under test, seen through the operations the suite calls. */
    protected interface Target {
        Integer put(int k, int v);

        Integer get(int k);

        Integer remove(int k);

        boolean putIfAbsent(int k, int v);

        int size();

        Integer keyAt(int n);
    }

    private final Target list;

    protected KeyedListOperations(Target list) {
        this.list = list;
    }

    /** {@code MPI_Comm_set_attr}, {@code MPI_Info_set}: the value replaced, or null. */
    @Operation
    public Integer put(@Param(name = "k") int k, @Param(name = "v") int v) {
        return list.put(k, v);
    }

    /** {@code MPI_Comm_get_attr}, {@code MPI_Info_get}. */
    @Operation
    public Integer get(@Param(name = "k") int k) {
        return list.get(k);
    }

    /** {@code MPI_Comm_delete_attr}, {@code MPI_Info_delete}: the value removed, or null. */
    @Operation
    public Integer remove(@Param(name = "k") int k) {
        return list.remove(k);
    }

    /** The conditional update {@code setAttr} makes after its delete callback: here, only if the key has no entry. */
    @Operation
    public boolean putIfAbsent(@Param(name = "k") int k, @Param(name = "v") int v) {
        return list.putIfAbsent(k, v);
    }

    /** {@code MPI_Info_get_nkeys}. */
    @Operation
    public int size() {
        return list.size();
    }

    /** {@code MPI_Info_get_nthkey} of the first key: insertion order must hold too. */
    @Operation
    public Integer firstKey() {
        return list.keyAt(0);
    }
}
