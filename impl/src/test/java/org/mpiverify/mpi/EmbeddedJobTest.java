package org.mpiverify.mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
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

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A job made with Job.create is driven from the caller's own threads, and shutdown ends blocked calls. */
class EmbeddedJobTest {

    @LeavesOutstanding(value = "shutdown ends a receive that is still blocked: its posted receive and the reference it "
            + "holds stay", invariants = {UNEXPECTED_BUDGET, MATCHING, POOLS, PROGRESS, COMMUNICATORS, CONTEXT_IDS})
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void ranksAreDrivenFromTheCallersThreads() throws Exception {
        Job job = Job.create(JobConfig.of(2).withErrorHandler(ErrorHandler.ERRORS_RETURN));
        Mpi a = job.mpi(0);
        Mpi b = job.mpi(1);
        a.initThread(ThreadLevel.MULTIPLE);
        b.initThread(ThreadLevel.MULTIPLE);
        Comm wa = a.commWorld();
        Comm wb = b.commWorld();
        Request r = wb.irecv(new int[1], 0, 1, Datatype.INT, 0, 3);
        assertNull(r.test());
        wa.send(new int[] {9}, 0, 1, Datatype.INT, 1, 3);
        assertNotNull(r.test());
        assertEquals(ErrorClass.ERR_RANK, assertThrows(MpiException.class, () -> job.mpi(2)).errorClass());

        Thread blocked = Thread.ofPlatform().start(() -> {
            MpiException e = assertThrows(MpiException.class, () -> wb.recv(new int[1], 0, 1, Datatype.INT, 0, 4));
            assertEquals(ErrorClass.ERR_ABORTED, e.errorClass());
        });
        while (wb.pendingMatches() == 0) {
            Thread.onSpinWait();   // bounded by the @Timeout; the receive is posted within microseconds
        }
        job.shutdown();
        assertTrue(blocked.join(java.time.Duration.ofSeconds(30)));
    }
}
