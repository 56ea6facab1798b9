package org.mpiverify.locks.programs;

import java.lang.reflect.Method;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Known bad: a virtual thread parks inside an MPI call while a class initializer is on its stack, which
 * pins its carrier (JDK 24+ still pins there, as it does under a native frame). {@code unpinnedCall}
 * parks without one. The agent must report pinning in {@code pinnedCall} only.
 */
public final class PinnedInCall {
    /** A class whose initialization blocks, as a library's static set-up that waits for a daemon might. */
    static final class SlowInit {
        static final int READY;

        static {
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(30));
            READY = 1;
        }

        private SlowInit() { }
    }

    /** The "MPI library". */
    public static final class Library {
        public static int pinnedCall() {
            return SlowInit.READY;
        }

        public static void unpinnedCall() {
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(30));
        }
    }

    public static void main(String[] args) throws Exception {
        Thread v = Thread.ofVirtual().name("virtual-caller").start(() -> {
            Library.pinnedCall();
            Library.unpinnedCall();
        });
        v.join();
        // JFR streams its events about once a second and the agent may lose those of the last moments before
        // exit (docs/locks.md): wait, at most 10 s, until the agent has seen the pinning
        Method events = ClassLoader.getSystemClassLoader().loadClass("org.mpiverify.locks.LockAudit")
                .getMethod("pinningEvents");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while ((long) events.invoke(null) == 0 && System.nanoTime() < deadline) {
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(20));
        }
        System.out.println("done, pinning events seen by the agent: " + events.invoke(null));
    }
}
