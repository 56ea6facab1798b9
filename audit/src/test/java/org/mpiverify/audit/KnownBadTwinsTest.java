package org.mpiverify.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;
import org.mpiverify.audit.scenario.ScenarioCatalog;
import org.mpiverify.core.sync.Granularity;
import org.mpiverify.harness.api.AuditException;
import org.mpiverify.harness.api.AuditMpi;
import org.mpiverify.harness.api.AuditStatus;
import org.mpiverify.harness.api.GrequestCallbacks;
import org.mpiverify.harness.api.IndexedStatus;
import org.mpiverify.harness.core.CoreAuditMpi;
import org.mpiverify.harness.core.CoreTarget;
import org.mpiverify.harness.scenario.BaseScenario;
import org.mpiverify.harness.scenario.RankReport;
import org.mpiverify.harness.scenario.Verdict;
import org.mpiverify.mpi.MatchingKind;
import org.mpiverify.results.Outcome;
import org.mpiverify.testkit.TwinTest;

/**
 * The judges can fail: deliberately broken bindings between the scenarios and a correct core — one that
 * damages, one that duplicates, one that misroutes communicator creation, one that lies about the thread
 * level — must each make the relevant scenario FAIL with evidence that says where. And a scenario that
 * hangs or throws must come out HANG with every stack, or CRASH naming the rank.
 */
class KnownBadTwinsTest {
    private final CoreTarget core = AuditTesting.core(Granularity.PER_OBJECT, MatchingKind.QUEUES);

    /** Flips one word of rank 1's 7th received message. */
    static final class CorruptingBinding extends DelegatingAuditMpi {
        private final AtomicInteger receives = new AtomicInteger();

        CorruptingBinding(AuditMpi d) { super(d); }

        @Override
        public AuditStatus recv(long comm, int[] buf, int count, int source, int tag) {
            AuditStatus s = super.recv(comm, buf, count, source, tag);
            if (commRank(commWorld()) == 1 && receives.incrementAndGet() == 7 && s.count() > 5) buf[5] ^= 1;
            return s;
        }
    }

    /**
     * From rank 0's 20th wildcard receive on, once: the receiving thread gets its own previous message again
     * instead of the one it received (one lost, one duplicated).
     */
    static final class DuplicatingBinding extends DelegatingAuditMpi {
        private final AtomicInteger receives = new AtomicInteger();
        private boolean duplicated;
        // per receiving tag (one receiver thread each): the duplicate goes to the thread that got the
        // original, so the scenario sees it as that receiver's message twice, whatever the interleaving
        private final Map<Integer, int[]> last = new HashMap<>();
        private final Map<Integer, AuditStatus> lastStatus = new HashMap<>();

        DuplicatingBinding(AuditMpi d) { super(d); }

        @Override
        public AuditStatus recv(long comm, int[] buf, int count, int source, int tag) {
            AuditStatus s = super.recv(comm, buf, count, source, tag);
            if (commRank(commWorld()) != 0 || source != ANY_SOURCE) return s;
            synchronized (this) {
                int[] earlier = last.get(tag);
                if (receives.incrementAndGet() >= 20 && !duplicated && earlier != null) {
                    duplicated = true; // DEFECT: this receive's message is dropped and the thread's previous one delivered again
                    System.arraycopy(earlier, 0, buf, 0, earlier.length);
                    return lastStatus.get(tag);
                }
                last.put(tag, buf.clone());
                lastStatus.put(tag, s);
                return s;
            }
        }
    }

    /** Rank 0 passes the other colour to split in round 3: it lands in the wrong communicator. */
    static final class SplitColourBinding extends DelegatingAuditMpi {
        private final AtomicInteger splits = new AtomicInteger();

        SplitColourBinding(AuditMpi d) { super(d); }

        @Override
        public long commSplit(long comm, int color, int key) {
            boolean lie = commRank(commWorld()) == 0 && splits.incrementAndGet() == 3;
            return super.commSplit(comm, lie ? 1 - color : color, key);
        }
    }

    /** Says SERIALIZED when asked, after initThread provided MULTIPLE. */
    static final class LevelLyingBinding extends DelegatingAuditMpi {
        LevelLyingBinding(AuditMpi d) { super(d); }

        @Override
        public int queryThread() { return THREAD_SERIALIZED; }
    }

    @TwinTest
    void aDamagedMessageFailsWithWhereItArrived() {
        failsWithEvidence("p2p-blocking", CorruptingBinding::new,
                e -> e.startsWith("rank 1 thread") && e.contains("damaged"));
    }

    @TwinTest
    void aDuplicatedMessageFailsNamingTheMessage() {
        failsWithEvidence("wildcard-many-threads", DuplicatingBinding::new,
                e -> e.startsWith("rank 0") && e.contains("twice"));
    }

    @TwinTest
    void ranksInTheWrongCommunicatorFailWithTheirDisagreement() {
        failsWithEvidence("comm-split-concurrent", SplitColourBinding::new,
                e -> e.matches("ranks \\d and \\d disagree on the members of split .*"));
    }

    @TwinTest
    void aDishonestThreadLevelFails() {
        Verdict v = AuditTesting.judge(core, ScenarioCatalog.byId("init-thread-level"),
                (mpi, name) -> new LevelLyingBinding(new CoreAuditMpi(mpi, name)));
        assertEquals(Outcome.FAIL, v.outcome(), AuditTesting.describe(v));
        assertTrue(v.summary().contains("MPI_Query_thread says SERIALIZED"), v.summary());
    }

    /** Rank 1's sends to a rank outside the communicator return normally (the error is swallowed). */
    static final class SwallowedRankErrorBinding extends DelegatingAuditMpi {
        SwallowedRankErrorBinding(AuditMpi d) { super(d); }

        @Override
        public void send(long comm, int[] buf, int count, int dest, int tag) {
            try {
                super.send(comm, buf, count, dest, tag);
            } catch (AuditException e) {
                if (commRank(commWorld()) != 1 || !"MPI_ERR_RANK".equals(e.errorName())) throw e; // DEFECT: swallowed on rank 1
            }
        }
    }

    /** Rank 0's receives that truncate report the truncation as a different error class. */
    static final class WrongTruncationClassBinding extends DelegatingAuditMpi {
        WrongTruncationClassBinding(AuditMpi d) { super(d); }

        @Override
        public AuditStatus recv(long comm, int[] buf, int count, int source, int tag) {
            try {
                return super.recv(comm, buf, count, source, tag);
            } catch (AuditException e) {
                if (commRank(commWorld()) != 0 || !"MPI_ERR_TRUNCATE".equals(e.errorName())) throw e;
                throw new AuditException("MPI_Recv", 15, "MPI_ERR_OTHER", "wrong class"); // DEFECT: the wrong class
            }
        }
    }

    /**
     * Rank 0's waits report every completed receive as cancelled: a cancel that came too late looks taken, so the
     * message it already delivered is lost to the scenario's next receive.
     */
    static final class CancelLiarBinding extends DelegatingAuditMpi {
        CancelLiarBinding(AuditMpi d) { super(d); }

        @Override
        public AuditStatus waitFor(long request) {
            AuditStatus s = super.waitFor(request);
            if (commRank(commWorld()) != 0 || s.cancelled() || s.count() == 0) return s;
            return new AuditStatus(s.source(), s.tag(), s.count(), true, s.error(), s.errorName()); // DEFECT: says cancelled
        }
    }

    /** Rank 1's waitAny reports a truncated receive as completed without error. */
    static final class LostErrorWaitAnyBinding extends DelegatingAuditMpi {
        LostErrorWaitAnyBinding(AuditMpi d) { super(d); }

        @Override
        public IndexedStatus waitAny(long[] requests) {
            IndexedStatus x = super.waitAny(requests);
            if (commRank(commWorld()) != 1 || x.status().error() == 0) return x;
            return new IndexedStatus(x.index(), x.status().withError(0, null)); // DEFECT: the request's error is dropped
        }
    }

    /**
     * Rank 1's first waitAll of many receives hands the 8th receive's message to the 9th as well (the 9th's message is
     * lost, the 8th's delivered twice), as a library that completed two requests from one match would.
     */
    static final class DoubleDeliveryWaitAllBinding extends DelegatingAuditMpi {
        private final AtomicInteger calls = new AtomicInteger();

        DoubleDeliveryWaitAllBinding(AuditMpi d) { super(d); }

        @Override
        public long irecv(long comm, int[] buf, int count, int source, int tag) {
            long r = super.irecv(comm, buf, count, source, tag);
            if (commRank(commWorld()) == 1) buffers.put(r, buf);
            return r;
        }

        private final Map<Long, int[]> buffers = new java.util.concurrent.ConcurrentHashMap<>();

        @Override
        public AuditStatus[] waitAll(long[] requests) {
            long[] before = requests.clone();
            AuditStatus[] st = super.waitAll(requests);
            if (commRank(commWorld()) == 1 && requests.length >= 10 && calls.incrementAndGet() == 1) {
                int[] eighth = buffers.get(before[7]);
                int[] ninth = buffers.get(before[8]);
                System.arraycopy(eighth, 0, ninth, 0, st[7].count()); // DEFECT: one message delivered to two requests
                st[8] = st[7];
            }
            return st;
        }
    }

    /**
     * Rank 2's 30th ialltoall hands back the blocks of ranks 0 and 1 swapped, as a library that matched the
     * collective's messages by arrival instead of by source would.
     */
    static final class SwappedBlocksAlltoallBinding extends DelegatingAuditMpi {
        private final AtomicInteger calls = new AtomicInteger();
        private final Map<Long, int[]> swapOnWait = new java.util.concurrent.ConcurrentHashMap<>();

        SwappedBlocksAlltoallBinding(AuditMpi d) { super(d); }

        @Override
        public long ialltoall(long comm, int[] send, int[] recv, int count) {
            long r = super.ialltoall(comm, send, recv, count);
            if (commRank(commWorld()) == 2 && calls.incrementAndGet() == 30) swapOnWait.put(r, recv);
            return r;
        }

        @Override
        public AuditStatus waitFor(long request) {
            AuditStatus s = super.waitFor(request);
            int[] recv = swapOnWait.remove(request);
            if (recv != null) {
                int half = recv.length / 3;   // three ranks: blocks of `half` ints each
                for (int k = 0; k < half; k++) {   // DEFECT: rank 0's and rank 1's blocks change places
                    int x = recv[k];
                    recv[k] = recv[half + k];
                    recv[half + k] = x;
                }
            }
            return s;
        }
    }

    @TwinTest
    void swappedAlltoallBlocksFailNamingTheRound() {
        failsWithEvidence("coll-nonblocking-distinct-comms", SwappedBlocksAlltoallBinding::new,
                e -> e.startsWith("rank 2 thread") && e.contains("ialltoall #"));
    }

    /**
     * Audits {@code scenario} on the core through {@code binding} (a known-bad binding over the core's own): the verdict
     * must be FAIL, with an evidence line that {@code evidence} accepts.
     */
    private Verdict failsWithEvidence(String scenario, UnaryOperator<AuditMpi> binding, Predicate<String> evidence) {
        Verdict v = AuditTesting.judge(core, ScenarioCatalog.byId(scenario),
                (mpi, name) -> binding.apply(new CoreAuditMpi(mpi, name)));
        assertEquals(Outcome.FAIL, v.outcome(), AuditTesting.describe(v));
        assertTrue(v.evidence().stream().anyMatch(evidence), AuditTesting.describe(v));
        return v;
    }

    /** An MPI_Ireduce made of MPI_Iallreduce: right at the root, but every other rank's result buffer is written too. */
    static final class ReduceToEveryRankBinding extends DelegatingAuditMpi {
        ReduceToEveryRankBinding(AuditMpi d) { super(d); }

        @Override
        public long ireduce(long comm, int[] in, int[] out, int count, AuditMpi.ReduceOp op, int root) {
            return super.iallreduce(comm, in, out, count, op);   // DEFECT: the result reaches every rank
        }
    }

    @TwinTest
    void anIreduceThatWritesAtEveryRankFails() {
        failsWithEvidence("coll-nonblocking-distinct-comms", ReduceToEveryRankBinding::new,
                e -> e.contains("ireduce(SUM) #") && e.contains("the root's only"));
    }

    /** An MPI_Igatherv that ignores the displacements and packs the blocks one after the other at the root. */
    static final class PackedGathervBinding extends DelegatingAuditMpi {
        PackedGathervBinding(AuditMpi d) { super(d); }

        @Override
        public long igatherv(long comm, int[] send, int sendCount, int[] recv, int[] recvCounts, int[] displs, int root) {
            int[] packed = new int[recvCounts.length];
            for (int r = 1; r < packed.length; r++) packed[r] = packed[r - 1] + recvCounts[r - 1];   // DEFECT: displs unused
            return super.igatherv(comm, send, sendCount, recv, recvCounts, packed, root);
        }
    }

    @TwinTest
    void anIgathervThatIgnoresTheDisplacementsFails() {
        failsWithEvidence("coll-nonblocking-distinct-comms", PackedGathervBinding::new,
                e -> e.contains("igatherv #") && e.contains("the gap after rank"));
    }

    @TwinTest
    void aMessageDeliveredTwiceOnASharedTagFails() {
        Verdict v = failsWithEvidence("p2p-shared-tag", DoubleDeliveryWaitAllBinding::new,
                e -> e.startsWith("rank 1 receiver ") && e.contains("twice"));
        assertTrue(v.evidence().stream().anyMatch(e -> e.startsWith("rank 1: ") && e.contains("never arrived")),
                AuditTesting.describe(v));
    }

    @TwinTest
    void aSwallowedInvalidRankErrorFailsNamingTheCall() {
        failsWithEvidence("p2p-invalid-args-under-load", SwallowedRankErrorBinding::new,
                e -> e.matches("rank 1 thread 0 round \\d+: send to rank 2 of 2 returned without an error, expected MPI_ERR_RANK"));
    }

    @TwinTest
    void aTruncationWithTheWrongClassFails() {
        failsWithEvidence("p2p-truncate-under-load", WrongTruncationClassBinding::new,
                e -> e.startsWith("rank 0 thread 0 round ")
                        && e.contains("failed with MPI_ERR_OTHER, expected MPI_ERR_TRUNCATE"));
    }

    @TwinTest
    void aMessageLostToACancelFailsNamingIt() {
        failsWithEvidence("p2p-cancel-race", CancelLiarBinding::new,
                e -> e.startsWith("rank 0 canceller ") && e.contains("is lost"));
    }

    @TwinTest
    void aTruncationLostByWaitAnyFails() {
        failsWithEvidence("requests-cross-thread-completion", LostErrorWaitAnyBinding::new,
                e -> e.startsWith("rank 1 thread ") && e.contains("(WAITANY, TRUNCATE)")
                        && e.contains("completed with no error, expected MPI_ERR_TRUNCATE"));
    }

    /**
     * Rank 1's persistent sends send the data their buffer held at init, not at each start (a library that packed
     * the message once, in MPI_Send_init).
     */
    static final class StaleDataPersistentBinding extends DelegatingAuditMpi {
        StaleDataPersistentBinding(AuditMpi d) { super(d); }

        @Override
        public long sendInit(long comm, int[] buf, int count, int dest, int tag, boolean sync) {
            if (commRank(commWorld()) != 1) return super.sendInit(comm, buf, count, dest, tag, sync);
            return super.sendInit(comm, buf.clone(), count, dest, tag, sync); // DEFECT: the data of the init, sent at every start
        }
    }

    /**
     * Rank 0's generalized requests run their query callback in MPI_Grequest_complete, in the completing thread (a
     * library that builds the status when the user completes the request, not in the call that completes it).
     */
    static final class EagerQueryGrequestBinding extends DelegatingAuditMpi {
        private final java.util.Map<Long, GrequestCallbacks> callbacks = new java.util.concurrent.ConcurrentHashMap<>();

        EagerQueryGrequestBinding(AuditMpi d) { super(d); }

        @Override
        public long grequestStart(GrequestCallbacks cb) {
            if (commRank(commWorld()) != 0) return super.grequestStart(cb);
            AuditStatus[] early = new AuditStatus[1];
            long g = super.grequestStart(new GrequestCallbacks() {
                @Override public AuditStatus query() { return early[0]; }
                @Override public void free() { cb.free(); }
                @Override public void cancel(boolean complete) { cb.cancel(complete); }
            });
            callbacks.put(g, cb);
            early[0] = null;
            holder.put(g, early);
            return g;
        }

        private final java.util.Map<Long, AuditStatus[]> holder = new java.util.concurrent.ConcurrentHashMap<>();

        @Override
        public void grequestComplete(long request) {
            GrequestCallbacks cb = callbacks.remove(request);
            if (cb != null) holder.remove(request)[0] = cb.query(); // DEFECT: the query runs here, in the completing thread
            super.grequestComplete(request);
        }
    }

    @TwinTest
    void aPersistentSendOfStaleDataFails() {
        failsWithEvidence("persistent-sendrecv", StaleDataPersistentBinding::new,
                e -> e.startsWith("rank 0 thread ") && e.contains(" iteration 0 received a damaged message"));
    }

    @TwinTest
    void aGeneralizedRequestQueriedInTheCompletingThreadFails() {
        failsWithEvidence("greq-cross-thread", EagerQueryGrequestBinding::new,
                e -> e.startsWith("rank 0 round ") && e.contains("greq-completer-0"));
    }

    /** Rank 0 waits for a message nobody sends. */
    static final class HangingScenario extends BaseScenario {
        HangingScenario() {
            super("test-hang", "waits forever", "test", 2, 1, 1, Duration.ofSeconds(2));
        }

        @Override
        public RankReport run(AuditMpi mpi) {
            mpi.initThread(AuditMpi.THREAD_MULTIPLE);
            int me = mpi.commRank(mpi.commWorld());
            if (me == 0) mpi.recv(mpi.commWorld(), new int[1], 1, 1, 99);
            return new RankReport.Builder(me).build();
        }

        @Override
        protected Verdict judgeReports(List<RankReport> reports) { return Verdict.pass("returned"); }
    }

    /** Rank 1 throws; rank 0 waits for it and is released by the abort. */
    static final class ThrowingScenario extends BaseScenario {
        ThrowingScenario() {
            super("test-crash", "rank 1 throws", "test", 2, 1, 1, Duration.ofSeconds(20));
        }

        @Override
        public RankReport run(AuditMpi mpi) {
            mpi.initThread(AuditMpi.THREAD_MULTIPLE);
            int me = mpi.commRank(mpi.commWorld());
            if (me == 1) throw new IllegalStateException("scenario bug on rank 1");
            mpi.recv(mpi.commWorld(), new int[1], 1, 1, 99);
            return new RankReport.Builder(me).build();
        }

        @Override
        protected Verdict judgeReports(List<RankReport> reports) { return Verdict.pass("returned"); }
    }

    @TwinTest
    void aHangIsReportedWithEveryRanksStack() {
        Verdict v = AuditTesting.judge(core, new HangingScenario(), CoreAuditMpi::new);
        assertEquals(Outcome.HANG, v.outcome(), AuditTesting.describe(v));
        String stacks = v.evidence().get(0);
        assertTrue(stacks.contains("\"audit-core-rank-0\"") && stacks.contains("HangingScenario.run"), stacks);
    }

    @TwinTest
    void aThrowingRankIsACrashNamingThatRankNotTheAbortedOne() {
        Verdict v = AuditTesting.judge(core, new ThrowingScenario(), CoreAuditMpi::new);
        assertEquals(Outcome.CRASH, v.outcome(), AuditTesting.describe(v));
        assertTrue(v.summary().startsWith("rank 1 threw: java.lang.IllegalStateException: scenario bug on rank 1"),
                v.summary());
        assertTrue(v.evidence().stream().anyMatch(e -> e.startsWith("rank 0:") && e.contains("ERR_ABORTED")),
                "rank 0 was released by the abort: " + AuditTesting.describe(v));
    }
}
