package org.mpiverify.audit.scenario.catalog;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.mpiverify.harness.api.AuditMpi;
import org.mpiverify.harness.api.AuditStatus;
import org.mpiverify.harness.api.GrequestCallbacks;
import org.mpiverify.harness.scenario.RankReport;
import org.mpiverify.harness.scenario.Verdict;

/**
 * Generalized requests completed by another thread (MPICH {@code test/mpi/threads/pt2pt/greq_wait.c},
 * {@code greq_test.c}): the main thread starts a generalized request and waits or tests on it ({@code Wait},
 * {@code Waitsome}, {@code Waitall}, a {@code Test} loop, a {@code Testall} loop) while a thread of its own
 * completes it with {@code MPI_Grequest_complete}; then one in a {@code Waitsome} with a receive from the other
 * rank. MPI-3.1 §12.2: the wait returns only after the completion, with the status the query callback gives; the
 * query callback runs once, in the call that completes the request, and the free callback once, after it.
 */
final class GrequestScenario extends CatalogScenario {
    private static final String[] MODES = {"Wait", "Waitsome", "Waitall", "Test", "Testall", "Waitsome+recv"};
    private static final int ROUNDS = 6;

    GrequestScenario() {
        super("greq-cross-thread", "generalized requests completed by another thread while main waits or tests",
                "MPICH test/mpi/threads/pt2pt/greq_wait.c, greq_test.c", 2, 2, 10, Duration.ofSeconds(20));
    }

    @Override
    public String holds() {
        return "per round and call (`Wait`, `Waitsome`, `Waitall`, a `Test` loop, a `Testall` loop, `Waitsome` with a "
                + "receive): a thread completes the generalized request while main waits or tests; the call returns "
                + "the query callback's status, after `Grequest_complete`, and runs query then free once each, in "
                + "main's call; fails on an early return, a wrong status, or a callback run twice, late or never";
    }

    @Override
    public List<Algorithm> algorithms() {
        return List.of(Algorithm.of("Blocked waits at scale"));
    }

    /** The callbacks of one request, recording what ran, in which thread, in order. */
    private static final class Recorded implements GrequestCallbacks {
        final List<String> events = new ArrayList<>();
        final AuditStatus status;
        volatile boolean completed;

        Recorded(AuditStatus status) {
            this.status = status;
        }

        @Override
        public synchronized AuditStatus query() {
            events.add((completed ? "query" : "query-before-complete") + "@" + Thread.currentThread().getName());
            return status;
        }

        @Override
        public synchronized void free() {
            events.add("free@" + Thread.currentThread().getName());
        }

        @Override
        public synchronized void cancel(boolean complete) {
            events.add("cancel");
        }

        synchronized List<String> events() {
            return List.copyOf(events);
        }
    }

    @Override
    public RankReport run(AuditMpi mpi) throws Exception {
        mpi.initThread(AuditMpi.THREAD_MULTIPLE);
        long world = mpi.commWorld();
        int me = mpi.commRank(world);
        int other = 1 - me;
        RankReport.Builder report = new RankReport.Builder(me);
        String main = Thread.currentThread().getName();
        int checked = 0;
        for (int round = 0; round < ROUNDS; round++) {
            for (String mode : MODES) {
                String who = "rank " + me + " round " + round + " " + mode;
                Recorded cb = new Recorded(new AuditStatus(me, 40 + round, round, false, 0));
                long g = mpi.grequestStart(cb);   // the first call: a binding without it throws on every rank
                Thread completer = Thread.ofPlatform().name("greq-completer-" + me).start(() -> {
                    cb.completed = true;
                    mpi.grequestComplete(g);
                });
                int[] in = new int[1];
                AuditStatus s;
                switch (mode) {
                    case "Wait" -> s = mpi.waitFor(g);
                    case "Waitsome" -> {
                        AuditStatus[] st = new AuditStatus[1];
                        int n = mpi.waitSome(new long[] {g}, new int[1], st);
                        if (n != 1) report.evidence(who + ": outcount " + n + ", not 1");
                        s = st[0];
                    }
                    case "Waitall" -> s = mpi.waitAll(new long[] {g})[0];
                    case "Test" -> {
                        AuditStatus t;
                        while ((t = mpi.test(g)) == null) Thread.onSpinWait();
                        s = t;
                    }
                    case "Testall" -> {
                        AuditStatus[] t;
                        while ((t = mpi.testAll(new long[] {g})) == null) Thread.onSpinWait();
                        s = t[0];
                    }
                    default -> {
                        long r = mpi.irecv(world, in, 1, other, round);
                        mpi.send(world, new int[] {round + 1000 * me}, 1, other, round);
                        long[] rs = {g, r};
                        int[] idx = new int[2];
                        AuditStatus[] st = new AuditStatus[2];
                        s = null;
                        int done = 0;
                        while (done < 2) {
                            int n = mpi.waitSome(rs, idx, st);
                            if (n == AuditMpi.UNDEFINED) break;
                            for (int k = 0; k < n; k++) {
                                if (idx[k] == 0) s = st[k];
                            }
                            done += n;
                        }
                        if (done != 2) report.evidence(who + ": waitSome completed " + done + " of 2");
                        if (in[0] != round + 1000 * other) report.evidence(who + ": received " + in[0]);
                    }
                }
                completer.join();
                if (s == null || s.source() != me || s.tag() != 40 + round || s.count() != round) {
                    report.evidence(who + ": status " + s + ", not the query's (" + me + ", " + (40 + round) + ", "
                            + round + ")");
                }
                List<String> ev = cb.events();
                if (!ev.equals(List.of("query@" + main, "free@" + main))) {
                    report.evidence(who + ": callbacks ran " + ev + ", not query then free once each in " + main);
                }
                checked++;
            }
        }
        report.fact("requests", checked);
        return report.build();
    }

    @Override
    protected Verdict judgeReports(List<RankReport> reports) {
        return passUnlessEvidence(reports, sum(reports, "requests") + " generalized requests completed as MPI says",
                "a wait or test returned early or wrong, or a callback ran twice, late, in another call or never");
    }
}
