package org.mpiverify.lincheck.mpi;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * Sequential specification of one receiving rank (world rank 2 of a 3-rank job) seen through the
 * public API, MPI-3.1 §3.5 with atomic operations: posted receives in posting order, unexpected
 * messages in arrival order, per communicator (0 = COMM_WORLD, senders ranks 0 and 1; 1 = COMM_SELF,
 * the rank sending to itself, source 0). Each thread t has at most one receive request in its slot.
 * Patterns use 2 for ANY_SOURCE / ANY_TAG.
 */
public class RankSpec {
    private static final class Recv {
        final int comm, src, tag;
        String outcome; // null while posted

        Recv(int comm, int src, int tag) {
            this.comm = comm;
            this.src = src;
            this.tag = tag;
        }

        boolean matches(Msg m) {
            return comm == m.comm && (src == 2 || src == m.src) && (tag == 2 || tag == m.tag);
        }
    }

    private record Msg(int comm, int src, int tag, int payload) {
        String got() {
            return "got src=" + src + " tag=" + tag + " payload=" + payload;
        }
    }

    private final List<Recv> posted = new ArrayList<>();
    private final List<Msg> unexpected = new ArrayList<>();
    private final Recv[] slots = new Recv[8];

    static int source(int comm, int src) {
        return comm == 1 ? 0 : src;
    }

    public void send(int comm, int src, int tag, int payload) {
        Msg m = new Msg(comm, source(comm, src), tag, payload);
        for (Iterator<Recv> it = posted.iterator(); it.hasNext(); ) {
            Recv r = it.next();
            if (r.matches(m)) {
                it.remove();
                r.outcome = m.got();
                return;
            }
        }
        unexpected.add(m);
    }

    public String irecv(int t, int comm, int src, int tag) {
        if (slots[t] != null) return "busy";
        Recv r = new Recv(comm, src == 2 ? 2 : source(comm, src), tag);
        slots[t] = r;
        for (Iterator<Msg> it = unexpected.iterator(); it.hasNext(); ) {
            Msg m = it.next();
            if (r.matches(m)) {
                it.remove();
                r.outcome = m.got();
                return "posted";
            }
        }
        posted.add(r);
        return "posted";
    }

    public String test(int t) {
        Recv r = slots[t];
        if (r == null) return "none";
        if (r.outcome == null) return "pending";
        slots[t] = null;
        return r.outcome;
    }

    public String cancel(int t) {
        Recv r = slots[t];
        if (r == null) return "none";
        slots[t] = null;
        if (r.outcome == null) {
            posted.remove(r);
            return "cancelled";
        }
        return r.outcome;
    }

    public String iprobe(int comm, int src, int tag) {
        Recv pattern = new Recv(comm, src == 2 ? 2 : source(comm, src), tag);
        for (Msg m : unexpected) if (pattern.matches(m)) return "src=" + m.src + " tag=" + m.tag;
        return "none";
    }

    public String improbeRecv(int comm, int src, int tag) {
        Recv pattern = new Recv(comm, src == 2 ? 2 : source(comm, src), tag);
        for (Iterator<Msg> it = unexpected.iterator(); it.hasNext(); ) {
            Msg m = it.next();
            if (pattern.matches(m)) {
                it.remove();
                return m.got();
            }
        }
        return "none";
    }
}
