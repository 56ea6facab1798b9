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
 * <table>
 *   <caption>Which mutex each named section takes</caption>
 *   <tr><th></th><th>ALLFUNC (whole call)</th><th>COMM (path to a peer)</th><th>REQUEST_POOL</th>
 *       <th>REFCOUNT (when not atomic)</th></tr>
 *   <tr><td>GLOBAL</td><td>rank mutex, released while blocked</td><td>-</td><td>- (lock-free)</td>
 *       <td>- (atomic)</td></tr>
 *   <tr><td>BRIEF_GLOBAL</td><td>-</td><td>rank mutex</td><td>rank mutex</td><td>rank mutex</td></tr>
 *   <tr><td>PER_OBJECT</td><td>-</td><td>one mutex per peer</td><td>the pool's mutex</td>
 *       <td>the request's mutex</td></tr>
 *   <tr><td>LOCK_FREE</td><td>-</td><td>-</td><td>- (lock-free)</td><td>- (always atomic)</td></tr>
 *   <tr><td>LOCK_AROUND_CALL</td><td>rank mutex, kept while blocked (unsafe)</td><td>-</td><td>-</td>
 *       <td>-</td></tr>
 * </table>
 * The context-id allocator keeps its own mutex under every granularity (Gropp &amp; Thakur Fig. 3 needs
 * one; a lock-free Fig. 3 is not attempted), so {@link Section#CONTEXT_ID} is not taken by the core.
 * Below {@code THREAD_MULTIPLE} nothing is ever locked (Gropp &amp; Thakur's "runtime" configuration):
 * {@link #unlocked()} is used.
 *
 * <p>Why GLOBAL leaves the pool and the counts to lock-free code: in MPICH the ALLFUNC mutex covers
 * them because only the process's own threads touch its requests. Here a peer rank's thread completes
 * this rank's requests (it drops a reference and may recycle the request into this rank's pool) without
 * holding this rank's ALLFUNC mutex, so those two must be safe on their own. Under BRIEF_GLOBAL the peer
 * takes this rank's mutex for them; that cannot deadlock because reference counts and pools are only
 * touched outside every other section (a thread never holds one rank's mutex while taking another's).
 *
 * <p>Structures shared with other ranks (matching engines, packets) synchronize themselves whatever the
 * granularity: in one JVM another rank's sender is a concurrent thread even when this rank has only one.
 *
 * <p>Counting (Balaji et al. Table 1 and Figs. 4, 6, 8): when enabled, every acquisition of a mutex of a
 * named section (ALLFUNC included) is counted and the time spent waiting for a contended one is summed.
 * Off by default; when off, the only cost is one final-field test.
 *
 * <p>Invariant: a thread holds the rank mutex in {@code ALLFUNC} only between {@link #enterCall} and
 * {@link #exitCall()} of its outermost call, and never while parked in a wait (except under
 * LOCK_AROUND_CALL); a call that ends with ERR_ABORTED may not hold it at its end. It holds a COMM,
 * REQUEST_POOL or REFCOUNT mutex only for a bounded step that takes no other rank's mutex and never
 * waits.
 */
public final class CriticalSections {
    private static final CriticalSections UNLOCKED = new CriticalSections(null, false, 0);

    private final Granularity granularity;
    private final ReentrantLock rankMutex;
    private final Map<Section, Lock> sectionLocks = new EnumMap<>(Section.class);
    /** The COMM section per peer world rank; null entries mean no mutex. */
    private final Lock[] peerLocks;
    private final boolean counting;
    /** True if calls take the rank mutex (GLOBAL and LOCK_AROUND_CALL). */
    private final boolean lockAroundCalls;
    private final LongAdder acquisitions = new LongAdder();
    private final LongAdder waitNanos = new LongAdder();

    private CriticalSections(Granularity granularity, boolean counting, int peers) {
        this.granularity = granularity;
        this.counting = counting;
        this.rankMutex = granularity == null ? null : new ReentrantLock();
        this.lockAroundCalls = granularity == Granularity.GLOBAL || granularity == Granularity.LOCK_AROUND_CALL;
        Lock brief = granularity == Granularity.BRIEF_GLOBAL ? new CountingLock(rankMutex) : null;
        for (Section s : Section.values()) {
            sectionLocks.put(s, s == Section.ALLFUNC ? NoLock.INSTANCE : lockFor(brief));
        }
        this.peerLocks = new Lock[peers];
        for (int p = 0; p < peers; p++) {
            Lock l = lockFor(brief);
            peerLocks[p] = l == NoLock.INSTANCE ? null : l;
        }
    }

    /**
     * Critical sections for a rank running at {@code THREAD_MULTIPLE} with the given granularity, in a
     * job of {@code peers} ranks (one COMM mutex per peer under PER_OBJECT).
     */
    public static CriticalSections forMultiple(Granularity granularity, boolean counting, int peers) {
        return new CriticalSections(granularity, counting, peers);
    }

    /** As {@link #forMultiple(Granularity, boolean, int)} for a rank with no peers. */
    public static CriticalSections forMultiple(Granularity granularity, boolean counting) {
        return new CriticalSections(granularity, counting, 0);
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

    /** The mutex of one object's section: the shared rank mutex, a fresh mutex, or none. */
    private Lock lockFor(Lock brief) {
        if (granularity == null) {
            return NoLock.INSTANCE;
        }
        return switch (granularity) {
            case GLOBAL, LOCK_AROUND_CALL, LOCK_FREE -> NoLock.INSTANCE;
            case BRIEF_GLOBAL -> brief;
            case PER_OBJECT -> new CountingLock(new ReentrantLock());
        };
    }

    /**
     * The lock of a rank-level named section (acquisitions counted when counting is on); the empty
     * section where the granularity takes no mutex there. ALLFUNC is entered with {@link #enterCall}.
     */
    public Lock section(Section s) {
        return sectionLocks.get(s);
    }

    /** The COMM section of the path to peer {@code worldRank}, or null if the granularity takes no mutex. */
    public Lock comm(int worldRank) {
        return worldRank < peerLocks.length ? peerLocks[worldRank] : null;
    }

    /** The REQUEST_POOL section, or null when the common pool is the lock-free stack (GLOBAL, LOCK_FREE). */
    public Lock requestPool() {
        Lock l = sectionLocks.get(Section.REQUEST_POOL);
        return l == NoLock.INSTANCE ? null : l;
    }

    /**
     * A REFCOUNT section for one new request: null when counts are atomic ({@code atomic}, or a
     * granularity whose peers could not share the section: GLOBAL, LOCK_FREE, none); the rank mutex under
     * BRIEF_GLOBAL; a mutex of the request's own under PER_OBJECT.
     */
    public Lock newRefCountLock(boolean atomic) {
        if (atomic || granularity == null) {
            return null;
        }
        return switch (granularity) {
            case BRIEF_GLOBAL -> sectionLocks.get(Section.REFCOUNT);
            case PER_OBJECT -> new CountingLock(new ReentrantLock());
            default -> null;
        };
    }

    /** Enters the ALLFUNC section at the start of an outermost call. */
    public void enterCall(BooleanSupplier aborted) {
        if (lockAroundCalls) {
            acquire(rankMutex, aborted);
        }
    }

    /**
     * Leaves the ALLFUNC section at the end of an outermost call. The mutex may not be held: under
     * GLOBAL a call whose wait ended by abort may fail to take it back ({@link #afterBlocking} then throws
     * ERR_ABORTED), and the call must still end with that error, not with an unlock of a mutex it does not
     * hold.
     */
    public void exitCall() {
        if (lockAroundCalls && rankMutex.isHeldByCurrentThread()) {
            rankMutex.unlock();
        }
    }

    /** Called by a thread about to wait inside a call: under GLOBAL, lets the rank's other threads in. */
    public void beforeBlocking() {
        if (granularity == Granularity.GLOBAL && rankMutex.isHeldByCurrentThread()) {
            rankMutex.unlock();
        }
    }

    /**
     * Called after the wait: under GLOBAL, takes the mutex back; throws ERR_ABORTED (without the mutex) if
     * the job is aborted while it waits for it.
     */
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
