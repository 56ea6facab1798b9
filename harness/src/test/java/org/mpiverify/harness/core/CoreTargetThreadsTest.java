package org.mpiverify.harness.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.mpiverify.core.sched.DangScheduler;
import org.mpiverify.core.sync.Granularity;
import org.mpiverify.harness.api.AuditMpi;
import org.mpiverify.harness.launch.RunOutcome;
import org.mpiverify.harness.scenario.RankReport;
import org.mpiverify.harness.scenario.Scenario;
import org.mpiverify.harness.scenario.Verdict;
import org.mpiverify.harness.scenario.Workers;
import org.mpiverify.mpi.MatchingKind;
import org.mpiverify.mpi.ThreadMode;

/**
 * Which threads run a scenario on the core: on a column of the bit-vector scheduler, each rank's thread and every
 * thread the scenario starts from it (platform, virtual, pool) are threads of the rank's scheduler, and a foreign
 * pool's are not; on the JDK's threads, none is. Each thread also sends a message to the other rank, which a thread
 * of the same kind receives, so the waits of both kinds of thread are in the run.
 */
class CoreTargetThreadsTest {
    private static final Workers.Kind[] KINDS = Workers.Kind.values();

    /** Per rank: for the rank's thread ("rank") and each kind of worker, whether it ran on a bit-vector scheduler. */
    private static final class WhereThreadsRun implements Scenario {
        @Override public String id() { return "where-threads-run"; }
        @Override public String title() { return "which scheduler runs each kind of thread"; }
        @Override public String origin() { return "CoreTargetThreadsTest"; }
        @Override public int ranks() { return 2; }
        @Override public int repeats(boolean full) { return 1; }
        @Override public Duration deadline() { return Duration.ofSeconds(30); }

        @Override
        public RankReport run(AuditMpi mpi) throws Exception {
            mpi.initThread(AuditMpi.THREAD_MULTIPLE);
            long w = mpi.commWorld();
            int me = mpi.commRank(w);
            RankReport.Builder b = new RankReport.Builder(me).fact("rank", DangScheduler.onScheduler());
            for (Workers.Kind k : KINDS) {
                Workers.run(k, 2, Duration.ofSeconds(20), t -> {
                    if (t == 0) {
                        b.fact(k.name(), DangScheduler.onScheduler());
                        mpi.send(w, new int[] {me}, 1, 1 - me, k.ordinal());
                    } else {
                        int[] got = new int[1];
                        mpi.recv(w, got, 1, 1 - me, k.ordinal());
                        b.fact(k.name() + "-received", got[0]);
                    }
                });
            }
            return b.build();
        }

        @Override
        public Verdict judge(List<RankReport> reports) {
            return Verdict.pass("judged by the test");
        }
    }

    private static Map<String, String> factsOfRank(CoreTarget target, int rank) {
        RunOutcome o = target.runOnce(new WhereThreadsRun());
        RunOutcome.Completed c = assertInstanceOf(RunOutcome.Completed.class, o, () -> o.toString());
        RankReport r = c.reports().get(rank);
        assertEquals(null, r.error());
        return new TreeMap<>(r.facts());
    }

    @Test
    void onTheBitVectorSchedulerEveryThreadTheRankStartsIsTheSchedulers() {
        CoreTarget t = CoreTarget.of(Granularity.PER_OBJECT, MatchingKind.HASH_TABLE, ThreadMode.DANG_SCHEDULER);
        for (int rank = 0; rank < 2; rank++) {
            Map<String, String> f = factsOfRank(t, rank);
            assertEquals(new TreeMap<>(Map.of("rank", "true", "PLATFORM", "true", "VIRTUAL", "true", "POOL", "true",
                    "FOREIGN", "false", "PLATFORM-received", "" + (1 - rank), "VIRTUAL-received", "" + (1 - rank),
                    "POOL-received", "" + (1 - rank), "FOREIGN-received", "" + (1 - rank))), f);
        }
    }

    @Test
    void onTheJdksThreadsNoThreadIsABitVectorSchedulers() {
        Map<String, String> f = factsOfRank(CoreTarget.of(Granularity.PER_OBJECT, MatchingKind.HASH_TABLE), 0);
        for (String k : List.of("rank", "PLATFORM", "VIRTUAL", "POOL", "FOREIGN")) {
            assertEquals("false", f.get(k), k);
        }
    }
}
