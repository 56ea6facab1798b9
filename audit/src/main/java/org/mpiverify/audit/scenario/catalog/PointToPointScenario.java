package org.mpiverify.audit.scenario.catalog;

import java.time.Duration;
import java.util.List;
import org.mpiverify.harness.api.AuditMpi;
import org.mpiverify.harness.api.AuditStatus;
import org.mpiverify.harness.scenario.RankReport;
import org.mpiverify.harness.scenario.Verdict;
import org.mpiverify.harness.scenario.Workers;

/**
 * Point-to-point from several threads at once (the pattern of MPICH's {@code test/mpi/threads/pt2pt}
 * threads.c, multisend*.c and threaded_sr.c): thread {@code t} of rank 0 ping-pongs with thread
 * {@code t} of rank 1 on tag {@code t}, with blocking, nonblocking or synchronous sends. Every message
 * is a {@link Payload}; every 40th is larger than an eager packet (rendezvous). Each receive must
 * bring the partner thread's next message, intact, with the right status.
 */
final class PointToPointScenario extends CatalogScenario {
    enum Mode { BLOCKING, NONBLOCKING, SYNCHRONOUS }

    private static final int THREADS = 4;
    private static final int MESSAGES = 150;
    private static final int LARGE = 5000; // ints: 20 KB, above the core's 16 KiB eager limit

    private final Mode mode;

    /** The catalog's scenarios of this class ({@link Catalog}): one per mode. */
    static List<CatalogScenario> variants() {
        return List.of(new PointToPointScenario(Mode.BLOCKING), new PointToPointScenario(Mode.NONBLOCKING),
                new PointToPointScenario(Mode.SYNCHRONOUS));
    }

    PointToPointScenario(Mode mode) {
        super("p2p-" + mode.name().toLowerCase(), "point-to-point from " + THREADS + " threads per rank, "
                        + mode.name().toLowerCase() + " sends",
                "MPICH test/mpi/threads/pt2pt (threads.c, multisend, threaded_sr)", 2, 2, 20,
                Duration.ofSeconds(20));
        this.mode = mode;
    }

    @Override
    public String holds() {
        return "4 threads per rank ping-pong on their own tag with send/recv, isend/irecv (wait and test), "
                + "ssend/issend; every 40th message rendezvous-sized; each message intact, in order, right status";
    }

    @Override
    public List<Algorithm> algorithms() {
        return switch (mode) {
            case BLOCKING -> List.of(Algorithm.of("Posted/unexpected queues"),
                    Algorithm.of("Matching engines' context lock"));
            case NONBLOCKING -> List.of(Algorithm.of("Posted/unexpected queues"),
                    Algorithm.of("Request pools, packets, reference counts"));
            case SYNCHRONOUS -> List.of(Algorithm.of("Locking for blocking calls"));
        };
    }

    @Override
    public RankReport run(AuditMpi mpi) throws Exception {
        mpi.initThread(AuditMpi.THREAD_MULTIPLE);
        long world = mpi.commWorld();
        int me = mpi.commRank(world);
        int other = 1 - me;
        RankReport.Builder report = new RankReport.Builder(me);
        Workers.run(THREADS, deadline(), t -> {
            int[] buf = new int[LARGE];
            for (int i = 0; i < MESSAGES; i++) {
                int[] msg = Payload.make(me, t, i, i % 40 == 39 ? LARGE : Payload.HEADER + (i * 7 + t) % 50);
                AuditStatus st;
                if (mode == Mode.NONBLOCKING) {
                    long rr = mpi.irecv(world, buf, buf.length, other, t);
                    long sr = mpi.isend(world, msg, msg.length, other, t);
                    // alternate waiting styles: wait, and test polled until done
                    st = i % 2 == 0 ? mpi.waitFor(rr) : poll(mpi, rr);
                    if (i % 2 == 0) poll(mpi, sr); else mpi.waitFor(sr);
                } else if (me == 0) {
                    send(mpi, world, msg, other, t);
                    st = mpi.recv(world, buf, buf.length, other, t);
                } else {
                    st = mpi.recv(world, buf, buf.length, other, t);
                    send(mpi, world, msg, other, t);
                }
                Expect.message(report, "rank " + me + " thread " + t, st, buf, other, t, other, t, i);
            }
        });
        report.fact("messages", THREADS * MESSAGES);
        return report.build();
    }

    private void send(AuditMpi mpi, long comm, int[] msg, int dest, int tag) {
        if (mode == Mode.SYNCHRONOUS) {
            if (tag % 2 == 0) mpi.ssend(comm, msg, msg.length, dest, tag);
            else mpi.waitFor(mpi.issend(comm, msg, msg.length, dest, tag));
        } else {
            mpi.send(comm, msg, msg.length, dest, tag);
        }
    }

    static AuditStatus poll(AuditMpi mpi, long request) {
        while (true) {
            AuditStatus s = mpi.test(request);
            if (s != null) return s;
            Thread.yield(); // bounded by the run's deadline; yields the core to the thread we wait for
        }
    }

    @Override
    protected Verdict judgeReports(List<RankReport> reports) {
        return passUnlessEvidence(reports, sum(reports, "messages") + " messages, each received once, intact and in order",
                "messages lost, misdelivered, corrupted or out of order");
    }
}
