package org.mpiverify.mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.junit.jupiter.api.Test;

/**
 * An eager flood that nobody receives yet: 320 MiB of 16 KiB messages sent to one rank in a JVM of
 * 64 MiB. The unexpected-message memory of a rank is bounded, so the senders are held back (their
 * messages wait in their own buffers, rendezvous) until the receiver catches up; nothing is lost and
 * the JVM never runs out of memory. Runs in a forked JVM so that the small heap is the flood's alone.
 */
class UnexpectedFloodTest {
    static final int SENDERS = 2;
    static final int PER_SENDER = 10_000;
    static final int INTS = 4096;          // 16 KiB: the default eager limit

    @Test
    void aFloodNobodyReceivesIsHeldBackNotAnOutOfMemoryError() throws Exception {
        Path out = Files.createTempFile("flood", ".log");
        try {
            Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-Xmx64m", "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"),
                    Flood.class.getName())
                    .redirectErrorStream(true).redirectOutput(out.toFile()).start();
            boolean ended = p.waitFor(120, TimeUnit.SECONDS);
            if (!ended) {
                p.destroyForcibly().waitFor();
            }
            String log = Files.readString(out, StandardCharsets.UTF_8);
            assertTrue(ended, "the flood did not finish within 120 s:\n" + tail(log));
            assertEquals(0, p.exitValue(), tail(log));
            assertTrue(log.contains("received " + SENDERS * PER_SENDER + " messages in order"), tail(log));
        } finally {
            Files.deleteIfExists(out);
        }
    }

    private static String tail(String log) {
        return log.length() <= 20_000 ? log : "..." + log.substring(log.length() - 20_000);
    }

    /** The flood, run in the forked JVM: rank 1's threads send everything before rank 0 receives anything. */
    public static final class Flood {
        public static void main(String[] args) throws IOException {
            AtomicReferenceArray<Thread> senders = new AtomicReferenceArray<>(SENDERS);
            JobResult r = Job.run(JobConfig.of(2).withErrorHandler(ErrorHandler.ERRORS_RETURN), mpi -> {
                mpi.initThread(ThreadLevel.MULTIPLE);
                Comm w = mpi.commWorld();
                if (w.rank() == 1) {
                    Jobs.threads(SENDERS, t -> {
                        senders.set(t, Thread.currentThread());
                        int[] msg = new int[INTS];
                        for (int i = 0; i < PER_SENDER; i++) {
                            msg[0] = i;
                            msg[INTS - 1] = i;
                            w.send(msg, 0, INTS, Datatype.INT, 0, t);
                        }
                    });
                } else {
                    // Receive only once every sender is held back (or, without a bound, never: the
                    // JVM runs out of memory first).
                    long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
                    for (int t = 0; t < SENDERS; t++) {
                        while (senders.get(t) == null) {
                            if (System.nanoTime() - end > 0) {
                                throw new AssertionError("sender " + t + " never started");
                            }
                            Thread.onSpinWait();
                        }
                        Jobs.awaitBlockedIn(senders.get(t), "send");
                    }
                    System.out.println("senders held back with " + w.pendingMatches() + " messages queued");
                    int[] b = new int[INTS];
                    int[] next = new int[SENDERS];
                    for (int i = 0; i < SENDERS * PER_SENDER; i++) {
                        Status s = w.recv(b, 0, INTS, Datatype.INT, 1, Mpi.ANY_TAG);
                        int t = s.tag();
                        if (b[0] != next[t] || b[INTS - 1] != next[t]) {
                            throw new AssertionError("sender " + t + ": got " + b[0] + ", expected " + next[t]);
                        }
                        next[t]++;
                    }
                    System.out.println("received " + SENDERS * PER_SENDER + " messages in order");
                }
                mpi.finalizeMpi();
            }, Duration.ofSeconds(100));
            System.out.println(r.describe());
            System.exit(r.ok() ? 0 : 1);
        }
    }
}
