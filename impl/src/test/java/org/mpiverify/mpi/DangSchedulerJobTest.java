package org.mpiverify.mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.mpiverify.core.sched.DangScheduler;

/**
 * A job on the bit-vector scheduler with one worker per rank: its threads are the scheduler's, a Waitall
 * whose requests completed before it waits returns (the paper's "already signalled" flag), and an abort
 * wakes a thread blocked in the core (every core wait goes through the scheduler); an embedded job's ranks run on
 * their schedulers when started with {@link Job#threads(int)}, and closing the job stops them.
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
    void anEmbeddedJobsThreadsRunOnTheirRanksSchedulers() throws Exception {
        AtomicReference<String> wrong = new AtomicReference<>();
        Thread[] ts = new Thread[2];
        try (Job job = Job.create(ONE_WORKER)) {
            for (int r = 0; r < 2; r++) {
                int rank = r;
                ts[r] = job.threads(r).name("embedded-rank-" + r).start(() -> {
                    try {
                        Mpi mpi = job.mpi(rank);
                        mpi.initThread(ThreadLevel.MULTIPLE);
                        Comm w = mpi.commWorld();
                        boolean[] childOn = new boolean[1];
                        Thread child = Thread.ofVirtual().start(() -> childOn[0] = DangScheduler.onScheduler());
                        child.join();
                        if (!DangScheduler.onScheduler() || !childOn[0]) {
                            wrong.compareAndSet(null, "rank " + rank + " or its virtual thread is not on a bit-vector scheduler");
                        }
                        int[] buf = {rank};
                        if (rank == 0) {
                            w.send(buf, 0, 1, Datatype.INT, 1, 5);
                        } else {
                            w.recv(buf, 0, 1, Datatype.INT, 0, 5);   // a wait on the scheduler
                            if (buf[0] != 0) {
                                wrong.compareAndSet(null, "rank 1 received " + buf[0]);
                            }
                        }
                        mpi.finalizeMpi();
                    } catch (Throwable e) {
                        wrong.compareAndSet(null, "rank " + rank + " threw " + e);
                        job.shutdown();
                    }
                });
            }
            for (Thread t : ts) {
                if (!t.join(Jobs.DEADLINE)) {
                    String dump = Job.threadDump();
                    job.shutdown();
                    throw new AssertionError("an embedded rank did not end within " + Jobs.DEADLINE + "\n" + dump);
                }
            }
            assertEquals(null, wrong.get());
            assertTrue(job.quiescence().holds(), job.quiescence().toString());
        }
    }

    @Test
    void aClosedEmbeddedJobStartsNoMoreThreads() {
        Job job = Job.create(ONE_WORKER);
        job.threads(0).start(() -> { }); // starts rank 0's scheduler
        job.close();
        assertThrows(IllegalStateException.class, () -> job.threads(0));
        assertThrows(IllegalStateException.class, () -> job.threads(1));
        Thread jdk = Job.create(JobConfig.of(1)).threads(0).unstarted(() -> { });
        assertTrue(!jdk.isVirtual() && jdk.isDaemon(), "on the JDK's threads an embedded rank's threads are platform daemons");
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
