package org.mpiverify.mpi;

/**
 * Predefined reduction operations. Logical ops treat non-zero as true and produce 1 or 0; bitwise ops
 * apply to integer types only (MPI-3.1 §5.9.2): using them on FLOAT or DOUBLE is {@link ErrorClass#ERR_OP}.
 */
public enum Op {
    SUM, PROD, MIN, MAX, LAND, LOR, LXOR, BAND, BOR, BXOR;

    /** True if this op is defined on {@code type}. */
    public boolean appliesTo(Datatype type) {
        return switch (this) {
            case BAND, BOR, BXOR -> type != Datatype.FLOAT && type != Datatype.DOUBLE;
            default -> true;
        };
    }
}
