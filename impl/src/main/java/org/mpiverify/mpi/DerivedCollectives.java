package org.mpiverify.mpi;

import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.mpiverify.core.buffer.Buffers;
import org.mpiverify.core.buffer.TypeLayout;
import org.mpiverify.core.coll.Collectives;
import org.mpiverify.core.coll.NonblockingCollectives;
import org.mpiverify.core.coll.Schedule;

/**
 * The collectives of a {@link Comm} when a buffer argument has a {@link DerivedDatatype} (MPI-3.1 §4.1 with
 * chapter 5): each such argument is packed into a contiguous packet of its type's signature, and the collective of
 * {@link Collectives} or {@link NonblockingCollectives} runs on the packets as buffers of a predefined type; the
 * receive sides are unpacked with the type's map when it has succeeded. A packed argument is described by the
 * type's basic type ({@link TypeLayout#basic()}) when every element has the same one, else as bytes; so a derived
 * type on one rank matches any type of the same signature on another (a vector of INT against INT), and on one rank
 * a send and receive side of different signatures are the predefined collective's ERR_TYPE or ERR_COUNT.
 *
 * <p>Receive sides are packed too before the collective runs, so an {@code IN_PLACE} contribution that lives in the
 * receive buffer (allreduce, and the root's block of gather and allgather) is part of its packet; on an error the
 * user's receive buffer is left as it was. A reduction with a predefined op on a derived type combines the packed
 * elements of its basic type, which MPI defines element by element; on a type whose elements are of different
 * predefined types it is ERR_OP. A user-defined op on a derived type (MPI-3.1 §5.9.5) runs on the same packets,
 * through a {@link UserOp} of the packed type that unpacks both operands into buffers of the type's own layout,
 * calls the user's function on them with the derived handle and its items, and packs the result back
 * ({@link #onItems}); so the function sees what {@link UserOp} promises, in rank order.
 *
 * <p>Uses of the types and of a user op (Gropp &amp; Thakur §4.1, "Update Ref"): a blocking collective holds a use of
 * each derived type it was given, and of its user op, for the whole call; a nonblocking one from its start until
 * its schedule has finished and its receive sides are unpacked, so the type and the op may be freed while it is
 * pending (the schedule's reductions read both). A type is checked (freed or
 * uncommitted: ERR_TYPE) first, before anything is packed or sent; only arguments significant on the calling rank
 * are looked at, as in MPI.
 *
 * <p>Thread safety: stateless; a {@link Packing} belongs to one call, and after a nonblocking start only the
 * schedule's finish (in whichever thread moves it) touches it, through {@link Schedule#whenFinished}, which the
 * start publishes. Memory effects: those of the collective it runs; the unpacking of a nonblocking one
 * happens-before the return of the wait or test that completes its request.
 */
final class DerivedCollectives {
    private DerivedCollectives() {}

    /** True for a type the predefined paths take as they are (a predefined type, or null: their ERR_TYPE). */
    static boolean predefined(MpiDatatype t) {
        return t == null || t instanceof Datatype;
    }

    /** {@code t} as a predefined type, for an argument that is not significant (null then). */
    private static Datatype ignored(MpiDatatype t) {
        return t instanceof Datatype d ? d : null;
    }

    // ---------------------------------------------------------------- blocking

    static void bcast(Comm c, Object buf, int offset, int count, MpiDatatype type, int root) {
        blocking(c, p -> {
            Side s = p.side("bcast buffer", buf, offset, count, type, c.rank() != root);
            Collectives.bcast(c.coll, s.buf, s.offset, s.count, s.type, root);
        });
    }

    static void reduce(Comm c, Object send, int soff, Object recv, int roff, int count, MpiDatatype type, MpiOp op,
                       int root) {
        blocking(c, p -> {
            Reduction a = reduction(p, "reduce", send, soff, recv, roff, count, type, op, c.rank() == root);
            Collectives.reduce(c.coll, a.send.buf, a.send.offset, a.recv.buf, a.recv.offset, a.count, a.type, a.op, root);
        });
    }

    static void allreduce(Comm c, Object send, int soff, Object recv, int roff, int count, MpiDatatype type,
                          MpiOp op) {
        blocking(c, p -> {
            Reduction a = reduction(p, "allreduce", send, soff, recv, roff, count, type, op, true);
            Collectives.allreduce(c.coll, a.send.buf, a.send.offset, a.recv.buf, a.recv.offset, a.count, a.type, a.op);
        });
    }

    static void gather(Comm c, Object send, int soff, int scount, MpiDatatype stype, Object recv, int roff, int rcount,
                       MpiDatatype rtype, int root) {
        blocking(c, p -> {
            Pair a = gatherSides(p, c, send, soff, scount, stype, recv, roff, rcount, rtype, root);
            Collectives.gather(c.coll, a.send.buf, a.send.offset, a.send.count, a.send.type, a.recv.buf,
                    a.recv.offset, a.recv.perRank(rcount), a.recv.type, root);
        });
    }

    static void scatter(Comm c, Object send, int soff, int scount, MpiDatatype stype, Object recv, int roff, int rcount,
                        MpiDatatype rtype, int root) {
        blocking(c, p -> {
            Pair a = scatterSides(p, c, send, soff, scount, stype, recv, roff, rcount, rtype, root);
            Collectives.scatter(c.coll, a.send.buf, a.send.offset, a.send.perRank(scount), a.send.type, a.recv.buf,
                    a.recv.offset, a.recv.count, a.recv.type, root);
        });
    }

    static void allgather(Comm c, Object send, int soff, int scount, MpiDatatype stype, Object recv, int roff,
                          int rcount, MpiDatatype rtype) {
        blocking(c, p -> {
            Pair a = allgatherSides(p, c, send, soff, scount, stype, recv, roff, rcount, rtype);
            Collectives.allgather(c.coll, a.send.buf, a.send.offset, a.send.count, a.send.type, a.recv.buf,
                    a.recv.offset, a.recv.perRank(rcount), a.recv.type);
        });
    }

    static void alltoall(Comm c, Object send, int soff, int scount, MpiDatatype stype, Object recv, int roff,
                         int rcount, MpiDatatype rtype) {
        blocking(c, p -> {
            Pair a = alltoallSides(p, c, send, soff, scount, stype, recv, roff, rcount, rtype);
            Collectives.alltoall(c.coll, a.send.buf, a.send.offset, a.send.perRank(scount), a.send.type, a.recv.buf,
                    a.recv.offset, a.recv.perRank(rcount), a.recv.type);
        });
    }

    static void gatherv(Comm c, Object send, int soff, int scount, MpiDatatype stype, Object recv, int roff,
                        int[] rcounts, int[] displs, MpiDatatype rtype, int root) {
        blocking(c, p -> {
            VPair a = gathervSides(p, c, send, soff, scount, stype, recv, roff, rcounts, displs, rtype, root);
            Collectives.gatherv(c.coll, a.one.buf, a.one.offset, a.one.count, a.one.type, a.many.buf, a.many.offset,
                    a.many.counts, a.many.displs, a.many.type, root);
        });
    }

    static void scatterv(Comm c, Object send, int soff, int[] scounts, int[] displs, MpiDatatype stype, Object recv,
                         int roff, int rcount, MpiDatatype rtype, int root) {
        blocking(c, p -> {
            VPair a = scattervSides(p, c, send, soff, scounts, displs, stype, recv, roff, rcount, rtype, root);
            Collectives.scatterv(c.coll, a.many.buf, a.many.offset, a.many.counts, a.many.displs, a.many.type,
                    a.one.buf, a.one.offset, a.one.count, a.one.type, root);
        });
    }

    // ---------------------------------------------------------------- nonblocking

    static Request ibcast(Comm c, Object buf, int offset, int count, MpiDatatype type, int root) {
        return nonblocking(c, (ch, p) -> {
            Side s = p.side("ibcast buffer", buf, offset, count, type, c.rank() != root);
            return NonblockingCollectives.bcast(ch, s.buf, s.offset, s.count, s.type, root);
        });
    }

    static Request ireduce(Comm c, Object send, int soff, Object recv, int roff, int count, MpiDatatype type, MpiOp op,
                           int root) {
        return nonblocking(c, (ch, p) -> {
            Reduction a = reduction(p, "ireduce", send, soff, recv, roff, count, type, op, c.rank() == root);
            return NonblockingCollectives.reduce(ch, a.send.buf, a.send.offset, a.recv.buf, a.recv.offset, a.count,
                    a.type, a.op, root);
        });
    }

    static Request iallreduce(Comm c, Object send, int soff, Object recv, int roff, int count, MpiDatatype type,
                              MpiOp op) {
        return nonblocking(c, (ch, p) -> {
            Reduction a = reduction(p, "iallreduce", send, soff, recv, roff, count, type, op, true);
            return NonblockingCollectives.allreduce(ch, a.send.buf, a.send.offset, a.recv.buf, a.recv.offset, a.count,
                    a.type, a.op);
        });
    }

    static Request igather(Comm c, Object send, int soff, int scount, MpiDatatype stype, Object recv, int roff,
                           int rcount, MpiDatatype rtype, int root) {
        return nonblocking(c, (ch, p) -> {
            Pair a = gatherSides(p, c, send, soff, scount, stype, recv, roff, rcount, rtype, root);
            return NonblockingCollectives.gather(ch, a.send.buf, a.send.offset, a.send.count, a.send.type, a.recv.buf,
                    a.recv.offset, a.recv.perRank(rcount), a.recv.type, root);
        });
    }

    static Request iscatter(Comm c, Object send, int soff, int scount, MpiDatatype stype, Object recv, int roff,
                            int rcount, MpiDatatype rtype, int root) {
        return nonblocking(c, (ch, p) -> {
            Pair a = scatterSides(p, c, send, soff, scount, stype, recv, roff, rcount, rtype, root);
            return NonblockingCollectives.scatter(ch, a.send.buf, a.send.offset, a.send.perRank(scount), a.send.type,
                    a.recv.buf, a.recv.offset, a.recv.count, a.recv.type, root);
        });
    }

    static Request iallgather(Comm c, Object send, int soff, int scount, MpiDatatype stype, Object recv, int roff,
                              int rcount, MpiDatatype rtype) {
        return nonblocking(c, (ch, p) -> {
            Pair a = allgatherSides(p, c, send, soff, scount, stype, recv, roff, rcount, rtype);
            return NonblockingCollectives.allgather(ch, a.send.buf, a.send.offset, a.send.count, a.send.type,
                    a.recv.buf, a.recv.offset, a.recv.perRank(rcount), a.recv.type);
        });
    }

    static Request ialltoall(Comm c, Object send, int soff, int scount, MpiDatatype stype, Object recv, int roff,
                             int rcount, MpiDatatype rtype) {
        return nonblocking(c, (ch, p) -> {
            Pair a = alltoallSides(p, c, send, soff, scount, stype, recv, roff, rcount, rtype);
            return NonblockingCollectives.alltoall(ch, a.send.buf, a.send.offset, a.send.perRank(scount), a.send.type,
                    a.recv.buf, a.recv.offset, a.recv.perRank(rcount), a.recv.type);
        });
    }

    static Request igatherv(Comm c, Object send, int soff, int scount, MpiDatatype stype, Object recv, int roff,
                            int[] rcounts, int[] displs, MpiDatatype rtype, int root) {
        return nonblocking(c, (ch, p) -> {
            VPair a = gathervSides(p, c, send, soff, scount, stype, recv, roff, rcounts, displs, rtype, root);
            return NonblockingCollectives.gatherv(ch, a.one.buf, a.one.offset, a.one.count, a.one.type, a.many.buf,
                    a.many.offset, a.many.counts, a.many.displs, a.many.type, root);
        });
    }

    static Request iscatterv(Comm c, Object send, int soff, int[] scounts, int[] displs, MpiDatatype stype,
                             Object recv, int roff, int rcount, MpiDatatype rtype, int root) {
        return nonblocking(c, (ch, p) -> {
            VPair a = scattervSides(p, c, send, soff, scounts, displs, stype, recv, roff, rcount, rtype, root);
            return NonblockingCollectives.scatterv(ch, a.many.buf, a.many.offset, a.many.counts, a.many.displs,
                    a.many.type, a.one.buf, a.one.offset, a.one.count, a.one.type, root);
        });
    }

    // ---------------------------------------------------------------- the sides of each collective

    private record Reduction(Side send, Side recv, int count, Datatype type, MpiOp op) {}

    private record Pair(Side send, Side recv) {}

    private record VPair(Side one, VSide many) {}

    /**
     * The sides of a reduction: {@code recv} significant where {@code receives}; a send of {@code IN_PLACE} has its
     * contribution in {@code recv}. A user op is used first (ERR_OP if freed, as on the predefined path) and
     * applied to the type's items ({@link #onItems}); a predefined op on a type of mixed elements is ERR_OP.
     */
    private static Reduction reduction(Packing p, String name, Object send, int soff, Object recv, int roff, int count,
                                       MpiDatatype type, MpiOp op, boolean receives) {
        UserOp user = op instanceof UserOp u ? p.use(u) : null;
        boolean inPlace = send == Collectives.IN_PLACE;
        if (inPlace && !receives) {
            throw new MpiException(ErrorClass.ERR_BUFFER, name + ": IN_PLACE is allowed only at the root");
        }
        Side s = inPlace ? Side.raw(send, soff, 0, null) : p.side(name + " send buffer", send, soff, count, type, false);
        Side r = receives ? p.side(name + " receive buffer", recv, roff, count, type, true)
                : Side.raw(recv, roff, 0, null);
        Side typed = receives ? r : s;
        if (typed.layout != null) {
            if (user != null) {
                return new Reduction(s, r, typed.count, typed.type, onItems(user, (DerivedDatatype) type));
            }
            if (typed.layout.basic() == null) {
                throw new MpiException(ErrorClass.ERR_OP, name + ": " + op + " is not defined on a datatype whose "
                        + "elements are of different predefined types");
            }
        }
        return new Reduction(s, r, typed.count, typed.type, op);
    }

    /**
     * {@code user} applied to items of {@code type}, as an op on packets of the type's packed type: each application
     * unpacks its two operands (whole items, in type-map order) into new buffers of the type's layout, calls the
     * user's function on them, {@code in} still the lower ranks' operand, and packs {@code inout} back. It reads
     * the type map at each application, under the use the collective holds until its schedule finishes.
     */
    static UserOp onItems(UserOp user, DerivedDatatype type) {
        return new UserOp((in, inOff, inout, inoutOff, n, packed) -> {
            TypeLayout l = type.layout();   // ERR_INTERN if released: a use ended before the schedule did
            long unit = ((Datatype) packed).size();
            long bytes = n * unit;
            if (bytes == 0) {
                return;
            }
            if (bytes % l.size() != 0) {
                throw new MpiException(ErrorClass.ERR_INTERN, n + " packed elements are not whole items of " + type);
            }
            int items = (int) (bytes / l.size());
            byte[] x = new byte[(int) bytes];
            byte[] y = new byte[(int) bytes];
            MemorySegment.copy(Buffers.segment(in), inOff * unit, MemorySegment.ofArray(x), 0, bytes);
            MemorySegment.copy(Buffers.segment(inout), inoutOff * unit, MemorySegment.ofArray(y), 0, bytes);
            int at = l.scratchOffset(items);
            Object lower = l.allocate(items);
            Object result = l.allocate(items);
            l.unpack(x, bytes, lower, at, items);
            l.unpack(y, bytes, result, at, items);
            user.apply(lower, at, result, at, items, type);
            l.pack(result, at, items, y);
            MemorySegment.copy(MemorySegment.ofArray(y), 0, Buffers.segment(inout), inoutOff * unit, bytes);
        }, user.isCommutative());
    }

    private static Pair gatherSides(Packing p, Comm c, Object send, int soff, int scount, MpiDatatype stype,
                                    Object recv, int roff, int rcount, MpiDatatype rtype, int root) {
        boolean atRoot = c.rank() == root;
        Side s = atRoot && send == Collectives.IN_PLACE ? Side.raw(send, soff, scount, ignored(stype))
                : p.side("gather send buffer", send, soff, scount, stype, false);
        Side r = atRoot ? p.side("gather receive buffer", recv, roff, times(c.size(), rcount), rtype, true)
                : Side.raw(recv, roff, rcount, ignored(rtype));
        return new Pair(s, r);
    }

    private static Pair scatterSides(Packing p, Comm c, Object send, int soff, int scount, MpiDatatype stype,
                                     Object recv, int roff, int rcount, MpiDatatype rtype, int root) {
        boolean atRoot = c.rank() == root;
        Side s = atRoot ? p.side("scatter send buffer", send, soff, times(c.size(), scount), stype, false)
                : Side.raw(send, soff, scount, ignored(stype));
        Side r = atRoot && recv == Collectives.IN_PLACE ? Side.raw(recv, roff, rcount, ignored(rtype))
                : p.side("scatter receive buffer", recv, roff, rcount, rtype, true);
        return new Pair(s, r);
    }

    private static Pair allgatherSides(Packing p, Comm c, Object send, int soff, int scount, MpiDatatype stype,
                                       Object recv, int roff, int rcount, MpiDatatype rtype) {
        Side s = send == Collectives.IN_PLACE ? Side.raw(send, soff, scount, ignored(stype))
                : p.side("allgather send buffer", send, soff, scount, stype, false);
        Side r = p.side("allgather receive buffer", recv, roff, times(c.size(), rcount), rtype, true);
        return new Pair(s, r);
    }

    private static Pair alltoallSides(Packing p, Comm c, Object send, int soff, int scount, MpiDatatype stype,
                                      Object recv, int roff, int rcount, MpiDatatype rtype) {
        Side s = p.side("alltoall send buffer", send, soff, times(c.size(), scount), stype, false);
        Side r = p.side("alltoall receive buffer", recv, roff, times(c.size(), rcount), rtype, true);
        return new Pair(s, r);
    }

    private static VPair gathervSides(Packing p, Comm c, Object send, int soff, int scount, MpiDatatype stype,
                                      Object recv, int roff, int[] rcounts, int[] displs, MpiDatatype rtype, int root) {
        boolean atRoot = c.rank() == root;
        Side s = atRoot && send == Collectives.IN_PLACE ? Side.raw(send, soff, scount, ignored(stype))
                : p.side("gatherv send buffer", send, soff, scount, stype, false);
        VSide r = atRoot ? p.vside("gatherv receive", recv, roff, rcounts, displs, c.size(), rtype, true)
                : new VSide(recv, roff, ignored(rtype), rcounts, displs);
        return new VPair(s, r);
    }

    private static VPair scattervSides(Packing p, Comm c, Object send, int soff, int[] scounts, int[] displs,
                                       MpiDatatype stype, Object recv, int roff, int rcount, MpiDatatype rtype,
                                       int root) {
        boolean atRoot = c.rank() == root;
        VSide s = atRoot ? p.vside("scatterv send", send, soff, scounts, displs, c.size(), stype, false)
                : new VSide(send, soff, ignored(stype), scounts, displs);
        Side r = atRoot && recv == Collectives.IN_PLACE ? Side.raw(recv, roff, rcount, ignored(rtype))
                : p.side("scatterv receive buffer", recv, roff, rcount, rtype, true);
        return new VPair(r, s);
    }

    /** {@code n * count} items, ERR_COUNT beyond an int (a negative count is the region check's ERR_COUNT). */
    private static int times(int n, int count) {
        long items = (long) n * count;
        if (items > Integer.MAX_VALUE) {
            throw new MpiException(ErrorClass.ERR_COUNT, n + " blocks of " + count + " items: more than a buffer holds");
        }
        return count < 0 ? count : (int) items;
    }

    // ---------------------------------------------------------------- frames

    @FunctionalInterface
    private interface BlockingBody {
        void run(Packing p);
    }

    @FunctionalInterface
    private interface ScheduleBody {
        Schedule build(NonblockingStarts.SlotChannel ch, Packing p);
    }

    /** A blocking collective: uses held for the call, receive sides unpacked once it has succeeded. */
    private static void blocking(Comm c, BlockingBody body) {
        CollectiveCalls.run(c, () -> {
            Packing p = new Packing();
            try {
                body.run(p);
                p.unpack();
            } finally {
                p.endUses();
            }
        });
    }

    /** A nonblocking collective: uses held until its schedule finishes, receive sides unpacked then if it succeeded. */
    private static Request nonblocking(Comm c, ScheduleBody body) {
        Packing p = new Packing();
        try {
            return c.nonblocking.start(ch -> p.build(() -> body.build(ch, p)));
        } catch (RuntimeException e) {
            p.abandon();
            throw e;
        }
    }

    /**
     * The packed arguments of one collective call: the uses of derived types it holds and the receive sides to
     * unpack. Used by the calling thread until its schedule starts; then only by the schedule's finish.
     */
    static final class Packing {
        private final List<DerivedDatatype> uses = new ArrayList<>(2);
        private final List<Runnable> unpacks = new ArrayList<>(2);
        private UserOp op;
        private boolean built;

        /** Takes a use of the reduction's user op (ERR_OP if freed), ended by {@link #endUses}. */
        UserOp use(UserOp u) {
            u.beginUse();
            op = u;
            return u;
        }

        /**
         * One buffer argument of {@code count} items: as it is for a predefined type (the collective checks it);
         * for a derived type, a use taken (ERR_TYPE if freed or not committed), the region checked, and the items
         * packed; a receive side is unpacked by {@link #unpack}.
         */
        Side side(String what, Object buf, int offset, int count, MpiDatatype type, boolean receives) {
            if (predefined(type)) {
                return Side.raw(buf, offset, count, (Datatype) type);
            }
            DerivedDatatype d = derived(type);
            TypeLayout l = take(d);
            if (buf == Collectives.IN_PLACE) {
                throw new MpiException(ErrorClass.ERR_BUFFER, what + ": IN_PLACE is not allowed here");
            }
            l.checkRegion(what, buf, offset, count, receives);
            byte[] packet = new byte[packedBytes(l, count)];
            l.pack(buf, offset, count, packet);
            if (receives) {     // the type map as the held use keeps it, at unpack time
                unpacks.add(() -> d.layout().unpack(packet, packet.length, buf, offset, count));
            }
            Datatype p = packedType(l);
            return new Side(ByteBuffer.wrap(packet), 0, packet.length / p.size(), p, l, elements(l));
        }

        /**
         * The argument of a v-collective's rooted side: block {@code i} is {@code counts[i]} items from
         * {@code displs[i]} extents after {@code offset}; for a derived type, the blocks are packed one after the
         * other and the counts and displacements rewritten in elements of the packet.
         */
        VSide vside(String what, Object buf, int offset, int[] counts, int[] displs, int n, MpiDatatype type,
                    boolean receives) {
            if (predefined(type)) {
                return new VSide(buf, offset, (Datatype) type, counts, displs);
            }
            DerivedDatatype d = derived(type);
            TypeLayout l = take(d);
            if (counts == null || displs == null) {
                throw new MpiException(ErrorClass.ERR_ARG, what + ": counts or displacements array is null");
            }
            if (counts.length < n || displs.length < n) {
                throw new MpiException(ErrorClass.ERR_ARG, what + ": counts/displacements arrays shorter than size " + n);
            }
            if (buf == Collectives.IN_PLACE) {
                throw new MpiException(ErrorClass.ERR_BUFFER, what + ": IN_PLACE is not allowed here");
            }
            if (offset < 0) {
                throw new MpiException(ErrorClass.ERR_BUFFER, what + ": offset " + offset + " is negative");
            }
            long[] bases = new long[n];
            long total = 0;
            for (int i = 0; i < n; i++) {
                bases[i] = (long) offset * l.unit().size() + displs[i] * l.extent();
                l.checkRegionAt(what + " block " + i, buf, bases[i], counts[i], receives);
                total += counts[i];
            }
            if (total > Integer.MAX_VALUE) {
                throw new MpiException(ErrorClass.ERR_COUNT, what + ": " + total + " items in all");
            }
            byte[] packet = new byte[packedBytes(l, (int) total)];
            Datatype p = packedType(l);
            int k = elements(l);
            int[] packedCounts = new int[n];
            int[] packedDispls = new int[n];
            long at = 0;
            for (int i = 0; i < n; i++) {
                l.packAt(buf, bases[i], counts[i], packet, at);
                packedCounts[i] = counts[i] * k;
                packedDispls[i] = (int) (at / p.size());
                at += l.packedSize(counts[i]);
            }
            if (receives) {
                int[] items = counts.clone();
                unpacks.add(() -> {
                    TypeLayout map = d.layout();
                    long from = 0;
                    for (int i = 0; i < n; i++) {
                        long bytes = map.packedSize(items[i]);
                        map.unpackAt(packet, from, bytes, buf, bases[i], items[i]);
                        from += bytes;
                    }
                });
            }
            return new VSide(ByteBuffer.wrap(packet), 0, p, packedCounts, packedDispls);
        }

        /** Takes a use of {@code d} (ERR_TYPE if freed or not committed), ended by {@link #endUses}. */
        private TypeLayout take(DerivedDatatype d) {
            TypeLayout l = d.beginUse();
            uses.add(d);
            return l;
        }

        /** Unpacks every receive side into the user's buffer; the uses are still held. */
        void unpack() {
            for (Runnable u : unpacks) {
                u.run();
            }
        }

        /** Ends every use taken. */
        void endUses() {
            for (DerivedDatatype d : uses) {
                d.endUse();
            }
            uses.clear();
            if (op != null) {
                op.endUse();
                op = null;
            }
        }

        /** Builds the schedule; its finish unpacks (if it succeeded) and ends the uses. A failed build ends them. */
        Schedule build(Supplier<Schedule> builder) {
            Schedule s;
            try {
                s = builder.get();
            } catch (RuntimeException e) {
                endUses();
                throw e;
            }
            built = true;
            s.whenFinished(() -> {
                try {
                    if (s.failure() == null) {
                        unpack();
                    }
                } finally {
                    endUses();
                }
            });
            return s;
        }

        /** The start failed: a schedule built will never run, so its uses end here. */
        void abandon() {
            if (built) {
                built = false;
                endUses();
            }
        }
    }

    /** {@code type} as a derived type; ERR_TYPE for an implementation of {@link MpiDatatype} not of this MPI. */
    private static DerivedDatatype derived(MpiDatatype type) {
        if (type instanceof DerivedDatatype d) {
            return d;
        }
        throw new MpiException(ErrorClass.ERR_TYPE, "not a datatype of this MPI: " + type.getClass().getName());
    }

    /** The predefined type a packet of {@code l} is described by: its basic type, or bytes for mixed elements. */
    private static Datatype packedType(TypeLayout l) {
        return l.basic() != null ? l.basic() : Datatype.BYTE;
    }

    /** Elements of the packed type in one item. */
    private static int elements(TypeLayout l) {
        return (int) (l.size() / packedType(l).size());
    }

    private static int packedBytes(TypeLayout l, int count) {
        long bytes = l.packedSize(count);
        if (bytes > Integer.MAX_VALUE - 16) {
            throw new MpiException(ErrorClass.ERR_COUNT, count + " items of " + l.size() + " bytes: more than a packet holds");
        }
        return (int) bytes;
    }

    /**
     * One buffer argument as the predefined collective takes it; {@code layout} is the derived type's map (null
     * for an argument passed as it is), {@code elements} the packed elements per item.
     */
    record Side(Object buf, int offset, int count, Datatype type, TypeLayout layout, int elements) {
        static Side raw(Object buf, int offset, int count, Datatype type) {
            return new Side(buf, offset, count, type, null, 1);
        }

        /** A per-rank count of {@code items} items in packed elements (a negative count is left for the check). */
        int perRank(int items) {
            return items < 0 ? items : items * elements;
        }
    }

    /** The rooted side of a v-collective as the predefined collective takes it: counts and displacements in its elements. */
    record VSide(Object buf, int offset, Datatype type, int[] counts, int[] displs) {}
}
