package org.mpiverify.trace.progress;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.locks.LockSupport;
import org.mpiverify.core.coll.Schedule;
import org.mpiverify.core.request.Completion;
import org.mpiverify.core.sync.WaitPolicy;
import org.mpiverify.mpi.Comm;
import org.mpiverify.mpi.Datatype;
import org.mpiverify.mpi.DrivenProgressEngine;
import org.mpiverify.mpi.Job;
import org.mpiverify.mpi.JobConfig;
import org.mpiverify.mpi.JobResult;
import org.mpiverify.mpi.Op;
import org.mpiverify.mpi.Request;
import org.mpiverify.mpi.ThreadLevel;
import org.mpiverify.trace.spi.WorkloadThreads;

/**
 * The progress-engine workloads of trace validation.
 *
 * <p>{@link #run}: the core's own engine. On every rank, {@code threads} threads each own a communicator (a
 * {@code dup} of {@code COMM_WORLD}) and per round start an {@code iallreduce} and an {@code ibarrier} on it,
 * then complete them in one of three ways, rotating with the round: two waits; a test loop on the first and a
 * wait on the second; {@code waitAll}. The threads of a rank wait in the engine at once, so one polls while the
 * others stand by, transfers are routed to their schedule's waiter, and pollers leave and hand over the role.
 *
 * <p>{@link #drive}: an engine driven directly, the real one or a known-bad twin ({@link ProgressTwins}): a job
 * cannot run a twin, since the rank's engine is a field of its rank. On every rank, {@code threads} waiters
 * each start, per round, an operation of two transfers ({@link DrivenSchedule}) and complete it in one of three
 * ways, rotating: a wait on it; a test loop (a test every 50 µs); a wait on a point-to-point request whose completion its partner
 * sends only after the operation is done, then a wait on the operation (a call whose completion needs the
 * engine to move something else, as a probe behind an ibarrier). A partner thread per waiter completes each
 * transfer only after the operation consumed the one before (its next message depends on this rank's poll) and
 * tells the engine, as a completed transfer does. The waits park at once (no spin, no yield), so the slow
 * paths, where the twins' defects are, are taken.
 */
public final class ProgressWorkload {
    /** Parks at once; the slice (used only with a request's slot held by another thread) ends hung runs too. */
    static final WaitPolicy PARK_AT_ONCE = new WaitPolicy(0, 0, 0, 0, 50_000_000);
    /** Bound of a partner's wait for its operation to consume a transfer, or to be started. */
    private static final long PARTNER_NANOS = 20_000_000_000L;
    /** The work of a test loop between two tests (not synchronization: the loop tests until done). */
    private static final long TEST_PAUSE_NANOS = 50_000;
    /** Transfers of a driven operation. */
    static final int TRANSFERS = 2;

    private ProgressWorkload() {}

    /**
     * The workload of {@code trace --workload} for about {@code events} events: {@link #drive} of the twin if
     * {@code config} runs one, else the core's engine ({@link #run}); measured, about 40 events per round, thread
     * and rank in either.
     */
    public static JobResult forTrace(JobConfig config, int threads, int events, Duration deadline) {
        String twin = config.overrides() == null ? null : config.overrides().name();
        int rounds = Math.max(1, events / (40 * threads * config.ranks()));
        if (twin != null && ProgressTwins.isTwin(twin)) return drive(config, twin, threads, rounds, deadline);
        return run(config, threads, rounds, deadline);
    }

    /** The core's own engine under nonblocking collectives (see the class comment); 2 ranks or more. */
    public static JobResult run(JobConfig config, int threads, int rounds, Duration deadline) {
        if (config.ranks() < 2) throw new IllegalArgumentException("the progress workload needs 2 ranks or more");
        return Job.run(config, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm world = mpi.commWorld();
            List<Comm> own = new ArrayList<>();
            for (int t = 0; t < threads; t++) own.add(world.dup());   // one communicator per thread, made in order
            WorkloadThreads workers = new WorkloadThreads("a progress thread");
            int n = world.size();
            for (int t = 0; t < threads; t++) {
                Comm c = own.get(t);
                int me = t;
                workers.start("progress-r" + world.rank() + "-t" + t, () -> {
                    for (int i = 0; i < rounds; i++) {
                        int[] sum = new int[1];
                        Request a = c.iallreduce(new int[] {i + 1}, 0, sum, 0, 1, Datatype.INT, Op.SUM);
                        Request b = c.ibarrier();
                        switch ((i + me) % 3) {
                            case 0 -> {
                                a.waitFor();
                                b.waitFor();
                            }
                            case 1 -> {
                                while (a.test() == null) Thread.onSpinWait();
                                b.waitFor();
                            }
                            default -> Request.waitAll(a, b);
                        }
                        if (sum[0] != n * (i + 1)) {
                            throw new IllegalStateException("iallreduce round " + i + " gave " + sum[0] + ", not " + n * (i + 1));
                        }
                    }
                });
            }
            workers.join();
            for (Comm c : own) c.free();
            mpi.finalizeMpi();
        }, deadline);
    }

    /**
     * An engine of class {@code engine} ({@code ProgressEngine} or a twin) driven on every rank of {@code config}
     * (see the class comment), recording to {@code config.trace()}; the waits park at once.
     */
    public static JobResult drive(JobConfig config, String engine, int threads, int rounds, Duration deadline) {
        return Job.run(config.withWaitPolicy(PARK_AT_ONCE), mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            DrivenProgressEngine e = new DrivenProgressEngine(engine, mpi, config.trace());
            int rank = mpi.commWorld().rank();
            WorkloadThreads workers = new WorkloadThreads("a driver thread");
            for (int w = 0; w < threads; w++) {
                AtomicReferenceArray<DrivenSchedule> ops = new AtomicReferenceArray<>(rounds);
                AtomicReferenceArray<Completion> replies = new AtomicReferenceArray<>(rounds);
                int me = w;
                String id = "r" + rank + "-w" + w;
                workers.start("waiter-" + id, () -> {
                    for (int i = 0; i < rounds; i++) {
                        DrivenSchedule s = new DrivenSchedule();
                        Completion reply = new Completion();
                        replies.set(i, reply);
                        ops.set(i, s);
                        e.start(s);
                        switch ((i + me) % 3) {
                            case 0 -> e.await(s.state(), s);
                            case 1 -> {
                                while (!s.isDone()) {
                                    e.poll();
                                    LockSupport.parkNanos(TEST_PAUSE_NANOS);   // the user's work between tests
                                }
                            }
                            default -> {
                                e.await(reply, reply);   // completed only once s is: the engine must move s
                                e.await(s.state(), s);
                            }
                        }
                    }
                });
                workers.start("partner-" + id, () -> {
                    for (int i = 0; i < rounds; i++) {
                        DrivenSchedule s = awaitPublished(ops, i, id);
                        for (int k = 0; k < TRANSFERS; k++) {
                            int consumed = k;
                            awaitTrue(() -> s.consumed() >= consumed, id + ": operation " + i + " did not consume transfer " + (k - 1));
                            s.complete(k);
                            e.signalled(s.state());   // what a completed transfer tells the engine
                        }
                        if ((i + me) % 3 == 2) {
                            awaitTrue(s::isDone, id + ": operation " + i + " was not done");
                            replies.get(i).signal();
                        }
                    }
                });
            }
            workers.join();
            mpi.finalizeMpi();
        }, deadline);
    }

    private static DrivenSchedule awaitPublished(AtomicReferenceArray<DrivenSchedule> ops, int i, String id) {
        awaitTrue(() -> ops.get(i) != null, id + ": operation " + i + " was not started");
        return ops.get(i);
    }

    private interface Condition {
        boolean holds();
    }

    /** Spins, then yields, until {@code c} holds; fails after {@value #PARTNER_NANOS} ns (a hung engine). */
    private static void awaitTrue(Condition c, String what) {
        long end = System.nanoTime() + PARTNER_NANOS;
        for (int s = 0; !c.holds(); s++) {
            if (System.nanoTime() - end > 0) throw new IllegalStateException(what + " within 20 s");
            if ((s & 63) == 63) Thread.yield(); else Thread.onSpinWait();
        }
    }

    /**
     * An operation of {@value #TRANSFERS} transfers that must be consumed in order, as a schedule's steps wait
     * for their messages: each poll consumes the completed transfers that follow the last consumed one.
     */
    static final class DrivenSchedule extends Schedule {
        private final AtomicBoolean[] transfers = new AtomicBoolean[TRANSFERS];
        private volatile int consumed;   // written under the schedule's busy flag

        DrivenSchedule() {
            for (int k = 0; k < TRANSFERS; k++) transfers[k] = new AtomicBoolean();
        }

        void complete(int k) {
            transfers[k].set(true);
        }

        int consumed() {
            return consumed;
        }

        @Override
        protected boolean advance() {
            int c = consumed;
            while (c < TRANSFERS && transfers[c].get()) c++;
            consumed = c;
            return c == TRANSFERS;
        }
    }
}
