package org.mpiverify.locks.runtime;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
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
 * <p>JFR takes half a second or more to start, so the stream starts when the first virtual thread enters
 * an MPI call (that call waits for it), not with the JVM: a program that never calls MPI from a virtual
 * thread, which cannot pin inside a call, pays nothing. Guarded by the class's lock.
 */
public final class PinningMonitor {
    private static final String EVENT = "jdk.VirtualThreadPinned";
    private static boolean enabled;
    private static volatile boolean started;
    private static RecordingStream stream;

    private PinningMonitor() { }

    /** Allows the stream to start (the agent's {@code pinning} option). */
    public static synchronized void enable() {
        enabled = true;
    }

    /** Starts the stream if enabled and not started yet; returns at once once it has started. */
    static void ensureStarted() {
        if (started) {
            return;
        }
        synchronized (PinningMonitor.class) {
            if (started || !enabled) {
                return;
            }
            try {
                RecordingStream rs = new RecordingStream();
                rs.enable(EVENT).withThreshold(Duration.ZERO).withStackTrace();
                rs.onEvent(EVENT, PinningMonitor::onEvent);
                // start() on a daemon thread of ours: startAsync's thread is not a daemon and would keep
                // the JVM from exiting (and so from running the shutdown hook that writes the report)
                Thread.ofPlatform().daemon().name("locks-agent-jfr").start(rs::start);
                stream = rs;
            } catch (RuntimeException | LinkageError e) {
                enabled = false;
                System.err.println("locks agent: no virtual-thread pinning detection (JFR unavailable: " + e + ")");
            }
            started = true;
        }
    }

    /** Processes the events recorded so far and stops the stream, if it was started. */
    public static synchronized void stop() {
        if (stream == null) {
            return;
        }
        try {
            stream.stop();
        } catch (RuntimeException e) {
            // already stopped by JFR's own shutdown: what was streamed is recorded
        }
        stream.close();
        stream = null;
    }

    /** True if the stream has started (some virtual thread entered an MPI call). */
    public static boolean running() {
        return started && stream != null;
    }

    private static void onEvent(RecordedEvent e) {
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
