package org.mpiverify.mpi;

/**
 * An MPI reduction operation handle ({@code MPI_Op}): a predefined {@link Op} or a user-defined {@link UserOp}
 * ({@link Op#create}). The reducing collectives of {@link Comm} take either.
 */
public interface MpiOp {
    /** {@code MPI_Op_commutative}: true if the result does not depend on the order of the operands. */
    boolean isCommutative();

    /**
     * {@code MPI_Op_free}: the handle may no longer be used; reductions already using it complete normally.
     * ERR_OP for a predefined op or a handle already freed.
     */
    void free();
}
