package org.mpiverify.mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mpiverify.mpi.Quiescence.Invariant.COMMUNICATORS;
import static org.mpiverify.mpi.Quiescence.Invariant.CONTEXT_IDS;
import static org.mpiverify.mpi.Quiescence.Invariant.MATCHING;
import static org.mpiverify.mpi.Quiescence.Invariant.POOLS;
import static org.mpiverify.mpi.Quiescence.Invariant.PROGRESS;
import static org.mpiverify.mpi.Quiescence.Invariant.UNEXPECTED_BUDGET;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.mpiverify.core.sync.Granularity;

/**
 * One regression test per reliability defect of issue 13 (found by using the core as a hostile user
 * would), each on every granularity and engine where it applies. Each failed on the code before its fix.
 */
class ReliabilityRegressionTest {
    /** Jobs that must finish: a hang fails within this bound, with every thread's stack. */
    private static final Duration DEADLINE = Duration.ofSeconds(30);

    static Stream<JobConfig> configs() {
        return Jobs.configs(2);
    }

    static Stream<JobConfig> globalConfigs() {
        return Stream.of(MatchingKind.values()).map(m -> JobConfig.of(2).withGranularity(Granularity.GLOBAL)
                .withMatching(m).withErrorHandler(ErrorHandler.ERRORS_RETURN));
    }

    private static void expect(ErrorClass c, Executable call) {
        MpiException e = assertThrows(MpiException.class, call);
        assertEquals(c, e.errorClass(), e.getMessage());
    }

    private static void ok(JobConfig c, RankMain main) {
        Job.run(c, main, DEADLINE).orThrow();
    }

    // 1. GLOBAL + a waitAny that really parks left the rank mutex taken: the rank's next call from
    //    another thread blocked until the job was aborted.
    @ParameterizedTest
    @MethodSource("configs")
    void waitAnyThatParksLeavesTheRankToItsOtherThreads(JobConfig c) {
        AtomicReference<Thread> waiter = new AtomicReference<>();
        ok(c, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            if (w.rank() == 0) {
                int[] b = new int[1];
                Request r = w.irecv(b, 0, 1, Datatype.INT, 1, 0);
                waiter.set(Thread.currentThread());
                w.barrier();
                assertEquals(0, Request.waitAny(r));          // parks until rank 1 sends
                assertEquals(42, b[0]);
                Jobs.threads(1, t -> w.send(new int[] {7}, 0, 1, Datatype.INT, 1, 1));
            } else {
                w.barrier();
                Jobs.awaitBlockedIn(waiter.get(), "waitAny");
                w.send(new int[] {42}, 0, 1, Datatype.INT, 0, 0);
                int[] b = new int[1];
                w.recv(b, 0, 1, Datatype.INT, 0, 1);
                assertEquals(7, b[0]);
            }
            mpi.finalizeMpi();
        });
    }

    // 2. A null buffer with count 0 (allowed) gave ERR_INTERN, to the sender when it delivered into a
    //    posted null receive, and a receive of zero elements into null consumed the message and failed.
    @ParameterizedTest
    @MethodSource("configs")
    void nullBufferWithCountZeroIsAnEmptyMessage(JobConfig c) {
        ok(c, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            if (w.rank() == 0) {
                Request posted = w.irecv(null, 0, 0, Datatype.INT, 1, 1);   // posted before the send arrives
                w.barrier();
                assertEquals(0, posted.waitFor().count(Datatype.INT));
                w.barrier();                                                  // tags 2..4 have arrived
                assertEquals(0, w.recv(null, 0, 0, Datatype.INT, 1, 2).count(Datatype.INT));
                Status[] st = new Status[1];
                assertEquals(0, w.mprobe(1, 3, st).mrecv(null, 0, 0, Datatype.INT).count(Datatype.INT));
                assertEquals(0, w.mprobe(1, 4, st).imrecv(null, 0, 0, Datatype.INT).waitFor().count(Datatype.INT));
                assertEquals(0, w.recv(null, 0, 0, Datatype.DOUBLE, 1, 5).count(Datatype.DOUBLE));
                assertEquals(0, w.pendingMatches());
            } else {
                w.barrier();
                w.send(new int[0], 0, 0, Datatype.INT, 0, 1);
                w.send(null, 0, 0, Datatype.INT, 0, 2);
                w.isend(null, 0, 0, Datatype.INT, 0, 3).waitFor();
                w.send(new int[0], 0, 0, Datatype.INT, 0, 4);
                w.barrier();
                w.ssend(null, 0, 0, Datatype.DOUBLE, 0, 5);   // rendezvous: delivered by the receiver
            }
            mpi.finalizeMpi();
        });
    }

    // 3. GLOBAL: an abort while a blocked call took the rank mutex back made exitCall unlock a mutex it
    //    did not hold: the user saw IllegalMonitorStateException instead of ERR_ABORTED.
    @LeavesOutstanding(value = "the abort ends a receive blocked on a message that never comes", invariants = {UNEXPECTED_BUDGET, MATCHING, POOLS, PROGRESS, COMMUNICATORS, CONTEXT_IDS})
    @ParameterizedTest
    @MethodSource("globalConfigs")
    void abortWhileABlockedCallRetakesTheRankMutexIsErrAborted(JobConfig c) {
        AtomicReference<Throwable> blockedCallEnded = new AtomicReference<>();
        JobResult r = Job.run(c, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            if (w.rank() == 0) {
                Thread blocked = Thread.ofPlatform().name("blocked-recv").start(() -> {
                    try {
                        w.recv(new int[1], 0, 1, Datatype.INT, 1, 0);     // nobody sends
                        blockedCallEnded.set(new AssertionError("recv returned"));
                    } catch (Throwable t) {
                        blockedCallEnded.set(t);
                    }
                });
                Jobs.awaitBlockedIn(blocked, "recv");
                // An error handler is user code run inside the failing call, so under GLOBAL it runs
                // with the rank mutex held: it aborts, then waits for the blocked receive to end.
                w.setErrorHandler((comm, e) -> {
                    mpi.abort(9);
                    try {
                        blocked.join(DEADLINE);
                    } catch (InterruptedException ie) {
                        Thread.currentThread().interrupt();
                    }
                });
                expect(ErrorClass.ERR_BUFFER, () -> w.send(null, 0, 1, Datatype.INT, 1, 0));
            } else {
                expect(ErrorClass.ERR_ABORTED, () -> w.recv(new int[1], 0, 1, Datatype.INT, 0, 0));
            }
        }, DEADLINE);
        assertFalse(r.hung(), r.describe());
        assertEquals(9, r.abortCode(), r.describe());
        assertTrue(r.failures().stream().allMatch(t -> t == null), r.describe());
        MpiException e = assertInstanceOf(MpiException.class, blockedCallEnded.get());
        assertEquals(ErrorClass.ERR_ABORTED, e.errorClass());
    }

    enum BlockingCall { RECV, PROBE, MPROBE, SSEND }

    static Stream<Arguments> configsAndBlockingCalls() {
        return configs().flatMap(c -> Stream.of(BlockingCall.values()).map(b -> Arguments.of(c, b)));
    }

    // 4. Comm.free while another thread was blocked in recv, probe or mprobe on it returned the context
    //    id at once; a dup then got the same id and the stale blocked call took the new communicator's
    //    message. The id must stay reserved until the blocked call returns.
    @LeavesOutstanding(value = "an erroneous program: the call blocked on the freed communicator can never complete, and "
            + "an abort ends it with its receive or rendezvous message and its reference left", invariants = {UNEXPECTED_BUDGET, MATCHING, POOLS, PROGRESS, COMMUNICATORS, CONTEXT_IDS})
    @ParameterizedTest
    @MethodSource("configsAndBlockingCalls")
    void freeWhileBlockedNeverLetsTheCallTakeAnotherCommunicatorsMessage(JobConfig c, BlockingCall call) {
        AtomicReference<Object> staleOutcome = new AtomicReference<>();
        JobResult r = Job.run(c, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            Comm x = w.dup();
            if (w.rank() == 0) {
                Thread stale = Thread.ofPlatform().name("stale-" + call).start(() -> {
                    try {
                        int[] b = new int[1];
                        staleOutcome.set(switch (call) {
                            case RECV -> x.recv(b, 0, 1, Datatype.INT, Mpi.ANY_SOURCE, Mpi.ANY_TAG);
                            case PROBE -> x.probe(Mpi.ANY_SOURCE, Mpi.ANY_TAG);
                            case MPROBE -> x.mprobe(Mpi.ANY_SOURCE, Mpi.ANY_TAG, null);
                            case SSEND -> {
                                x.ssend(new int[] {-1}, 0, 1, Datatype.INT, 1, 5);
                                yield "ssend completed";
                            }
                        });
                    } catch (Throwable t) {
                        staleOutcome.set(t);
                    }
                });
                Jobs.awaitBlockedIn(stale, switch (call) {
                    case RECV -> "recv";
                    case PROBE -> "probe";
                    case MPROBE -> "mprobe";
                    case SSEND -> "ssend";
                });
                x.free();                       // erroneous: a call is still blocked on x
                w.barrier();
                Comm y = w.dup();
                assertNotEquals(x.contextId(), y.contextId(), "the id of x was reused while a call blocked on it");
                if (call == BlockingCall.SSEND) {
                    y.send(new int[] {0}, 0, 1, Datatype.INT, 1, 5);
                }
                int[] b = new int[1];
                Request q = y.irecv(b, 0, 1, Datatype.INT, 1, 5);
                long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
                while (q.test() == null) {
                    assertTrue(System.nanoTime() < end, "y's message never reached y's receive; the call "
                            + "blocked on the freed x ended with: " + staleOutcome.get());
                    LockSupport.parkNanos(100_000);
                }
                assertEquals(77, b[0]);
                assertNull(staleOutcome.get(), "the call blocked on the freed x returned");
                w.barrier();
                mpi.abort(0);                   // ends the stale call: it can never complete
                stale.join();
            } else {
                x.free();
                w.barrier();
                Comm y = w.dup();
                if (call == BlockingCall.SSEND) {
                    int[] b = new int[1];
                    Status s = y.recv(b, 0, 1, Datatype.INT, Mpi.ANY_SOURCE, Mpi.ANY_TAG);
                    assertEquals(5, s.tag());
                    assertEquals(0, b[0], "y's receive matched the ssend blocked on the freed x");
                }
                y.send(new int[] {77}, 0, 1, Datatype.INT, 0, 5);
                w.barrier();
            }
        }, DEADLINE);
        assertFalse(r.hung(), r.describe());
        assertTrue(r.failures().stream().allMatch(t -> t == null), r.describe());
        MpiException e = assertInstanceOf(MpiException.class, staleOutcome.get());
        assertEquals(ErrorClass.ERR_ABORTED, e.errorClass());
    }

    // 5. sendrecv with a bad destination posted (and matched) its receive before checking the send's
    //    arguments: ERR_RANK with the message already taken.
    @ParameterizedTest
    @MethodSource("configs")
    void sendrecvWithABadArgumentConsumesNothing(JobConfig c) {
        ok(c, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            if (w.rank() == 0) {
                w.barrier();
                assertNotNull(w.probe(1, 25));
                int[] b = new int[1];
                expect(ErrorClass.ERR_RANK, () -> w.sendrecv(new int[1], 0, 1, Datatype.INT, 99, 0,
                        b, 0, 1, Datatype.INT, 1, 25));
                expect(ErrorClass.ERR_TAG, () -> w.sendrecv(new int[1], 0, 1, Datatype.INT, 1, -4,
                        b, 0, 1, Datatype.INT, 1, 25));
                expect(ErrorClass.ERR_BUFFER, () -> w.sendrecv(null, 0, 1, Datatype.INT, 1, 0,
                        b, 0, 1, Datatype.INT, 1, 25));
                expect(ErrorClass.ERR_TYPE, () -> w.sendrecv(new int[1], 0, 1, null, 1, 0,
                        b, 0, 1, Datatype.INT, 1, 25));
                assertNotNull(w.iprobe(1, 25), "the message was consumed by a failed sendrecv");
                w.recv(b, 0, 1, Datatype.INT, 1, 25);
                assertEquals(25, b[0]);
            } else {
                w.send(new int[] {25}, 0, 1, Datatype.INT, 0, 25);
                w.barrier();
            }
            assertEquals(0, w.pendingMatches());
            mpi.finalizeMpi();
        });
    }

    // 6. waitAny (and testAny, testAll on requests not yet done) escaped checked mode: no ERR_OTHER
    //    from a non-main thread at SINGLE/FUNNELED, no overlap detected at SERIALIZED.
    @Test
    void waitAnyTestAnyAndTestAllAreCheckedLikeEveryOtherCall() {
        for (ThreadLevel level : new ThreadLevel[] {ThreadLevel.SINGLE, ThreadLevel.FUNNELED}) {
            ok(JobConfig.of(1).withErrorHandler(ErrorHandler.ERRORS_RETURN), mpi -> {
                mpi.initThread(level);
                Comm self = mpi.commSelf();
                Request r = self.irecv(new int[1], 0, 1, Datatype.INT, 0, 0);
                Jobs.threads(1, t -> {
                    expect(ErrorClass.ERR_OTHER, () -> Request.waitAny(r));
                    expect(ErrorClass.ERR_OTHER, () -> Request.testAny(r));
                    expect(ErrorClass.ERR_OTHER, () -> Request.testAll(r));
                    expect(ErrorClass.ERR_OTHER, () -> Request.waitAll(r));
                });
                self.send(new int[] {1}, 0, 1, Datatype.INT, 0, 0);
                assertEquals(0, Request.waitAny(r));
                mpi.finalizeMpi();
            });
        }
        CountDownLatch overlapSeen = new CountDownLatch(1);
        ok(JobConfig.of(2).withErrorHandler(ErrorHandler.ERRORS_RETURN), mpi -> {
            mpi.initThread(ThreadLevel.SERIALIZED);
            Comm w = mpi.commWorld();
            if (w.rank() == 0) {
                Request r = w.irecv(new int[1], 0, 1, Datatype.INT, 1, 0);
                Thread waiting = Thread.ofPlatform().start(() -> Request.waitAny(r));
                Jobs.awaitBlockedIn(waiting, "waitAny");
                expect(ErrorClass.ERR_OTHER, () -> w.iprobe(1, 3));
                overlapSeen.countDown();                // rank 1 is told outside MPI
                assertTrue(waiting.join(DEADLINE));
            } else {
                assertTrue(overlapSeen.await(30, TimeUnit.SECONDS));
                w.send(new int[1], 0, 1, Datatype.INT, 0, 0);
            }
            mpi.finalizeMpi();
        });
    }

    // 7. A hung job's stacks left out virtual threads (Thread.getAllStackTraces does not list them), and
    //    an aborted job carried no dump at all.
    @LeavesOutstanding(value = "one job hangs and one is aborted on purpose, each with blocked receives", invariants = {UNEXPECTED_BUDGET, MATCHING, POOLS, PROGRESS, COMMUNICATORS, CONTEXT_IDS})
    @Test
    void hungAndAbortedJobsCarryADumpWithTheirVirtualThreads() {
        RankMain blockVirtualThread = mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            if (w.rank() == 0) {
                Thread v = Thread.ofVirtual().name("virtual-in-recv").start(() ->
                        w.recv(new int[1], 0, 1, Datatype.INT, 1, 0));   // nobody sends
                Jobs.awaitBlockedIn(v, "recv");
                w.barrier();
                v.join();
            } else {
                w.barrier();
                throw new IllegalStateException("rank 1 dies");          // aborts the job
            }
        };
        JobResult aborted = Job.run(JobConfig.of(2), blockVirtualThread, DEADLINE);
        assertTrue(aborted.aborted() && !aborted.hung(), aborted.describe());
        assertTrue(aborted.threadDump().contains("virtual-in-recv"), "aborted job's dump:\n" + aborted.threadDump());
        assertTrue(aborted.threadDump().contains("Comm.recv"), aborted.threadDump());

        JobResult hung = Job.run(JobConfig.of(1), mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm self = mpi.commSelf();
            Thread v = Thread.ofVirtual().name("virtual-in-probe").start(() -> self.probe(0, 0));
            v.join();
        }, Duration.ofSeconds(1));
        assertTrue(hung.hung(), hung.describe());
        assertTrue(hung.threadDump().contains("virtual-in-probe"), "hung job's dump:\n" + hung.threadDump());
        assertTrue(hung.threadDump().contains("Comm.probe"), hung.threadDump());
    }

    // 8. NullPointerException instead of an MPI error class for null arguments, and for finalize
    //    before init.
    @Test
    void nullArgumentsAreMpiErrors() {
        ok(JobConfig.of(1).withErrorHandler(ErrorHandler.ERRORS_RETURN), mpi -> {
            expect(ErrorClass.ERR_OTHER, mpi::finalizeMpi);
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm self = mpi.commSelf();
            Group g = self.group();
            expect(ErrorClass.ERR_GROUP, () -> g.union(null));
            expect(ErrorClass.ERR_GROUP, () -> g.intersection(null));
            expect(ErrorClass.ERR_GROUP, () -> Group.compare(null, g));
            expect(ErrorClass.ERR_GROUP, () -> Group.compare(g, null));
            expect(ErrorClass.ERR_COMM, () -> Comm.compare(null, self));
            expect(ErrorClass.ERR_COMM, () -> Comm.compare(self, null));
            expect(ErrorClass.ERR_ARG, () -> Request.waitAll((Request[]) null));
            expect(ErrorClass.ERR_ARG, () -> Request.waitAny((Request[]) null));
            expect(ErrorClass.ERR_ARG, () -> Request.testAll((Request[]) null));
            expect(ErrorClass.ERR_ARG, () -> Request.testAny((Request[]) null));
            mpi.finalizeMpi();
        });
    }

    // 9. An interrupted thread blocked in recv burned a core until its message came: parkNanos returns
    //    at once while the interrupt flag is set. A blocked call now keeps waiting, parked, and returns
    //    with the flag still set.
    @ParameterizedTest
    @MethodSource("configs")
    void anInterruptedBlockedReceiveWaitsParkedAndLosesNothing(JobConfig c) {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        AtomicReference<Thread> receiver = new AtomicReference<>();
        ok(c, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            if (w.rank() == 0) {
                int[] b = new int[1];
                boolean[] flagOnReturn = new boolean[1];
                Thread t = Thread.ofPlatform().name("interrupted-recv").start(() -> {
                    w.recv(b, 0, 1, Datatype.INT, 1, 0);
                    flagOnReturn[0] = Thread.currentThread().isInterrupted();
                });
                Jobs.awaitBlockedIn(t, "recv");
                t.interrupt();
                long cpu0 = mx.getThreadCpuTime(t.threadId());
                long wall0 = System.nanoTime();
                LockSupport.parkNanos(250_000_000);       // a window of wall time to measure CPU over
                long cpu = mx.getThreadCpuTime(t.threadId()) - cpu0;
                long wall = System.nanoTime() - wall0;
                assertTrue(cpu < wall / 5, "interrupted receive used " + cpu / 1_000_000 + " ms of CPU in "
                        + wall / 1_000_000 + " ms");
                assertTrue(t.isAlive(), "the interrupted receive returned without its message");
                receiver.set(t);
                w.barrier();                               // now rank 1 sends
                t.join();
                assertEquals(31, b[0]);
                assertTrue(flagOnReturn[0], "the interrupt flag was not re-asserted");
            } else {
                w.barrier();
                w.send(new int[] {31}, 0, 1, Datatype.INT, 0, 0);
            }
            mpi.finalizeMpi();
        });
        assertNotNull(receiver.get());
    }
}
