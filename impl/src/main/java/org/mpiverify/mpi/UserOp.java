package org.mpiverify.mpi;

import org.mpiverify.core.handle.UseCount;

/**
 * A user-defined reduction operation ({@code MPI_Op_create}, MPI-3.1 §5.9.5), made by {@link Op#create}. Its
 * function combines two buffers element-wise ({@code inout[i] = in[i] op inout[i]}, {@code in} holding the
 * lower ranks' operands); the reducing collectives of {@link Comm} ({@code reduce}, {@code allreduce},
 * {@code ireduce}, {@code iallreduce}) apply it always in rank order, so a non-commutative op gets MPI's order
 * and every rank of an allreduce the same bits.
 *
 * <p>What the function is given (§5.9.5: "the datatype argument is a handle to the data type that was passed
 * into the call"), as MPICH gives it:
 * <ul>
 *   <li>for a predefined {@link Datatype}: arrays (or ByteBuffers) of that type, offsets and {@code count} in its
 *       elements;</li>
 *   <li>for a {@link DerivedDatatype}: the very handle the reduction was given, {@code count} items of it, and
 *       buffers in the type's own layout: item {@code i} starts {@code i * extent()} bytes after the offset,
 *       offsets in elements of the type's {@link DerivedDatatype#unit() unit}, as for a buffer the user passes a
 *       call. They are new arrays of the unit (an {@code int[]} for a vector of INT) or, for a type that describes
 *       ByteBuffers only (elements of different predefined types, or displacements that are not whole units),
 *       new native-order ByteBuffers with offsets in bytes. The function reads and writes only the bytes the
 *       type map covers; the gaps between them hold nothing of the operands. The handle may already have been
 *       freed by the user (legal while the reduction is pending), so the function identifies the type by
 *       identity and knows its layout rather than asking the handle ({@code extent()} of a freed handle is
 *       ERR_TYPE).</li>
 * </ul>
 *
 * <p>Reference counting (Gropp &amp; Thakur §4.1, "Update Ref"): every reduction that uses the op holds a use
 * of it from its start to its completion (a nonblocking one until its schedule finishes). {@link #free()} may
 * come at any time, from any thread: the handle is then unusable (a new reduction with it is ERR_OP), and the op
 * is released (its function dropped) only when the last pending reduction has completed. The count is a
 * {@link UseCount}.
 *
 * <p>Thread safety: all methods may be called by any thread; the function itself is called by whichever
 * thread of a rank moves the reduction on, possibly several threads of different ranks at once, so it must be
 * safe to call concurrently on distinct buffers (as an MPI user function must be at {@code THREAD_MULTIPLE}).
 * Memory effects: the creation of the op happens-before every call of its function by a reduction started
 * after it.
 */
public final class UserOp implements MpiOp {
    /*
     * Implementation notes.
     *
     * function is volatile and set to null by the release action, run once by the UseCount (after the free and
     * the last use): a reduction that held a use reads it before its endUse, so it never sees null; the release
     * makes a use after it fail loudly (ERR_INTERN) instead of running a dropped function.
     */

    /** The function of a user-defined op ({@code MPI_User_function}). */
    @FunctionalInterface
    public interface Function {
        /**
         * {@code inout[i] = in[i] op inout[i]} for the {@code count} elements of {@code type} from the offsets:
         * for a predefined type, arrays or ByteBuffers of it, offsets in its elements; for a derived type, items
         * of it in their own layout (see the class comment).
         */
        void apply(Object in, int inOffset, Object inout, int inoutOffset, int count, MpiDatatype type);
    }

    private final boolean commutative;
    private final UseCount uses = new UseCount(this::release);
    private volatile Function function;

    UserOp(Function function, boolean commutative) {
        if (function == null) {
            throw new MpiException(ErrorClass.ERR_ARG, "user op function is null");
        }
        this.function = function;
        this.commutative = commutative;
    }

    @Override
    @ThreadSafety(SafetyClass.NONE)
    public boolean isCommutative() {
        return commutative;
    }

    /** {@code MPI_Op_free}; ERR_OP if already freed. Reductions already using the op complete normally. */
    @Override
    @ThreadSafety(SafetyClass.UPDATE_REF)
    public void free() {
        if (uses.free() == UseCount.Step.REFUSED) {
            throw new MpiException(ErrorClass.ERR_OP, "user op already freed");
        }
    }

    /** True once {@link #free()} succeeded. */
    @ThreadSafety(SafetyClass.ACCESS_ONLY)
    public boolean isFreed() {
        return uses.isFreed();
    }

    /** Reductions holding a use now (a snapshot, for leak checks). */
    int pendingUses() {
        return uses.uses();
    }

    /** True once the op is freed and no reduction uses it any more: it has been released. */
    @ThreadSafety(SafetyClass.ACCESS_ONLY)
    public boolean isReleased() {
        return uses.isReleased();
    }

    /** Takes a use for a reduction about to start; ERR_OP if the handle is freed. */
    void beginUse() {
        if (!uses.tryUse()) {
            throw new MpiException(ErrorClass.ERR_OP, "user op is freed");
        }
    }

    /** Drops the use of a reduction that has completed (or failed to start). */
    void endUse() {
        if (uses.endUse() == UseCount.Step.REFUSED) {
            throw new IllegalStateException("endUse without a pending use of " + this);
        }
    }

    /** Applies the function: {@code inout = in op inout}. Called by a reduction that holds a use. */
    @ThreadSafety(SafetyClass.NONE)
    public void apply(Object in, int inOffset, Object inout, int inoutOffset, int count, MpiDatatype type) {
        Function f = function;
        if (f == null) {
            throw new MpiException(ErrorClass.ERR_INTERN, "user op applied after it was released");
        }
        f.apply(in, inOffset, inout, inoutOffset, count, type);
    }

    private void release() {
        function = null;
    }

    @Override
    public String toString() {
        return "UserOp[" + (commutative ? "commutative, " : "non-commutative, ") + uses + "]";
    }
}
