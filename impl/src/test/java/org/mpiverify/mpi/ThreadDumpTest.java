package org.mpiverify.mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mpiverify.mpi.Quiescence.Invariant.COMMUNICATORS;
import static org.mpiverify.mpi.Quiescence.Invariant.CONTEXT_IDS;
import static org.mpiverify.mpi.Quiescence.Invariant.MATCHING;
import static org.mpiverify.mpi.Quiescence.Invariant.POOLS;
import static org.mpiverify.mpi.Quiescence.Invariant.PROGRESS;
import static org.mpiverify.mpi.Quiescence.Invariant.UNEXPECTED_BUDGET;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;

/** The thread dump of hang and abort reports lists the virtual threads blocked in MPI and stays bounded. */
class ThreadDumpTest {

    @LeavesOutstanding(value = "shutdown ends thousands of receives that are still blocked", invariants = {UNEXPECTED_BUDGET, MATCHING, POOLS, PROGRESS, COMMUNICATORS, CONTEXT_IDS})
    @Test
    void thousandsOfVirtualThreadsBlockedInMpiGiveABoundedDump() throws InterruptedException {
        int n = 4_000;                                   // about 4 MiB of stacks: past the 2 MiB bound
        Job job = Job.create(JobConfig.of(1).withErrorHandler(ErrorHandler.ERRORS_RETURN));
        Mpi mpi = job.mpi(0);
        mpi.initThread(ThreadLevel.MULTIPLE);
        Comm self = mpi.commSelf();
        AtomicReferenceArray<Object> ends = new AtomicReferenceArray<>(n);
        List<Thread> threads = new ArrayList<>(n);
        try {
            for (int i = 0; i < n; i++) {
                int tag = i;
                threads.add(Thread.ofVirtual().name("blocked-virtual-" + i).start(() -> {
                    try {
                        self.recv(new int[1], 0, 1, Datatype.INT, 0, tag);   // nobody sends
                    } catch (Throwable t) {
                        ends.set(tag, t);
                    }
                }));
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            for (Thread t : threads) {
                while (t.getState() != Thread.State.WAITING && t.getState() != Thread.State.TIMED_WAITING) {
                    assertTrue(System.nanoTime() < deadline, t.getName() + " never blocked");
                    LockSupport.parkNanos(1_000_000);
                }
            }
            String dump = Job.threadDump();
            assertTrue(dump.contains("\"blocked-virtual-") && dump.contains("Comm.recv"), "virtual threads in MPI");
            assertTrue(dump.length() <= ThreadDump.MAX_CHARS + 10_000, "dump of " + dump.length() + " chars");
            assertTrue(dump.contains("more threads left out"), dump.substring(dump.length() - 300));
        } finally {
            job.shutdown();
            for (Thread t : threads) {
                t.join();
            }
        }
        for (int i = 0; i < n; i++) {
            MpiException e = assertInstanceOf(MpiException.class, ends.get(i));
            assertEquals(ErrorClass.ERR_ABORTED, e.errorClass());
        }
    }
}
