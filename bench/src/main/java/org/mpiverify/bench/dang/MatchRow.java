package org.mpiverify.bench.dang;

import java.lang.ref.Reference;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import org.mpiverify.core.matching.HashMatchingEngine;
import org.mpiverify.core.matching.MatchingEngine;
import org.mpiverify.core.matching.PostedReceive;

/**
 * The {@code bench dang} match row in a JVM of its own, for alternating comparisons of two builds of the
 * core: {@code java -cp CLASSPATH org.mpiverify.bench.dang.MatchRow N ROUNDS [SEED]}. In each of
 * {@code ROUNDS} rounds it times, at {@code N} outstanding receives, {@link MatchCost#engineNanos} of
 * {@code HASH_TABLE}, then {@link MatchCost#hashMapNanos}, then {@link MatchCost#memoryFloorNanos}, and
 * prints {@code ROUND i tableNs hashMapNs floorNs ratio}, then {@link MatchCost#lockedFloorNanos}, printing
 * {@code LOCKED i lockedNs lockedOverHashMap tableOverLocked}; then the same match-and-repost and remove-and-put
 * once more in batches of 256 operations, and prints the 10th percentile of the batches' ns per operation
 * of each, {@code LOW i tableNs hashMapNs ratio}: on a shared host a batch that no other process
 * preempted or flushed is what the operation costs, so the low batches still compare the two when the
 * means are mostly other processes' time. The caller drops the first round (warm-up) and alternates the
 * JVMs of the two builds, so that the load falls on both alike.
 */
public final class MatchRow {
    private static final int BATCH = 256;
    private static final int BATCHES = 400;

    private MatchRow() {
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int rounds = Integer.parseInt(args[1]);
        long seed = args.length > 2 ? Long.parseLong(args[2]) : 42;
        for (int i = 0; i < rounds; i++) {
            double table = MatchCost.engineNanos(MatchCost.engine("HASH_TABLE"), n, seed + i);
            double map = MatchCost.hashMapNanos(n, seed + i);
            double floor = MatchCost.memoryFloorNanos(n, seed + i);
            System.out.printf(Locale.ROOT, "ROUND %d %.1f %.1f %.1f %.3f%n", i, table, map, floor, table / map);
            double locked = MatchCost.lockedFloorNanos(n, seed + i);
            System.out.printf(Locale.ROOT, "LOCKED %d %.1f %.3f %.3f%n", i, locked, locked / map, table / locked);
            double lowTable = lowTableNanos(n, seed + i), lowMap = lowHashMapNanos(n, seed + i);
            System.out.printf(Locale.ROOT, "LOW %d %.1f %.1f %.3f%n", i, lowTable, lowMap, lowTable / lowMap);
        }
    }

    /** {@link MatchCost#engineNanos}'s loop, timed per batch: the 10th percentile of ns per operation. */
    static double lowTableNanos(int n, long seed) {
        MatchingEngine e = new HashMatchingEngine();
        MatchCost.Recv[] rs = new MatchCost.Recv[n];
        for (int i = 0; i < n; i++) {
            rs[i] = new MatchCost.Recv(i);
            e.matchOrPost(rs[i]);
        }
        SplittableRandom rnd = new SplittableRandom(seed);
        double[] batches = new double[BATCHES];
        for (int b = 0; b < BATCHES; b++) {
            long t0 = System.nanoTime();
            for (int k = 0; k < BATCH; k++) {
                int tag = rnd.nextInt(n);
                PostedReceive r = e.matchOrEnqueue(new MatchCost.Msg(tag));
                if (r == null || r.tag() != tag) throw new IllegalStateException("tag " + tag + " matched " + r);
                e.matchOrPost(r);
            }
            batches[b] = (double) (System.nanoTime() - t0) / BATCH;
        }
        Reference.reachabilityFence(rs);
        return low(batches);
    }

    /** {@link MatchCost#hashMapNanos}'s loop, timed per batch: the 10th percentile of ns per operation. */
    static double lowHashMapNanos(int n, long seed) {
        Map<Long, MatchCost.Recv> m = new HashMap<>();
        MatchCost.Recv[] vs = new MatchCost.Recv[n];
        for (int i = 0; i < n; i++) {
            vs[i] = new MatchCost.Recv(i);
            m.put(HashMatchingEngine.key(0, 1, i), vs[i]);
        }
        SplittableRandom rnd = new SplittableRandom(seed);
        double[] batches = new double[BATCHES];
        for (int b = 0; b < BATCHES; b++) {
            long t0 = System.nanoTime();
            for (int k = 0; k < BATCH; k++) {
                int i = rnd.nextInt(n);
                Long boxed = HashMatchingEngine.key(0, 1, i);
                MatchCost.Recv v = m.remove(boxed);
                if (v == null || v.tag() != i) throw new IllegalStateException("key " + i + " held " + v);
                m.put(boxed, v);
            }
            batches[b] = (double) (System.nanoTime() - t0) / BATCH;
        }
        Reference.reachabilityFence(vs);
        return low(batches);
    }

    private static double low(double[] batches) {
        double[] s = batches.clone();
        Arrays.sort(s);
        return s[s.length / 10];
    }
}
