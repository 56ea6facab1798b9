package org.mpiverify.audit.scenario.catalog;

import java.time.Duration;
import java.util.List;
import org.mpiverify.harness.api.AuditMpi;
import org.mpiverify.harness.api.AuditStatus;
import org.mpiverify.harness.scenario.RankReport;
import org.mpiverify.harness.scenario.Verdict;
import org.mpiverify.harness.scenario.Workers;

/**
 * Probe routines from several threads, each thread on its own tag (the pattern of MPICH's
 * {@code test/mpi/threads/pt2pt/mt_probe_impl.c}, with the sendrecv and isendrecv exchanges of its
 * mt_*_sendrecv / mt_*_isendrecv variants): per iteration, thread {@code t} sends the partner thread
 * a message, probes for the partner's with {@code probe}, {@code iprobe}, {@code mprobe} or
 * {@code improbe} on (partner, t), checks the probed size, receives it, and then exchanges a second
 * message with {@code sendrecv} or {@code isendrecv}. Every 10th iteration also probes
 * {@code PROC_NULL}, which must report source {@code PROC_NULL}, tag {@code ANY_TAG}, count 0 (and the
 * no-process message for the matched probes). Exact source and tag, so no false match is allowed.
 */
final class ProbeExchangeScenario extends CatalogScenario {
    enum Probe { PROBE, IPROBE, MPROBE, IMPROBE }

    private static final int THREADS = 4;
    private static final int ITERATIONS = 120;
    private static final int EXCHANGE_TAG = 100;

    private final Probe probe;
    private final boolean nonblockingExchange;

    /** The catalog's scenarios of this class ({@link Catalog}): each probe with blocking exchanges, and the nonblocking probes with nonblocking ones. */
    static List<CatalogScenario> variants() {
        return List.of(new ProbeExchangeScenario(Probe.PROBE, false), new ProbeExchangeScenario(Probe.IPROBE, false),
                new ProbeExchangeScenario(Probe.MPROBE, false), new ProbeExchangeScenario(Probe.IMPROBE, false),
                new ProbeExchangeScenario(Probe.IPROBE, true), new ProbeExchangeScenario(Probe.IMPROBE, true));
    }

    ProbeExchangeScenario(Probe probe, boolean nonblockingExchange) {
        super(probe.name().toLowerCase() + "-" + (nonblockingExchange ? "isendrecv" : "sendrecv"),
                probe.name().toLowerCase() + " then receive, and " + (nonblockingExchange ? "isendrecv" : "sendrecv")
                        + ", from " + THREADS + " threads per rank",
                "MPICH test/mpi/threads/pt2pt/mt_probe_impl.c, mt_sendrecv_impl.c", 2, 2, 20, Duration.ofSeconds(20));
        this.probe = probe;
        this.nonblockingExchange = nonblockingExchange;
    }

    @Override
    public String holds() {
        return "per thread: probe the partner's message on (partner, tag), check the probed size, receive it, "
                + "then exchange with sendrecv/isendrecv; `PROC_NULL` probes give (PROC_NULL, ANY_TAG, 0) and "
                + "`MPI_MESSAGE_NO_PROC`";
    }

    @Override
    public List<Algorithm> algorithms() {
        // the blocking probe is the one that waits
        return probe == Probe.PROBE && !nonblockingExchange
                ? List.of(Algorithm.of("Probe and matched probe"), Algorithm.of("Blocking probe's wait"))
                : List.of(Algorithm.of("Probe and matched probe"));
    }

    @Override
    public RankReport run(AuditMpi mpi) throws Exception {
        mpi.initThread(AuditMpi.THREAD_MULTIPLE);
        long world = mpi.commWorld();
        int me = mpi.commRank(world);
        int other = 1 - me;
        RankReport.Builder report = new RankReport.Builder(me);
        if (nonblockingExchange) {
            // Both ranks make the same first call: a library without isendrecv throws here on every rank
            // at once, and the run ends as UNSUPPORTED instead of leaving the partner blocked.
            int[] in = new int[1];
            mpi.waitFor(mpi.isendrecv(world, new int[] {me}, 1, other, EXCHANGE_TAG + THREADS, in, 1, other,
                    EXCHANGE_TAG + THREADS));
            if (in[0] != other) report.evidence("rank " + me + ": first isendrecv brought " + in[0] + ", not " + other);
        }
        Workers.run(THREADS, deadline(), t -> {
            String who = "rank " + me + " thread " + t;
            int[] buf = new int[64];
            for (int i = 0; i < ITERATIONS; i++) {
                int[] msg = Payload.make(me, t, i, Payload.HEADER + (i * 5 + t) % 40);
                long sr = mpi.isend(world, msg, msg.length, other, t);
                int expected = Payload.HEADER + (i * 5 + t) % 40;
                AuditStatus[] ps = new AuditStatus[1];
                long message = probeOnce(mpi, world, other, t, ps);
                AuditStatus st = ps[0];
                if (st.source() != other || st.tag() != t || st.count() != expected) {
                    report.evidence(who + " probed (" + other + ", tag " + t + ", " + expected + " ints) of iteration "
                            + i + " but the status says (" + st.source() + ", tag " + st.tag() + ", " + st.count() + " ints)");
                }
                AuditStatus rs = message == AuditMpi.MESSAGE_NULL
                        ? mpi.recv(world, buf, st.count(), other, t)
                        : mpi.mrecv(message, buf, st.count());
                Expect.message(report, who, rs, buf, other, t, other, t, i);
                mpi.waitFor(sr);

                int[] out = Payload.make(me, t, i, Payload.HEADER + i % 9);
                int[] in = new int[64];
                AuditStatus xs;
                if (nonblockingExchange) {
                    xs = mpi.waitFor(mpi.isendrecv(world, out, out.length, other, EXCHANGE_TAG + t,
                            in, in.length, other, EXCHANGE_TAG + t));
                } else {
                    xs = mpi.sendrecv(world, out, out.length, other, EXCHANGE_TAG + t,
                            in, in.length, other, EXCHANGE_TAG + t);
                }
                Expect.message(report, who + " (exchange)", xs, in, other, EXCHANGE_TAG + t, other, t, i);

                if (i % 10 == 0) procNull(mpi, world, report, who);
            }
        });
        report.fact("messages", 2L * THREADS * ITERATIONS);
        return report.build();
    }

    /** Probes (source, tag) with this scenario's routine; returns the message handle of a matched probe, else MESSAGE_NULL. */
    private long probeOnce(AuditMpi mpi, long comm, int source, int tag, AuditStatus[] status) {
        switch (probe) {
            case PROBE -> status[0] = mpi.probe(comm, source, tag);
            case IPROBE -> {
                AuditStatus s;
                while ((s = mpi.iprobe(comm, source, tag)) == null) Thread.yield();
                status[0] = s;
            }
            case MPROBE -> {
                return mpi.mprobe(comm, source, tag, status);
            }
            case IMPROBE -> {
                long m;
                while ((m = mpi.improbe(comm, source, tag, status)) == AuditMpi.MESSAGE_NULL) Thread.yield();
                return m;
            }
        }
        return AuditMpi.MESSAGE_NULL;
    }

    private void procNull(AuditMpi mpi, long comm, RankReport.Builder report, String who) {
        AuditStatus[] ps = new AuditStatus[1];
        long m = switch (probe) {
            case PROBE -> { ps[0] = mpi.probe(comm, AuditMpi.PROC_NULL, 0); yield AuditMpi.MESSAGE_NULL; }
            case IPROBE -> { ps[0] = mpi.iprobe(comm, AuditMpi.PROC_NULL, 0); yield AuditMpi.MESSAGE_NULL; }
            case MPROBE -> mpi.mprobe(comm, AuditMpi.PROC_NULL, 0, ps);
            case IMPROBE -> mpi.improbe(comm, AuditMpi.PROC_NULL, 0, ps);
        };
        AuditStatus s = ps[0];
        if (s == null || s.source() != AuditMpi.PROC_NULL || s.tag() != AuditMpi.ANY_TAG || s.count() != 0) {
            report.evidence(who + ": " + probe.name().toLowerCase() + " of PROC_NULL returned " + s
                    + ", not (PROC_NULL, ANY_TAG, 0 ints)");
        }
        if ((probe == Probe.MPROBE || probe == Probe.IMPROBE)) {
            if (m != AuditMpi.MESSAGE_NO_PROC) {
                report.evidence(who + ": " + probe.name().toLowerCase() + " of PROC_NULL returned message handle " + m
                        + ", not MPI_MESSAGE_NO_PROC");
            } else {
                AuditStatus r = mpi.mrecv(m, new int[1], 1);
                if (r.source() != AuditMpi.PROC_NULL || r.count() != 0) {
                    report.evidence(who + ": mrecv of MPI_MESSAGE_NO_PROC returned " + r);
                }
            }
        }
    }

    @Override
    protected Verdict judgeReports(List<RankReport> reports) {
        return passUnlessEvidence(reports, sum(reports, "messages") + " probed and exchanged messages, all as probed",
                "probe or receive returned the wrong message or status");
    }
}
