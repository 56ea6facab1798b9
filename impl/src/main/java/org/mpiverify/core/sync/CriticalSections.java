package org.mpiverify.core.sync;

import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;
import org.mpiverify.mpi.ErrorClass;
import org.mpiverify.mpi.MpiException;

/**
 * A rank's critical sections, with the granularity of Balaji et al. §4 chosen at start-up.
 *
 * <ul>
 *   <li>{@link Granularity#GLOBAL}: {@link #enterCall()} takes the rank's one mutex for the whole call;
 *       {@link #beforeBlocking()} releases it while the call waits and {@link #afterBlocking} takes it back,
 *       so a blocked call never keeps another thread of the rank out (Gropp &amp; Thakur Fig. 2). Named
 *       sections are empty: the call already holds the mutex.
 *   <li>{@link Granularity#BRIEF_GLOBAL}: calls take nothing; every named section takes the rank's one mutex.
 *   <li>{@link Granularity#PER_OBJECT}: calls take nothing; each named section has a mutex of its own.
 *   <li>{@link Granularity#LOCK_AROUND_CALL} (unsafe, experimental): like GLOBAL but the mutex is kept while
 *       the call blocks.
 * </ul>
 * Below {@code THREAD_MULTIPLE} nothing is ever locked (Gropp &amp; Thakur's "runtime" configuration):
 * {@link #unlocked()} is used.
 *
 * <p>Structures shared with other ranks (matching engines, pools, request states) synchronize
 * themselves whatever the granularity: in one JVM another rank's sender is a concurrent thread even
 * when this rank has only one.
 *
 * <p>Counting (Balaji et al. Table 1 and Figs. 4, 6, 8): when enabled, every mutex acquisition is counted
 * and the time spent waiting for a contended mutex is summed. Off by default; when off, the only cost is
 * one final-field test.
 *
 * <p>Invariant: a thread holds the rank mutex in {@code ALLFUNC} only between {@link #enterCall()} and
 * {@link #exitCall()} of its outermost call, and never while parked in a wait (except under
 * LOCK_AROUND_CALL).
 */
public final class CriticalSections {
    private static final CriticalSections UNLOCKED = new CriticalSections(null, false);

    private final Granularity granularity;
    private final ReentrantLock rankMutex;
    private final Map<Section, Lock> sectionLocks = new EnumMap<>(Section.class);
    private final boolean counting;
    /** True if calls take the rank mutex (GLOBAL and LOCK_AROUND_CALL). */
    private final boolean lockAroundCalls;
    private final LongAdder acquisitions = new LongAdder();
    private final LongAdder waitNanos = new LongAdder();

    private CriticalSections(Granularity granularity, boolean counting) {
        this.granularity = granularity;
        this.counting = counting;
        this.rankMutex = granularity == null ? null : new ReentrantLock();
        this.lockAroundCalls = granularity == Granularity.GLOBAL || granularity == Granularity.LOCK_AROUND_CALL;
        for (Section s : Section.values()) {
            sectionLocks.put(s, lockFor(s));
        }
    }

    /** Critical sections for a rank running at {@code THREAD_MULTIPLE} with the given granularity. */
    public static CriticalSections forMultiple(Granularity granularity, boolean counting) {
        return new CriticalSections(granularity, counting);
    }

    /** The no-lock sections used below {@code THREAD_MULTIPLE}. */
    public static CriticalSections unlocked() {
        return UNLOCKED;
    }

    public Granularity granularity() {
        return granularity;
    }

    public boolean isLocking() {
        return granularity != null;
    }

    private Lock lockFor(Section s) {
        if (granularity == null) {
            return NoLock.INSTANCE;
        }
        return switch (granularity) {
            case GLOBAL, LOCK_AROUND_CALL -> NoLock.INSTANCE;
            case BRIEF_GLOBAL -> new CountingLock(rankMutex);
            case PER_OBJECT -> new CountingLock(new ReentrantLock());
        };
    }

    /** The lock of a named section (acquisitions counted when counting is on). */
    public Lock section(Section s) {
        return sectionLocks.get(s);
    }

    /** Enters the ALLFUNC section at the start of an outermost call. */
    public void enterCall(BooleanSupplier aborted) {
        if (lockAroundCalls) {
            acquire(rankMutex, aborted);
        }
    }

    /** Leaves the ALLFUNC section at the end of an outermost call. */
    public void exitCall() {
        if (lockAroundCalls) {
            rankMutex.unlock();
        }
    }

    /** Called by a thread about to wait inside a call: under GLOBAL, lets the rank's other threads in. */
    public void beforeBlocking() {
        if (granularity == Granularity.GLOBAL && rankMutex.isHeldByCurrentThread()) {
            rankMutex.unlock();
        }
    }

    /** Called after the wait: under GLOBAL, takes the mutex back. */
    public void afterBlocking(BooleanSupplier aborted) {
        if (granularity == Granularity.GLOBAL) {
            acquire(rankMutex, aborted);
        }
    }

    /** Mutex acquisitions counted so far (0 unless counting). */
    public long acquisitions() {
        return acquisitions.sum();
    }

    /** Nanoseconds spent waiting for contended mutexes (0 unless counting). */
    public long waitNanos() {
        return waitNanos.sum();
    }

    private void acquire(ReentrantLock lock, BooleanSupplier aborted) {
        if (counting) {
            acquisitions.increment();
            if (lock.tryLock()) {
                return;
            }
            long t0 = System.nanoTime();
            lockBounded(lock, aborted);
            waitNanos.add(System.nanoTime() - t0);
        } else if (!lock.tryLock()) {
            lockBounded(lock, aborted);
        }
    }

    /** Takes the lock, checking every 50 ms whether the job was aborted (so a deadlocked job can be torn down). */
    private static void lockBounded(ReentrantLock lock, BooleanSupplier aborted) {
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    if (lock.tryLock(50, TimeUnit.MILLISECONDS)) {
                        return;
                    }
                } catch (InterruptedException e) {
                    interrupted = true;
                }
                if (aborted.getAsBoolean()) {
                    throw new MpiException(ErrorClass.ERR_ABORTED, "job aborted while waiting for the rank mutex");
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** A lock that counts its acquisitions and contended wait time into the owning sections. */
    private final class CountingLock implements Lock {
        private final ReentrantLock lock;

        CountingLock(ReentrantLock lock) {
            this.lock = lock;
        }

        @Override
        public void lock() {
            if (!counting) {
                lock.lock();
                return;
            }
            acquisitions.increment();
            if (!lock.tryLock()) {
                long t0 = System.nanoTime();
                lock.lock();
                waitNanos.add(System.nanoTime() - t0);
            }
        }

        @Override
        public void lockInterruptibly() throws InterruptedException {
            if (counting) {
                acquisitions.increment();
            }
            lock.lockInterruptibly();
        }

        @Override
        public boolean tryLock() {
            boolean ok = lock.tryLock();
            if (ok && counting) {
                acquisitions.increment();
            }
            return ok;
        }

        @Override
        public boolean tryLock(long time, TimeUnit unit) throws InterruptedException {
            boolean ok = lock.tryLock(time, unit);
            if (ok && counting) {
                acquisitions.increment();
            }
            return ok;
        }

        @Override
        public void unlock() {
            lock.unlock();
        }

        @Override
        public Condition newCondition() {
            return lock.newCondition();
        }
    }

    /** The empty critical section. */
    enum NoLock implements Lock {
        INSTANCE;

        @Override
        public void lock() {
        }

        @Override
        public void lockInterruptibly() {
        }

        @Override
        public boolean tryLock() {
            return true;
        }

        @Override
        public boolean tryLock(long time, TimeUnit unit) {
            return true;
        }

        @Override
        public void unlock() {
        }

        @Override
        public Condition newCondition() {
            throw new UnsupportedOperationException("the empty critical section has no conditions");
        }
    }
}
