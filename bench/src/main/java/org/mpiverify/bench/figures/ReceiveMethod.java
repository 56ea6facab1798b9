package org.mpiverify.bench.figures;

import org.mpiverify.bench.probe.OutsideMatcher;
import org.mpiverify.bench.probe.ProbeLockMap;
import org.mpiverify.mpi.Comm;
import org.mpiverify.mpi.Datatype;
import org.mpiverify.mpi.Message;
import org.mpiverify.mpi.Mpi;
import org.mpiverify.mpi.Request;
import org.mpiverify.mpi.Status;

/**
 * The thread-safe ways to receive a message of unknown size that Hoefler et al. compare (§2.1, §2.2, §3),
 * plus a plain receive into a buffer big enough for any message as the floor measured in the same run.
 */
enum ReceiveMethod {
    RECV("recv, size known (floor)"),
    TWO_D("2D locking + iprobe"),
    OUT("matching outside MPI"),
    MPROBE("mprobe + mrecv");

    final String label;

    ReceiveMethod(String label) {
        this.label = label;
    }

    /** Per receiving rank: what the methods share (the lock map or the helper's queues), and the deadline. */
    record Context(Comm comm, ProbeLockMap locks, OutsideMatcher<Arrival> matcher, long deadlineNanos) {
    }

    /** A message the helper thread of {@link #OUT} has matched and is receiving. */
    record Arrival(byte[] data, Request request) {
    }

    /**
     * Receives one message from (source, tag) — both wildcards when {@code any} — into {@code into} (at least
     * as long as any message) and returns its status. Senders put {@code (byte) tag} in the first byte, so a
     * mismatched message shows; a mismatch throws.
     */
    Status receive(Context c, int source, int tag, boolean any, byte[] into) throws InterruptedException {
        int src = any ? Mpi.ANY_SOURCE : source, tg = any ? Mpi.ANY_TAG : tag;
        Status st;
        switch (this) {
            case RECV -> st = c.comm().recv(into, 0, into.length, Datatype.BYTE, src, tg);
            case MPROBE -> {
                Status[] ps = new Status[1];
                Message m = c.comm().mprobe(src, tg, ps);
                byte[] buf = new byte[(int) ps[0].bytes()];
                st = m.mrecv(buf, 0, buf.length, Datatype.BYTE);
                System.arraycopy(buf, 0, into, 0, buf.length);
            }
            case OUT -> {
                Arrival a = c.matcher().take(src, tg, c.deadlineNanos() - System.nanoTime());
                st = a.request().waitFor();
                System.arraycopy(a.data(), 0, into, 0, a.data().length);
            }
            case TWO_D -> st = pollUnderLocks(c, src, tg, any, into);
            default -> throw new AssertionError(this);
        }
        if (into[0] != (byte) st.tag()) {
            throw new IllegalStateException(this + ": message with tag " + st.tag() + " carries " + into[0]);
        }
        return st;
    }

    /** Listing 1.5: lock, iprobe, irecv what was found, unlock, then wait; poll again if nothing matched. */
    private static Status pollUnderLocks(Context c, int src, int tag, boolean any, byte[] into) {
        for (int spins = 0; ; spins++) {
            ProbeLockMap.Held held = c.locks().lock(src, tag, any);
            Request r = null;
            byte[] buf = null;
            try {
                Status p = c.comm().iprobe(src, tag);
                if (p != null) {
                    buf = new byte[(int) p.bytes()];
                    r = c.comm().irecv(buf, 0, buf.length, Datatype.BYTE, p.source(), p.tag());
                }
            } finally {
                held.unlock();
            }
            if (r != null) {
                Status st = r.waitFor();
                System.arraycopy(buf, 0, into, 0, buf.length);
                return st;
            }
            // Polling is the scheme's nature (the paper's point); bounded by the deadline, yielding the core.
            if ((spins & 63) == 63) {
                if (System.nanoTime() - c.deadlineNanos() > 0) {
                    throw new IllegalStateException("2D polling found no message within the deadline");
                }
                Thread.yield();
            } else {
                Thread.onSpinWait();
            }
        }
    }

    /** The helper thread of {@link #OUT}: probes every one of {@code total} messages and hands it over. */
    static void outsideHelper(Context c, int total) {
        for (int i = 0; i < total; i++) {
            Status p = c.comm().probe(Mpi.ANY_SOURCE, Mpi.ANY_TAG);
            byte[] buf = new byte[(int) p.bytes()];
            Request r = c.comm().irecv(buf, 0, buf.length, Datatype.BYTE, p.source(), p.tag());
            c.matcher().deliver(p.source(), p.tag(), new Arrival(buf, r));
        }
    }
}
