package org.mpiverify.mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.mpiverify.core.sched.DangScheduler;

/**
 * A job on the bit-vector scheduler with one worker per rank: its threads are the scheduler's, a Waitall
 * whose requests completed before it waits returns (the paper's "already signalled" flag), and an abort
 * wakes a thread blocked in the core (every core wait goes through the scheduler).
 */
class DangSchedulerJobTest {
    private static final JobConfig ONE_WORKER = JobConfig.of(2).withMatching(MatchingKind.HASH_TABLE)
            .withErrorHandler(ErrorHandler.ERRORS_RETURN).withThreads(ThreadMode.dang(1, 512));

    @Test
    void waitallOverRequestsSignalledBeforeTheWaitReturns() {
        int n = 64;
        AtomicReference<String> wrong = new AtomicReference<>();
        Jobs.ok(ONE_WORKER, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            if (!DangScheduler.onScheduler()) {
                wrong.compareAndSet(null, "rank main is not on the bit-vector scheduler");
            }
            Comm w = mpi.commWorld();
            int[][] bufs = new int[n][1];
            Request[] rs = new Request[n];
            if (w.rank() == 0) {
                w.barrier();                              // rank 1's first half is posted
                for (int i = 0; i < n; i++) {
                    bufs[i][0] = i;
                    rs[i] = w.isend(bufs[i], 0, 1, Datatype.INT, 1, i);
                    if (i == n / 2 - 1) {
                        Request.waitAll(java.util.Arrays.copyOf(rs, n / 2));
                        w.barrier();                      // the first half is delivered (eager) before rank 1 waits
                    }
                }
                Request.waitAll(rs);
            } else {
                // the first half completes before the waitall (its signals come first), the second after
                for (int i = 0; i < n / 2; i++) {
                    rs[i] = w.irecv(bufs[i], 0, 1, Datatype.INT, 0, i);
                }
                w.barrier();
                w.barrier();
                for (int i = n / 2; i < n; i++) {
                    rs[i] = w.irecv(bufs[i], 0, 1, Datatype.INT, 0, i);
                }
                Request.waitAll(rs);
                for (int i = 0; i < n; i++) {
                    if (bufs[i][0] != i) {
                        wrong.compareAndSet(null, "message " + i + " holds " + bufs[i][0]);
                    }
                }
            }
            mpi.finalizeMpi();
        });
        assertEquals(null, wrong.get());
    }

    @Test
    @LeavesOutstanding(value = "the abort ends the blocked receive with its request and posted receive left",
            invariants = {Quiescence.Invariant.MATCHING, Quiescence.Invariant.POOLS, Quiescence.Invariant.COMMUNICATORS})
    void anAbortWakesAThreadBlockedInTheCore() {
        AtomicBoolean blockedRecvEnded = new AtomicBoolean();
        JobResult r = Job.run(ONE_WORKER, mpi -> {
            mpi.initThread(ThreadLevel.MULTIPLE);
            Comm w = mpi.commWorld();
            if (w.rank() == 1) {
                Thread t = Thread.ofVirtual().start(() -> {
                    try {
                        w.recv(new int[1], 0, 1, Datatype.INT, 0, 99);   // never sent
                    } catch (MpiException e) {
                        blockedRecvEnded.set(e.errorClass() == ErrorClass.ERR_ABORTED);
                    }
                });
                Jobs.awaitBlockedIn(t, "recv");
                w.barrier();
                t.join();
            } else {
                w.barrier();
                mpi.abort(7);
            }
        }, Duration.ofSeconds(60));
        assertTrue(r.aborted() && !r.hung(), "the job aborted without hanging: " + r);
        assertEquals(7, r.abortCode());
        assertTrue(blockedRecvEnded.get(), "the receive blocked on the one worker was woken with ERR_ABORTED");
    }
}
