package org.mpiverify.core.coll;

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

/**
 * One rank's buffers for one set of every collective in a sweep (bcast, reduce, allreduce SUM, MAX on INT and
 * in place, gather(v), scatter(v), allgather, alltoall), the inputs filled from {@link SweepValues} and the
 * outputs with {@link SweepValues#SENTINEL}, each collective's root chosen from the salt; and the check of
 * every output element against the values computed from ranks and indices alone. The schedules' sweep
 * ({@link ScheduleSweep}) and the jobs' sweep ({@code mpi.CollectiveSweep}) both start their collectives on
 * these buffers, so the two check the same thing the same way.
 *
 * <p>Not thread-safe: one rank's thread fills, lends and checks its buffers.
 */
public final class SweepBuffers {
    public final int n, me, count, salt;
    public final int rootB, rootR, rootG, rootGv, rootS, rootSv;
    public final int[] vc, vd, maxIn, maxOut;
    public final long[] bcast, red, redOut, all, allOut, inPlace, gatherIn, gatherOut, gathervIn, gathervOut,
            scatterIn, scatterOut, scattervIn, scattervOut, allgatherIn, allgatherOut, toAllIn, toAllOut;

    /** The buffers of rank {@code me} of {@code n} for {@code count} elements, values salted by {@code salt}. */
    public SweepBuffers(int n, int me, int count, int salt) {
        this.n = n;
        this.me = me;
        this.count = count;
        this.salt = salt;
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

    /**
     * Every element of every output; {@code prefix} is put before each collective's name in a failure ("i" for
     * the nonblocking ones), {@code where} says which run it was.
     */
    public void check(String prefix, String where) {
        expectEach(prefix + "bcast from " + rootB, bcast, i -> v(rootB, i, salt), where);
        if (me == rootR) expectEach(prefix + "reduce SUM to " + rootR, redOut, i -> sum(n, i, salt + 1), where);
        expectEach(prefix + "allreduce SUM", allOut, i -> sum(n, i, salt + 2), where);
        expectEach(prefix + "allreduce MAX INT", maxOut, i -> max(n, i, salt), where);
        expectEach(prefix + "allreduce SUM in place", inPlace, i -> sum(n, i, salt + 3), where);
        if (me == rootG) expectEach(prefix + "gather to " + rootG, gatherOut, j -> v(j / count, j % count, salt + 4), where);
        if (me == rootGv) {
            long[] e = vExpected(vc, vd, salt + 5, false, rootGv);
            expectEach(prefix + "gatherv to " + rootGv + " (gaps untouched)", gathervOut, i -> e[i], where);
        }
        expectEach(prefix + "scatter from " + rootS, scatterOut, i -> v(rootS, me * count + i, salt + 6), where);
        expectEach(prefix + "scatterv from " + rootSv, scattervOut, i -> v(rootSv, vd[me] + i, salt + 7), where);
        expectEach(prefix + "allgather", allgatherOut, j -> v(j / count, j % count, salt + 8), where);
        expectEach(prefix + "alltoall", toAllOut, j -> x(j / count, me, j % count, salt + 9), where);
    }
}
