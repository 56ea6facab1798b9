package org.mpiverify.core.coll;

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
import static org.mpiverify.core.coll.SweepValues.vExpected;
import static org.mpiverify.core.coll.SweepValues.vTotal;
import static org.mpiverify.core.coll.SweepValues.vi;
import static org.mpiverify.core.coll.SweepValues.x;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.LongStream;
import java.util.stream.Stream;

import org.mpiverify.core.coll.AdversarialNetwork.Order;
import org.mpiverify.mpi.Datatype;
import org.mpiverify.mpi.Op;

/**
 * The nonblocking collectives' schedules ({@link NonblockingCollectives}: the very classes a job runs) on
 * an {@link AdversarialNetwork}: every rank's schedules of every collective outstanding at once, on one
 * context and on several, eager and rendezvous sizes, 2, 3, 4 and 8 ranks, the deliveries in the oldest-first
 * order and in seeded random orders, every element checked against {@link SweepValues}. Where a job's
 * threads run the rendezvous copy at match time, here the adversary delays every rendezvous read as the
 * order says, so a schedule that reuses a buffer whose send has not completed is caught in every order
 * that lets it, not once in a while.
 *
 * <p>{@link #quickSample()} is {@code mvn verify}'s; {@link #fullCases()} adds seeds, sizes and contexts.
 */
public final class ScheduleSweep {
    private ScheduleSweep() {}

    /** The core's default eager limit, in bytes. */
    static final int EAGER_LIMIT = 16 * 1024;

    /** One run: ranks, element counts, delivery order and seed, and how many contexts run the batch at once. */
    record Case(int ranks, int[] counts, Order order, long seed, int contexts) {
        @Override
        public String toString() {
            return ranks + " ranks, counts " + Arrays.toString(counts) + ", " + order
                    + (order == Order.SHUFFLED ? " seed " + seed : "") + ", " + contexts + " context(s)";
        }
    }

    static Stream<Case> quickCases() {
        int[] counts = {EAGER, RENDEZVOUS};
        return Stream.of(2, 3, 4, 8).flatMap(n -> Stream.concat(Stream.of(new Case(n, counts, Order.OLDEST_FIRST, 0, 2)),
                LongStream.rangeClosed(1, 3).mapToObj(seed -> new Case(n, counts, Order.SHUFFLED, seed, 2))));
    }

    static Stream<Case> fullCases() {
        int[] counts = {EAGER, AT_LIMIT, RENDEZVOUS, LARGE};
        return Stream.of(2, 3, 4, 5, 8).flatMap(n -> Stream.concat(Stream.of(new Case(n, counts, Order.OLDEST_FIRST, 0, 3)),
                LongStream.rangeClosed(1, 20).mapToObj(seed -> new Case(n, counts, Order.SHUFFLED, 100 + seed, 3))));
    }

    /** Runs the quick sample; throws at the first wrong element (for a known-bad twin's run in another loader). */
    public static void quickSample() {
        quickCases().forEach(ScheduleSweep::run);
    }

    static void run(Case c) {
        int salt = 0;
        for (int count : c.counts()) {
            AdversarialNetwork net = new AdversarialNetwork(c.ranks(), EAGER_LIMIT, c.order(), c.seed() * 31 + count);
            List<Batch> batches = new ArrayList<>();
            List<Schedule> all = new ArrayList<>();
            for (int ctx = 0; ctx < c.contexts(); ctx++) {
                for (int r = 0; r < c.ranks(); r++) {
                    Batch b = new Batch(net, ctx, r, c.ranks(), count, salt + 100 * ctx, c + ", count " + count
                            + ", context " + ctx + ", rank " + r);
                    batches.add(b);
                    all.addAll(b.schedules);
                }
            }
            net.drive(all);
            for (Batch b : batches) b.check();
            salt += 100 * c.contexts();
        }
    }

    /**
     * One rank's schedules of every collective on one context, each in a slot (tag range) of its own as the
     * core gives them: ibarrier, ibcast, ireduce, iallreduce (SUM, MAX on INT, in place, and three more SUMs),
     * igather(v), iscatter(v), iallgather, ialltoall.
     */
    static final class Batch {
        final List<Schedule> schedules = new ArrayList<>();
        private final int n, me, count, salt;
        private final String where;
        private final int rootB, rootR, rootG, rootGv, rootS, rootSv;
        private final int[] vc, vd, maxIn, maxOut;
        private final long[] bcast, red, redOut, all, allOut, inPlace, gatherIn, gatherOut, gathervIn, gathervOut,
                scatterIn, scatterOut, scattervIn, scattervOut, allgatherIn, allgatherOut, toAllIn, toAllOut;
        private final long[][] more = new long[3][], moreOut = new long[3][];

        Batch(AdversarialNetwork net, int ctx, int me, int n, int count, int salt, String where) {
            this.n = n;
            this.me = me;
            this.count = count;
            this.salt = salt;
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
            int slot = 0;
            schedules.add(NonblockingCollectives.barrier(net.channel(me, ctx, slot++)));
            schedules.add(NonblockingCollectives.bcast(net.channel(me, ctx, slot++), bcast, 0, count, Datatype.LONG, rootB));
            schedules.add(NonblockingCollectives.reduce(net.channel(me, ctx, slot++), red, 0, redOut, 0, count, Datatype.LONG,
                    Op.SUM, rootR));
            schedules.add(NonblockingCollectives.allreduce(net.channel(me, ctx, slot++), all, 0, allOut, 0, count,
                    Datatype.LONG, Op.SUM));
            schedules.add(NonblockingCollectives.allreduce(net.channel(me, ctx, slot++), maxIn, 0, maxOut, 0, count,
                    Datatype.INT, Op.MAX));
            schedules.add(NonblockingCollectives.allreduce(net.channel(me, ctx, slot++), Collectives.IN_PLACE, 0, inPlace, 0,
                    count, Datatype.LONG, Op.SUM));
            for (int k = 0; k < more.length; k++) {
                int s = salt + 20 + k;
                more[k] = filled(count, i -> v(me, i, s));
                moreOut[k] = filled(count, i -> SENTINEL);
                schedules.add(NonblockingCollectives.allreduce(net.channel(me, ctx, slot++), more[k], 0, moreOut[k], 0, count,
                        Datatype.LONG, Op.SUM));
            }
            schedules.add(NonblockingCollectives.gather(net.channel(me, ctx, slot++), gatherIn, 0, count, Datatype.LONG,
                    gatherOut, 0, count, Datatype.LONG, rootG));
            schedules.add(NonblockingCollectives.gatherv(net.channel(me, ctx, slot++), gathervIn, 0, vc[me], Datatype.LONG,
                    gathervOut, 0, vc, vd, Datatype.LONG, rootGv));
            schedules.add(NonblockingCollectives.scatter(net.channel(me, ctx, slot++), scatterIn, 0, count, Datatype.LONG,
                    scatterOut, 0, count, Datatype.LONG, rootS));
            schedules.add(NonblockingCollectives.scatterv(net.channel(me, ctx, slot++), scattervIn, 0, vc, vd, Datatype.LONG,
                    scattervOut, 0, vc[me], Datatype.LONG, rootSv));
            schedules.add(NonblockingCollectives.allgather(net.channel(me, ctx, slot++), allgatherIn, 0, count, Datatype.LONG,
                    allgatherOut, 0, count, Datatype.LONG));
            schedules.add(NonblockingCollectives.alltoall(net.channel(me, ctx, slot++), toAllIn, 0, count, Datatype.LONG,
                    toAllOut, 0, count, Datatype.LONG));
        }

        void check() {
            for (Schedule s : schedules) {
                if (s.failure() != null) throw new AssertionError("a schedule failed (" + where + ")", s.failure());
            }
            expectEach("ibcast from " + rootB, bcast, i -> v(rootB, i, salt), where);
            if (me == rootR) expectEach("ireduce SUM to " + rootR, redOut, i -> sum(n, i, salt + 1), where);
            expectEach("iallreduce SUM", allOut, i -> sum(n, i, salt + 2), where);
            expectEach("iallreduce MAX INT", maxOut, i -> max(n, i, salt), where);
            expectEach("iallreduce SUM in place", inPlace, i -> sum(n, i, salt + 3), where);
            for (int k = 0; k < more.length; k++) {
                int s = salt + 20 + k;
                expectEach("iallreduce SUM " + (k + 2), moreOut[k], i -> sum(n, i, s), where);
            }
            if (me == rootG) expectEach("igather to " + rootG, gatherOut, j -> v(j / count, j % count, salt + 4), where);
            if (me == rootGv) {
                long[] e = vExpected(vc, vd, salt + 5, false, rootGv);
                expectEach("igatherv to " + rootGv + " (gaps untouched)", gathervOut, i -> e[i], where);
            }
            expectEach("iscatter from " + rootS, scatterOut, i -> v(rootS, me * count + i, salt + 6), where);
            expectEach("iscatterv from " + rootSv, scattervOut, i -> v(rootSv, vd[me] + i, salt + 7), where);
            expectEach("iallgather", allgatherOut, j -> v(j / count, j % count, salt + 8), where);
            expectEach("ialltoall", toAllOut, j -> x(j / count, me, j % count, salt + 9), where);
        }
    }
}
