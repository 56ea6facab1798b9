package org.mpiverify.mpi;

import java.util.concurrent.locks.Lock;
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

    RecvRequest(RankContext rank, Lock refLock) {
        super(0, 0, 0);
        this.rank = rank;
        this.st = new RequestState(this, refLock);
    }

    /** Prepares this receive for a new use with {@code references} references. */
    RecvRequest prepare(int context, int source, int tag, Object buf, int offset, int count, Datatype type,
                        int references) {
        setMatchFields(context, source, tag);
        this.buf = buf;
        this.offset = offset;
        this.type = type;
        this.capacityBytes = (long) count * type.size();
        st.begin(references);
        return this;
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
