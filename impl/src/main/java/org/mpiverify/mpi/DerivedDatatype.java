package org.mpiverify.mpi;

import java.nio.ByteBuffer;
import org.mpiverify.core.buffer.TypeLayout;
import org.mpiverify.core.handle.UseCount;

/**
 * A derived datatype ({@code MPI_Type_contiguous}, {@code MPI_Type_vector}, {@code MPI_Type_indexed},
 * {@code MPI_Type_create_struct}; MPI-3.1 §4.1), built from predefined or other derived types, committed with
 * {@link #commit()} before it is used in communication, freed with {@link #free()}.
 *
 * <p>Buffers: a type whose blocks all hold one predefined type (its {@link #unit()}) describes a Java array of
 * that type or a {@link ByteBuffer}, with offsets in elements of the unit; a type mixing predefined types (a
 * struct of different types) describes ByteBuffers only, with offsets in bytes ({@code unit() == BYTE}).
 * Item {@code i} of a buffer starts {@code i * extent()} bytes after the offset. A message is its items' data,
 * packed in type-map order: a derived send matches any receive of the same type signature (a vector of INT
 * sent, an INT array received), as in MPI.
 *
 * <p>Reference counting (Gropp &amp; Thakur §4.1, "Update Ref"): every operation that uses the type holds a use
 * of it while it needs the type map: a send while it packs (a send packs its data when it starts), a receive
 * from its start until its data is unpacked and its request released. {@link #free()} may come at any time, from
 * any thread: the handle is then unusable (ERR_TYPE), and the type map is released only when the last pending
 * operation is done with it. A type built from this one copies its type map, so freeing this one does not
 * affect it (MPI-3.1 §4.1.9). The count is a {@link UseCount}.
 *
 * <p>Thread safety: immutable type map; {@code commit}, {@code free} and the uses of communication may run in
 * any threads at once. Memory effects: a commit happens-before a communication call of another thread that
 * sees the type committed (a volatile flag); everything a pending operation did with the type map
 * happens-before its release.
 */
public final class DerivedDatatype implements MpiDatatype {
    /*
     * Implementation notes.
     *
     * layout is volatile, non-null until the release action of the UseCount (after the free and the last
     * use) sets it null. An operation reads it only between its tryUse and its endUse, so it never sees null;
     * a read after the release (a defect) fails with ERR_INTERN instead of packing from a dropped map.
     * committed goes false -> true once; a use checks it after its tryUse.
     */

    private final UseCount uses = new UseCount(this::release);
    private final int size;
    private volatile TypeLayout layout;
    private volatile boolean committed;

    private DerivedDatatype(TypeLayout layout) {
        if (layout.size() > Integer.MAX_VALUE) {
            throw new MpiException(ErrorClass.ERR_ARG, "a datatype of " + layout.size() + " bytes (more than an int)");
        }
        this.layout = layout;
        this.size = (int) layout.size();
    }

    /** {@code MPI_Type_contiguous}: {@code count} copies of {@code old}. */
    @ThreadSafety(SafetyClass.ALLOCATE)
    public static DerivedDatatype contiguous(int count, MpiDatatype old) {
        return new DerivedDatatype(TypeLayout.contiguous(count, layoutOf(old)));
    }

    /**
     * {@code MPI_Type_vector}: {@code count} blocks of {@code blocklength} copies of {@code old}, the starts of
     * consecutive blocks {@code stride} extents of {@code old} apart.
     */
    @ThreadSafety(SafetyClass.ALLOCATE)
    public static DerivedDatatype vector(int count, int blocklength, int stride, MpiDatatype old) {
        return new DerivedDatatype(TypeLayout.vector(count, blocklength, stride, layoutOf(old)));
    }

    /**
     * {@code MPI_Type_indexed}: block {@code i} is {@code blocklengths[i]} copies of {@code old} from
     * {@code displacements[i]} extents of {@code old}.
     */
    @ThreadSafety(SafetyClass.ALLOCATE)
    public static DerivedDatatype indexed(int[] blocklengths, int[] displacements, MpiDatatype old) {
        return new DerivedDatatype(TypeLayout.indexed(blocklengths, displacements, layoutOf(old)));
    }

    /**
     * {@code MPI_Type_create_struct}: block {@code i} is {@code blocklengths[i]} copies of {@code types[i]} from
     * byte {@code byteDisplacements[i]}.
     */
    @ThreadSafety(SafetyClass.ALLOCATE)
    public static DerivedDatatype struct(int[] blocklengths, long[] byteDisplacements, MpiDatatype[] types) {
        if (types == null) {
            throw new MpiException(ErrorClass.ERR_ARG, "struct: types must not be null");
        }
        TypeLayout[] layouts = new TypeLayout[types.length];
        for (int i = 0; i < types.length; i++) {
            layouts[i] = layoutOf(types[i]);
        }
        return new DerivedDatatype(TypeLayout.struct(blocklengths, byteDisplacements, layouts));
    }

    /** The type map of {@code old}: ERR_TYPE if null, freed or of an unknown kind. Building needs no commit. */
    private static TypeLayout layoutOf(MpiDatatype old) {
        return switch (old) {
            case null -> throw new MpiException(ErrorClass.ERR_TYPE, "old datatype is null");
            case Datatype d -> TypeLayout.of(d);
            case DerivedDatatype d -> {
                if (!d.uses.tryUse()) {
                    throw new MpiException(ErrorClass.ERR_TYPE, "old datatype is freed");
                }
                try {
                    yield d.layout;
                } finally {
                    d.uses.endUse();
                }
            }
            default -> throw new MpiException(ErrorClass.ERR_TYPE, "not a datatype of this MPI: " + old.getClass());
        };
    }

    /** {@code MPI_Type_commit}; ERR_TYPE if freed. Committing twice is allowed. */
    @Override
    @ThreadSafety(SafetyClass.UPDATE_REF)
    public void commit() {
        if (uses.isFreed()) {
            throw new MpiException(ErrorClass.ERR_TYPE, "commit of a freed datatype");
        }
        committed = true;
    }

    /** {@code MPI_Type_free}; ERR_TYPE if already freed. Operations already using the type complete normally. */
    @Override
    @ThreadSafety(SafetyClass.UPDATE_REF)
    public void free() {
        if (uses.free() == UseCount.Step.REFUSED) {
            throw new MpiException(ErrorClass.ERR_TYPE, "datatype already freed");
        }
    }

    /** {@code MPI_Type_size}: bytes of data in one item. */
    @Override
    @ThreadSafety(SafetyClass.ACCESS_ONLY)
    public int size() {
        return size;
    }

    /** {@code MPI_Type_get_extent}: bytes from one item to the next. ERR_TYPE if freed. */
    @ThreadSafety(SafetyClass.ACCESS_ONLY)
    public long extent() {
        return liveLayout().extent();
    }

    /** {@code MPI_Type_get_extent}: the lower bound, in bytes. ERR_TYPE if freed. */
    @ThreadSafety(SafetyClass.ACCESS_ONLY)
    public long lowerBound() {
        return liveLayout().lb();
    }

    /** The predefined type offsets count (BYTE for a type of mixed types, which describes ByteBuffers only). */
    @ThreadSafety(SafetyClass.ACCESS_ONLY)
    public Datatype unit() {
        return liveLayout().unit();
    }

    /** True once committed. */
    @ThreadSafety(SafetyClass.ACCESS_ONLY)
    public boolean isCommitted() {
        return committed;
    }

    /** True once {@link #free()} succeeded. */
    @ThreadSafety(SafetyClass.ACCESS_ONLY)
    public boolean isFreed() {
        return uses.isFreed();
    }

    /** True once the type is freed and no operation uses it any more: its type map has been released. */
    @ThreadSafety(SafetyClass.ACCESS_ONLY)
    public boolean isReleased() {
        return uses.isReleased();
    }

    private TypeLayout liveLayout() {
        if (uses.isFreed()) {
            throw new MpiException(ErrorClass.ERR_TYPE, "datatype is freed");
        }
        return layout;
    }

    /**
     * Takes a use for a communication about to start: ERR_TYPE if the handle is freed or not committed
     * (nothing changed then). The caller ends it with {@link #endUse()}.
     */
    TypeLayout beginUse() {
        if (!uses.tryUse()) {
            throw new MpiException(ErrorClass.ERR_TYPE, "datatype is freed");
        }
        if (!committed) {
            uses.endUse();
            throw new MpiException(ErrorClass.ERR_TYPE, "datatype is not committed");
        }
        return layout();
    }

    /**
     * Takes one more use for an operation covered by a use its caller holds (each start of a persistent request):
     * allowed on a freed handle, which that held use keeps from being released.
     */
    TypeLayout addUse() {
        uses.addUse();
        return layout();
    }

    /** Operations holding a use now (a snapshot, for leak checks). */
    int pendingUses() {
        return uses.uses();
    }

    /** The type map, for an operation that holds a use. */
    TypeLayout layout() {
        TypeLayout l = layout;
        if (l == null) {
            throw new MpiException(ErrorClass.ERR_INTERN, "datatype used after it was released");
        }
        return l;
    }

    /** Drops the use of an operation that is done with the type map. */
    void endUse() {
        if (uses.endUse() == UseCount.Step.REFUSED) {
            throw new IllegalStateException("endUse without a pending use of " + this);
        }
    }

    private void release() {
        layout = null;
    }

    @Override
    public String toString() {
        TypeLayout l = layout;
        return "DerivedDatatype[" + (l == null ? "released" : l) + (committed ? ", committed, " : ", ") + uses + "]";
    }
}
