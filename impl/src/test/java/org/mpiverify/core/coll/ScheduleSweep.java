package org.mpiverify.core.coll;

import static org.mpiverify.core.coll.SweepValues.AT_LIMIT;
import static org.mpiverify.core.coll.SweepValues.EAGER;
import static org.mpiverify.core.coll.SweepValues.LARGE;
import static org.mpiverify.core.coll.SweepValues.RENDEZVOUS;
import static org.mpiverify.core.coll.SweepValues.SENTINEL;
import static org.mpiverify.core.coll.SweepValues.expectEach;
import static org.mpiverify.core.coll.SweepValues.filled;
import static org.mpiverify.core.coll.SweepValues.sum;
import static org.mpiverify.core.coll.SweepValues.v;

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
        private final int salt;
        private final String where;
        private final SweepBuffers b;
        private final long[][] more = new long[3][], moreOut = new long[3][];

        Batch(AdversarialNetwork net, int ctx, int me, int n, int count, int salt, String where) {
            this.salt = salt;
            this.where = where;
            this.b = new SweepBuffers(n, me, count, salt);
            int slot = 0;
            schedules.add(NonblockingCollectives.barrier(net.channel(me, ctx, slot++)));
            schedules.add(NonblockingCollectives.bcast(net.channel(me, ctx, slot++), b.bcast, 0, count, Datatype.LONG, b.rootB));
            schedules.add(NonblockingCollectives.reduce(net.channel(me, ctx, slot++), b.red, 0, b.redOut, 0, count, Datatype.LONG,
                    Op.SUM, b.rootR));
            schedules.add(NonblockingCollectives.allreduce(net.channel(me, ctx, slot++), b.all, 0, b.allOut, 0, count,
                    Datatype.LONG, Op.SUM));
            schedules.add(NonblockingCollectives.allreduce(net.channel(me, ctx, slot++), b.maxIn, 0, b.maxOut, 0, count,
                    Datatype.INT, Op.MAX));
            schedules.add(NonblockingCollectives.allreduce(net.channel(me, ctx, slot++), Collectives.IN_PLACE, 0, b.inPlace, 0,
                    count, Datatype.LONG, Op.SUM));
            for (int k = 0; k < more.length; k++) {
                int s = salt + 20 + k;
                more[k] = filled(count, i -> v(me, i, s));
                moreOut[k] = filled(count, i -> SENTINEL);
                schedules.add(NonblockingCollectives.allreduce(net.channel(me, ctx, slot++), more[k], 0, moreOut[k], 0, count,
                        Datatype.LONG, Op.SUM));
            }
            schedules.add(NonblockingCollectives.gather(net.channel(me, ctx, slot++), b.gatherIn, 0, count, Datatype.LONG,
                    b.gatherOut, 0, count, Datatype.LONG, b.rootG));
            schedules.add(NonblockingCollectives.gatherv(net.channel(me, ctx, slot++), b.gathervIn, 0, b.vc[me], Datatype.LONG,
                    b.gathervOut, 0, b.vc, b.vd, Datatype.LONG, b.rootGv));
            schedules.add(NonblockingCollectives.scatter(net.channel(me, ctx, slot++), b.scatterIn, 0, count, Datatype.LONG,
                    b.scatterOut, 0, count, Datatype.LONG, b.rootS));
            schedules.add(NonblockingCollectives.scatterv(net.channel(me, ctx, slot++), b.scattervIn, 0, b.vc, b.vd, Datatype.LONG,
                    b.scattervOut, 0, b.vc[me], Datatype.LONG, b.rootSv));
            schedules.add(NonblockingCollectives.allgather(net.channel(me, ctx, slot++), b.allgatherIn, 0, count, Datatype.LONG,
                    b.allgatherOut, 0, count, Datatype.LONG));
            schedules.add(NonblockingCollectives.alltoall(net.channel(me, ctx, slot++), b.toAllIn, 0, count, Datatype.LONG,
                    b.toAllOut, 0, count, Datatype.LONG));
        }

        void check() {
            for (Schedule s : schedules) {
                if (s.failure() != null) throw new AssertionError("a schedule failed (" + where + ")", s.failure());
            }
            b.check("i", where);
            for (int k = 0; k < more.length; k++) {
                int s = salt + 20 + k;
                expectEach("iallreduce SUM " + (k + 2), moreOut[k], i -> sum(b.n, i, s), where);
            }
        }
    }
}
