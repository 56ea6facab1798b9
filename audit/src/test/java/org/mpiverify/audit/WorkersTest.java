package org.mpiverify.audit;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpiverify.audit.scenario.Workers;

/** The bounded join of a scenario's threads, and the mark a rank uses to skip MPI_Finalize. */
class WorkersTest {

    @Test
    @Timeout(value = 20, unit = TimeUnit.SECONDS)
    void aFailureWithAThreadStillRunningSaysThreadsWereLeftBehind() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        try {
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> Workers.run(2, Duration.ofSeconds(10), t -> {
                if (t == 0) throw new IllegalStateException("boom");
                release.await(30, TimeUnit.SECONDS);   // stands for a call blocked in MPI
            }));
            assertTrue(e.getMessage().contains("boom"), e.getMessage());
            assertTrue(Workers.leftThreadsBehind(e), "the failure must carry the left-behind mark");
        } finally {
            release.countDown();
        }
    }

    @Test
    @Timeout(value = 20, unit = TimeUnit.SECONDS)
    void aFailureAfterWhichEveryThreadEndedIsNotMarked() {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> Workers.run(2, Duration.ofSeconds(10), t -> {
            if (t == 0) throw new IllegalStateException("boom");
        }));
        assertFalse(Workers.leftThreadsBehind(e), "no thread was left behind");
    }

    @Test
    @Timeout(value = 20, unit = TimeUnit.SECONDS)
    void threadsThatOutliveTheBoundAreMarkedToo() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        try {
            Exception e = assertThrows(Exception.class, () -> Workers.run(1, Duration.ofMillis(300),
                    t -> release.await(30, TimeUnit.SECONDS)));
            assertTrue(Workers.leftThreadsBehind(e), String.valueOf(e));
        } finally {
            release.countDown();
        }
    }
}
