package org.mpiverify.mpi;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mpiverify.mpi.Quiescence.Invariant.COMMUNICATORS;
import static org.mpiverify.mpi.Quiescence.Invariant.CONTEXT_IDS;
import static org.mpiverify.mpi.Quiescence.Invariant.MATCHING;
import static org.mpiverify.mpi.Quiescence.Invariant.POOLS;
import static org.mpiverify.mpi.Quiescence.Invariant.PROGRESS;
import static org.mpiverify.mpi.Quiescence.Invariant.UNEXPECTED_BUDGET;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.mpiverify.core.sync.Granularity;

/**
 * Gropp &amp; Thakur's Fig. 2 with every blocking call, not only receive: on each of two processes,
 * thread 0 makes a blocking call that can complete only once the other process's thread 1 has made
 * its call, and thread 1 makes that call only once thread 0 is blocked (or already done: the other
 * process may have released it first). A thread that blocks while
 * holding a lock its process's other threads need (the rank mutex kept while blocked) deadlocks this
 * program; the safe granularities must complete it on both engines, and the unsafe
 * {@code LOCK_AROUND_CALL} must deadlock on every call (detected by the job's deadline, with the stacks
 * of the threads waiting for the rank mutex).
 *
 * <p>The two threads of a process use two communicators in opposite orders (the calls are in
 * {@link Fig2Call}): process 0's thread 0 waits in a call on A that process 1's thread 1 answers only
 * after process 1's thread 0 is blocked in one on B, which process 0's thread 1 answers.
 */
class Fig2EveryBlockingCallTest {
    private static final int ITERATIONS = 3;

    static Stream<Arguments> safeConfigs() {
        return Jobs.configs(2).flatMap(c -> Stream.of(Fig2Call.values()).map(b -> Arguments.of(c, b)));
    }

    /** Every call on the QUEUES engine; under {@code -Pfull} on both engines. */
    static Stream<Arguments> lockAroundCall() {
        return Stream.of(MatchingKind.values()).filter(m -> Jobs.FULL || m == MatchingKind.QUEUES).flatMap(m -> Stream.of(Fig2Call.values()).map(b -> Arguments.of(
                JobConfig.of(2).withExperimental(true).withGranularity(Granularity.LOCK_AROUND_CALL).withMatching(m)
                        .withErrorHandler(ErrorHandler.ERRORS_RETURN), b)));
    }

    @ParameterizedTest
    @MethodSource("safeConfigs")
    void completesWhenNoLockIsHeldWhileBlocked(JobConfig c, Fig2Call call) {
        JobResult r = Job.run(c, fig2(call), Duration.ofSeconds(30));
        assertTrue(r.ok(), call + " on " + c + ": " + r.describe());
    }

    @LeavesOutstanding(value = "LOCK_AROUND_CALL must deadlock: the deadline aborts the job with the blocked calls' "
            + "receives and messages left", invariants = {UNEXPECTED_BUDGET, MATCHING, POOLS, PROGRESS, COMMUNICATORS, CONTEXT_IDS})
    @ParameterizedTest
    @MethodSource("lockAroundCall")
    void deadlocksWhenTheRankMutexIsKeptWhileBlocked(JobConfig c, Fig2Call call) {
        // Both processes' threads are blocked within milliseconds; one second is ample to call it a deadlock.
        JobResult r = Job.run(c, fig2(call), Duration.ofSeconds(1));
        assertTrue(r.hung(), call + " under LOCK_AROUND_CALL must deadlock: " + r.describe());
        assertTrue(r.threadDump().contains("CriticalSections.enterCall"),
                "the dump shows a thread waiting for the rank mutex:\n" + r.threadDump());
    }

    private static RankMain fig2(Fig2Call call) {
        return mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            Comm a = w.dup();
            Comm b = w.dup();
            int other = 1 - w.rank();
            Fig2Call.Calls calls = w.rank() == 0 ? new Fig2Call.Calls(other, a, b) : new Fig2Call.Calls(other, b, a);
            for (int i = 0; i < ITERATIONS; i++) {
                int iteration = i;
                List<Throwable> failed = new ArrayList<>();
                Thread t0 = Thread.ofPlatform().name("fig2-thread-0-" + call).start(() -> {
                    try {
                        call.blocked.run(calls, iteration);
                    } catch (Throwable e) {
                        failed.add(e);
                    }
                });
                Jobs.awaitBlockedInOrEnded(t0, call.method); // thread 1 calls once thread 0 is blocked (or done)
                call.release.run(calls, iteration);
                t0.join();
                if (!failed.isEmpty()) {
                    throw new AssertionError("thread 0 failed in " + call, failed.get(0));
                }
            }
            a.free();
            b.free();
            mpi.finalizeMpi();
        };
    }
}
