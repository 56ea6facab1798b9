package org.mpiverify.core.sched;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;

/**
 * The three places where {@link DangScheduler} reaches into the JDK's virtual threads, all in
 * {@code java.lang} and so all needing {@code --add-opens java.base/java.lang=ALL-UNNAMED}:
 * <ul>
 *   <li>the package-private {@code ThreadBuilders.VirtualThreadBuilder(Executor)} constructor, which makes
 *       virtual threads whose continuation is run by a given scheduler instead of the default
 *       {@code ForkJoinPool} (the JDK's own tests use it the same way);</li>
 *   <li>{@code Thread.currentCarrierThread()}, to find the worker a new thread is created on (the paper
 *       puts a thread on the worker that creates it);</li>
 *   <li>the virtual thread captured by the task the JDK hands a scheduler, read once per thread so the
 *       scheduler can tell when a thread has ended and its slot can be reused.</li>
 * </ul>
 * Thread safety: stateless apart from caches filled idempotently; any thread.
 */
final class JdkVirtualThreads {
    /** The JVM option these calls need. */
    static final String OPEN_FLAG = "--add-opens java.base/java.lang=ALL-UNNAMED";
    private static final Constructor<?> BUILDER;
    private static final MethodHandle CARRIER;
    private static final String UNAVAILABLE;
    private static final ConcurrentHashMap<Class<?>, Field> THREAD_FIELDS = new ConcurrentHashMap<>();

    static {
        Constructor<?> b = null;
        MethodHandle c = null;
        String why = null;
        try {
            b = Class.forName("java.lang.ThreadBuilders$VirtualThreadBuilder").getDeclaredConstructor(Executor.class);
            b.setAccessible(true);
            c = MethodHandles.privateLookupIn(Thread.class, MethodHandles.lookup())
                    .findStatic(Thread.class, "currentCarrierThread", MethodType.methodType(Thread.class));
        } catch (ReflectiveOperationException | RuntimeException e) {
            why = "the bit-vector scheduler needs the JDK's virtual-thread scheduler hook (run the JVM with "
                    + OPEN_FLAG + "): " + e;
        }
        BUILDER = b;
        CARRIER = c;
        UNAVAILABLE = why;
    }

    private JdkVirtualThreads() {
    }

    /** Null if the hooks work in this JVM, else why not (names the missing JVM option). */
    static String unavailableReason() {
        return UNAVAILABLE;
    }

    /** A builder of virtual threads whose continuations {@code scheduler} runs. */
    static Thread.Builder.OfVirtual builder(Executor scheduler) {
        require();
        try {
            return (Thread.Builder.OfVirtual) BUILDER.newInstance(scheduler);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot make a virtual-thread builder with a scheduler", e);
        }
    }

    /** The platform thread the calling thread runs on (itself if it is a platform thread). */
    static Thread carrier() {
        require();
        try {
            return (Thread) CARRIER.invokeExact();
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    /** The virtual thread whose continuation {@code task} (as given to a scheduler) runs. */
    static Thread threadOf(Runnable task) {
        Field f = THREAD_FIELDS.computeIfAbsent(task.getClass(), JdkVirtualThreads::threadField);
        try {
            return (Thread) f.get(task);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Field threadField(Class<?> taskClass) {
        for (Field f : taskClass.getDeclaredFields()) {
            if (Thread.class.isAssignableFrom(f.getType())) {
                f.setAccessible(true);
                return f;
            }
        }
        throw new IllegalStateException("a scheduler task of class " + taskClass.getName()
                + " captures no thread: this JDK's virtual threads differ from the ones DangScheduler was written for");
    }

    private static void require() {
        if (UNAVAILABLE != null) {
            throw new UnsupportedOperationException(UNAVAILABLE);
        }
    }
}
