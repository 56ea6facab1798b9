package org.mpiverify.mpi;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

/** The thread dump of hang and abort reports lists virtual threads and stays bounded in size. */
class ThreadDumpTest {

    @Test
    void thousandsOfVirtualThreadsGiveABoundedDump() throws InterruptedException {
        int n = 15_000;                                  // about 4 MiB of dump: past the bound
        CountDownLatch release = new CountDownLatch(1);
        List<Thread> threads = new ArrayList<>(n);
        try {
            for (int i = 0; i < n; i++) {
                threads.add(Thread.ofVirtual().name("parked-virtual-" + i).start(() -> {
                    try {
                        release.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }));
            }
            String dump = Job.threadDump();
            assertTrue(dump.contains("parked-virtual-"), "virtual threads are in the dump");
            assertTrue(dump.length() <= ThreadDump.MAX_CHARS + 200, "dump of " + dump.length() + " chars");
            assertTrue(dump.contains("more bytes of the dump left out"), dump.substring(dump.length() - 300));
        } finally {
            release.countDown();
            for (Thread t : threads) {
                t.join();
            }
        }
    }
}
