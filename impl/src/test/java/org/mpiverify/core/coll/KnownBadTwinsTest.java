package org.mpiverify.core.coll;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Timeout;
import org.mpiverify.core.coll.InMemoryChannels.Ordering;
import org.mpiverify.core.coll.InMemoryChannels.SendMode;
import org.mpiverify.mpi.Datatype;
import org.mpiverify.mpi.Op;
import org.mpiverify.testkit.KnownBad;
import org.mpiverify.testkit.TwinTest;

/**
 * Known-bad twins: for each kind of check in this package, a deliberately broken transport or
 * algorithm that the check must reject, so that no check passes vacuously. Each test also runs the
 * correct counterpart through the same check and expects it to pass ({@link KnownBad}).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class KnownBadTwinsTest {

    // --- 1. A transport that breaks non-overtaking order is caught by the back-to-back check. ---

    /**
     * Rank 0, the root, completes two broadcasts (eager sends let it) before rank 1 starts its own, so
     * both messages wait in rank 1's mailbox with the same source and tag. Returns what rank 1 received.
     */
    static long[] twoBroadcastsQueuedAtTheReceiver(Ordering ordering) {
        InMemoryChannels comm = new InMemoryChannels(2, SendMode.EAGER, ordering, Duration.ofSeconds(10));
        CountDownLatch rootDone = new CountDownLatch(1);
        List<long[]> got = comm.run(ch -> {
            long[] first = {ch.rank() == 0 ? 1 : 0}, second = {ch.rank() == 0 ? 2 : 0};
            if (ch.rank() == 1 && !rootDone.await(10, TimeUnit.SECONDS)) throw new AssertionError("root never finished");
            Collectives.bcast(ch, first, 0, 1, Datatype.LONG, 0);
            Collectives.bcast(ch, second, 0, 1, Datatype.LONG, 0);
            if (ch.rank() == 0) rootDone.countDown();
            return new long[] {first[0], second[0]};
        });
        return got.get(1);
    }

    @TwinTest
    void lifoMatchingTwinIsCaughtByTheBackToBackCheck() {
        Throwable caught = KnownBad.assertCheckRejects("LIFO_BROKEN transport",
                ordering -> assertArrayEquals(new long[] {1, 2}, twoBroadcastsQueuedAtTheReceiver(ordering)),
                Ordering.FIFO, Ordering.LIFO_BROKEN);
        assertInstanceOf(AssertionError.class, caught);
        assertTrue(caught.getMessage().contains("array contents differ"), caught.getMessage());
    }

    // --- 2. An allreduce whose ranks associate differently is caught by the same-bits check. ---

    /**
     * Broken: every rank gathers all contributions and sums them starting from its own, in cyclic rank
     * order. Mathematically the same sum; in floating point a different association on every rank.
     */
    static void ownOrderAllreduce(CollectiveChannel ch, double[] mine, double[] sum) {
        int n = ch.size(), r = ch.rank(), count = mine.length;
        double[] all = new double[n * count];
        Collectives.allgather(ch, mine, 0, count, Datatype.DOUBLE, all, 0, count, Datatype.DOUBLE);
        for (int i = 0; i < count; i++) {
            double s = 0;
            for (int k = 0; k < n; k++) s += all[((r + k) % n) * count + i];
            sum[i] = s;
        }
    }

    @TwinTest
    void ownOrderAllreduceTwinIsCaughtByTheSameBitsCheck() {
        for (int n : new int[] {3, 4, 5, 8}) {
            Throwable caught = KnownBad.<CollectivesTest.DoubleSumAllreduce>assertCheckRejects("own-order allreduce, size " + n,
                    allreduce -> CollectivesTest.assertSameBitsOnEveryRank(n, SendMode.EAGER, allreduce),
                    (ch, mine, sum) -> Collectives.allreduce(ch, mine, 0, sum, 0, mine.length, Datatype.DOUBLE, Op.SUM),
                    KnownBadTwinsTest::ownOrderAllreduce);
            assertInstanceOf(AssertionError.class, caught, "size " + n);
        }
    }

    // --- 3. An alltoall that relies on buffered sends is caught by synchronous sends and bounded waits. ---

    /** Broken: for each peer in rank order, a blocking send and then a blocking receive. */
    static void blockingAlltoall(CollectiveChannel ch, int[] out, int[] in) {
        int n = ch.size(), r = ch.rank();
        in[r] = out[r];
        for (int j = 0; j < n; j++) {
            if (j == r) continue;
            ch.send(out, j, 1, Datatype.INT, j, 99);
            ch.recv(in, j, 1, Datatype.INT, j, 99);
        }
    }

    static void runAlltoall(SendMode mode, boolean broken) {
        int n = 3;
        new InMemoryChannels(n, mode, Ordering.FIFO, Duration.ofSeconds(1)).run(ch -> {
            int[] out = new int[n], in = new int[n];
            for (int j = 0; j < n; j++) out[j] = ch.rank() * 10 + j;
            if (broken) blockingAlltoall(ch, out, in);
            else Collectives.alltoall(ch, out, 0, 1, Datatype.INT, in, 0, 1, Datatype.INT);
            for (int j = 0; j < n; j++) {
                if (in[j] != j * 10 + ch.rank()) throw new AssertionError("wrong block " + j);
            }
            return null;
        });
    }

    @TwinTest
    void bufferDependentAlltoallTwinIsCaughtBySynchronousSends() {
        runAlltoall(SendMode.EAGER, true);        // with buffering the broken one happens to work
        Throwable caught = KnownBad.assertCheckRejects("blocking alltoall",
                broken -> runAlltoall(SendMode.SYNCHRONOUS, broken), false, true);
        assertInstanceOf(InMemoryChannels.Stuck.class, caught.getCause(), "a deadlock reported by a bounded wait");
        assertTrue(caught.getMessage().contains("thread dump"), "the failure carries a thread dump");
    }
}
