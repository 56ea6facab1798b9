package org.mpiverify.mpi;

/**
 * Predefined reduction operations. Logical ops treat non-zero as true and produce 1 or 0; bitwise ops
 * apply to integer types only (MPI-3.1 §5.9.2): using them on FLOAT or DOUBLE is {@link ErrorClass#ERR_OP}.
 */
public enum Op implements MpiOp {
    SUM, PROD, MIN, MAX, LAND, LOR, LXOR, BAND, BOR, BXOR;

    /**
     * {@code MPI_Op_create}: a user-defined reduction operation computing {@code inout = in op inout}
     * element-wise with {@code function}; if not {@code commutative}, reductions combine the operands in rank
     * order. Free it with {@link UserOp#free()}. ERR_ARG for a null function.
     */
    @ThreadSafety(SafetyClass.ALLOCATE)
    public static UserOp create(UserOp.Function function, boolean commutative) {
        return new UserOp(function, commutative);
    }

    /** Every predefined op is commutative. */
    @Override
    @ThreadSafety(SafetyClass.NONE)
    public boolean isCommutative() {
        return true;
    }

    /** A predefined op cannot be freed: ERR_OP, and the op stays usable. */
    @Override
    @ThreadSafety(SafetyClass.UPDATE_REF)
    public void free() {
        throw new MpiException(ErrorClass.ERR_OP, "cannot free the predefined op " + this);
    }

    /** True if this op is defined on {@code type}. */
    public boolean appliesTo(Datatype type) {
        return switch (this) {
            case BAND, BOR, BXOR -> type != Datatype.FLOAT && type != Datatype.DOUBLE;
            default -> true;
        };
    }
}
