package org.mpiverify.locks.agent;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.mpiverify.locks.runtime.Site;

/**
 * The operations whose call sites the agent rewrites, each with the hook that performs it (a static method of one
 * of the hook classes of {@code org.mpiverify.locks.runtime}, by kind of operation): lock and permit acquisition and release
 * ({@code Lock}, {@code ReadWriteLock} views, {@code Semaphore}), condition creation, and the blocking
 * operations of the list ({@code Object.wait}, {@code Thread.sleep}/{@code join},
 * {@code LockSupport.park*}, {@code Condition.await*}, {@code BlockingQueue.take/put} and their timed
 * forms, {@code Future.get}, {@code CompletableFuture.join}, {@code CountDownLatch}/{@code CyclicBarrier}
 * waits, socket stream and channel reads and writes, accepts, selects).
 *
 * <p>A call site matches an entry if its name and argument types are the entry's and its owner is a
 * subtype of the entry's type (so {@code ReentrantLock.lock()}, a user's {@code MyLock.lock()} and
 * {@code Lock.lock()} all match). A site whose reference return type is narrower than the hook's (a
 * covariant override) gets a {@code checkcast} after the hook; a primitive return must be equal.
 */
final class HookCatalog {
    private static final String RUNTIME = "org/mpiverify/locks/runtime/";
    static final String LOCK_HOOKS = RUNTIME + "LockHooks";
    static final String SEMAPHORE_HOOKS = RUNTIME + "SemaphoreHooks";
    static final String MONITOR_HOOKS = RUNTIME + "MonitorHooks";
    static final String CALL_HOOKS = RUNTIME + "CallHooks";
    static final String WAIT_HOOKS = RUNTIME + "WaitHooks";
    static final String SYNCHRONIZER_HOOKS = RUNTIME + "SynchronizerHooks";
    static final String SOCKET_HOOKS = RUNTIME + "SocketHooks";

    /** A hook: the static method {@code owner.name} with JVM descriptor {@code descriptor}. */
    record Hook(String owner, String name, String descriptor) { }

    // The hooks the rewriter puts beside operations it cannot perform itself (monitors, the entry and exits of calls)
    // and at the allocation of locks.
    static final Hook MONITOR_ENTERING = new Hook(MONITOR_HOOKS, "monitorEntering", "(Ljava/lang/Object;I)V");
    static final Hook MONITOR_ENTERED = new Hook(MONITOR_HOOKS, "monitorEntered", "(Ljava/lang/Object;I)V");
    static final Hook MONITOR_EXITED = new Hook(MONITOR_HOOKS, "monitorExited", "(Ljava/lang/Object;I)V");
    static final Hook CREATED = new Hook(LOCK_HOOKS, "created", "(Ljava/lang/Object;I)V");
    static final Hook SYNC_METHOD_ENTERED = new Hook(MONITOR_HOOKS, "syncMethodEntered", "(Ljava/lang/Object;I)V");
    static final Hook SYNC_METHOD_EXITING = new Hook(MONITOR_HOOKS, "syncMethodExiting", "(Ljava/lang/Object;I)V");
    static final Hook SPIN_LOCK_ENTER = new Hook(CALL_HOOKS, "spinLockEnter", "()V");
    static final Hook SPIN_LOCK_EXIT = new Hook(CALL_HOOKS, "spinLockExit", "()V");
    static final Hook CALL_ENTER = new Hook(CALL_HOOKS, "callEnter", "(I)V");
    static final Hook CALL_EXIT = new Hook(CALL_HOOKS, "callExit", "(I)V");
    static final Hook CALL_THREW = new Hook(CALL_HOOKS, "callThrew", "(Ljava/lang/Throwable;I)V");

    /** The hooks above, for the test that every hook the rewriter calls exists. */
    static final List<Hook> FIXED = List.of(MONITOR_ENTERING, MONITOR_ENTERED, MONITOR_EXITED, CREATED, SYNC_METHOD_ENTERED,
            SYNC_METHOD_EXITING, SPIN_LOCK_ENTER, SPIN_LOCK_EXIT, CALL_ENTER, CALL_EXIT, CALL_THREW);

    /**
     * One rewritable operation and the name of its hook in {@code hookOwner}. {@code type} is also the hook's receiver
     * type for instance operations.
     */
    record Entry(String type, String name, String args, String ret, boolean isStatic, String hookOwner, String hookName,
                 Site.Kind kind) {
        /** The hook: the operation's receiver (if an instance operation) and arguments, then the site's id. */
        Hook hook() {
            String inner = args.substring(1, args.length() - 1);
            return new Hook(hookOwner, hookName, "(" + (isStatic ? "" : "L" + type + ";") + inner + "I)" + ret);
        }

        String what() {
            return type.substring(type.lastIndexOf('/') + 1).replace('$', '.') + "." + name;
        }
    }

    private final Map<String, List<Entry>> byNameArgs = new HashMap<>();

    HookCatalog() {
        String lock = "java/util/concurrent/locks/Lock";
        String tu = "Ljava/util/concurrent/TimeUnit;";
        instance(LOCK_HOOKS, lock, "lock", "()", "V", "lock", Site.Kind.ACQUIRE);
        instance(LOCK_HOOKS, lock, "lockInterruptibly", "()", "V", "lockInterruptibly", Site.Kind.ACQUIRE);
        instance(LOCK_HOOKS, lock, "tryLock", "()", "Z", "tryLock", Site.Kind.ACQUIRE);
        instance(LOCK_HOOKS, lock, "tryLock", "(J" + tu + ")", "Z", "tryLock", Site.Kind.ACQUIRE);
        instance(LOCK_HOOKS, lock, "unlock", "()", "V", "unlock", Site.Kind.RELEASE);
        instance(LOCK_HOOKS, lock, "newCondition", "()", "Ljava/util/concurrent/locks/Condition;", "newCondition", Site.Kind.CONDITION);
        String rw = "java/util/concurrent/locks/ReadWriteLock";
        instance(LOCK_HOOKS, rw, "readLock", "()", "L" + lock + ";", "readLock", Site.Kind.VIEW);
        instance(LOCK_HOOKS, rw, "writeLock", "()", "L" + lock + ";", "writeLock", Site.Kind.VIEW);

        String sem = "java/util/concurrent/Semaphore";
        instance(SEMAPHORE_HOOKS, sem, "acquire", "()", "V", "acquire", Site.Kind.ACQUIRE);
        instance(SEMAPHORE_HOOKS, sem, "acquire", "(I)", "V", "acquire", Site.Kind.ACQUIRE);
        instance(SEMAPHORE_HOOKS, sem, "acquireUninterruptibly", "()", "V", "acquireUninterruptibly", Site.Kind.ACQUIRE);
        instance(SEMAPHORE_HOOKS, sem, "acquireUninterruptibly", "(I)", "V", "acquireUninterruptibly", Site.Kind.ACQUIRE);
        instance(SEMAPHORE_HOOKS, sem, "tryAcquire", "()", "Z", "tryAcquire", Site.Kind.ACQUIRE);
        instance(SEMAPHORE_HOOKS, sem, "tryAcquire", "(I)", "Z", "tryAcquire", Site.Kind.ACQUIRE);
        instance(SEMAPHORE_HOOKS, sem, "tryAcquire", "(J" + tu + ")", "Z", "tryAcquire", Site.Kind.ACQUIRE);
        instance(SEMAPHORE_HOOKS, sem, "tryAcquire", "(IJ" + tu + ")", "Z", "tryAcquire", Site.Kind.ACQUIRE);
        instance(SEMAPHORE_HOOKS, sem, "release", "()", "V", "release", Site.Kind.RELEASE);
        instance(SEMAPHORE_HOOKS, sem, "release", "(I)", "V", "release", Site.Kind.RELEASE);

        String object = "java/lang/Object";
        instance(WAIT_HOOKS, object, "wait", "()", "V", "waitOn", Site.Kind.BLOCK);
        instance(WAIT_HOOKS, object, "wait", "(J)", "V", "waitOn", Site.Kind.BLOCK);
        instance(WAIT_HOOKS, object, "wait", "(JI)", "V", "waitOn", Site.Kind.BLOCK);

        String thread = "java/lang/Thread";
        statik(WAIT_HOOKS, thread, "sleep", "(J)", "V", "sleep");
        statik(WAIT_HOOKS, thread, "sleep", "(JI)", "V", "sleep");
        statik(WAIT_HOOKS, thread, "sleep", "(Ljava/time/Duration;)", "V", "sleep");
        instance(WAIT_HOOKS, thread, "join", "()", "V", "join", Site.Kind.BLOCK);
        instance(WAIT_HOOKS, thread, "join", "(J)", "V", "join", Site.Kind.BLOCK);
        instance(WAIT_HOOKS, thread, "join", "(JI)", "V", "join", Site.Kind.BLOCK);
        instance(WAIT_HOOKS, thread, "join", "(Ljava/time/Duration;)", "Z", "join", Site.Kind.BLOCK);

        String ls = "java/util/concurrent/locks/LockSupport";
        statik(WAIT_HOOKS, ls, "park", "()", "V", "park");
        statik(WAIT_HOOKS, ls, "park", "(Ljava/lang/Object;)", "V", "park");
        statik(WAIT_HOOKS, ls, "parkNanos", "(J)", "V", "parkNanos");
        statik(WAIT_HOOKS, ls, "parkNanos", "(Ljava/lang/Object;J)", "V", "parkNanos");
        statik(WAIT_HOOKS, ls, "parkUntil", "(J)", "V", "parkUntil");
        statik(WAIT_HOOKS, ls, "parkUntil", "(Ljava/lang/Object;J)", "V", "parkUntil");

        String cond = "java/util/concurrent/locks/Condition";
        instance(WAIT_HOOKS, cond, "await", "()", "V", "await", Site.Kind.BLOCK);
        instance(WAIT_HOOKS, cond, "await", "(J" + tu + ")", "Z", "await", Site.Kind.BLOCK);
        instance(WAIT_HOOKS, cond, "awaitNanos", "(J)", "J", "awaitNanos", Site.Kind.BLOCK);
        instance(WAIT_HOOKS, cond, "awaitUninterruptibly", "()", "V", "awaitUninterruptibly", Site.Kind.BLOCK);
        instance(WAIT_HOOKS, cond, "awaitUntil", "(Ljava/util/Date;)", "Z", "awaitUntil", Site.Kind.BLOCK);

        String bq = "java/util/concurrent/BlockingQueue";
        instance(SYNCHRONIZER_HOOKS, bq, "take", "()", "Ljava/lang/Object;", "take", Site.Kind.BLOCK);
        instance(SYNCHRONIZER_HOOKS, bq, "put", "(Ljava/lang/Object;)", "V", "put", Site.Kind.BLOCK);
        instance(SYNCHRONIZER_HOOKS, bq, "poll", "(J" + tu + ")", "Ljava/lang/Object;", "poll", Site.Kind.BLOCK);
        instance(SYNCHRONIZER_HOOKS, bq, "offer", "(Ljava/lang/Object;J" + tu + ")", "Z", "offer", Site.Kind.BLOCK);
        String future = "java/util/concurrent/Future";
        instance(SYNCHRONIZER_HOOKS, future, "get", "()", "Ljava/lang/Object;", "get", Site.Kind.BLOCK);
        instance(SYNCHRONIZER_HOOKS, future, "get", "(J" + tu + ")", "Ljava/lang/Object;", "get", Site.Kind.BLOCK);
        instance(SYNCHRONIZER_HOOKS, "java/util/concurrent/CompletableFuture", "join", "()", "Ljava/lang/Object;", "join", Site.Kind.BLOCK);
        String latch = "java/util/concurrent/CountDownLatch";
        instance(SYNCHRONIZER_HOOKS, latch, "await", "()", "V", "await", Site.Kind.BLOCK);
        instance(SYNCHRONIZER_HOOKS, latch, "await", "(J" + tu + ")", "Z", "await", Site.Kind.BLOCK);
        String barrier = "java/util/concurrent/CyclicBarrier";
        instance(SYNCHRONIZER_HOOKS, barrier, "await", "()", "I", "await", Site.Kind.BLOCK);
        instance(SYNCHRONIZER_HOOKS, barrier, "await", "(J" + tu + ")", "I", "await", Site.Kind.BLOCK);

        String in = "java/io/InputStream";
        instance(SOCKET_HOOKS, in, "read", "()", "I", "read", Site.Kind.BLOCK);
        instance(SOCKET_HOOKS, in, "read", "([B)", "I", "read", Site.Kind.BLOCK);
        instance(SOCKET_HOOKS, in, "read", "([BII)", "I", "read", Site.Kind.BLOCK);
        instance(SOCKET_HOOKS, in, "readNBytes", "([BII)", "I", "readNBytes", Site.Kind.BLOCK);
        String out = "java/io/OutputStream";
        instance(SOCKET_HOOKS, out, "write", "(I)", "V", "write", Site.Kind.BLOCK);
        instance(SOCKET_HOOKS, out, "write", "([B)", "V", "write", Site.Kind.BLOCK);
        instance(SOCKET_HOOKS, out, "write", "([BII)", "V", "write", Site.Kind.BLOCK);
        String sc = "java/nio/channels/SocketChannel";
        String bb = "Ljava/nio/ByteBuffer;";
        instance(SOCKET_HOOKS, sc, "read", "(" + bb + ")", "I", "read", Site.Kind.BLOCK);
        instance(SOCKET_HOOKS, sc, "read", "([" + bb + ")", "J", "read", Site.Kind.BLOCK);
        instance(SOCKET_HOOKS, sc, "read", "([" + bb + "II)", "J", "read", Site.Kind.BLOCK);
        instance(SOCKET_HOOKS, sc, "write", "(" + bb + ")", "I", "write", Site.Kind.BLOCK);
        instance(SOCKET_HOOKS, sc, "write", "([" + bb + ")", "J", "write", Site.Kind.BLOCK);
        instance(SOCKET_HOOKS, sc, "write", "([" + bb + "II)", "J", "write", Site.Kind.BLOCK);
        instance(SOCKET_HOOKS, "java/nio/channels/ServerSocketChannel", "accept", "()", "Ljava/nio/channels/SocketChannel;",
                "accept", Site.Kind.BLOCK);
        instance(SOCKET_HOOKS, "java/net/ServerSocket", "accept", "()", "Ljava/net/Socket;", "accept", Site.Kind.BLOCK);
        String sel = "java/nio/channels/Selector";
        instance(SOCKET_HOOKS, sel, "select", "()", "I", "select", Site.Kind.BLOCK);
        instance(SOCKET_HOOKS, sel, "select", "(J)", "I", "select", Site.Kind.BLOCK);
        instance(SOCKET_HOOKS, sel, "select", "(Ljava/util/function/Consumer;)", "I", "select", Site.Kind.BLOCK);
        instance(SOCKET_HOOKS, sel, "select", "(Ljava/util/function/Consumer;J)", "I", "select", Site.Kind.BLOCK);
    }

    private void instance(String owner, String type, String name, String args, String ret, String hook, Site.Kind kind) {
        byNameArgs.computeIfAbsent(name + args, k -> new ArrayList<>())
                .add(new Entry(type, name, args, ret, false, owner, hook, kind));
    }

    private void statik(String owner, String type, String name, String args, String ret, String hook) {
        byNameArgs.computeIfAbsent(name + args, k -> new ArrayList<>())
                .add(new Entry(type, name, args, ret, true, owner, hook, Site.Kind.BLOCK));
    }

    /** Every entry. */
    List<Entry> entries() {
        return byNameArgs.values().stream().flatMap(List::stream).toList();
    }

    /** The entries whose name and argument types are those of {@code name}{@code desc}. */
    List<Entry> candidates(String name, String desc) {
        return byNameArgs.getOrDefault(name + desc.substring(0, desc.indexOf(')') + 1), List.of());
    }

    /** Types whose allocation ({@code new}) the agent records as a lock's allocation site. */
    static final List<String> LOCK_TYPES = List.of("java/util/concurrent/locks/Lock",
            "java/util/concurrent/locks/ReadWriteLock", "java/util/concurrent/Semaphore");
}
