package org.mpiverify.mpi;

import java.nio.ByteBuffer;

/**
 * Basic MPI datatypes. A buffer is a Java array of the matching element type, or a {@link ByteBuffer}
 * (heap or direct) for any type; offsets and counts are in elements of the datatype. Predefined types are
 * always committed and cannot be freed; {@link DerivedDatatype} builds others from them.
 */
public enum Datatype implements MpiDatatype {
    BYTE(1, byte[].class),
    SHORT(2, short[].class),
    CHAR(2, char[].class),
    INT(4, int[].class),
    LONG(8, long[].class),
    FLOAT(4, float[].class),
    DOUBLE(8, double[].class);

    private final int size;
    private final Class<?> arrayClass;

    Datatype(int size, Class<?> arrayClass) {
        this.size = size;
        this.arrayClass = arrayClass;
    }

    /** Size of one element in bytes ({@code MPI_Type_size}). */
    @Override
    @ThreadSafety(SafetyClass.ACCESS_ONLY)
    public int size() { return size; }

    /** A predefined type is committed: nothing to do. */
    @Override
    @ThreadSafety(SafetyClass.NONE)
    public void commit() {
    }

    /** A predefined type cannot be freed: ERR_TYPE, and the type stays usable. */
    @Override
    @ThreadSafety(SafetyClass.UPDATE_REF)
    public void free() {
        throw new MpiException(ErrorClass.ERR_TYPE, "cannot free the predefined datatype " + this);
    }

    /** The Java array class that holds elements of this type. */
    public Class<?> arrayClass() { return arrayClass; }

    /** True if {@code buf} is a buffer this type can describe: its array type, or any ByteBuffer. */
    public boolean accepts(Object buf) {
        return buf != null && (buf.getClass() == arrayClass || buf instanceof ByteBuffer);
    }
}
