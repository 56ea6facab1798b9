package org.mpiverify.mpi;

import java.nio.ByteBuffer;
import java.util.function.Consumer;
import org.mpiverify.core.bsend.AttachedBuffer;
import org.mpiverify.core.buffer.Buffers;
import org.mpiverify.core.request.Completion.SignalListener;
import org.mpiverify.core.request.RequestState;

/**
 * Buffered-mode sends (MPI-3.1 §3.4, §3.6): {@code MPI_Buffer_attach}, {@code MPI_Buffer_detach},
 * {@code MPI_Bsend} and {@code MPI_Ibsend}, over the rank's {@link AttachedBuffer}.
 *
 * <p>A buffered send checks its arguments as a standard send does (a derived type: packed first, as a standard
 * send packs, and buffered as its packet's bytes), reserves its packed size plus
 * {@link Mpi#BSEND_OVERHEAD} bytes in the attached buffer (ERR_BUFFER, and nothing sent, if no buffer is attached or
 * the message does not fit), copies the message there and starts a standard send from that copy; then it returns,
 * whatever the receiver does. The region is released when the message has left it: at once for an eager message
 * (copied into a packet), else when the matching receive has copied it (the releasing thread is then the
 * receiver's). A detach waits for every region to be released, without holding any lock, polling the rank's
 * outstanding nonblocking operations as every waiting call does (MPI's progress rule).
 *
 * <p>Thread safety: any thread of the rank may call any of these at once: the attached buffer is the rank's one
 * shared object and is lock-free (Gropp &amp; Thakur §3, class Own). Memory effects: the copy into the attached
 * buffer happens-before the receive that takes the message (through the matching engine), and that receive's copy
 * out happens-before the region is reserved again and before {@code bufferDetach} returns.
 *
 * <p>Accounting is the standard's: a message occupies {@code count * size + BSEND_OVERHEAD} bytes, so a buffer of
 * the sum of those sizes holds those messages at once; the overhead's bytes are reserved but not written (the
 * bookkeeping lives in the allocator's layout, not in the buffer).
 *
 * <p>Implementation notes: a send whose start fails after its reservation (its communicator freed by another thread
 * between the send's check of the handle and its reference to it, an erroneous program) gives its region back on
 * that path too. {@link #reserved} is a test's injection point in that window, so a test puts the free exactly
 * there instead of hoping a race lands in the copy.
 */
final class BufferedSends {
    /**
     * Test support: told, in the sending thread, with the send's communicator once the send has reserved its region
     * and before it copies its message and takes its reference to the communicator; whatever it does happens exactly
     * there (a test frees the communicator from another thread and waits for that). Null in production: one
     * volatile load per buffered send, which copies its whole message anyway.
     */
    static volatile Consumer<Comm> reserved;

    private BufferedSends() {
    }

    /** {@code MPI_Buffer_attach} of {@code buf}'s bytes from index 0 to its limit. */
    static void attach(RankContext rank, ByteBuffer buf) {
        rank.run(null, () -> {
            if (buf == null) {
                throw new MpiException(ErrorClass.ERR_BUFFER, "buffer to attach is null");
            }
            if (buf.isReadOnly()) {
                throw new MpiException(ErrorClass.ERR_BUFFER, "buffer to attach is a read-only ByteBuffer");
            }
            int size = buf.limit();
            if (size < Mpi.BSEND_OVERHEAD) {
                throw new MpiException(ErrorClass.ERR_BUFFER, "buffer of " + size + " bytes is smaller than "
                        + "BSEND_OVERHEAD (" + Mpi.BSEND_OVERHEAD + ")");
            }
            rank.bsendBuffer.attach(buf, size);
        });
    }

    /** {@code MPI_Buffer_attach} of a new heap buffer of {@code size} bytes. */
    static void attach(RankContext rank, int size) {
        rank.run(null, () -> {
            if (size < 0) {
                throw new MpiException(ErrorClass.ERR_ARG, "buffer size " + size + " is negative");
            }
            if (size < Mpi.BSEND_OVERHEAD) {
                throw new MpiException(ErrorClass.ERR_BUFFER, "buffer of " + size + " bytes is smaller than "
                        + "BSEND_OVERHEAD (" + Mpi.BSEND_OVERHEAD + ")");
            }
            rank.bsendBuffer.attach(ByteBuffer.allocate(size), size);
        });
    }

    /**
     * {@code MPI_Buffer_detach}: waits until every message in the buffer has left it, then returns the buffer
     * (null if none was attached). ERR_BUFFER if another thread's detach is under way.
     */
    static ByteBuffer detach(RankContext rank) {
        return rank.call(null, () -> {
            RequestState drained = new RequestState(st -> { });   // this call's own; never pooled
            drained.begin(1);
            Object buf = rank.bsendBuffer.beginDetach(drained::signal);
            if (buf == null) {
                return null;
            }
            rank.await(drained);   // no lock held; ERR_ABORTED if the job is aborted first
            if (!rank.bsendBuffer.finishDetach()) {
                throw new MpiException(ErrorClass.ERR_INTERN, "attached buffer not drained after its detach's signal");
            }
            return (ByteBuffer) buf;
        });
    }

    /** {@code MPI_Bsend}. */
    static void bsend(Comm c, Object buf, int offset, int count, MpiDatatype type, int dest, int tag) {
        c.rank.run(c, () -> start(c, buf, offset, count, type, dest, tag));
    }

    /** {@code MPI_Ibsend}: the message is in the attached buffer when it returns, so its request is complete. */
    static Request ibsend(Comm c, Object buf, int offset, int count, MpiDatatype type, int dest, int tag) {
        return c.rank.call(c, () -> {
            long bytes = start(c, buf, offset, count, type, dest, tag);
            return Request.completed(c, dest == Mpi.PROC_NULL ? Status.PROC_NULL
                    : new Status(c.rank(), tag, bytes, ErrorClass.SUCCESS, false));
        });
    }

    /** The packed size of {@code count} elements of {@code type}: what a message occupies besides the overhead. */
    static long packedBytes(int count, Datatype type) {
        return (long) count * type.size();
    }

    /**
     * Checks, reserves, copies, sends; returns the message's bytes. A derived type's items are packed first (its
     * use ends with the packing: the attached buffer holds the packet) and buffered as bytes.
     */
    private static long start(Comm c, Object buf, int offset, int count, MpiDatatype type, int dest, int tag) {
        if (type instanceof Datatype t) {
            return start(c, buf, offset, count, t, dest, tag);
        }
        if (type == null) {
            return start(c, buf, offset, count, (Datatype) null, dest, tag);   // its ERR_TYPE, in its order
        }
        byte[] packet = DerivedCalls.packSend(c, buf, offset, count, type);
        return start(c, packet, 0, packet.length, Datatype.BYTE, dest, tag);
    }

    private static long start(Comm c, Object buf, int offset, int count, Datatype type, int dest, int tag) {
        PointToPointCalls.checkSend(c, buf, offset, count, type, dest, tag);
        if (dest == Mpi.PROC_NULL) {
            return 0;
        }
        long bytes = packedBytes(count, type);
        AttachedBuffer attached = c.rank.bsendBuffer;
        int at = attached.reserve(bytes + Mpi.BSEND_OVERHEAD);   // ERR_BUFFER: nothing reserved
        ByteBuffer mem = (ByteBuffer) attached.buffer();          // attached while this region is held
        RequestState st;
        try {
            Consumer<Comm> hook = reserved;
            if (hook != null) {
                hook.accept(c);
            }
            Buffers.copy(buf, offset, type, mem, at, Datatype.BYTE, bytes);
            st = c.p2p.startSend(mem, at, (int) bytes, Datatype.BYTE, dest, tag, false, false,
                    RELEASE_REGION, new Region(attached, at));
        } catch (RuntimeException e) {
            attached.release(at);
            throw e;
        }
        if (st == null) {
            attached.release(at);   // eager: the message is in a packet already
        } else {
            st.release();           // this call's reference; the region goes when the receive has copied it
        }
        return bytes;
    }

    /** A region of an attached buffer, released when its rendezvous send completes. */
    private record Region(AttachedBuffer buffer, int start) {
    }

    private static final SignalListener RELEASE_REGION = about -> {
        Region r = (Region) about;
        r.buffer().release(r.start());
    };
}
