package org.mpiverify.mpi;

import static org.mpiverify.core.coll.SweepValues.AT_LIMIT;
import static org.mpiverify.core.coll.SweepValues.EAGER;
import static org.mpiverify.core.coll.SweepValues.LARGE;
import static org.mpiverify.core.coll.SweepValues.RENDEZVOUS;
import static org.mpiverify.core.coll.SweepValues.SENTINEL;
import static org.mpiverify.core.coll.SweepValues.expectEach;
import static org.mpiverify.core.coll.SweepValues.filled;
import static org.mpiverify.core.coll.SweepValues.max;
import static org.mpiverify.core.coll.SweepValues.sum;
import static org.mpiverify.core.coll.SweepValues.v;
import static org.mpiverify.core.coll.SweepValues.vCounts;
import static org.mpiverify.core.coll.SweepValues.vDispls;
import static org.mpiverify.core.coll.SweepValues.vTotal;
import static org.mpiverify.core.coll.SweepValues.vi;
import static org.mpiverify.core.coll.SweepValues.x;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.mpiverify.core.coll.Collectives;
import org.mpiverify.core.coll.SweepValues.Expected;
import org.mpiverify.core.sync.Granularity;

/**
 * The nonblocking collectives and their blocking twins at real sizes and shapes, every element checked
 * against a value computed from the rank and the index alone (never from another collective's result):
 * {@code ibarrier}, {@code ibcast}, {@code ireduce}, {@code iallreduce} (SUM on LONG, MAX on INT, in place),
 * {@code igather(v)}, {@code iscatter(v)}, {@code iallgather}, {@code ialltoall} and {@code idup}.
 *
 * <p>One job per (configuration, plan) runs, for each element count of the plan:
 * <ol>
 *   <li>every nonblocking collective outstanding at once on COMM_WORLD, completed in an order that changes
 *       with the count (reverse waits, waitAny, test loops);</li>
 *   <li>the same set on several communicators at once, one thread each, with an idup on each whose new
 *       communicator must agree on its id and work;</li>
 *   <li>the blocking twins on COMM_WORLD;</li>
 *   <li>rounds of several iallreduces and an ireduce outstanding together (the reductions' accumulators at
 *       this size).</li>
 * </ol>
 * Counts ({@link org.mpiverify.core.coll.SweepValues}) are in elements of 8 bytes around the core's default
 * eager limit ({@code JobConfig.of}: 16 KiB): {@code AT_LIMIT} is the largest eager message and
 * {@code RENDEZVOUS} the smallest rendezvous one; the v-collectives' counts differ by one around the count, so
 * their messages straddle the limit.
 *
 * <p>{@link #quickCases()} is what {@code mvn verify} runs; {@link #fullCases()} every configuration of
 * {@link Jobs#configs} at every size on 2, 3, 4 and 8 ranks, under {@code -Pfull}.
 */
public final class CollectiveSweep {
    private CollectiveSweep() {}

    /**
     * What one job does: the element counts, how many communicators phase 2 uses at once, and how many rounds
     * phase 4 makes.
     */
    record Plan(int[] counts, int comms, int rounds) {
        @Override
        public String toString() {
            return "counts " + Arrays.toString(counts) + ", " + comms + " communicators, " + rounds + " rounds";
        }
    }

    /** One job of the sweep. */
    record Case(JobConfig config, Plan plan) {
        @Override
        public String toString() {
            return config.ranks() + " ranks, " + config.granularity() + ", " + config.matching() + ", " + plan;
        }
    }

    private static JobConfig config(int ranks, Granularity g, MatchingKind m) {
        return JobConfig.of(ranks).withGranularity(g).withMatching(m).withErrorHandler(ErrorHandler.ERRORS_RETURN);
    }

    /**
     * The quick sample: 2, 3, 4 and 8 ranks, each granularity and both engines over the sample, eager and
     * rendezvous sizes; 4 ranks (where recursive doubling has two rounds and no folding) twice, with the
     * most rounds of outstanding reductions at the smallest rendezvous size.
     */
    static Stream<Case> quickCases() {
        Plan both = new Plan(new int[] {EAGER, RENDEZVOUS}, 2, 4);
        return Stream.of(
                new Case(config(2, Granularity.LOCK_FREE, MatchingKind.QUEUES), both),
                new Case(config(3, Granularity.PER_OBJECT, MatchingKind.HASH_TABLE), both),
                new Case(config(4, Granularity.GLOBAL, MatchingKind.HASH_TABLE), new Plan(new int[] {RENDEZVOUS, EAGER}, 2, 12)),
                new Case(config(4, Granularity.BRIEF_GLOBAL, MatchingKind.QUEUES), new Plan(new int[] {RENDEZVOUS}, 3, 12)),
                new Case(config(8, Granularity.LOCK_FREE, MatchingKind.HASH_TABLE), new Plan(new int[] {RENDEZVOUS, EAGER}, 2, 2)));
    }

    /** Every configuration of {@link Jobs#configs} at every size on 2, 3, 4 and 8 ranks. */
    static Stream<Case> fullCases() {
        Plan all = new Plan(new int[] {EAGER, AT_LIMIT, RENDEZVOUS, LARGE}, 3, 6);
        return Stream.of(2, 3, 4, 8).flatMap(n -> Jobs.configs(n).map(c -> new Case(c, all)));
    }

    /** Runs the quick sample; throws at the first wrong element (for a known-bad twin's run in another loader). */
    public static void quickSample() {
        quickCases().forEach(CollectiveSweep::run);
    }

    /** Runs one job of the sweep; fails with the first wrong element, or the thread dump of a hang. */
    static void run(Case c) {
        AtomicInteger arrivals = new AtomicInteger();   // ibarrier and barrier: how many ranks entered, shared by the job
        Jobs.ok(c.config(), mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            Comm[] comms = new Comm[c.plan().comms()];
            for (int k = 0; k < comms.length; k++) comms[k] = w.dup();
            int salt = 0, barriers = 0;
            for (int count : c.plan().counts()) {
                String at = c + ", count " + count + ", rank " + w.rank();
                Batch s = new Batch(w, count, ++salt, arrivals, ++barriers, at + ", all outstanding on COMM_WORLD");
                s.complete(s.start(), salt);
                s.check();
                int base = salt;
                Jobs.threads(comms.length, t -> {
                    try {
                        Batch mine = new Batch(comms[t], count, 1000 * (t + 1) + base, null, 0,
                                at + ", on communicator " + t + " of " + comms.length + " at once");
                        Request idup = comms[t].idup();
                        mine.complete(mine.start(), base + t);
                        mine.check();
                        idupWorks(idup, comms[t], count, mine.where);
                    } catch (Throwable e) {
                        mpi.abort(1);   // the other ranks' threads wait for this one's next collectives: end them now
                        throw e;
                    }
                });
                salt += comms.length;
                Batch b = new Batch(w, count, ++salt, arrivals, ++barriers, at + ", blocking");
                b.runBlocking();
                b.check();
                for (int round = 0; round < c.plan().rounds(); round++) {
                    reductionRound(w, count, ++salt, at + ", reduction round " + round);
                }
            }
            for (Comm x : comms) x.free();
            mpi.finalizeMpi();
        });
    }

    // ---------------------------------------------------------------- one set of collectives on one communicator

    /** Every collective once on one communicator: its buffers, how to start it either way, and its check. */
    static final class Batch {
        final Comm c;
        final int n, me, count, salt;
        final String where;
        /** Entries into the job's barriers so far, all ranks together; null: no barrier in this set. */
        private final AtomicInteger arrivals;
        /** This set's barrier is the job's {@code barrier}-th (from 1): at its completion every rank has entered it. */
        private final int barrier;
        private int entered = -1;
        final int rootB, rootR, rootG, rootGv, rootS, rootSv;
        final int[] vc, vd;
        final long[] bcast, red, redOut, all, allOut, inPlace, gatherIn, gatherOut, gathervIn, gathervOut, scatterIn,
                scatterOut, scattervIn, scattervOut, allgatherIn, allgatherOut, toAllIn, toAllOut;
        final int[] maxIn, maxOut;

        Batch(Comm c, int count, int salt, AtomicInteger arrivals, int barrier, String where) {
            this.c = c;
            this.barrier = barrier;
            this.n = c.size();
            this.me = c.rank();
            this.count = count;
            this.salt = salt;
            this.arrivals = arrivals;
            this.where = where;
            rootB = salt % n;
            rootR = (salt + 1) % n;
            rootG = (salt + 2) % n;
            rootGv = (salt + 3) % n;
            rootS = (salt + 4) % n;
            rootSv = (salt + 5) % n;
            vc = vCounts(n, count);
            vd = vDispls(vc);
            bcast = me == rootB ? filled(count, i -> v(rootB, i, salt)) : filled(count, i -> SENTINEL);
            red = filled(count, i -> v(me, i, salt + 1));
            redOut = filled(count, i -> SENTINEL);
            all = filled(count, i -> v(me, i, salt + 2));
            allOut = filled(count, i -> SENTINEL);
            inPlace = filled(count, i -> v(me, i, salt + 3));
            maxIn = new int[count];
            for (int i = 0; i < count; i++) maxIn[i] = vi(me, i, salt);
            maxOut = new int[count];
            gatherIn = filled(count, i -> v(me, i, salt + 4));
            gatherOut = filled(me == rootG ? n * count : 0, i -> SENTINEL);
            gathervIn = filled(vc[me], i -> v(me, i, salt + 5));
            gathervOut = filled(me == rootGv ? vTotal(vc) : 0, i -> SENTINEL);
            scatterIn = filled(me == rootS ? n * count : 0, j -> v(rootS, j, salt + 6));
            scatterOut = filled(count, i -> SENTINEL);
            scattervIn = filled(me == rootSv ? vTotal(vc) : 0, j -> v(rootSv, j, salt + 7));
            scattervOut = filled(vc[me], i -> SENTINEL);
            allgatherIn = filled(count, i -> v(me, i, salt + 8));
            allgatherOut = filled(n * count, i -> SENTINEL);
            toAllIn = filled(n * count, j -> x(me, j / count, j % count, salt + 9));
            toAllOut = filled(n * count, i -> SENTINEL);
        }

        /** Starts every nonblocking collective of the set; all are outstanding when it returns. */
        Request[] start() {
            List<Request> rs = new ArrayList<>();
            if (arrivals != null) {
                arrivals.incrementAndGet();   // before this rank enters: the barrier may complete only once all did
                rs.add(c.ibarrier());
            }
            rs.add(c.ibcast(bcast, 0, count, Datatype.LONG, rootB));
            rs.add(c.ireduce(red, 0, redOut, 0, count, Datatype.LONG, Op.SUM, rootR));
            rs.add(c.iallreduce(all, 0, allOut, 0, count, Datatype.LONG, Op.SUM));
            rs.add(c.iallreduce(maxIn, 0, maxOut, 0, count, Datatype.INT, Op.MAX));
            rs.add(c.iallreduce(Collectives.IN_PLACE, 0, inPlace, 0, count, Datatype.LONG, Op.SUM));
            rs.add(c.igather(gatherIn, 0, count, Datatype.LONG, gatherOut, 0, count, Datatype.LONG, rootG));
            rs.add(c.igatherv(gathervIn, 0, vc[me], Datatype.LONG, gathervOut, 0, vc, vd, Datatype.LONG, rootGv));
            rs.add(c.iscatter(scatterIn, 0, count, Datatype.LONG, scatterOut, 0, count, Datatype.LONG, rootS));
            rs.add(c.iscatterv(scattervIn, 0, vc, vd, Datatype.LONG, scattervOut, 0, vc[me], Datatype.LONG, rootSv));
            rs.add(c.iallgather(allgatherIn, 0, count, Datatype.LONG, allgatherOut, 0, count, Datatype.LONG));
            rs.add(c.ialltoall(toAllIn, 0, count, Datatype.LONG, toAllOut, 0, count, Datatype.LONG));
            return rs.toArray(Request[]::new);
        }

        /**
         * Completes every request: the barrier's first (how many ranks had entered it is read at its completion),
         * the others in an order chosen by {@code how}: reverse waits, waitAny, test loops, waitAll.
         */
        void complete(Request[] rs, int how) {
            if (arrivals != null) {
                rs[0].waitFor();
                entered = arrivals.get();
            }
            switch (Math.floorMod(how, 4)) {
                case 0 -> {
                    for (int i = rs.length - 1; i >= 0; i--) rs[i].waitFor();
                }
                case 1 -> {
                    while (Request.waitAny(rs) != Mpi.UNDEFINED) { }
                }
                case 2 -> {
                    long end = System.nanoTime() + Jobs.DEADLINE.toNanos();
                    while (Request.testAll(rs) == null) {   // MPI_Test polls: the loop moves them itself
                        if (System.nanoTime() - end > 0) throw new AssertionError("testAll never true (" + where + ")");
                        Thread.onSpinWait();
                    }
                }
                default -> Request.waitAll(rs);
            }
        }

        /** The blocking twins of the set, one after another. */
        void runBlocking() {
            if (arrivals != null) {
                arrivals.incrementAndGet();
                c.barrier();
                entered = arrivals.get();
            }
            c.bcast(bcast, 0, count, Datatype.LONG, rootB);
            c.reduce(red, 0, redOut, 0, count, Datatype.LONG, Op.SUM, rootR);
            c.allreduce(all, 0, allOut, 0, count, Datatype.LONG, Op.SUM);
            c.allreduce(maxIn, 0, maxOut, 0, count, Datatype.INT, Op.MAX);
            c.allreduce(Collectives.IN_PLACE, 0, inPlace, 0, count, Datatype.LONG, Op.SUM);
            c.gather(gatherIn, 0, count, Datatype.LONG, gatherOut, 0, count, Datatype.LONG, rootG);
            c.gatherv(gathervIn, 0, vc[me], Datatype.LONG, gathervOut, 0, vc, vd, Datatype.LONG, rootGv);
            c.scatter(scatterIn, 0, count, Datatype.LONG, scatterOut, 0, count, Datatype.LONG, rootS);
            c.scatterv(scattervIn, 0, vc, vd, Datatype.LONG, scattervOut, 0, vc[me], Datatype.LONG, rootSv);
            c.allgather(allgatherIn, 0, count, Datatype.LONG, allgatherOut, 0, count, Datatype.LONG);
            c.alltoall(toAllIn, 0, count, Datatype.LONG, toAllOut, 0, count, Datatype.LONG);
        }

        /** Every element of every output, against the values computed from ranks and indices alone. */
        void check() {
            if (arrivals != null && entered < n * barrier) {
                throw new AssertionError("barrier " + barrier + " completed when the ranks had entered barriers " + entered
                        + " times, not " + n * barrier + " (" + where + ")");
            }
            expectEach("bcast from " + rootB, bcast, i -> v(rootB, i, salt), where);
            if (me == rootR) expectEach("reduce SUM to " + rootR, redOut, i -> sum(n, i, salt + 1), where);
            expectEach("allreduce SUM", allOut, i -> sum(n, i, salt + 2), where);
            expectEach("allreduce MAX INT", maxOut, i -> max(n, i, salt), where);
            expectEach("allreduce SUM in place", inPlace, i -> sum(n, i, salt + 3), where);
            if (me == rootG) expectEach("gather to " + rootG, gatherOut, j -> v(j / count, j % count, salt + 4), where);
            if (me == rootGv) {
                long[] expected = filled(vTotal(vc), i -> SENTINEL);
                for (int r = 0; r < n; r++) {
                    for (int i = 0; i < vc[r]; i++) expected[vd[r] + i] = v(r, i, salt + 5);
                }
                expectEach("gatherv to " + rootGv + " (gaps untouched)", gathervOut, i -> expected[i], where);
            }
            expectEach("scatter from " + rootS, scatterOut, i -> v(rootS, me * count + i, salt + 6), where);
            expectEach("scatterv from " + rootSv, scattervOut, i -> v(rootSv, vd[me] + i, salt + 7), where);
            expectEach("allgather", allgatherOut, j -> v(j / count, j % count, salt + 8), where);
            expectEach("alltoall", toAllOut, j -> x(j / count, me, j % count, salt + 9), where);
        }
    }

    /** An idup's communicator: its members agree on its id, and an iallreduce of {@code count} elements works on it. */
    static void idupWorks(Request idup, Comm parent, int count, String where) {
        idup.waitFor();
        Comm made = idup.communicator();
        int n = parent.size();
        int[] ids = new int[n];
        parent.allgather(new int[] {made.contextId()}, 0, 1, Datatype.INT, ids, 0, 1, Datatype.INT);
        expectEach("idup's context id on every member", ids, i -> made.contextId(), where);
        long[] out = new long[count];
        made.iallreduce(filled(count, i -> v(made.rank(), i, 77)), 0, out, 0, count, Datatype.LONG, Op.SUM).waitFor();
        expectEach("iallreduce on the idup's communicator", out, i -> sum(n, i, 77), where);
        made.free();
    }

    /**
     * Three iallreduces and an ireduce of {@code count} elements outstanding together, completed last first:
     * the reductions' accumulators, partners' sends and receives all in flight at once.
     */
    static void reductionRound(Comm w, int count, int salt, String where) {
        int n = w.size(), me = w.rank(), root = salt % n;
        long[][] in = new long[4][], out = new long[4][];
        Request[] rs = new Request[4];
        for (int k = 0; k < 4; k++) {
            int s = 10 * salt + k;
            in[k] = filled(count, i -> v(me, i, s));
            out[k] = filled(count, i -> SENTINEL);
            rs[k] = k < 3 ? w.iallreduce(in[k], 0, out[k], 0, count, Datatype.LONG, Op.SUM)
                    : w.ireduce(in[k], 0, out[k], 0, count, Datatype.LONG, Op.SUM, root);
        }
        for (int k = 3; k >= 0; k--) rs[k].waitFor();
        for (int k = 0; k < 4; k++) {
            int s = 10 * salt + k;
            if (k < 3 || me == root) expectEach(k < 3 ? "iallreduce " + k : "ireduce to " + root, out[k], i -> sum(n, i, s), where);
        }
    }
}
