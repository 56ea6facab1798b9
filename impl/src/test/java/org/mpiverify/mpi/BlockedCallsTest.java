package org.mpiverify.mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mpiverify.mpi.Quiescence.Invariant.COMMUNICATORS;
import static org.mpiverify.mpi.Quiescence.Invariant.CONTEXT_IDS;
import static org.mpiverify.mpi.Quiescence.Invariant.MATCHING;
import static org.mpiverify.mpi.Quiescence.Invariant.POOLS;
import static org.mpiverify.mpi.Quiescence.Invariant.PROGRESS;
import static org.mpiverify.mpi.Quiescence.Invariant.UNEXPECTED_BUDGET;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.mpiverify.core.sync.Granularity;

/**
 * Every blocking call ({@link Fig2Call}) with something arriving while it is blocked, on both processes
 * of Fig. 2 at once:
 * <ul>
 *   <li>an interrupt: the call keeps waiting, parked (under a fifth of a core while it waits), completes
 *       with its message when the other process answers, and returns with the interrupt flag set;
 *   <li>an abort: the call fails with ERR_ABORTED, and the job ends without a hang;
 *   <li>a free of the communicator it is blocked on (erroneous in MPI): the call still completes
 *       normally when the other process answers (the free takes effect after it); a further call on the
 *       freed handle (the receive after a probe) is ERR_COMM.
 * </ul>
 * The default run takes each granularity once, alternating the engines; {@code -Pfull} takes every
 * configuration of {@link Jobs#configs}.
 */
class BlockedCallsTest {
    enum Arrival { INTERRUPT, ABORT, FREE }

    static Stream<Arguments> cases() {
        Stream<JobConfig> configs = Jobs.FULL ? Jobs.configs(2) : Stream.of(
                config(Granularity.GLOBAL, MatchingKind.QUEUES), config(Granularity.BRIEF_GLOBAL, MatchingKind.HASH_TABLE),
                config(Granularity.PER_OBJECT, MatchingKind.QUEUES), config(Granularity.LOCK_FREE, MatchingKind.HASH_TABLE));
        return configs.flatMap(c -> Stream.of(Arrival.values()).flatMap(a -> Stream.of(Fig2Call.values())
                .map(call -> Arguments.of(c, a, call))));
    }

    private static JobConfig config(Granularity g, MatchingKind m) {
        return JobConfig.of(2).withGranularity(g).withMatching(m).withErrorHandler(ErrorHandler.ERRORS_RETURN);
    }

    @ParameterizedTest
    @MethodSource("cases")
    void aBlockedCallSurvivesWhatArrivesWhileItWaits(JobConfig c, Arrival arrival, Fig2Call call) {
        if (arrival == Arrival.ABORT) {
            QuiescenceCheck.exempt("the abort ends both blocked calls with their receives, messages and references left",
                    UNEXPECTED_BUDGET, MATCHING, POOLS, PROGRESS, COMMUNICATORS, CONTEXT_IDS);
        } else if (arrival == Arrival.FREE && call == Fig2Call.PROBE) {
            QuiescenceCheck.exempt("the probed message's receive is on the freed handle (ERR_COMM): it stays unexpected",
                    UNEXPECTED_BUDGET, MATCHING, POOLS);
        }
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        CyclicBarrier bothBlocked = new CyclicBarrier(2);
        AtomicReferenceArray<Object> outcome = new AtomicReferenceArray<>(2);   // per rank: thread 0's end
        JobResult r = Job.run(c, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            int me = w.rank();
            Comm a = w.dup();
            Comm b = w.dup();
            Fig2Call.Calls calls = me == 0 ? new Fig2Call.Calls(1, a, b) : new Fig2Call.Calls(0, b, a);
            Thread t0 = Thread.ofPlatform().name("blocked-" + call + "-" + me).start(() -> {
                try {
                    call.blocked.run(calls, 7);
                    outcome.set(me, Thread.currentThread().isInterrupted() ? "returned interrupted" : "returned");
                } catch (Throwable e) {
                    outcome.set(me, e);
                }
            });
            Jobs.awaitBlockedIn(t0, call.method);
            bothBlocked.await(30, TimeUnit.SECONDS);    // outside MPI: each thread 0 is blocked now
            switch (arrival) {
                case INTERRUPT -> {
                    t0.interrupt();
                    long cpu0 = mx.getThreadCpuTime(t0.threadId());
                    long wall0 = System.nanoTime();
                    LockSupport.parkNanos(100_000_000);
                    long cpu = mx.getThreadCpuTime(t0.threadId()) - cpu0;
                    long wall = System.nanoTime() - wall0;
                    assertTrue(cpu < wall / 5, call + " interrupted used " + cpu / 1000 + " us of CPU in "
                            + wall / 1000 + " us");
                    assertNull(outcome.get(me), "an interrupt ended " + call);
                    bothBlocked.await(30, TimeUnit.SECONDS);
                    call.release.run(calls, 7);
                }
                case ABORT -> {
                    if (me == 0) {
                        mpi.abort(5);
                    }
                }
                case FREE -> {
                    calls.first().free();                   // erroneous: thread 0 is blocked on it
                    bothBlocked.await(30, TimeUnit.SECONDS); // both freed before either answers
                    call.release.run(calls, 7);
                }
            }
            t0.join();
            if (arrival != Arrival.ABORT) {
                calls.second().free();
                mpi.finalizeMpi();
            }
        }, Duration.ofSeconds(30));
        assertFalse(r.hung(), r.describe());
        for (int rank = 0; rank < 2; rank++) {
            Object o = outcome.get(rank);
            switch (arrival) {
                case INTERRUPT -> assertEquals("returned interrupted", o, call + " on rank " + rank + ": " + o);
                case FREE -> {
                    if (call == Fig2Call.PROBE) {                // the probe returned; its receive is on the freed handle
                        MpiException e = assertInstanceOf(MpiException.class, o, call + " on rank " + rank);
                        assertEquals(ErrorClass.ERR_COMM, e.errorClass());
                        assertTrue(stackOf(e).contains("Comm.recv("), "the probe itself failed: " + stackOf(e));
                    } else {
                        assertEquals("returned", o, call + " on rank " + rank + ": " + o);
                    }
                }
                case ABORT -> {
                    MpiException e = assertInstanceOf(MpiException.class, o, call + " on rank " + rank);
                    assertEquals(ErrorClass.ERR_ABORTED, e.errorClass());
                }
            }
        }
        if (arrival == Arrival.ABORT) {
            assertEquals(5, r.abortCode(), r.describe());
            assertTrue(r.failures().stream().allMatch(t -> t == null), r.describe());
        } else {
            assertTrue(r.ok(), r.describe());
        }
    }

    private static String stackOf(Throwable t) {
        StringWriter w = new StringWriter();
        t.printStackTrace(new PrintWriter(w));
        return w.toString();
    }
}
