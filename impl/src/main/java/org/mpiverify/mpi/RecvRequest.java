package org.mpiverify.mpi;

import java.util.concurrent.locks.Lock;
import org.mpiverify.core.buffer.Buffers;
import org.mpiverify.core.matching.PostedReceive;
import org.mpiverify.core.request.RequestState;

/**
 * A receive: what the matching engine holds for a posted receive, plus the buffer and the request
 * state. Pooled per rank (Balaji et al. §5.3, thread-local request pools); its {@link RequestState}'s
 * reference count decides when it goes back to the pool, so an engine or a user handle never sees it
 * reused under its feet.
 *
 * <p>Fields are written by the posting thread before the receive is handed to the engine (whose
 * synchronization publishes them) and read by the matching thread after it has removed the receive.
 */
final class RecvRequest extends PostedReceive implements RequestState.Recycler {
    final RequestState st;
    /** The rank whose pool this receive returns to (a field, not a lambda per receive: 24 bytes less each). */
    private final RankContext rank;
    Object buf;
    int offset;
    Datatype type;
    long capacityBytes;
    /** A receive into a derived datatype: unpacks the data on delivery and holds a use of the type; else null. */
    DerivedReceive unpack;
    /**
     * The matcher completes this receive with its payload inline ({@link RequestState#signalInline}) and the
     * waiter copies it into {@code buf} ({@link #copyInline}): set by the owner before posting, only for a
     * blocking receive of at most {@link #INLINE_BYTES} into a predefined type, whose waiter is its caller alone.
     */
    boolean inline;
    /** The waiter's staging of an inline payload (8 bytes, this receive's own; allocated after the state). */
    private final byte[] word;
    static final int INLINE_BYTES = 8;

    RecvRequest(RankContext rank, Lock refLock) {
        super(0, 0, 0);
        this.rank = rank;
        this.st = new RequestState(this, refLock);
        this.word = new byte[INLINE_BYTES];   // after the state: the receive's last line and the state's first stay adjacent
    }

    /** Prepares this receive for a new use with {@code references} references. */
    RecvRequest prepare(int context, int source, int tag, Object buf, int offset, int count, Datatype type,
                        int references) {
        setMatchFields(context, source, tag);
        this.buf = buf;
        this.offset = offset;
        this.type = type;
        this.capacityBytes = (long) count * type.size();
        this.inline = false;
        st.begin(references);
        return this;
    }

    /**
     * The waiter's half of an inline delivery: copies the payload its completer left in the state into the
     * buffer. Call after the wait returned, before dropping the waiter's reference, and only if
     * {@code st.inline()}.
     */
    void copyInline() {
        Buffers.unpackWord(st.inlinePayload(), word, buf, offset, type, st.bytes());
    }

    @Override
    public void recycle(RequestState state) {
        buf = null;   // do not keep a user's array alive from the pool
        DerivedReceive u = unpack;
        if (u != null) {
            unpack = null;
            u.endUse();
        }
        rank.recvPool.release(this);
    }
}
