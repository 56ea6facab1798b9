package org.mpiverify.trace.completion;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import org.mpiverify.core.matching.MatchTable;
import org.mpiverify.core.request.Completion;
import org.mpiverify.core.sync.WaitPolicy;
import org.mpiverify.core.trace.TraceRecorder;
import org.mpiverify.mpi.Comm;
import org.mpiverify.mpi.Datatype;
import org.mpiverify.mpi.Job;
import org.mpiverify.mpi.JobConfig;
import org.mpiverify.mpi.JobResult;
import org.mpiverify.mpi.RankMain;
import org.mpiverify.mpi.Request;
import org.mpiverify.mpi.ThreadLevel;
import org.mpiverify.trace.spi.WorkloadThreads;

/**
 * The completion workloads of trace validation.
 *
 * <p>{@link #run}: the core's own requests. Every rank receives from the previous rank and sends to the
 * next, from {@code threads} threads; a round of thread t posts two receives (tags t and threads + t),
 * sends both messages, then waits for either with {@code waitAny} and for the other with {@code waitFor}.
 * The receives complete while their waits spin, publish or park, so the trace has every step kind.
 *
 * <p>{@link #drive}: completions driven directly, for the known-bad twin: {@code RequestState} extends
 * {@code Completion}, so a job cannot run a twin of it; the driver runs the same protocol on bare
 * completion objects instead, the real one or the twin, in each rank of a job (for its deadline and its
 * result). On every rank {@code threads} waiter threads each wait for {@code rounds} completions in turn,
 * and as many signaller threads complete them, each signal made once its waiter has begun that wait, so
 * signals land before, during and after the waits. The waits neither spin nor yield and park in slices of
 * one millisecond, so every wait that does not find its completion done at once takes the slow path,
 * where the twin's defect is (and the twin's lost wake-ups end with the slice).
 */
public final class CompletionWorkload {
    private static final WaitPolicy SLOW_PATH = new WaitPolicy(0, 0, 0, 0, 1_000_000);
    /** Bound of a signaller's wait (spins and yields) for its waiter to begin a wait. */
    private static final long HANDSHAKE_NANOS = 10_000_000_000L;

    private CompletionWorkload() {}

    /** One completion as the driver uses it: the real {@link Completion} or a twin of it (a sibling class). */
    public record Target(Runnable signaller, Await waiter) {
        public void signal() {
            signaller.run();
        }

        public boolean await(BooleanSupplier abort, WaitPolicy policy) {
            return waiter.await(abort, policy);
        }
    }

    /** A completion's {@code await(abort, policy)}. */
    @FunctionalInterface
    public interface Await {
        boolean await(BooleanSupplier abort, WaitPolicy policy);
    }

    /** A real completion recording to {@code recorder}. */
    public static Target real(TraceRecorder recorder) {
        Completion c = new Completion();
        c.recordTo(recorder);
        return new Target(c::signal, c::await);
    }

    /**
     * The workload of {@code trace --workload} for about {@code events} events: {@link #drive} on a completion
     * twin, {@link TableWorkload#drive} on a table twin, if {@code config} runs one ({@link CompletionTwins});
     * else the core's requests ({@link #run}) and then a real match table ({@link TableWorkload}) in the same
     * job, about half the events each (measured: about 6 events per round, thread and rank in {@code run},
     * 5 per completion in {@code drive}, 3.3 per round and thread in the table's).
     */
    public static JobResult forTrace(JobConfig config, int threads, int events, Duration deadline) {
        String twinName = config.overrides() == null ? null : config.overrides().name();
        Function<TraceRecorder, Target> twin = twinName == null ? null : CompletionTwins.driverOf(twinName);
        if (twin != null) return drive(config, twin, threads, Math.max(1, events / (5 * threads * config.ranks())), deadline);
        int tableRounds = Math.max(1, 3 * events / (10 * threads * config.ranks()));
        if (twinName != null && CompletionTwins.tableClassOf(twinName) != null) {
            return TableWorkload.drive(config, CompletionTwins.tableClassOf(twinName), threads, tableRounds, deadline);
        }
        int rounds = Math.max(1, events / (12 * threads * config.ranks()));
        return job(config, deadline, mpi -> {
            requests(mpi.commWorld(), threads, rounds);
            TableWorkload.tables(mpi, config, MatchTable.class, threads, tableRounds / 2 + 1);
        });
    }

    /** The core's requests (see the class comment); {@code config}'s ranks, at least 2. */
    public static JobResult run(JobConfig config, int threads, int rounds, Duration deadline) {
        return job(config, deadline, mpi -> requests(mpi.commWorld(), threads, rounds));
    }

    private static JobResult job(JobConfig config, Duration deadline, RankMain body) {
        if (config.ranks() < 2) throw new IllegalArgumentException("the completion workload needs 2 ranks or more");
        return Job.run(config, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            body.run(mpi);
            mpi.finalizeMpi();
        }, deadline);
    }

    private static void requests(Comm world, int threads, int rounds) throws InterruptedException {
        int n = world.size();
        int next = (world.rank() + 1) % n;
        int prev = (world.rank() + n - 1) % n;
        WorkloadThreads workers = new WorkloadThreads("a workload thread");
        for (int t = 0; t < threads; t++) {
            int tag = t;
            workers.start("completion-r" + world.rank() + "-t" + t, () -> {
                int[] a = new int[1];
                int[] b = new int[1];
                for (int i = 0; i < rounds; i++) {
                    Request ra = world.irecv(a, 0, 1, Datatype.INT, prev, tag);
                    Request rb = world.irecv(b, 0, 1, Datatype.INT, prev, threads + tag);
                    world.send(new int[] {i}, 0, 1, Datatype.INT, next, threads + tag);
                    world.send(new int[] {i}, 0, 1, Datatype.INT, next, tag);
                    int first = Request.waitAny(ra, rb);
                    (first == 0 ? rb : ra).waitFor();
                }
            });
        }
        workers.join();
    }

    /** Completions made by {@code factory} (from the job's recorder), driven directly; see the class comment. */
    public static JobResult drive(JobConfig config, Function<TraceRecorder, Target> factory, int threads, int rounds,
                                  Duration deadline) {
        return Job.run(config, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            WorkloadThreads workers = new WorkloadThreads("a driver thread");
            for (int t = 0; t < threads; t++) {
                AtomicReferenceArray<Target> targets = new AtomicReferenceArray<>(rounds);
                for (int i = 0; i < rounds; i++) targets.set(i, factory.apply(config.trace()));
                AtomicInteger begun = new AtomicInteger(-1);
                String id = "r" + mpi.commWorld().rank() + "-t" + t;
                workers.start("waiter-" + id, () -> {
                    for (int i = 0; i < rounds; i++) {
                        begun.set(i);
                        if (!targets.get(i).await(() -> false, SLOW_PATH)) throw new IllegalStateException("aborted");
                    }
                });
                workers.start("signaller-" + id, () -> {
                    for (int i = 0; i < rounds; i++) {
                        long end = System.nanoTime() + HANDSHAKE_NANOS;
                        for (int s = 0; begun.get() < i; s++) {
                            if (System.nanoTime() - end > 0) {
                                throw new IllegalStateException("waiter " + id + " did not begin wait " + i + " in 10 s");
                            }
                            if ((s & 63) == 63) Thread.yield(); else Thread.onSpinWait();
                        }
                        targets.get(i).signal();
                    }
                });
            }
            workers.join();
            mpi.finalizeMpi();
        }, deadline);
    }
}
