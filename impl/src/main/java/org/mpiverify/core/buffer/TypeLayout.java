package org.mpiverify.core.buffer;

import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.util.Arrays;
import org.mpiverify.mpi.Datatype;
import org.mpiverify.mpi.ErrorClass;
import org.mpiverify.mpi.MpiException;

/**
 * The type map of a derived datatype (MPI-3.1 §4.1), flattened: the byte blocks one item covers, relative to
 * the item's start, in type-map order, with its lower and upper bounds. Built from a predefined type or from
 * other layouts by the constructors of §4.1.2 ({@code contiguous}, {@code vector}, {@code indexed},
 * {@code struct}); packs {@code count} items of a buffer into a contiguous packet and unpacks a packet into a
 * buffer, item after item, each {@link #extent()} bytes after the one before.
 *
 * <p>Buffers, as for the predefined types ({@link Buffers}): a layout whose blocks all hold one predefined type
 * (its {@link #unit()}) describes a Java array of that type or a {@link ByteBuffer}, and offsets are in
 * elements of the unit; a layout that mixes types ({@code struct} of different types, or displacements that
 * are not whole units) describes ByteBuffers only, with offsets in bytes ({@code unit() == BYTE}).
 *
 * <p>Bounds: {@code lb} and {@code ub} are the least and greatest byte of the items the layout was built from,
 * as MPI defines them; a {@code struct}'s upper bound is rounded up to the alignment of its largest member
 * (MPI-3.1 §4.1.6, the padding epsilon). Adjacent blocks are merged, so a contiguous layout packs in one copy
 * per item.
 *
 * <p>Thread safety: immutable once built; any number of threads may pack and unpack with it at once.
 */
public final class TypeLayout {
    /** A bound on the blocks of one layout: building past it is ERR_ARG, not an out-of-memory error. */
    public static final int MAX_BLOCKS = 1 << 20;

    private final Datatype unit;
    private final Datatype basic; // the predefined type of every element, or null if they differ
    private final boolean mixed;
    private final long[] disp;   // bytes from the item start
    private final long[] len;    // bytes
    private final long lb;
    private final long ub;
    private final long size;
    private final int align;     // largest predefined member size: a struct's alignment
    private final long minDisp;  // least byte the blocks touch
    private final long maxEnd;   // one past the greatest byte the blocks touch

    private TypeLayout(Datatype unit, Datatype basic, boolean mixed, long[] disp, long[] len, long lb, long ub,
                       int align) {
        this.unit = unit;
        this.basic = basic;
        this.mixed = mixed;
        this.disp = disp;
        this.len = len;
        this.lb = lb;
        this.ub = ub;
        this.align = align;
        long s = 0, lo = Long.MAX_VALUE, hi = Long.MIN_VALUE;
        for (int i = 0; i < disp.length; i++) {
            s += len[i];
            lo = Math.min(lo, disp[i]);
            hi = Math.max(hi, disp[i] + len[i]);
        }
        this.size = s;
        this.minDisp = disp.length == 0 ? 0 : lo;
        this.maxEnd = disp.length == 0 ? 0 : hi;
    }

    /** The layout of one element of a predefined type. */
    public static TypeLayout of(Datatype basic) {
        if (basic == null) throw new MpiException(ErrorClass.ERR_TYPE, "old datatype is null");
        return new TypeLayout(basic, basic, false, new long[] {0}, new long[] {basic.size()}, 0, basic.size(), basic.size());
    }

    /** {@code MPI_Type_contiguous}: {@code count} copies of {@code old}, each one extent after the other. */
    public static TypeLayout contiguous(int count, TypeLayout old) {
        if (count < 0) throw new MpiException(ErrorClass.ERR_COUNT, "contiguous count " + count + " is negative");
        checkOld(old);
        if (count > 0 && old.dense()) {             // one block, however many copies: no per-copy entries
            long len = exact(() -> Math.multiplyExact((long) count, old.len[0]));
            return new TypeLayout(old.unit, old.basic, old.mixed, new long[] {old.disp[0]}, new long[] {len}, old.lb,
                    old.lb + len, old.align);
        }
        return vector(count, 1, 1, old);
    }

    /** One block that fills the extent exactly: copies one extent apart are one block. */
    private boolean dense() {
        return disp.length == 1 && disp[0] == lb && len[0] == extent();
    }

    /**
     * {@code MPI_Type_vector}: {@code count} blocks of {@code blocklength} copies of {@code old}, block
     * {@code i} starting {@code i * stride} extents of {@code old} from the first.
     */
    public static TypeLayout vector(int count, int blocklength, int stride, TypeLayout old) {
        if (count < 0) throw new MpiException(ErrorClass.ERR_COUNT, "vector count " + count + " is negative");
        if (blocklength < 0) throw new MpiException(ErrorClass.ERR_ARG, "vector blocklength " + blocklength + " is negative");
        checkOld(old);
        if (stride == blocklength && old.dense()) {
            long copies = (long) count * blocklength;        // blocks that touch: one block
            if (copies > Integer.MAX_VALUE) {
                throw new MpiException(ErrorClass.ERR_ARG, "a datatype of more than 2^31 - 1 copies of its old type");
            }
            return contiguous((int) copies, old);
        }
        if (blocklength > 0 && (long) count * blocklength * old.disp.length > MAX_BLOCKS) {
            throw tooManyBlocks();                      // before allocating count entries
        }
        int n = blocklength == 0 ? 0 : count;           // blocks of no data add nothing to the type map
        int[] lens = new int[n];
        long[] byteDisps = new long[n];
        long ext = old.extent();
        for (int i = 0; i < n; i++) {
            long at = i;
            lens[i] = blocklength;
            byteDisps[i] = exact(() -> Math.multiplyExact(Math.multiplyExact(at, stride), ext));
        }
        TypeLayout[] olds = new TypeLayout[n];
        Arrays.fill(olds, old);
        return build(lens, byteDisps, olds, false);
    }

    /**
     * {@code MPI_Type_indexed}: block {@code i} is {@code blocklengths[i]} copies of {@code old} starting
     * {@code displacements[i]} extents of {@code old} from the item's start.
     */
    public static TypeLayout indexed(int[] blocklengths, int[] displacements, TypeLayout old) {
        checkOld(old);
        checkArrays(blocklengths, displacements, blocklengths == null ? 0 : blocklengths.length);
        long ext = old.extent();
        long[] byteDisps = new long[displacements.length];
        for (int i = 0; i < byteDisps.length; i++) {
            long d = displacements[i];
            byteDisps[i] = exact(() -> Math.multiplyExact(d, ext));
        }
        TypeLayout[] olds = new TypeLayout[blocklengths.length];
        Arrays.fill(olds, old);
        return build(blocklengths, byteDisps, olds, false);
    }

    /**
     * {@code MPI_Type_create_struct}: block {@code i} is {@code blocklengths[i]} copies of {@code types[i]}
     * starting {@code byteDisplacements[i]} bytes from the item's start.
     */
    public static TypeLayout struct(int[] blocklengths, long[] byteDisplacements, TypeLayout[] types) {
        int n = blocklengths == null ? 0 : blocklengths.length;
        if (blocklengths == null || byteDisplacements == null || types == null) {
            throw new MpiException(ErrorClass.ERR_ARG, "struct: blocklengths, displacements and types must not be null");
        }
        if (byteDisplacements.length != n || types.length != n) {
            throw new MpiException(ErrorClass.ERR_ARG, "struct: " + n + " blocklengths, " + byteDisplacements.length
                    + " displacements, " + types.length + " types");
        }
        for (TypeLayout t : types) checkOld(t);
        for (int b : blocklengths) {
            if (b < 0) throw new MpiException(ErrorClass.ERR_ARG, "blocklength " + b + " is negative");
        }
        return build(blocklengths, byteDisplacements, types.clone(), true);
    }

    private static MpiException tooManyBlocks() {
        return new MpiException(ErrorClass.ERR_ARG, "a datatype of more than " + MAX_BLOCKS + " blocks");
    }

    /** A byte offset computed exactly: ERR_ARG for one beyond a long (displacements and strides too large). */
    private static long exact(java.util.function.LongSupplier offset) {
        try {
            return offset.getAsLong();
        } catch (ArithmeticException e) {
            throw new MpiException(ErrorClass.ERR_ARG, "datatype displacements beyond 2^63 bytes");
        }
    }

    private static void checkOld(TypeLayout old) {
        if (old == null) throw new MpiException(ErrorClass.ERR_TYPE, "old datatype is null");
    }

    private static void checkArrays(int[] lens, int[] disps, int n) {
        if (lens == null || disps == null) {
            throw new MpiException(ErrorClass.ERR_ARG, "blocklengths and displacements must not be null");
        }
        if (disps.length != n) {
            throw new MpiException(ErrorClass.ERR_ARG, n + " blocklengths but " + disps.length + " displacements");
        }
        for (int b : lens) {
            if (b < 0) throw new MpiException(ErrorClass.ERR_ARG, "blocklength " + b + " is negative");
        }
    }

    /** Block i: lens[i] copies of olds[i] from byte disps[i], each one extent of olds[i] after the other. */
    private static TypeLayout build(int[] lens, long[] disps, TypeLayout[] olds, boolean struct) {
        Datatype unit = null;
        Datatype basic = null;
        boolean uniform = true;
        boolean mixed = false;
        int align = 1;
        long lb = Long.MAX_VALUE, ub = Long.MIN_VALUE;
        int blocks = 0;
        for (int i = 0; i < lens.length; i++) {
            TypeLayout o = olds[i];
            align = Math.max(align, o.align);
            if (lens[i] == 0) continue;
            if (o.mixed || (unit != null && unit != o.unit) || Math.floorMod(disps[i], o.unit.size()) != 0
                    || Math.floorMod(o.extent(), o.unit.size()) != 0) {
                mixed = true;
            }
            if (unit == null) unit = o.unit;
            if (o.size > 0) {        // an empty member adds no element to the signature
                if (o.basic == null || (basic != null && basic != o.basic)) uniform = false;
                if (basic == null) basic = o.basic;
            }
            long copies = (long) lens[i] * o.disp.length;
            if (blocks + copies > MAX_BLOCKS) {
                throw tooManyBlocks();
            }
            blocks += (int) copies;
            long d = disps[i], len = lens[i];
            long first = d, last = exact(() -> Math.addExact(d, Math.multiplyExact(len - 1, o.extent())));
            lb = Math.min(lb, Math.min(first, last) + o.lb);
            ub = Math.max(ub, Math.max(first, last) + o.ub);
        }
        if (unit == null) {          // no data at all: an empty type
            return new TypeLayout(Datatype.BYTE, Datatype.BYTE, false, new long[0], new long[0], 0, 0, align);
        }
        long[] d = new long[blocks];
        long[] l = new long[blocks];
        int n = 0;
        for (int i = 0; i < lens.length; i++) {
            TypeLayout o = olds[i];
            for (int j = 0; j < lens[i]; j++) {
                long shift = disps[i] + j * o.extent();
                for (int k = 0; k < o.disp.length; k++) {
                    long at = shift + o.disp[k];
                    if (n > 0 && d[n - 1] + l[n - 1] == at) {
                        l[n - 1] += o.len[k];      // adjacent in memory and in type-map order: one copy
                    } else {
                        d[n] = at;
                        l[n] = o.len[k];
                        n++;
                    }
                }
            }
        }
        if (struct && align > 1) {
            ub = lb + ((ub - lb + align - 1) / align) * align;
        }
        Datatype sig = !uniform ? null : basic == null ? Datatype.BYTE : basic;
        return new TypeLayout(mixed ? Datatype.BYTE : unit, sig, mixed, Arrays.copyOf(d, n), Arrays.copyOf(l, n), lb,
                ub, align);
    }

    /** The predefined type of every block (offsets count it), or BYTE for a layout of mixed types. */
    public Datatype unit() { return unit; }

    /**
     * The predefined type of every element of the type map (the type's signature is {@code size() / basic.size()}
     * copies of it), or null if the elements are of different predefined types. A layout whose displacements are
     * not whole units of it is {@link #mixed()} (offsets in bytes) yet may still have a basic type.
     */
    public Datatype basic() { return basic; }

    /** True if the blocks hold different predefined types: only ByteBuffers can be described, offsets in bytes. */
    public boolean mixed() { return mixed; }

    /** Bytes of data in one item ({@code MPI_Type_size}). */
    public long size() { return size; }

    /** Lower bound, in bytes from the item start ({@code MPI_Type_get_extent}'s lb). */
    public long lb() { return lb; }

    /** The distance between consecutive items, in bytes ({@code MPI_Type_get_extent}'s extent). */
    public long extent() { return ub - lb; }

    /** Number of contiguous blocks one item packs from. */
    public int blocks() { return disp.length; }

    /** True if this layout can describe {@code buf}: an array of its unit (if not mixed), or a ByteBuffer. */
    public boolean accepts(Object buf) {
        return buf instanceof ByteBuffer || (!mixed && unit.accepts(buf));
    }

    /**
     * Throws ERR_COUNT or ERR_BUFFER unless {@code count} items from {@code offset} (in units) lie within
     * {@code buf}, and it is writable if {@code writable}. A null buffer is allowed for no data.
     */
    public void checkRegion(String what, Object buf, int offset, int count, boolean writable) {
        if (offset < 0 && count > 0 && size > 0) {
            throw new MpiException(ErrorClass.ERR_BUFFER, what + ": offset " + offset + " is negative");
        }
        checkRegionAt(what, buf, (long) offset * unit.size(), count, writable);
    }

    /**
     * As {@link #checkRegion}, for items whose first starts {@code byteBase} bytes into {@code buf} (a block of a
     * v-collective, placed by a displacement in extents).
     */
    public void checkRegionAt(String what, Object buf, long byteBase, int count, boolean writable) {
        if (count < 0) throw new MpiException(ErrorClass.ERR_COUNT, "count " + count + " is negative");
        if (count == 0 || size == 0) return;
        if (buf == null) throw new MpiException(ErrorClass.ERR_BUFFER, what + " is null");
        if (!accepts(buf)) {
            throw new MpiException(ErrorClass.ERR_BUFFER, what + " is a " + buf.getClass().getSimpleName()
                    + ", not a buffer of " + (mixed ? "a datatype of mixed types (a ByteBuffer)"
                    : unit + " (" + unit.arrayClass().getSimpleName() + " or ByteBuffer)"));
        }
        if (writable && buf instanceof ByteBuffer bb && bb.isReadOnly()) {
            throw new MpiException(ErrorClass.ERR_BUFFER, what + " is a read-only ByteBuffer");
        }
        long capacity = (long) Buffers.capacity(buf, unit) * unit.size();
        long ext = extent();
        long lo = byteBase + minDisp + Math.min(0, (count - 1L) * ext);
        long hi = byteBase + maxEnd + Math.max(0, (count - 1L) * ext);
        if (byteBase < 0 || lo < 0 || hi > capacity) {
            throw new MpiException(ErrorClass.ERR_BUFFER, what + ": " + count + " items from byte " + byteBase
                    + " touch bytes [" + lo + ", " + hi + "), capacity " + capacity + " bytes");
        }
    }

    /**
     * The offset, in units, at which {@code count} items start in a buffer of {@link #allocate}{@code (count)}:
     * the least that keeps every byte they touch at or above the buffer's start (a negative lower bound or
     * extent places data before an item's start).
     */
    public int scratchOffset(int count) {
        long lo = minDisp + Math.min(0, (count - 1L) * extent());
        long u = unit.size();
        return Math.toIntExact((Math.max(0, -lo) + u - 1) / u);
    }

    /**
     * A new zeroed buffer that holds {@code count} items from {@link #scratchOffset}{@code (count)}: an array of
     * the unit, or a native-order ByteBuffer for a layout of mixed types (which describes ByteBuffers only).
     */
    public Object allocate(int count) {
        long u = unit.size();
        long bytes = scratchOffset(count) * u + maxEnd + Math.max(0, (count - 1L) * extent());
        int units = Math.toIntExact((bytes + u - 1) / u);
        if (mixed) {
            return ByteBuffer.allocate(units).order(java.nio.ByteOrder.nativeOrder());
        }
        return switch (unit) {
            case BYTE -> new byte[units];
            case SHORT -> new short[units];
            case CHAR -> new char[units];
            case INT -> new int[units];
            case LONG -> new long[units];
            case FLOAT -> new float[units];
            case DOUBLE -> new double[units];
        };
    }

    /** Bytes {@code count} items pack into. */
    public long packedSize(int count) {
        return Math.multiplyExact(size, count);
    }

    /** Packs {@code count} items of {@code buf} from {@code offset} (a checked region) into {@code packet} from 0. */
    public void pack(Object buf, int offset, int count, byte[] packet) {
        packAt(buf, (long) offset * unit.size(), count, packet, 0);
    }

    /** Packs {@code count} items of {@code buf} from byte {@code byteBase} (a checked region) into {@code packet} from {@code at}. */
    public void packAt(Object buf, long byteBase, int count, byte[] packet, long at) {
        if (count == 0 || size == 0) return;
        MemorySegment src = Buffers.segment(buf);
        MemorySegment dst = MemorySegment.ofArray(packet);
        long base = byteBase, ext = extent();
        for (int i = 0; i < count; i++, base += ext) {
            for (int b = 0; b < disp.length; b++) {
                MemorySegment.copy(src, base + disp[b], dst, at, len[b]);
                at += len[b];
            }
        }
    }

    /**
     * Unpacks the first {@code bytes} bytes of {@code packet} into {@code count} items of {@code buf} from
     * {@code offset} (a checked region): fewer bytes than {@code packedSize(count)} fill the items in order and
     * stop there (a shorter message).
     */
    public void unpack(byte[] packet, long bytes, Object buf, int offset, int count) {
        unpackAt(packet, 0, bytes, buf, (long) offset * unit.size(), count);
    }

    /** As {@link #unpack}, from byte {@code from} of the packet into items starting at byte {@code byteBase} of {@code buf}. */
    public void unpackAt(byte[] packet, long from, long bytes, Object buf, long byteBase, int count) {
        if (count == 0 || size == 0 || bytes == 0) return;
        MemorySegment src = MemorySegment.ofArray(packet);
        MemorySegment dst = Buffers.segment(buf);
        long base = byteBase, ext = extent(), at = 0;
        for (int i = 0; i < count; i++, base += ext) {
            for (int b = 0; b < disp.length; b++) {
                long n = Math.min(len[b], bytes - at);
                if (n <= 0) return;
                MemorySegment.copy(src, from + at, dst, base + disp[b], n);
                at += n;
            }
        }
    }

    @Override
    public String toString() {
        return "TypeLayout[" + (mixed ? "mixed" : unit) + ", size " + size + ", lb " + lb + ", extent " + extent()
                + ", " + disp.length + " blocks]";
    }
}
