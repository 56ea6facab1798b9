package org.mpiverify.locks.runtime;

import java.util.concurrent.BlockingQueue;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Hooks for the blocking operations of {@code java.util.concurrent}'s queues and synchronizers: {@code BlockingQueue}
 * {@code take}, {@code put} and their timed forms, {@code Future.get}, {@code CompletableFuture.join} (not blocking when
 * already done), {@code CountDownLatch} (not when already open) and {@code CyclicBarrier} waits.
 *
 * <p>As in every hook class of this package ({@link CallHooks} lists them), the methods here are called by the
 * agent's rewritten code, with the site's id ({@link Sites}) last: in place of an operation, with its receiver and
 * arguments, performing it themselves so that its semantics (exceptions included) are the original's; or beside an
 * operation that cannot be performed on the program's behalf (monitors, the entry and exits of a call). They record
 * what happened in the calling thread's {@link ThreadState}. The bookkeeping never throws into the program: a
 * failure is counted ({@link AuditState#internalErrors()}) and the program goes on.
 *
 * <p>Thread safety: every hook runs on the calling thread and touches only that thread's state and the
 * concurrent tables of {@link AuditState}.
 */
public final class SynchronizerHooks {
    private SynchronizerHooks() { }

    public static Object take(BlockingQueue<?> q, int site) throws InterruptedException {
        long t0 = Blocking.begin(site);
        try {
            return q.take();
        } finally {
            Blocking.end(t0);
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    public static void put(BlockingQueue q, Object e, int site) throws InterruptedException {
        long t0 = Blocking.begin(site);
        try {
            q.put(e);
        } finally {
            Blocking.end(t0);
        }
    }

    public static Object poll(BlockingQueue<?> q, long time, TimeUnit unit, int site) throws InterruptedException {
        long t0 = Blocking.begin(site);
        try {
            return q.poll(time, unit);
        } finally {
            Blocking.end(t0);
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    public static boolean offer(BlockingQueue q, Object e, long time, TimeUnit unit, int site)
            throws InterruptedException {
        long t0 = Blocking.begin(site);
        try {
            return q.offer(e, time, unit);
        } finally {
            Blocking.end(t0);
        }
    }

    public static Object get(Future<?> f, int site) throws InterruptedException, ExecutionException {
        long t0 = f.isDone() ? -1 : Blocking.begin(site);
        try {
            return f.get();
        } finally {
            Blocking.end(t0);
        }
    }

    public static Object get(Future<?> f, long time, TimeUnit unit, int site)
            throws InterruptedException, ExecutionException, TimeoutException {
        long t0 = f.isDone() ? -1 : Blocking.begin(site);
        try {
            return f.get(time, unit);
        } finally {
            Blocking.end(t0);
        }
    }

    public static Object join(CompletableFuture<?> f, int site) {
        long t0 = f.isDone() ? -1 : Blocking.begin(site);
        try {
            return f.join();
        } finally {
            Blocking.end(t0);
        }
    }

    public static void await(CountDownLatch l, int site) throws InterruptedException {
        long t0 = l.getCount() == 0 ? -1 : Blocking.begin(site);
        try {
            l.await();
        } finally {
            Blocking.end(t0);
        }
    }

    public static boolean await(CountDownLatch l, long time, TimeUnit unit, int site) throws InterruptedException {
        long t0 = l.getCount() == 0 ? -1 : Blocking.begin(site);
        try {
            return l.await(time, unit);
        } finally {
            Blocking.end(t0);
        }
    }

    public static int await(CyclicBarrier b, int site) throws InterruptedException, BrokenBarrierException {
        long t0 = Blocking.begin(site);
        try {
            return b.await();
        } finally {
            Blocking.end(t0);
        }
    }

    public static int await(CyclicBarrier b, long time, TimeUnit unit, int site)
            throws InterruptedException, BrokenBarrierException, TimeoutException {
        long t0 = Blocking.begin(site);
        try {
            return b.await(time, unit);
        } finally {
            Blocking.end(t0);
        }
    }
}
