package org.mpiverify.harness.launch;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Kills every process this JVM started (and theirs) when the JVM exits, so that a driver stopped with
 * Ctrl-C, {@code timeout} or {@code kill} does not leave {@code mpiexec} and busy rank JVMs behind on a
 * 2-core machine (seen: an interrupted {@code bench fig4-gt} left 8 MPICH and 8 Open MPI ranks running).
 * Targets call {@link #installOnce()} before they launch anything. A {@code SIGKILL}ed JVM runs no hook;
 * nothing in Java can help there.
 */
public final class ChildProcessCleanup {
    private static final AtomicBoolean INSTALLED = new AtomicBoolean();

    private ChildProcessCleanup() { }

    /** Registers the shutdown hook the first time; later calls do nothing. */
    public static void installOnce() {
        if (INSTALLED.compareAndSet(false, true)) {
            Runtime.getRuntime().addShutdownHook(new Thread(ChildProcessCleanup::killDescendants, "kill-child-processes"));
        }
    }

    /**
     * Snapshots the whole tree first (a process whose parent dies is re-parented and would drop out of
     * it), then kills it, and waits briefly for each to go.
     */
    static void killDescendants() {
        List<ProcessHandle> all = ProcessHandle.current().descendants().toList();
        all.forEach(ProcessHandle::destroyForcibly);
        for (ProcessHandle p : all) {
            try {
                p.onExit().get(2, TimeUnit.SECONDS);
            } catch (Exception e) {
                // best effort at exit: nothing more can be done from a shutdown hook
            }
        }
    }
}
