package org.mpiverify.locks.agent;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.mpiverify.locks.runtime.Site;

/**
 * The operations whose call sites the agent rewrites, each with the hook in
 * {@link org.mpiverify.locks.runtime.Hooks} that performs it: lock and permit acquisition and release
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
    static final String HOOKS = "org/mpiverify/locks/runtime/Hooks";

    /** One rewritable operation. {@code type} is also the hook's receiver type for instance operations. */
    record Entry(String type, String name, String args, String ret, boolean isStatic, String hook, Site.Kind kind) {
        String hookDescriptor() {
            String inner = args.substring(1, args.length() - 1);
            return "(" + (isStatic ? "" : "L" + type + ";") + inner + "I)" + ret;
        }

        String what() {
            return type.substring(type.lastIndexOf('/') + 1).replace('$', '.') + "." + name;
        }
    }

    private final Map<String, List<Entry>> byNameArgs = new HashMap<>();

    HookCatalog() {
        String lock = "java/util/concurrent/locks/Lock";
        String tu = "Ljava/util/concurrent/TimeUnit;";
        instance(lock, "lock", "()", "V", "lock", Site.Kind.ACQUIRE);
        instance(lock, "lockInterruptibly", "()", "V", "lockInterruptibly", Site.Kind.ACQUIRE);
        instance(lock, "tryLock", "()", "Z", "tryLock", Site.Kind.ACQUIRE);
        instance(lock, "tryLock", "(J" + tu + ")", "Z", "tryLock", Site.Kind.ACQUIRE);
        instance(lock, "unlock", "()", "V", "unlock", Site.Kind.RELEASE);
        instance(lock, "newCondition", "()", "Ljava/util/concurrent/locks/Condition;", "newCondition", Site.Kind.CONDITION);
        String rw = "java/util/concurrent/locks/ReadWriteLock";
        instance(rw, "readLock", "()", "L" + lock + ";", "readLock", Site.Kind.VIEW);
        instance(rw, "writeLock", "()", "L" + lock + ";", "writeLock", Site.Kind.VIEW);

        String sem = "java/util/concurrent/Semaphore";
        instance(sem, "acquire", "()", "V", "acquire", Site.Kind.ACQUIRE);
        instance(sem, "acquire", "(I)", "V", "acquire", Site.Kind.ACQUIRE);
        instance(sem, "acquireUninterruptibly", "()", "V", "acquireUninterruptibly", Site.Kind.ACQUIRE);
        instance(sem, "acquireUninterruptibly", "(I)", "V", "acquireUninterruptibly", Site.Kind.ACQUIRE);
        instance(sem, "tryAcquire", "()", "Z", "tryAcquire", Site.Kind.ACQUIRE);
        instance(sem, "tryAcquire", "(I)", "Z", "tryAcquire", Site.Kind.ACQUIRE);
        instance(sem, "tryAcquire", "(J" + tu + ")", "Z", "tryAcquire", Site.Kind.ACQUIRE);
        instance(sem, "tryAcquire", "(IJ" + tu + ")", "Z", "tryAcquire", Site.Kind.ACQUIRE);
        instance(sem, "release", "()", "V", "release", Site.Kind.RELEASE);
        instance(sem, "release", "(I)", "V", "release", Site.Kind.RELEASE);

        String object = "java/lang/Object";
        instance(object, "wait", "()", "V", "waitOn", Site.Kind.BLOCK);
        instance(object, "wait", "(J)", "V", "waitOn", Site.Kind.BLOCK);
        instance(object, "wait", "(JI)", "V", "waitOn", Site.Kind.BLOCK);

        String thread = "java/lang/Thread";
        statik(thread, "sleep", "(J)", "V", "sleep");
        statik(thread, "sleep", "(JI)", "V", "sleep");
        statik(thread, "sleep", "(Ljava/time/Duration;)", "V", "sleep");
        instance(thread, "join", "()", "V", "join", Site.Kind.BLOCK);
        instance(thread, "join", "(J)", "V", "join", Site.Kind.BLOCK);
        instance(thread, "join", "(JI)", "V", "join", Site.Kind.BLOCK);
        instance(thread, "join", "(Ljava/time/Duration;)", "Z", "join", Site.Kind.BLOCK);

        String ls = "java/util/concurrent/locks/LockSupport";
        statik(ls, "park", "()", "V", "park");
        statik(ls, "park", "(Ljava/lang/Object;)", "V", "park");
        statik(ls, "parkNanos", "(J)", "V", "parkNanos");
        statik(ls, "parkNanos", "(Ljava/lang/Object;J)", "V", "parkNanos");
        statik(ls, "parkUntil", "(J)", "V", "parkUntil");
        statik(ls, "parkUntil", "(Ljava/lang/Object;J)", "V", "parkUntil");

        String cond = "java/util/concurrent/locks/Condition";
        instance(cond, "await", "()", "V", "await", Site.Kind.BLOCK);
        instance(cond, "await", "(J" + tu + ")", "Z", "await", Site.Kind.BLOCK);
        instance(cond, "awaitNanos", "(J)", "J", "awaitNanos", Site.Kind.BLOCK);
        instance(cond, "awaitUninterruptibly", "()", "V", "awaitUninterruptibly", Site.Kind.BLOCK);
        instance(cond, "awaitUntil", "(Ljava/util/Date;)", "Z", "awaitUntil", Site.Kind.BLOCK);

        String bq = "java/util/concurrent/BlockingQueue";
        instance(bq, "take", "()", "Ljava/lang/Object;", "take", Site.Kind.BLOCK);
        instance(bq, "put", "(Ljava/lang/Object;)", "V", "put", Site.Kind.BLOCK);
        instance(bq, "poll", "(J" + tu + ")", "Ljava/lang/Object;", "poll", Site.Kind.BLOCK);
        instance(bq, "offer", "(Ljava/lang/Object;J" + tu + ")", "Z", "offer", Site.Kind.BLOCK);
        String future = "java/util/concurrent/Future";
        instance(future, "get", "()", "Ljava/lang/Object;", "get", Site.Kind.BLOCK);
        instance(future, "get", "(J" + tu + ")", "Ljava/lang/Object;", "get", Site.Kind.BLOCK);
        instance("java/util/concurrent/CompletableFuture", "join", "()", "Ljava/lang/Object;", "join", Site.Kind.BLOCK);
        String latch = "java/util/concurrent/CountDownLatch";
        instance(latch, "await", "()", "V", "await", Site.Kind.BLOCK);
        instance(latch, "await", "(J" + tu + ")", "Z", "await", Site.Kind.BLOCK);
        String barrier = "java/util/concurrent/CyclicBarrier";
        instance(barrier, "await", "()", "I", "await", Site.Kind.BLOCK);
        instance(barrier, "await", "(J" + tu + ")", "I", "await", Site.Kind.BLOCK);

        String in = "java/io/InputStream";
        instance(in, "read", "()", "I", "read", Site.Kind.BLOCK);
        instance(in, "read", "([B)", "I", "read", Site.Kind.BLOCK);
        instance(in, "read", "([BII)", "I", "read", Site.Kind.BLOCK);
        instance(in, "readNBytes", "([BII)", "I", "readNBytes", Site.Kind.BLOCK);
        String out = "java/io/OutputStream";
        instance(out, "write", "(I)", "V", "write", Site.Kind.BLOCK);
        instance(out, "write", "([B)", "V", "write", Site.Kind.BLOCK);
        instance(out, "write", "([BII)", "V", "write", Site.Kind.BLOCK);
        String sc = "java/nio/channels/SocketChannel";
        String bb = "Ljava/nio/ByteBuffer;";
        instance(sc, "read", "(" + bb + ")", "I", "read", Site.Kind.BLOCK);
        instance(sc, "read", "([" + bb + ")", "J", "read", Site.Kind.BLOCK);
        instance(sc, "read", "([" + bb + "II)", "J", "read", Site.Kind.BLOCK);
        instance(sc, "write", "(" + bb + ")", "I", "write", Site.Kind.BLOCK);
        instance(sc, "write", "([" + bb + ")", "J", "write", Site.Kind.BLOCK);
        instance(sc, "write", "([" + bb + "II)", "J", "write", Site.Kind.BLOCK);
        instance("java/nio/channels/ServerSocketChannel", "accept", "()", "Ljava/nio/channels/SocketChannel;",
                "accept", Site.Kind.BLOCK);
        instance("java/net/ServerSocket", "accept", "()", "Ljava/net/Socket;", "accept", Site.Kind.BLOCK);
        String sel = "java/nio/channels/Selector";
        instance(sel, "select", "()", "I", "select", Site.Kind.BLOCK);
        instance(sel, "select", "(J)", "I", "select", Site.Kind.BLOCK);
        instance(sel, "select", "(Ljava/util/function/Consumer;)", "I", "select", Site.Kind.BLOCK);
        instance(sel, "select", "(Ljava/util/function/Consumer;J)", "I", "select", Site.Kind.BLOCK);
    }

    private void instance(String type, String name, String args, String ret, String hook, Site.Kind kind) {
        byNameArgs.computeIfAbsent(name + args, k -> new ArrayList<>())
                .add(new Entry(type, name, args, ret, false, hook, kind));
    }

    private void statik(String type, String name, String args, String ret, String hook) {
        byNameArgs.computeIfAbsent(name + args, k -> new ArrayList<>())
                .add(new Entry(type, name, args, ret, true, hook, Site.Kind.BLOCK));
    }

    /** The entries whose name and argument types are those of {@code name}{@code desc}. */
    List<Entry> candidates(String name, String desc) {
        return byNameArgs.getOrDefault(name + desc.substring(0, desc.indexOf(')') + 1), List.of());
    }

    /** Types whose allocation ({@code new}) the agent records as a lock's allocation site. */
    static final List<String> LOCK_TYPES = List.of("java/util/concurrent/locks/Lock",
            "java/util/concurrent/locks/ReadWriteLock", "java/util/concurrent/Semaphore");
}
