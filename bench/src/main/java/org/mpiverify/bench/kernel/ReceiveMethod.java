package org.mpiverify.bench.kernel;

import java.util.List;
import org.mpiverify.bench.probe.ProbeLockMap;

/**
 * The thread-safe ways to receive a message of unknown size that Hoefler et al. compare (§2.1, §2.2, §3),
 * plus a plain receive into a buffer big enough for any message as the floor measured in the same run;
 * in the order the figures plot them.
 */
public enum ReceiveMethod implements UnknownSizeReceive {
    RECV("recv, size known (floor)", List.of("MPI_Recv")),
    TWO_D("2D locking + iprobe", List.of("MPI_Iprobe", "MPI_Irecv")),
    OUT("matching outside MPI", List.of("MPI_Probe", "MPI_Irecv")),
    MPROBE("mprobe + mrecv", List.of("MPI_Mprobe", "MPI_Mrecv"));

    private final String label;
    private final List<String> functions;

    ReceiveMethod(String label, List<String> functions) {
        this.label = label;
        this.functions = functions;
    }

    @Override
    public String label() {
        return label;
    }

    @Override
    public List<String> functions() {
        return functions;
    }

    @Override
    public UnknownSize.Message receive(UnknownSize.Block b, int source, int tag) throws InterruptedException {
        KernelComm c = b.comm();
        Received got = new Received();
        return switch (this) {
            case RECV -> {
                int[] into = new int[b.ints() + 1];     // the largest message: size known in advance
                c.recv(into, into.length, source, tag, got);
                yield UnknownSize.Message.of(got, into);
            }
            case MPROBE -> {
                Object m = c.mprobe(source, tag, got);
                int[] buf = new int[got.count];
                c.mrecv(m, buf, buf.length, got);
                yield UnknownSize.Message.of(got, buf);
            }
            case OUT -> {
                UnknownSize.Arrival a = b.matcher().take(source, tag, b.deadlineNanos() - System.nanoTime());
                c.waitFor(a.request(), got);
                yield UnknownSize.Message.of(got, a.data().clone()); // the copy out is this scheme's cost (§2.2)
            }
            case TWO_D -> pollUnderLocks(b, source, tag, got);
        };
    }

    /** Listing 1.5: lock, iprobe, irecv what was found, unlock, then wait; poll again if nothing matched. */
    private static UnknownSize.Message pollUnderLocks(UnknownSize.Block b, int source, int tag, Received got) {
        KernelComm c = b.comm();
        for (int spins = 0; ; spins++) {
            ProbeLockMap.Held held = b.locks().lock(source, tag, b.any());
            Object req = null;
            int[] buf = null;
            try {
                if (c.iprobe(source, tag, got)) {
                    buf = new int[got.count];
                    // Held from probe to the posted receive: no other pair that could match it runs meanwhile.
                    req = c.irecv(buf, buf.length, got.source, got.tag);
                }
            } finally {
                held.unlock();
            }
            if (buf != null) {
                c.waitFor(req, got);
                return UnknownSize.Message.of(got, buf);
            }
            // Polling is the scheme's nature (the paper's point); bounded by the deadline, yielding the core.
            if ((spins & 63) == 63) {
                if (System.nanoTime() - b.deadlineNanos() > 0) {
                    throw new IllegalStateException("2D polling found no message within the deadline");
                }
                Thread.yield();
            } else {
                Thread.onSpinWait();
            }
        }
    }

    /** OUT's helper thread: the only caller of probe(ANY, ANY); receives each of {@code total} messages and hands it over. */
    static void outsideHelper(UnknownSize.Block b, int total) {
        KernelComm c = b.comm();
        Received got = new Received();
        for (int i = 0; i < total; i++) {
            c.probe(c.anySource(), c.anyTag(), got);
            int[] buf = new int[got.count];
            Object req = c.irecv(buf, buf.length, got.source, got.tag);
            b.matcher().deliver(got.source, got.tag, new UnknownSize.Arrival(buf, req));
        }
    }
}
