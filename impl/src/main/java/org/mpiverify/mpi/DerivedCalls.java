package org.mpiverify.mpi;

import org.mpiverify.core.buffer.TypeLayout;

/**
 * The point-to-point calls of a {@link Comm} on a {@link DerivedDatatype}: a send packs its items into a
 * contiguous packet when it starts and sends the packet as bytes (a nested call of the predefined path, so
 * the packet, not the type, is what a pending send holds); a receive lands its message in a packet of the
 * type's packed size and unpacks it on delivery ({@link DerivedReceive}). A message is its items' data in
 * type-map order, so it matches a receive of any type with the same type signature.
 *
 * <p>Uses of the type (Gropp &amp; Thakur §4.1): a send holds one while it packs, a receive from its start
 * until its request is recycled; each starts with {@link DerivedDatatype#beginUse}, which refuses a freed or
 * uncommitted type (ERR_TYPE) before anything else changes.
 *
 * <p>Thread safety: stateless; as thread-safe as the predefined path it nests. Errors: the communicator is
 * checked first (ERR_COMM), then the type (ERR_TYPE), the count and buffer region (ERR_COUNT, ERR_BUFFER),
 * then what the nested call checks (ERR_RANK, ERR_TAG); each leaves nothing changed.
 */
final class DerivedCalls {
    private DerivedCalls() {}

    /** {@code MPI_Send} ({@code sync}: {@code MPI_Ssend}) of a derived type. */
    static void send(Comm c, Object buf, int offset, int count, MpiDatatype type, int dest, int tag, boolean sync) {
        if (type == null) {
            PointToPointCalls.send(c, buf, offset, count, null, dest, tag, sync);   // its ERR_TYPE, in its order
            return;
        }
        c.rank.run(c, () -> {
            byte[] packet = pack(c, buf, offset, count, derived(type));
            if (sync) {
                c.ssend(packet, 0, packet.length, Datatype.BYTE, dest, tag);
            } else {
                c.send(packet, 0, packet.length, Datatype.BYTE, dest, tag);
            }
        });
    }

    /** {@code MPI_Isend} ({@code sync}: {@code MPI_Issend}) of a derived type. */
    static Request startSend(Comm c, Object buf, int offset, int count, MpiDatatype type, int dest, int tag,
                             boolean sync) {
        if (type == null) {
            return PointToPointCalls.startSend(c, buf, offset, count, null, dest, tag, sync);
        }
        return c.rank.call(c, () -> {
            byte[] packet = pack(c, buf, offset, count, derived(type));
            return sync ? c.issend(packet, 0, packet.length, Datatype.BYTE, dest, tag)
                    : c.isend(packet, 0, packet.length, Datatype.BYTE, dest, tag);
        });
    }

    /** {@code MPI_Recv} into a derived type; ERR_TRUNCATE (message consumed, buffer filled) if longer. */
    static Status recv(Comm c, Object buf, int offset, int count, MpiDatatype type, int source, int tag) {
        if (type == null) {
            return PointToPointCalls.recv(c, buf, offset, count, null, source, tag);
        }
        return c.rank.call(c, () -> {
            HeapGuard.admitReceive("MPI_Recv"); // before prepareRecv takes a use of the type: a refusal changes nothing
            DerivedReceive u = prepareRecv(c, buf, offset, count, derived(type), source, tag);
            if (u == null) {
                return Status.PROC_NULL;
            }
            Status s = c.p2p.recv(u, source, tag);
            if (s.error() == ErrorClass.ERR_TRUNCATE) {
                throw new MpiException(ErrorClass.ERR_TRUNCATE,
                        "message longer than the receive buffer of " + count + " items of " + type + ": " + s);
            }
            return s;
        });
    }

    /** {@code MPI_Irecv} into a derived type. */
    static Request irecv(Comm c, Object buf, int offset, int count, MpiDatatype type, int source, int tag) {
        if (type == null) {
            return PointToPointCalls.irecv(c, buf, offset, count, null, source, tag);
        }
        return c.rank.call(c, () -> {
            HeapGuard.admitReceive("MPI_Irecv"); // before prepareRecv takes a use of the type: a refusal changes nothing
            DerivedReceive u = prepareRecv(c, buf, offset, count, derived(type), source, tag);
            if (u == null) {
                return Request.completed(c, Status.PROC_NULL);
            }
            return Request.forRecv(c, c.p2p.startRecv(u, source, tag, 2));
        });
    }

    /**
     * The packet of a send of a derived type, for a caller outside {@link Comm}'s send calls (a buffered send):
     * the comm, the type and the region checked, the items packed; ERR_TYPE for a type not of this MPI.
     */
    static byte[] packSend(Comm c, Object buf, int offset, int count, MpiDatatype type) {
        return pack(c, buf, offset, count, derived(type));
    }

    /**
     * Packs {@code count} items of a checked region with the map of a type whose use the caller holds (a
     * persistent send's start: the handle may have been freed since the init).
     */
    static byte[] packHeld(DerivedDatatype type, Object buf, int offset, int count) {
        TypeLayout layout = type.layout();
        byte[] packet = new byte[packedBytes(layout, count)];
        layout.pack(buf, offset, count, packet);
        return packet;
    }

    /**
     * {@code MPI_Irecv} of a checked region into a type whose use the caller holds (a persistent receive's start):
     * the receive takes a use of its own ({@link DerivedDatatype#addUse}), ended when its request is recycled.
     */
    static Request irecvHeld(Comm c, Object buf, int offset, int count, DerivedDatatype type, int source, int tag) {
        return c.rank.call(c, () -> {
            HeapGuard.admitReceive("MPI_Start");
            c.checkLive();
            if (source == Mpi.PROC_NULL) {
                return Request.completed(c, Status.PROC_NULL);
            }
            TypeLayout layout = type.addUse();   // the receive's own, carried by the unpacker as prepareRecv's
            return Request.forRecv(c, c.p2p.startRecv(
                    new DerivedReceive(type, new byte[packedBytes(layout, count)], buf, offset, count), source, tag, 2));
        });
    }

    /** Checks the comm, the type and the region, and packs the items into a new packet; the use ends here. */
    private static byte[] pack(Comm c, Object buf, int offset, int count, DerivedDatatype type) {
        c.checkLive();
        TypeLayout layout = type.beginUse();
        try {
            layout.checkRegion("buffer", buf, offset, count, false);
            byte[] packet = new byte[packedBytes(layout, count)];
            layout.pack(buf, offset, count, packet);
            return packet;
        } finally {
            type.endUse();
        }
    }

    /**
     * Checks everything a receive needs and takes a use of the type, which the returned unpacker carries
     * into the receive (a start that fails ends it: ERR_COMM from a communicator freed meanwhile). Null
     * for {@code PROC_NULL}: no use held.
     */
    private static DerivedReceive prepareRecv(Comm c, Object buf, int offset, int count, DerivedDatatype type,
                                              int source, int tag) {
        c.checkLive();
        TypeLayout layout = type.beginUse();
        boolean handedOver = false;
        try {
            layout.checkRegion("receive buffer", buf, offset, count, true);
            checkSourceTag(c, source, tag);
            if (source == Mpi.PROC_NULL) {
                return null;
            }
            handedOver = true;
            return new DerivedReceive(type, new byte[packedBytes(layout, count)], buf, offset, count);
        } finally {
            if (!handedOver) {
                type.endUse();
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

    /**
     * {@code type} as a predefined type, for a caller that has taken the derived ones apart: null stays null (the
     * predefined path's ERR_TYPE), an implementation of {@link MpiDatatype} not of this MPI is ERR_TYPE.
     */
    static Datatype predefined(MpiDatatype type) {
        if (type == null || type instanceof Datatype) {
            return (Datatype) type;
        }
        throw new MpiException(ErrorClass.ERR_TYPE, "not a datatype of this MPI: " + type.getClass().getName());
    }

    static int packedBytes(TypeLayout layout, int count) {
        long bytes = layout.packedSize(count);
        if (bytes > Integer.MAX_VALUE - 16) {
            throw new MpiException(ErrorClass.ERR_COUNT, count + " items of " + layout.size() + " bytes: more than a packet holds");
        }
        return (int) bytes;
    }

    private static void checkSourceTag(Comm c, int source, int tag) {
        if (source != Mpi.PROC_NULL && source != Mpi.ANY_SOURCE && (source < 0 || source >= c.size())) {
            throw new MpiException(ErrorClass.ERR_RANK, "source " + source + " is not a rank of a communicator of size " + c.size());
        }
        if (tag != Mpi.ANY_TAG && (tag < 0 || tag > Mpi.TAG_UB)) {
            throw new MpiException(ErrorClass.ERR_TAG, "receive tag " + tag + " outside [0, " + Mpi.TAG_UB + "] and not ANY_TAG");
        }
    }
}
