package org.mpiverify.mpi;

import org.mpiverify.core.coll.CollectiveChannel;
import org.mpiverify.core.request.RequestState;

/**
 * The collective context of a communicator as a {@link CollectiveChannel}: the collectives' messages go
 * through the same protocol as user messages, on a context of their own. {@code tagBase} separates the
 * channels of concurrent {@code createGroup} calls on one parent (each gets its own tag range).
 */
final class EndpointChannel implements CollectiveChannel {
    private final Endpoint ep;
    private final int tagBase;

    EndpointChannel(Endpoint ep, int tagBase) {
        this.ep = ep;
        this.tagBase = tagBase;
    }

    @Override
    public int rank() {
        return ep.myRank;
    }

    @Override
    public int size() {
        return ep.peers.length;
    }

    @Override
    public void send(Object buf, int offset, int count, Datatype type, int dest, int tag) {
        ep.send(buf, offset, count, type, dest, tagBase + tag, false);
    }

    @Override
    public int recv(Object buf, int offset, int count, Datatype type, int source, int tag) {
        return countOf(ep.recv(buf, offset, count, type, source, tagBase + tag), type);
    }

    @Override
    public Pending isend(Object buf, int offset, int count, Datatype type, int dest, int tag) {
        RequestState st = ep.startSend(buf, offset, count, type, dest, tagBase + tag, false, false);
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
        RecvRequest r = ep.startRecv(buf, offset, count, type, source, tagBase + tag, 2);
        return () -> {
            try {
                ep.rank.await(r.st);
                return countOf(Endpoint.statusOf(r.st), type);
            } finally {
                r.st.release();
            }
        };
    }

    private static int countOf(Status s, Datatype type) {
        if (s.error() == ErrorClass.ERR_TRUNCATE) {
            throw new MpiException(ErrorClass.ERR_TRUNCATE, "collective message longer than expected: " + s);
        }
        return s.count(type);
    }
}
