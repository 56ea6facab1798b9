package org.mpiverify.core.sync;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * The threads of one job that are parked in a blocking call, so that an abort can wake every one of
 * them and a thread dump can list them. This is what lets a blocked call park <em>without a
 * timeout</em>: Dang, Snir &amp; Gropp §3.1 want ThreadWait and ThreadSignal to cost O(1) and a waiting
 * thread to cost nothing while it waits, and a wait that parks in time slices to notice an abort costs
 * every parked thread one wake-up per slice. With 10^6 threads blocked in receives and 50 ms slices that
 * would be 2·10^7 wake-ups a second, more than two cores can run. Measured on this core before this
 * class: posting 10^6 receives took 199 s (with the fixed 256-bucket table's scans as the other cost);
 * in a JFR profile of 2·10^5, the timed parks (the JDK's delay scheduler, {@code parkNanos}, re-queueing)
 * were about a third of the samples, and each parked thread held a 72-byte timer task.
 *
 * <p>Protocol. A waiter {@link #add registers} before its last check of the abort flag and parks only
 * if that check says "not aborted"; it {@link #remove deregisters} when it stops waiting. An aborter sets
 * the abort flag first and then calls {@link #wakeAll()}. No abort is lost: both sides take the lock of
 * the waiter's stripe (the waiter to link itself in, the aborter to walk the list), so either the waiter
 * linked itself before the aborter walked its stripe, and is unparked (an unpark before a park makes the
 * park return at once), or it linked itself after, and then the aborter's flag write happens-before the
 * waiter's check of the flag, which sees it.
 *
 * <p>Structure. {@code S} stripes (a power of two, four per processor by default), each a short lock
 * ({@link SpinThenParkLock}) and an intrusive doubly-linked list of {@link Entry}s. A thread registers in
 * the stripe its id hashes to, so registrations from different carriers rarely meet on one lock, and
 * deregistration is O(1). An entry is one small object per wait that actually parks: the fast paths of
 * a wait (the message was already there, or arrived during the bounded spin) never touch this class.
 *
 * <p>Invariants: an entry is linked in exactly one stripe (its own) from the end of {@link #add} to the
 * start of {@link #remove}, and in none otherwise; {@code prev}, {@code next}, a stripe's {@code head}
 * and {@code size} change only under that stripe's lock; no lock is held while any thread waits for
 * anything but that lock, whose critical sections are O(1) (a link, an unlink) or a walk of one
 * stripe that unparks (never blocks).
 *
 * <p>Linearization points: {@code add} and {@code remove} at their acquisition of the stripe lock;
 * {@code wakeAll} is not atomic across stripes (it need not be: the protocol above is per stripe).
 *
 * <p>Memory consistency effects: actions of an aborter before {@link #wakeAll()} happen-before the
 * actions of a registered waiter after it is woken by it, and actions of a waiter before {@link #add}
 * happen-before a {@link #wakeAll()} or {@link #snapshot} that finds it (the stripe lock's
 * release/acquire).
 */
public final class BlockedThreads {
    /** One registered wait: the thread and its links in its stripe. */
    public static final class Entry {
        final Thread thread;
        final Stripe stripe;
        /** Guarded by {@code stripe}. */
        Entry prev, next;

        Entry(Thread thread, Stripe stripe) {
            this.thread = thread;
            this.stripe = stripe;
        }
    }

    /** A lock and the list of entries it guards. */
    static final class Stripe extends SpinThenParkLock {
        /** Guarded by this lock. */
        Entry head;
        /** Entries linked here; guarded by this lock. */
        int size;
    }

    private final Stripe[] stripes;
    private final int mask;
    /**
     * Entries linked or being linked, counted after the link and before the unlink, so that a party that
     * changes a flag and then reads 0 here knows that every waiter that registers later reads the flag after
     * its registration (Dekker pair: {@link #isEmpty}).
     */
    private final AtomicInteger registered = new AtomicInteger();

    /** Four stripes per available processor, rounded up to a power of two. */
    public BlockedThreads() {
        this(4 * Runtime.getRuntime().availableProcessors());
    }

    /** At least {@code stripes} stripes (rounded up to a power of two, at least 1). */
    public BlockedThreads(int stripes) {
        if (stripes < 1 || stripes > (1 << 16)) {
            throw new IllegalArgumentException("stripes " + stripes);
        }
        int n = Integer.highestOneBit(stripes);
        if (n < stripes) {
            n <<= 1;
        }
        this.stripes = new Stripe[n];
        for (int i = 0; i < n; i++) {
            this.stripes[i] = new Stripe();
        }
        this.mask = n - 1;
    }

    /** Registers {@code t} (the caller, about to park); pass the result to {@link #remove} when it stops waiting. */
    public Entry add(Thread t) {
        // Fibonacci mix of the id: virtual threads get consecutive ids, which should land on different stripes.
        Stripe s = stripes[(int) ((t.threadId() * 0x9E3779B97F4A7C15L) >>> 40) & mask];
        Entry e = new Entry(t, s);
        s.lock();
        try {
            Entry h = s.head;
            e.next = h;
            if (h != null) {
                h.prev = e;
            }
            s.head = e;
            s.size++;
        } finally {
            s.unlock();
        }
        registered.incrementAndGet();   // after the link: a waker that sees the count finds the entry
        return e;
    }

    /** Deregisters an entry returned by {@link #add}; call exactly once per entry. */
    public void remove(Entry e) {
        registered.decrementAndGet();
        Stripe s = e.stripe;
        s.lock();
        try {
            Entry p = e.prev, n = e.next;
            if (p == null) {
                s.head = n;
            } else {
                p.next = n;
            }
            if (n != null) {
                n.prev = p;
            }
            e.prev = e.next = null;
            s.size--;
        } finally {
            s.unlock();
        }
    }

    /**
     * Unparks every registered thread. Call after setting the flag the waiters check (see the class
     * comment): a thread that registers later sees the flag instead.
     */
    public void wakeAll() {
        for (Stripe s : stripes) {
            s.lock();
            try {
                for (Entry e = s.head; e != null; e = e.next) {
                    LockSupport.unpark(e.thread);
                }
            } finally {
                s.unlock();
            }
        }
    }

    /**
     * True if no thread is registered or registering (one volatile read). A party that sets a flag the
     * waiters check after registering and then finds this false must {@link #wakeAll()}; if it finds it true,
     * every waiter registering afterwards sees the flag (both sides write, then read: sequentially
     * consistent volatiles).
     */
    public boolean isEmpty() {
        return registered.get() == 0;
    }

    /** Up to {@code max} of the registered threads (each stripe read under its lock), for thread dumps. */
    public List<Thread> snapshot(int max) {
        List<Thread> out = new ArrayList<>();
        for (Stripe s : stripes) {
            s.lock();
            try {
                for (Entry e = s.head; e != null && out.size() < max; e = e.next) {
                    out.add(e.thread);
                }
            } finally {
                s.unlock();
            }
        }
        return out;
    }

    /** Number of registered waits (each stripe counted under its lock; exact when quiescent). */
    public int size() {
        int n = 0;
        for (Stripe s : stripes) {
            s.lock();
            try {
                n += s.size;
            } finally {
                s.unlock();
            }
        }
        return n;
    }
}
