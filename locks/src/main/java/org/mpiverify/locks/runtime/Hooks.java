package org.mpiverify.locks.runtime;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.channels.SelectableChannel;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.Date;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.function.Consumer;

/**
 * The static methods the agent's rewritten code calls. A rewritten call site calls the hook instead of
 * the operation, with the same receiver and arguments plus the site's id; the hook performs the
 * operation itself, so its semantics (exceptions included) are the original's, and records what
 * happened in the calling thread's {@link ThreadState}. Monitors and {@code synchronized} methods cannot
 * be called on behalf of the program, so their hooks run beside the {@code monitorenter}/{@code monitorexit}
 * instructions and at the method's entry and exits.
 *
 * <p>The bookkeeping never throws into the program: a failure is counted
 * ({@link AuditState#internalErrors()}) and the program goes on.
 */
public final class Hooks {
    private static final ClassValue<Boolean> SOCKET_STREAM = new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> type) {
            String n = type.getName();
            return (n.startsWith("java.net.") || n.startsWith("sun.nio.ch.")) && n.contains("Socket");
        }
    };

    private Hooks() { }

    // ---- java.util.concurrent.locks.Lock -------------------------------------------------------------

    public static void lock(Lock l, int site) {
        ThreadState ts = ThreadState.current();
        if (ts.lockOpDepth > 0) {
            l.lock();
            ts.nestedAcquired(l);
            return;
        }
        long t0 = ts.beginAcquire(l);
        boolean ok = false;
        try {
            l.lock();
            ok = true;
        } finally {
            ts.endAcquire(l, LockNode.EXCLUSIVE, 1, site, t0, ok, true);
        }
    }

    public static void lockInterruptibly(Lock l, int site) throws InterruptedException {
        ThreadState ts = ThreadState.current();
        if (ts.lockOpDepth > 0) {
            l.lockInterruptibly();
            ts.nestedAcquired(l);
            return;
        }
        long t0 = ts.beginAcquire(l);
        boolean ok = false;
        try {
            l.lockInterruptibly();
            ok = true;
        } finally {
            ts.endAcquire(l, LockNode.EXCLUSIVE, 1, site, t0, ok, true);
        }
    }

    public static boolean tryLock(Lock l, int site) {
        ThreadState ts = ThreadState.current();
        if (ts.lockOpDepth > 0) {
            boolean r = l.tryLock();
            if (r) {
                ts.nestedAcquired(l);
            }
            return r;
        }
        long t0 = ts.beginAcquire(l);
        boolean ok = false;
        try {
            ok = l.tryLock();
            return ok;
        } finally {
            ts.endAcquire(l, LockNode.EXCLUSIVE, 1, site, t0, ok, false);
        }
    }

    public static boolean tryLock(Lock l, long time, TimeUnit unit, int site) throws InterruptedException {
        ThreadState ts = ThreadState.current();
        if (ts.lockOpDepth > 0) {
            boolean r = l.tryLock(time, unit);
            if (r) {
                ts.nestedAcquired(l);
            }
            return r;
        }
        long t0 = ts.beginAcquire(l);
        boolean ok = false;
        try {
            ok = l.tryLock(time, unit);
            return ok;
        } finally {
            ts.endAcquire(l, LockNode.EXCLUSIVE, 1, site, t0, ok, true);
        }
    }

    public static void unlock(Lock l, int site) {
        ThreadState ts = ThreadState.current();
        if (ts.lockOpDepth > 0) {
            l.unlock();
            ts.nestedReleased(l);
            return;
        }
        ts.lockOpDepth++;
        try {
            l.unlock();
        } finally {
            ts.lockOpDepth--;
        }
        ts.released(l, 1, site);
    }

    public static Condition newCondition(Lock l, int site) {
        Condition c = l.newCondition();
        try {
            AuditState.NODES.conditionOf(c, AuditState.NODES.nodeFor(l, ThreadState.current().probe));
        } catch (Throwable e) {
            AuditState.internalError(e);
        }
        return c;
    }

    public static Lock readLock(ReadWriteLock rw, int site) {
        Lock v = rw.readLock();
        view(v, rw, LockNode.SHARED);
        return v;
    }

    public static Lock writeLock(ReadWriteLock rw, int site) {
        Lock v = rw.writeLock();
        view(v, rw, LockNode.EXCLUSIVE);
        return v;
    }

    private static void view(Lock view, ReadWriteLock rw, int mode) {
        try {
            ThreadState ts = ThreadState.current();
            LockNode v = AuditState.NODES.nodeFor(view, ts.probe);
            if (v.viewMode < 0) {
                v.aliasOf = AuditState.NODES.nodeFor(rw, ts.probe);
                v.viewMode = mode;
            }
        } catch (Throwable e) {
            AuditState.internalError(e);
        }
    }

    /** A lock, read-write lock or semaphore was allocated at {@code site}. */
    public static void created(Object lock, int site) {
        try {
            LockNode n = AuditState.NODES.nodeFor(lock, ThreadState.current().probe);
            if (n.allocSite < 0) {
                n.allocSite = site;
            }
        } catch (Throwable e) {
            AuditState.internalError(e);
        }
    }

    // ---- Semaphore: permits are locks too -------------------------------------------------------------

    public static void acquire(Semaphore s, int site) throws InterruptedException {
        acquire(s, 1, site);
    }

    public static void acquire(Semaphore s, int permits, int site) throws InterruptedException {
        ThreadState ts = ThreadState.current();
        if (ts.lockOpDepth > 0) {
            s.acquire(permits);
            return;
        }
        long t0 = ts.beginAcquire(s);
        boolean ok = false;
        try {
            s.acquire(permits);
            ok = true;
        } finally {
            ts.endAcquire(s, LockNode.PERMIT, permits, site, t0, ok, true);
        }
    }

    public static void acquireUninterruptibly(Semaphore s, int site) {
        acquireUninterruptibly(s, 1, site);
    }

    public static void acquireUninterruptibly(Semaphore s, int permits, int site) {
        ThreadState ts = ThreadState.current();
        if (ts.lockOpDepth > 0) {
            s.acquireUninterruptibly(permits);
            return;
        }
        long t0 = ts.beginAcquire(s);
        boolean ok = false;
        try {
            s.acquireUninterruptibly(permits);
            ok = true;
        } finally {
            ts.endAcquire(s, LockNode.PERMIT, permits, site, t0, ok, true);
        }
    }

    public static boolean tryAcquire(Semaphore s, int site) {
        return tryAcquire(s, 1, site);
    }

    public static boolean tryAcquire(Semaphore s, int permits, int site) {
        ThreadState ts = ThreadState.current();
        if (ts.lockOpDepth > 0) {
            return s.tryAcquire(permits);
        }
        long t0 = ts.beginAcquire(s);
        boolean ok = false;
        try {
            ok = s.tryAcquire(permits);
            return ok;
        } finally {
            ts.endAcquire(s, LockNode.PERMIT, permits, site, t0, ok, false);
        }
    }

    public static boolean tryAcquire(Semaphore s, long time, TimeUnit unit, int site) throws InterruptedException {
        return tryAcquire(s, 1, time, unit, site);
    }

    public static boolean tryAcquire(Semaphore s, int permits, long time, TimeUnit unit, int site)
            throws InterruptedException {
        ThreadState ts = ThreadState.current();
        if (ts.lockOpDepth > 0) {
            return s.tryAcquire(permits, time, unit);
        }
        long t0 = ts.beginAcquire(s);
        boolean ok = false;
        try {
            ok = s.tryAcquire(permits, time, unit);
            return ok;
        } finally {
            ts.endAcquire(s, LockNode.PERMIT, permits, site, t0, ok, true);
        }
    }

    public static void release(Semaphore s, int site) {
        release(s, 1, site);
    }

    public static void release(Semaphore s, int permits, int site) {
        s.release(permits);
        ThreadState ts = ThreadState.current();
        if (ts.lockOpDepth == 0) {
            ts.released(s, permits, site);
        }
    }

    // ---- monitors ------------------------------------------------------------------------------------

    /** Just before {@code monitorenter} on {@code o}. */
    public static void monitorEntering(Object o, int site) {
        ThreadState ts = ThreadState.current();
        if (ts.lockOpDepth == 0) {
            ts.beginMonitor(o);
        }
    }

    /** Just after {@code monitorenter} on {@code o}. */
    public static void monitorEntered(Object o, int site) {
        ThreadState ts = ThreadState.current();
        if (ts.lockOpDepth > 0) {
            ts.nestedAcquired(o);
            return;
        }
        ts.endMonitor(o, site);
    }

    /** Just after {@code monitorexit} on {@code o}. */
    public static void monitorExited(Object o, int site) {
        ThreadState ts = ThreadState.current();
        if (ts.lockOpDepth > 0) {
            ts.nestedReleased(o);
            return;
        }
        ts.released(o, 1, site);
    }

    /** First instruction of a {@code synchronized} method: the JVM holds the monitor of {@code o} already. */
    public static void syncMethodEntered(Object o, int site) {
        ThreadState ts = ThreadState.current();
        if (ts.lockOpDepth > 0) {
            ts.nestedAcquired(o);
            return;
        }
        ts.acquired(o, LockNode.EXCLUSIVE, 1, site, 0);
    }

    /** Before every exit of a {@code synchronized} method. */
    public static void syncMethodExiting(Object o, int site) {
        monitorExited(o, site);
    }

    // ---- MPI calls -----------------------------------------------------------------------------------

    /** Entering a hand-made lock's acquire method ({@code spinlocks=}): its parks are lock waits, not blocking. */
    public static void spinLockEnter() {
        ThreadState.current().lockOpDepth++;
    }

    public static void spinLockExit() {
        ThreadState.current().lockOpDepth--;
    }

    public static void callEnter(int callId) {
        ThreadState.current().callEnter(callId);
    }

    public static void callExit(int callId) {
        ThreadState.current().callExit(null);
    }

    public static void callThrew(Throwable t, int callId) {
        ThreadState.current().callExit(t);
    }

    // ---- blocking operations -------------------------------------------------------------------------

    private static long blocking(int site) {
        return ThreadState.current().beginBlocking(site, null);
    }

    private static void done(long t0) {
        if (t0 >= 0) {
            ThreadState.current().endBlocking(t0);
        }
    }

    public static void waitOn(Object o, int site) throws InterruptedException {
        ThreadState ts = ThreadState.current();
        long t0 = ts.lockOpDepth > 0 ? -1 : ts.beginBlocking(site, ts.nodeOf(o));
        try {
            o.wait();
        } finally {
            done(t0);
        }
    }

    public static void waitOn(Object o, long millis, int site) throws InterruptedException {
        ThreadState ts = ThreadState.current();
        long t0 = ts.lockOpDepth > 0 ? -1 : ts.beginBlocking(site, ts.nodeOf(o));
        try {
            o.wait(millis);
        } finally {
            done(t0);
        }
    }

    public static void waitOn(Object o, long millis, int nanos, int site) throws InterruptedException {
        ThreadState ts = ThreadState.current();
        long t0 = ts.lockOpDepth > 0 ? -1 : ts.beginBlocking(site, ts.nodeOf(o));
        try {
            o.wait(millis, nanos);
        } finally {
            done(t0);
        }
    }

    private static long awaiting(Condition c, int site) {
        ThreadState ts = ThreadState.current();
        if (ts.lockOpDepth > 0) {
            return -1;
        }
        LockNode lock = ts.lockOfCondition(c);
        return ts.beginBlocking(site, lock == null ? null : lock.resolve());
    }

    public static void await(Condition c, int site) throws InterruptedException {
        long t0 = awaiting(c, site);
        try {
            c.await();
        } finally {
            done(t0);
        }
    }

    public static boolean await(Condition c, long time, TimeUnit unit, int site) throws InterruptedException {
        long t0 = awaiting(c, site);
        try {
            return c.await(time, unit);
        } finally {
            done(t0);
        }
    }

    public static long awaitNanos(Condition c, long nanos, int site) throws InterruptedException {
        long t0 = awaiting(c, site);
        try {
            return c.awaitNanos(nanos);
        } finally {
            done(t0);
        }
    }

    public static void awaitUninterruptibly(Condition c, int site) {
        long t0 = awaiting(c, site);
        try {
            c.awaitUninterruptibly();
        } finally {
            done(t0);
        }
    }

    public static boolean awaitUntil(Condition c, Date deadline, int site) throws InterruptedException {
        long t0 = awaiting(c, site);
        try {
            return c.awaitUntil(deadline);
        } finally {
            done(t0);
        }
    }

    public static void sleep(long millis, int site) throws InterruptedException {
        long t0 = blocking(site);
        try {
            Thread.sleep(millis);
        } finally {
            done(t0);
        }
    }

    public static void sleep(long millis, int nanos, int site) throws InterruptedException {
        long t0 = blocking(site);
        try {
            Thread.sleep(millis, nanos);
        } finally {
            done(t0);
        }
    }

    public static void sleep(Duration d, int site) throws InterruptedException {
        long t0 = blocking(site);
        try {
            Thread.sleep(d);
        } finally {
            done(t0);
        }
    }

    public static void join(Thread t, int site) throws InterruptedException {
        long t0 = blocking(site);
        try {
            t.join();
        } finally {
            done(t0);
        }
    }

    public static void join(Thread t, long millis, int site) throws InterruptedException {
        long t0 = blocking(site);
        try {
            t.join(millis);
        } finally {
            done(t0);
        }
    }

    public static void join(Thread t, long millis, int nanos, int site) throws InterruptedException {
        long t0 = blocking(site);
        try {
            t.join(millis, nanos);
        } finally {
            done(t0);
        }
    }

    public static boolean join(Thread t, Duration d, int site) throws InterruptedException {
        long t0 = blocking(site);
        try {
            return t.join(d);
        } finally {
            done(t0);
        }
    }

    public static void park(int site) {
        long t0 = blocking(site);
        try {
            LockSupport.park();
        } finally {
            done(t0);
        }
    }

    public static void park(Object blocker, int site) {
        long t0 = blocking(site);
        try {
            LockSupport.park(blocker);
        } finally {
            done(t0);
        }
    }

    public static void parkNanos(long nanos, int site) {
        long t0 = blocking(site);
        try {
            LockSupport.parkNanos(nanos);
        } finally {
            done(t0);
        }
    }

    public static void parkNanos(Object blocker, long nanos, int site) {
        long t0 = blocking(site);
        try {
            LockSupport.parkNanos(blocker, nanos);
        } finally {
            done(t0);
        }
    }

    public static void parkUntil(long deadline, int site) {
        long t0 = blocking(site);
        try {
            LockSupport.parkUntil(deadline);
        } finally {
            done(t0);
        }
    }

    public static void parkUntil(Object blocker, long deadline, int site) {
        long t0 = blocking(site);
        try {
            LockSupport.parkUntil(blocker, deadline);
        } finally {
            done(t0);
        }
    }

    public static Object take(BlockingQueue<?> q, int site) throws InterruptedException {
        long t0 = blocking(site);
        try {
            return q.take();
        } finally {
            done(t0);
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    public static void put(BlockingQueue q, Object e, int site) throws InterruptedException {
        long t0 = blocking(site);
        try {
            q.put(e);
        } finally {
            done(t0);
        }
    }

    public static Object poll(BlockingQueue<?> q, long time, TimeUnit unit, int site) throws InterruptedException {
        long t0 = blocking(site);
        try {
            return q.poll(time, unit);
        } finally {
            done(t0);
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    public static boolean offer(BlockingQueue q, Object e, long time, TimeUnit unit, int site)
            throws InterruptedException {
        long t0 = blocking(site);
        try {
            return q.offer(e, time, unit);
        } finally {
            done(t0);
        }
    }

    public static Object get(Future<?> f, int site) throws InterruptedException, ExecutionException {
        long t0 = f.isDone() ? -1 : blocking(site);
        try {
            return f.get();
        } finally {
            done(t0);
        }
    }

    public static Object get(Future<?> f, long time, TimeUnit unit, int site)
            throws InterruptedException, ExecutionException, TimeoutException {
        long t0 = f.isDone() ? -1 : blocking(site);
        try {
            return f.get(time, unit);
        } finally {
            done(t0);
        }
    }

    public static Object join(CompletableFuture<?> f, int site) {
        long t0 = f.isDone() ? -1 : blocking(site);
        try {
            return f.join();
        } finally {
            done(t0);
        }
    }

    public static void await(CountDownLatch l, int site) throws InterruptedException {
        long t0 = l.getCount() == 0 ? -1 : blocking(site);
        try {
            l.await();
        } finally {
            done(t0);
        }
    }

    public static boolean await(CountDownLatch l, long time, TimeUnit unit, int site) throws InterruptedException {
        long t0 = l.getCount() == 0 ? -1 : blocking(site);
        try {
            return l.await(time, unit);
        } finally {
            done(t0);
        }
    }

    public static int await(CyclicBarrier b, int site) throws InterruptedException, BrokenBarrierException {
        long t0 = blocking(site);
        try {
            return b.await();
        } finally {
            done(t0);
        }
    }

    public static int await(CyclicBarrier b, long time, TimeUnit unit, int site)
            throws InterruptedException, BrokenBarrierException, TimeoutException {
        long t0 = blocking(site);
        try {
            return b.await(time, unit);
        } finally {
            done(t0);
        }
    }

    // ---- sockets and channels ------------------------------------------------------------------------

    private static long socketStream(Object stream, int site) {
        return SOCKET_STREAM.get(stream.getClass()) ? blocking(site) : -1;
    }

    public static int read(InputStream in, int site) throws IOException {
        long t0 = socketStream(in, site);
        try {
            return in.read();
        } finally {
            done(t0);
        }
    }

    public static int read(InputStream in, byte[] b, int site) throws IOException {
        long t0 = socketStream(in, site);
        try {
            return in.read(b);
        } finally {
            done(t0);
        }
    }

    public static int read(InputStream in, byte[] b, int off, int len, int site) throws IOException {
        long t0 = socketStream(in, site);
        try {
            return in.read(b, off, len);
        } finally {
            done(t0);
        }
    }

    public static int readNBytes(InputStream in, byte[] b, int off, int len, int site) throws IOException {
        long t0 = socketStream(in, site);
        try {
            return in.readNBytes(b, off, len);
        } finally {
            done(t0);
        }
    }

    public static void write(OutputStream out, int b, int site) throws IOException {
        long t0 = socketStream(out, site);
        try {
            out.write(b);
        } finally {
            done(t0);
        }
    }

    public static void write(OutputStream out, byte[] b, int site) throws IOException {
        long t0 = socketStream(out, site);
        try {
            out.write(b);
        } finally {
            done(t0);
        }
    }

    public static void write(OutputStream out, byte[] b, int off, int len, int site) throws IOException {
        long t0 = socketStream(out, site);
        try {
            out.write(b, off, len);
        } finally {
            done(t0);
        }
    }

    private static long channel(SelectableChannel ch, int site) {
        return ch.isBlocking() ? blocking(site) : -1;
    }

    public static int read(SocketChannel ch, ByteBuffer dst, int site) throws IOException {
        long t0 = channel(ch, site);
        try {
            return ch.read(dst);
        } finally {
            done(t0);
        }
    }

    public static long read(SocketChannel ch, ByteBuffer[] dsts, int site) throws IOException {
        long t0 = channel(ch, site);
        try {
            return ch.read(dsts);
        } finally {
            done(t0);
        }
    }

    public static long read(SocketChannel ch, ByteBuffer[] dsts, int off, int len, int site) throws IOException {
        long t0 = channel(ch, site);
        try {
            return ch.read(dsts, off, len);
        } finally {
            done(t0);
        }
    }

    public static int write(SocketChannel ch, ByteBuffer src, int site) throws IOException {
        long t0 = channel(ch, site);
        try {
            return ch.write(src);
        } finally {
            done(t0);
        }
    }

    public static long write(SocketChannel ch, ByteBuffer[] srcs, int site) throws IOException {
        long t0 = channel(ch, site);
        try {
            return ch.write(srcs);
        } finally {
            done(t0);
        }
    }

    public static long write(SocketChannel ch, ByteBuffer[] srcs, int off, int len, int site) throws IOException {
        long t0 = channel(ch, site);
        try {
            return ch.write(srcs, off, len);
        } finally {
            done(t0);
        }
    }

    public static SocketChannel accept(ServerSocketChannel ch, int site) throws IOException {
        long t0 = channel(ch, site);
        try {
            return ch.accept();
        } finally {
            done(t0);
        }
    }

    public static Socket accept(ServerSocket s, int site) throws IOException {
        long t0 = blocking(site);
        try {
            return s.accept();
        } finally {
            done(t0);
        }
    }

    public static int select(Selector s, int site) throws IOException {
        long t0 = blocking(site);
        try {
            return s.select();
        } finally {
            done(t0);
        }
    }

    public static int select(Selector s, long timeout, int site) throws IOException {
        long t0 = blocking(site);
        try {
            return s.select(timeout);
        } finally {
            done(t0);
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    public static int select(Selector s, Consumer action, int site) throws IOException {
        long t0 = blocking(site);
        try {
            return s.select(action);
        } finally {
            done(t0);
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    public static int select(Selector s, Consumer action, long timeout, int site) throws IOException {
        long t0 = blocking(site);
        try {
            return s.select(action, timeout);
        } finally {
            done(t0);
        }
    }
}
