package org.mpiverify.mpi;

/**
 * An MPI datatype handle ({@code MPI_Datatype}): a predefined {@link Datatype} or a {@link DerivedDatatype}. The
 * point-to-point calls of {@link Comm} take either. A predefined type needs no commit and cannot be freed; a
 * derived one must be committed before it is used in communication and may be freed at any time, even while
 * operations still use it (Gropp &amp; Thakur §4.1).
 */
public interface MpiDatatype {
    /** {@code MPI_Type_size}: bytes of data in one item (holes not counted). */
    int size();

    /** {@code MPI_Type_commit}: makes the type usable in communication; a no-op on a committed or predefined type. */
    void commit();

    /**
     * {@code MPI_Type_free}: the handle may no longer be used; operations already using the type complete
     * normally. ERR_TYPE for a predefined type or a handle already freed.
     */
    void free();
}
