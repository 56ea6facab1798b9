package org.mpiverify.locks.runtime;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.atomic.AtomicLong;
import jdk.jfr.FlightRecorder;
import jdk.jfr.FlightRecorderListener;
import jdk.jfr.Recording;
import jdk.jfr.RecordingState;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordingStream;

/**
 * Virtual-thread pinning inside MPI calls, from the JDK's own {@code jdk.VirtualThreadPinned} events
 * (JFR, streamed in this JVM, threshold zero, with stack traces). Since JDK 24 a virtual thread no longer
 * pins while it holds a monitor; it still pins when it parks with a native frame or a class initializer
 * on its stack, which a library that blocks inside a native MPI call (FFM) or in static initialization
 * does. An event is attributed to the outermost MPI entry point on its stack; events with none are only
 * counted.
 *
 * <p>JFR takes half a second or more to start, so the recording starts when the first virtual thread enters
 * an MPI call (that call waits for it), not with the JVM: a program that never calls MPI from a virtual
 * thread, which cannot pin inside a call, pays nothing. Events are processed as they are streamed.
 * Guarded by the class's lock.
 */
public final class PinningMonitor {
    private static final String EVENT = "jdk.VirtualThreadPinned";
    private static boolean enabled;
    private static volatile boolean started;
    private static RecordingStream stream;
    private static final AtomicLong events = new AtomicLong();
    /** {@link System#nanoTime()} of the stream's last flush (it has then processed what was recorded before). */
    private static final AtomicLong lastFlush = new AtomicLong();

    private PinningMonitor() { }

    /** Allows the stream to start (the agent's {@code pinning} option). */
    public static synchronized void enable() {
        enabled = true;
    }

    /** Starts the stream if enabled and not started yet; returns once it records. */
    static void ensureStarted() {
        if (started) {
            return;
        }
        synchronized (PinningMonitor.class) {
            if (started || !enabled) {
                return;
            }
            // The stream runs start() on a daemon thread of ours (startAsync's thread is not a daemon and
            // would keep the JVM, and the hook that writes the report, from ending); a recorder listener
            // says when its recording runs, bounded.
            RuntimeException failure = null;
            CountDownLatch running = new CountDownLatch(1);
            FlightRecorderListener listener = new FlightRecorderListener() {
                @Override
                public void recordingStateChanged(Recording r) {
                    if (r.getState() == RecordingState.RUNNING) {
                        running.countDown();
                    }
                }
            };
            try {
                FlightRecorder.addListener(listener);
                RecordingStream rs = new RecordingStream();
                rs.enable(EVENT).withThreshold(Duration.ZERO).withStackTrace();
                rs.onEvent(EVENT, PinningMonitor::onEvent);
                rs.onFlush(() -> lastFlush.set(System.nanoTime()));
                Thread.ofPlatform().daemon().name("locks-agent-jfr").start(rs::start);
                if (running.await(30, TimeUnit.SECONDS)) {
                    stream = rs;
                } else {
                    rs.close();
                }
            } catch (RuntimeException e) {
                failure = e;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                FlightRecorder.removeListener(listener);
            }
            if (failure != null || stream == null) {
                enabled = false;
                System.err.println("locks agent: no virtual-thread pinning detection (JFR unavailable: " + (failure != null ? failure : "its recording did not start within 30 s") + ")");
            }
            started = true;
        }
    }

    /** Events processed so far (for a program that waits until a pinning it caused is seen). */
    public static long events() {
        return events.get();
    }

    /**
     * Stops the stream once the events recorded so far are processed (called when the JVM exits). JFR's own
     * shutdown hook runs at the same time and usually stops the recording first; the stream then still
     * reads the data JFR wrote last, so this waits, at most 2 s, for a flush after the exit began. JFR
     * streams once a second while the program runs, so what can be lost is an event of the last moments
     * before exit, when JFR's hook also removes its data first (about one exit in six here).
     */
    public static synchronized void stop() {
        RecordingStream rs = stream;
        if (rs == null) {
            return;
        }
        long exit = System.nanoTime();
        try {
            rs.stop();
        } catch (IllegalStateException alreadyStoppedByJfr) {
            long deadline = exit + TimeUnit.SECONDS.toNanos(2);
            while (lastFlush.get() < exit && System.nanoTime() < deadline) {
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(10));
            }
        }
        rs.close();
        stream = null;
    }

    private static void onEvent(RecordedEvent e) {
        events.incrementAndGet();
        try {
            List<RecordedFrame> frames = e.getStackTrace() == null ? List.of() : e.getStackTrace().getFrames();
            int call = -1;
            for (int i = frames.size() - 1; i >= 0 && call < 0; i--) {
                RecordedFrame f = frames.get(i);
                if (f.isJavaFrame()) {
                    call = CallTable.byMethod(f.getMethod().getType().getName(), f.getMethod().getName());
                }
            }
            if (call < 0) {
                AuditState.FINDINGS.pinnedOutsideCalls.increment();
                return;
            }
            List<String> stack = new ArrayList<>();
            for (RecordedFrame f : frames) {
                String type = f.getMethod().getType().getName();
                if (type.startsWith("java.lang.VirtualThread") || type.startsWith("jdk.internal.")
                        || type.startsWith("java.lang.System$") || Stacks.isAgent(type)) {
                    continue;
                }
                if (stack.size() == 24) {
                    break;
                }
                stack.add(type + "." + f.getMethod().getName() + "(line " + f.getLineNumber() + ")");
            }
            String reason = e.hasField("pinnedReason") ? String.valueOf((Object) e.getValue("pinnedReason")) : "?";
            String op = e.hasField("blockingOperation") ? String.valueOf((Object) e.getValue("blockingOperation")) : "?";
            String thread = e.getThread() == null ? "?" : e.getThread().getJavaName();
            String top = stack.isEmpty() ? "" : stack.get(0);
            AuditState.FINDINGS.pinned(call + "|" + reason + "|" + top, call, reason, op, thread, stack,
                    e.getDuration().toNanos());
        } catch (RuntimeException ex) {
            AuditState.internalError(ex);
        }
    }
}
