package org.mpiverify.mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mpiverify.mpi.Quiescence.Invariant.COMMUNICATORS;
import static org.mpiverify.mpi.Quiescence.Invariant.CONTEXT_IDS;
import static org.mpiverify.mpi.Quiescence.Invariant.MATCHING;
import static org.mpiverify.mpi.Quiescence.Invariant.POOLS;
import static org.mpiverify.mpi.Quiescence.Invariant.PROGRESS;
import static org.mpiverify.mpi.Quiescence.Invariant.UNEXPECTED_BUDGET;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.junit.jupiter.api.Test;

/**
 * What the core does with erroneous programs that {@code docs/errors.md} describes and no other test
 * shows: mismatched collectives, two threads waiting on one request, and a flood held back by a small
 * configured unexpected-message bound.
 */
class ErroneousProgramsTest {

    @LeavesOutstanding(value = "an erroneous program that hangs: the deadline aborts it with the two collectives' "
            + "messages posted and unexpected", invariants = {UNEXPECTED_BUDGET, MATCHING, POOLS, PROGRESS, COMMUNICATORS, CONTEXT_IDS})
    @Test
    void collectivesOfDifferentKindsHangAndTheDeadlineReportsBothRanks() {
        JobResult r = Job.run(JobConfig.of(2).withErrorHandler(ErrorHandler.ERRORS_RETURN), mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            if (w.rank() == 0) {
                w.bcast(new int[1], 0, 1, Datatype.INT, 1);     // waits for rank 1's bcast
            } else {
                w.barrier();                                  // waits for rank 0's barrier
            }
        }, Duration.ofSeconds(1));
        assertTrue(r.hung(), r.describe());
        assertTrue(r.threadDump().contains("Comm.bcast") && r.threadDump().contains("Comm.barrier"), r.threadDump());
    }

    @Test
    void aCollectiveWithMismatchedCountsIsErrTruncateWhereTheLongerMessageArrives() {
        Jobs.ok(2, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            if (w.rank() == 0) {
                w.bcast(new int[4], 0, 4, Datatype.INT, 0);     // the root sends four
            } else {
                MpiException e = assertThrows(MpiException.class, () -> w.bcast(new int[2], 0, 2, Datatype.INT, 0));
                assertEquals(ErrorClass.ERR_TRUNCATE, e.errorClass());
            }
            w.barrier();                                      // the communicator still works
            mpi.finalizeMpi();
        });
    }

    @Test
    void twoThreadsWaitingOnOneRequestOneGetsTheStatusTheOtherErrRequest() {
        AtomicReferenceArray<Object> ends = new AtomicReferenceArray<>(2);
        Jobs.ok(2, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            if (w.rank() == 0) {
                Request r = w.irecv(new int[1], 0, 1, Datatype.INT, 1, 0);
                Thread[] waiters = new Thread[2];
                for (int i = 0; i < 2; i++) {
                    int k = i;
                    waiters[i] = Thread.ofPlatform().start(() -> {
                        try {
                            ends.set(k, r.waitFor());
                        } catch (Throwable t) {
                            ends.set(k, t);
                        }
                    });
                }
                Jobs.awaitBlockedIn(waiters[0], "waitFor");
                Jobs.awaitBlockedIn(waiters[1], "waitFor");
                w.barrier();
                for (Thread t : waiters) {
                    t.join();
                }
            } else {
                w.barrier();
                w.send(new int[] {1}, 0, 1, Datatype.INT, 0, 0);
            }
            mpi.finalizeMpi();
        });
        int statuses = 0;
        for (int i = 0; i < 2; i++) {
            if (ends.get(i) instanceof Status) {
                statuses++;
            } else {
                MpiException e = assertInstanceOf(MpiException.class, ends.get(i));
                assertEquals(ErrorClass.ERR_REQUEST, e.errorClass());
            }
        }
        assertEquals(1, statuses, "exactly one waiter completes the request: " + ends);
    }

    @Test
    void aFloodPastASmallBoundHoldsItsSenderBackAndLosesNothing() {
        int messages = 200;
        int ints = 1024;                                       // 4 KiB, eager under the default 16 KiB limit
        long bound = 32 * 1024;
        AtomicReference<Thread> sender = new AtomicReference<>();
        Jobs.ok(JobConfig.of(2).withUnexpectedLimit(bound).withErrorHandler(ErrorHandler.ERRORS_RETURN), mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            if (w.rank() == 1) {
                sender.set(Thread.currentThread());
                w.barrier();
                int[] msg = new int[ints];
                for (int i = 0; i < messages; i++) {
                    msg[0] = i;
                    w.send(msg, 0, ints, Datatype.INT, 0, 0);
                }
            } else {
                w.barrier();
                Jobs.awaitBlockedIn(sender.get(), "send");     // held back: its message waits to be matched
                int queued = w.pendingMatches();
                // 32 KiB hold at most 8 of these (4 KiB packets) plus the one past the bound, and the blocked one.
                assertTrue(queued <= 10, queued + " messages queued past a bound of " + bound + " bytes");
                int[] b = new int[ints];
                for (int i = 0; i < messages; i++) {
                    w.recv(b, 0, ints, Datatype.INT, 1, 0);
                    assertEquals(i, b[0], "misordered or lost");
                }
            }
            mpi.finalizeMpi();
        });
    }
}
