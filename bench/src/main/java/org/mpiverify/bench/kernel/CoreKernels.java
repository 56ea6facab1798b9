package org.mpiverify.bench.kernel;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.UnaryOperator;
import org.mpiverify.mpi.Job;
import org.mpiverify.mpi.JobConfig;
import org.mpiverify.mpi.ThreadLevel;

/**
 * The kernels run as jobs of the core, for {@code CoreBench} and the figures' core series: each job runs
 * the kernel once on every rank through {@link CoreKernelComm}. A wrong message is a defect of the core,
 * so it fails the job instead of giving a figure; so does a rank failure or a passed deadline, with every
 * thread's stack in the message.
 */
public final class CoreKernels {
    private CoreKernels() {
    }

    /** Half round trip (ns) of a ping-pong of {@code ints} ints between ranks 0 and 1, {@code n} round trips. */
    public static double pingPong(JobConfig config, ThreadLevel level, int ints, int n, Duration deadline) {
        AtomicLong nanos = new AtomicLong();
        Job.run(config, mpi -> {
            mpi.initThread(level);
            PingPong.Timed t = PingPong.run(new CoreKernelComm(mpi.commWorld()), ints, n);
            requireGood("ping-pong", t.bad());
            if (t.nanos() > 0) {
                nanos.set(t.nanos());
            }
            mpi.finalizeMpi();
        }, deadline).orThrow();
        return nanos.get() / (2.0 * n);
    }

    /** ns per dup+free as one thread sees it, the slowest of all threads on all ranks. */
    public static double dupFree(JobConfig config, int threadsPerRank, int n, Duration deadline) {
        return copyFree(config, threadsPerRank, n, deadline, KernelComm::dup);
    }

    /** As {@link #dupFree}, each copy by {@code Comm.idup} and a wait on its request. */
    public static double idupFree(JobConfig config, int threadsPerRank, int n, Duration deadline) {
        return copyFree(config, threadsPerRank, n, deadline, KernelComm::idupAndWait);
    }

    private static double copyFree(JobConfig config, int threadsPerRank, int n, Duration deadline,
                                   UnaryOperator<KernelComm> copy) {
        AtomicLong nanos = new AtomicLong();
        Job.run(config, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            KernelComm world = new CoreKernelComm(mpi.commWorld());
            KernelComm[] parents = DupFree.parents(world, threadsPerRank);
            AtomicInteger bad = new AtomicInteger();
            nanos.accumulateAndGet(DupFree.slowestThreadNanos(world, parents, n, bad, copy), Math::max);
            requireGood("dup", bad.get());
            DupFree.free(parents);
            mpi.finalizeMpi();
        }, deadline).orThrow();
        return nanos.get() / (double) n;
    }

    /**
     * One {@link UnknownSize} block of {@code method} on a job of the core (P+1 ranks for RATE, 2 for
     * ROUND_TRIP): messages per second or ns per round trip.
     */
    public static double unknownSize(JobConfig base, UnknownSize.Pattern p, UnknownSizeReceive method, boolean any,
                                     int threads, int ints, int n, Duration deadline) {
        AtomicLong nanos = new AtomicLong();
        Job.run(base.withRanks(p == UnknownSize.Pattern.RATE ? threads + 1 : 2), mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            KernelComm world = new CoreKernelComm(mpi.commWorld());
            UnknownSize.Block b = new UnknownSize.Block(world, p, any, threads, method, ints, n,
                    System.nanoTime() + deadline.toNanos());
            long t = b.run();
            List<String> evidence = new ArrayList<>();
            if (b.bad(evidence) != 0) {
                throw new IllegalStateException("unknown-size receives on the core: " + evidence);
            }
            if (world.rank() == 0) {
                nanos.set(t);
            }
            mpi.finalizeMpi();
        }, deadline).orThrow();
        return UnknownSize.value(p, threads, n, nanos.get());
    }

    public static void requireGood(String kernel, int bad) {
        if (bad != 0) {
            throw new IllegalStateException(kernel + ": the core delivered " + bad + " wrong messages or results");
        }
    }
}
