package org.mpiverify.core.coll;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.mpiverify.core.coll.InMemoryChannels.SendMode;
import org.mpiverify.mpi.Datatype;
import org.mpiverify.mpi.Op;

/**
 * Back-to-back collectives of different kinds on one communicator with no barrier in between, in a
 * random order that every rank draws from the same seed (MPI requires the same order on all ranks).
 * With eager sends a rank that finished one collective starts the next while its peers are still in the
 * previous one, so messages of consecutive collectives are in flight together; every value carries the
 * iteration number, so a message consumed by the wrong collective shows up as a wrong value (or a
 * truncation or a hang, which the harness reports).
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class BackToBackTest {
    static final int ITERATIONS = 400;

    static Stream<Arguments> communicators() {
        List<Arguments> out = new ArrayList<>();
        for (int n : new int[] {2, 3, 4, 5, 8}) {
            for (SendMode mode : SendMode.values()) out.add(Arguments.of(n, mode));
        }
        return out.stream();
    }

    @ParameterizedTest(name = "size {0}, {1}")
    @MethodSource("communicators")
    void mixedCollectivesWithoutBarriersDeliverEachMessageToItsOwnCollective(int n, SendMode mode) {
        InMemoryChannels comm = new InMemoryChannels(n, mode);
        comm.run(ch -> {
            runMixed(ch, ITERATIONS, 7);
            return null;
        });
        assertEquals(0, comm.undelivered());
    }

    /**
     * Deterministic overlap: the root runs a long sequence of root-sends-only collectives (bcast, scatter,
     * scatterv) to completion, which eager sends allow, before any other rank starts. Every receiver then
     * finds a backlog of messages from the root, of several kinds and many instances per kind, and must
     * take each collective's own message.
     */
    @ParameterizedTest(name = "size {0}")
    @ValueSource(ints = {2, 3, 5, 8})
    void aRootThatRunsFarAheadStillFeedsEachCollectiveItsOwnMessage(int n) {
        InMemoryChannels comm = new InMemoryChannels(n, SendMode.EAGER);
        CountDownLatch rootDone = new CountDownLatch(1);
        int iterations = 300;
        comm.run(ch -> {
            int r = ch.rank();
            if (r != 0 && !rootDone.await(20, TimeUnit.SECONDS)) throw new AssertionError("root never finished");
            for (int it = 0; it < iterations; it++) {
                long base = it * 1000L;
                int count = 1 + it % 4;
                String where = "iteration " + it;
                switch (it % 3) {
                    case 0 -> {
                        long[] buf = new long[count];
                        if (r == 0) for (int i = 0; i < count; i++) buf[i] = base + i;
                        Collectives.bcast(ch, buf, 0, count, Datatype.LONG, 0);
                        for (int i = 0; i < count; i++) assertEquals(base + i, buf[i], where);
                    }
                    case 1 -> {
                        long[] all = new long[n * count], mine = new long[count];
                        for (int j = 0; j < n * count; j++) all[j] = base + j;
                        Collectives.scatter(ch, all, 0, count, Datatype.LONG, mine, 0, count, Datatype.LONG, 0);
                        for (int i = 0; i < count; i++) assertEquals(base + r * count + i, mine[i], where);
                    }
                    default -> {
                        int[] counts = new int[n], displs = new int[n];
                        for (int j = 0; j < n; j++) {
                            counts[j] = 1 + (j + it) % 2;
                            displs[j] = 2 * j;
                        }
                        long[] all = new long[2 * n], mine = new long[counts[r]];
                        for (int j = 0; j < 2 * n; j++) all[j] = base + j;
                        Collectives.scatterv(ch, all, 0, counts, displs, Datatype.LONG, mine, 0, counts[r], Datatype.LONG, 0);
                        for (int i = 0; i < counts[r]; i++) assertEquals(base + 2L * r + i, mine[i], where);
                    }
                }
            }
            if (r == 0) rootDone.countDown();
            return null;
        });
        assertEquals(0, comm.undelivered());
    }

    /** The mixed sequence; a failed check throws AssertionError naming the iteration and collective. */
    static void runMixed(CollectiveChannel ch, int iterations, long seed) {
        int n = ch.size(), r = ch.rank();
        SplittableRandom order = new SplittableRandom(seed); // same seed on every rank: same sequence
        for (int it = 0; it < iterations; it++) {
            int kind = order.nextInt(8), root = order.nextInt(n), count = 1 + order.nextInt(4);
            long base = it * 1000L;
            String where = "iteration " + it + " kind " + kind;
            switch (kind) {
                case 0 -> {
                    long[] buf = new long[count];
                    if (r == root) for (int i = 0; i < count; i++) buf[i] = base + i;
                    Collectives.bcast(ch, buf, 0, count, Datatype.LONG, root);
                    for (int i = 0; i < count; i++) assertEquals(base + i, buf[i], where);
                }
                case 1 -> {
                    long[] mine = {base + r}, sum = new long[1];
                    Collectives.allreduce(ch, mine, 0, sum, 0, 1, Datatype.LONG, Op.SUM);
                    assertEquals(n * base + (long) n * (n - 1) / 2, sum[0], where);
                }
                case 2 -> {
                    long[] mine = {base + r}, max = new long[1];
                    Collectives.reduce(ch, mine, 0, max, 0, 1, Datatype.LONG, Op.MAX, root);
                    if (r == root) assertEquals(base + n - 1, max[0], where);
                }
                case 3 -> {
                    long[] mine = new long[count], all = new long[n * count];
                    for (int i = 0; i < count; i++) mine[i] = base + r * 10L + i;
                    Collectives.gather(ch, mine, 0, count, Datatype.LONG, all, 0, count, Datatype.LONG, root);
                    if (r == root) {
                        for (int j = 0; j < n * count; j++) assertEquals(base + j / count * 10L + j % count, all[j], where);
                    }
                }
                case 4 -> {
                    long[] all = new long[n * count], mine = new long[count];
                    for (int j = 0; j < n * count; j++) all[j] = base + j;
                    Collectives.scatter(ch, all, 0, count, Datatype.LONG, mine, 0, count, Datatype.LONG, root);
                    for (int i = 0; i < count; i++) assertEquals(base + r * count + i, mine[i], where);
                }
                case 5 -> {
                    long[] mine = {base + r}, all = new long[n];
                    Collectives.allgather(ch, mine, 0, 1, Datatype.LONG, all, 0, 1, Datatype.LONG);
                    for (int j = 0; j < n; j++) assertEquals(base + j, all[j], where);
                }
                case 6 -> {
                    long[] out = new long[n], in = new long[n];
                    for (int j = 0; j < n; j++) out[j] = base + r * 10L + j;
                    Collectives.alltoall(ch, out, 0, 1, Datatype.LONG, in, 0, 1, Datatype.LONG);
                    for (int j = 0; j < n; j++) assertEquals(base + j * 10L + r, in[j], where);
                }
                default -> {
                    int[] counts = new int[n], displs = new int[n];
                    for (int j = 0, at = 0; j < n; j++) {
                        counts[j] = (j + it) % 3;
                        displs[j] = at;
                        at += counts[j];
                    }
                    int total = displs[n - 1] + counts[n - 1];
                    long[] mine = new long[counts[r]], all = new long[total];
                    for (int i = 0; i < counts[r]; i++) mine[i] = base + r * 10L + i;
                    Collectives.gatherv(ch, mine, 0, counts[r], Datatype.LONG, all, 0, counts, displs, Datatype.LONG, root);
                    Collectives.scatterv(ch, all, 0, counts, displs, Datatype.LONG, mine, 0, counts[r], Datatype.LONG, root);
                    for (int i = 0; i < counts[r]; i++) assertEquals(base + r * 10L + i, mine[i], where);
                }
            }
        }
    }
}
