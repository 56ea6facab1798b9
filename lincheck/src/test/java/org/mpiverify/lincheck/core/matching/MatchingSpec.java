package org.mpiverify.lincheck.core.matching;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * Sequential specification of one rank's matching (MPI-3.1 §3.5, the MatchingEngine contract): two
 * lists, posted receives in posting order and unexpected messages in arrival order.
 * <ul>
 *   <li>post: the first unexpected message it matches is removed and returned; else the receive is
 *       appended to the posted list.
 *   <li>arrive: the first posted receive it matches is removed and returned; else the message is
 *       appended to the unexpected list.
 *   <li>iprobe / improbe: the first unexpected message matching the pattern, left in place / removed.
 *   <li>cancel(t): removes thread t's most recently posted receive if it is still posted.
 * </ul>
 * Sources and tags: 0 and 1, and 2 for the wildcard in patterns (ANY_SOURCE / ANY_TAG).
 */
public class MatchingSpec {
    private record Recv(int ctx, int src, int tag, int t) {
        boolean matches(Msg m) {
            return ctx == m.ctx && (src == 2 || src == m.src) && (tag == 2 || tag == m.tag);
        }

        @Override
        public String toString() {
            return "recv(ctx=" + ctx + ",src=" + (src == 2 ? "ANY" : src) + ",tag=" + (tag == 2 ? "ANY" : tag) + ") of t" + t;
        }
    }

    private record Msg(int ctx, int src, int tag, int payload) {
        @Override
        public String toString() {
            return "msg(ctx=" + ctx + ",src=" + src + ",tag=" + tag + ",payload=" + payload + ")";
        }
    }

    private final List<Recv> posted = new ArrayList<>();
    private final List<Msg> unexpected = new ArrayList<>();
    private final Recv[] lastPosted = new Recv[8];

    public String post(int t, int ctx, int src, int tag) {
        Recv r = new Recv(ctx, src, tag, t);
        for (Iterator<Msg> it = unexpected.iterator(); it.hasNext(); ) {
            Msg m = it.next();
            if (r.matches(m)) {
                it.remove();
                lastPosted[t] = null;
                return "got " + m;
            }
        }
        posted.add(r);
        lastPosted[t] = r;
        return "posted";
    }

    public String arrive(int ctx, int src, int tag, int payload) {
        Msg m = new Msg(ctx, src, tag, payload);
        for (Iterator<Recv> it = posted.iterator(); it.hasNext(); ) {
            Recv r = it.next();
            if (r.matches(m)) {
                it.remove();
                return "matched " + r;
            }
        }
        unexpected.add(m);
        return "unexpected";
    }

    public String iprobe(int ctx, int src, int tag) {
        Recv pattern = new Recv(ctx, src, tag, -1);
        for (Msg m : unexpected) if (pattern.matches(m)) return m.toString();
        return "none";
    }

    public String improbe(int ctx, int src, int tag) {
        Recv pattern = new Recv(ctx, src, tag, -1);
        for (Iterator<Msg> it = unexpected.iterator(); it.hasNext(); ) {
            Msg m = it.next();
            if (pattern.matches(m)) {
                it.remove();
                return m.toString();
            }
        }
        return "none";
    }

    public boolean cancel(int t) {
        Recv r = lastPosted[t];
        lastPosted[t] = null;
        if (r == null) return false;
        for (Iterator<Recv> it = posted.iterator(); it.hasNext(); ) {
            if (it.next() == r) {
                it.remove();
                return true;
            }
        }
        return false;
    }
}
