package org.mpiverify.mpi;

import org.mpiverify.core.coll.CollectiveChannel;
import org.mpiverify.core.coll.PollingChannel;
import org.mpiverify.core.request.Completion.SignalListener;
import org.mpiverify.core.request.RequestState;

/**
 * The collective context of a communicator as a {@link CollectiveChannel}: the collectives' messages go
 * through the same protocol as user messages, on a context of their own. {@code tagBase} separates the
 * channels of concurrent {@code createGroup} calls on one parent (each gets its own tag range).
 *
 * <p>A {@code createGroup} channel runs a collective over a subgroup on its parent's context, so its
 * messages carry the sender's rank in the parent, not in the subgroup ({@code toEndpoint} translates):
 * calls with one tag on different subgroups of one parent — one process's next call starting while its
 * partners finish their previous one — then never take each other's messages, as in MPICH, which
 * matches them by parent rank too.
 */
final class EndpointChannel implements CollectiveChannel, PollingChannel {
    private final Endpoint ep;
    private final int tagBase;
    /** Channel rank to endpoint (parent) rank, or null where they are the same. */
    private final int[] toEndpoint;
    private final int myRank;

    EndpointChannel(Endpoint ep, int tagBase) {
        this(ep, tagBase, null, ep.myRank);
    }

    /** A channel over the members {@code toEndpoint} of {@code ep}'s communicator, where this process is {@code myRank}. */
    EndpointChannel(Endpoint ep, int tagBase, int[] toEndpoint, int myRank) {
        this.ep = ep;
        this.tagBase = tagBase;
        this.toEndpoint = toEndpoint;
        this.myRank = myRank;
    }

    /**
     * As a {@link PollingChannel}: its transfers tell {@code onTransfer} (the rank's progress engine) about
     * {@code about} (their schedule's completion) when they complete. Set by {@link #polledBy} before the
     * channel starts a transfer.
     */
    private SignalListener onTransfer;
    private Object about;

    /** This channel, whose polled transfers tell {@code onTransfer} about {@code about} when they complete. */
    EndpointChannel polledBy(SignalListener onTransfer, Object about) {
        this.onTransfer = onTransfer;
        this.about = about;
        return this;
    }

    private int peer(int channelRank) {
        return toEndpoint == null ? channelRank : toEndpoint[channelRank];
    }

    @Override
    public int rank() {
        return myRank;
    }

    @Override
    public int size() {
        return toEndpoint == null ? ep.peers.length : toEndpoint.length;
    }

    @Override
    public void send(Object buf, int offset, int count, Datatype type, int dest, int tag) {
        ep.send(buf, offset, count, type, peer(dest), tagBase + tag, false);
    }

    @Override
    public int recv(Object buf, int offset, int count, Datatype type, int source, int tag) {
        return received(ep.recv(buf, offset, count, type, peer(source), tagBase + tag), type, count);
    }

    @Override
    public Pending isend(Object buf, int offset, int count, Datatype type, int dest, int tag) {
        RequestState st = ep.startSend(buf, offset, count, type, peer(dest), tagBase + tag, false, false);
        if (st == null) {
            return () -> count;
        }
        return () -> {
            try {
                ep.rank.await(st);
                return count;
            } finally {
                st.release();
            }
        };
    }

    @Override
    public Pending irecv(Object buf, int offset, int count, Datatype type, int source, int tag) {
        RecvRequest r = ep.startRecv(buf, offset, count, type, peer(source), tagBase + tag, 2);
        return () -> {
            try {
                ep.rank.await(r.st);
                return received(Endpoint.statusOf(r.st), type, count);
            } finally {
                r.st.release();
            }
        };
    }

    @Override
    public Transfer startSend(Object buf, int offset, int count, Datatype type, int dest, int tag) {
        RequestState st = ep.startSend(buf, offset, count, type, peer(dest), tagBase + tag, false, false, onTransfer, about);
        if (st == null) {
            return DONE;   // eager: the message is on its way and the buffer may be reused
        }
        return new Transfer() {
            @Override
            public boolean isDone() {
                return st.isDone();
            }

            @Override
            public void finish() {
                st.release();
            }
        };
    }

    @Override
    public Transfer startRecv(Object buf, int offset, int count, Datatype type, int source, int tag) {
        RecvRequest r = ep.startRecv(buf, offset, count, type, peer(source), tagBase + tag, 2, onTransfer, about);
        return new Transfer() {
            @Override
            public boolean isDone() {
                return r.st.isDone();
            }

            @Override
            public void finish() {
                try {
                    received(Endpoint.statusOf(r.st), type, count);
                } finally {
                    r.st.release();
                }
            }
        };
    }

    private static final Transfer DONE = new Transfer() {
        @Override
        public boolean isDone() {
            return true;
        }

        @Override
        public void finish() {
        }
    };

    /**
     * The elements a collective's receive got, which must be its count: every collective here has each
     * message's length agreed by the ranks' counts, so another length means the counts differ between ranks
     * (erroneous in MPI): ERR_TRUNCATE if it was longer (the buffer holds the first {@code expected}), ERR_COUNT
     * if shorter (as MPICH, which reports a collective size mismatch).
     */
    private static int received(Status s, Datatype type, int expected) {
        if (s.error() == ErrorClass.ERR_TRUNCATE) {
            throw new MpiException(ErrorClass.ERR_TRUNCATE, "collective message longer than expected: " + s);
        }
        int n = s.count(type);
        if (n != expected) {
            throw new MpiException(ErrorClass.ERR_COUNT, "collective message of " + s.bytes() + " bytes where "
                    + expected + " " + type + " were expected: the ranks' counts differ: " + s);
        }
        return n;
    }
}
