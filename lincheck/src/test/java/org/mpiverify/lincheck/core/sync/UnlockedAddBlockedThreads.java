package org.mpiverify.lincheck.core.sync;

import java.util.concurrent.locks.ReentrantLock;

/**
 * Known-bad twin of {@link org.mpiverify.core.sync.BlockedThreads} with one stripe: a copy whose
 * {@code add} links the new entry at the head of the list without taking the stripe's lock (THE DEFECT),
 * while {@code remove}, {@code size} and the listing still take it. Two registrations at once can both
 * read the same head and one entry is lost: an abort would never wake that thread.
 */
public final class UnlockedAddBlockedThreads {
    /** One registered wait. */
    public static final class Entry {
        final Thread thread;
        Entry prev, next;

        Entry(Thread thread) {
            this.thread = thread;
        }
    }

    private final ReentrantLock lock = new ReentrantLock();
    private Entry head;
    private int size;

    public Entry add(Thread t) {
        Entry e = new Entry(t);
        Entry h = head;            // DEFECT: read, link and publish without the lock
        e.next = h;
        if (h != null) {
            h.prev = e;
        }
        head = e;
        size++;
        return e;
    }

    public void remove(Entry e) {
        lock.lock();
        try {
            Entry p = e.prev, n = e.next;
            if (p == null) {
                if (head == e) {
                    head = n;
                }
            } else {
                p.next = n;
            }
            if (n != null) {
                n.prev = p;
            }
            e.prev = e.next = null;
            size--;
        } finally {
            lock.unlock();
        }
    }

    public int size() {
        lock.lock();
        try {
            return size;
        } finally {
            lock.unlock();
        }
    }

    public int listed() {
        lock.lock();
        try {
            int n = 0;
            for (Entry e = head; e != null; e = e.next) {
                n++;
            }
            return n;
        } finally {
            lock.unlock();
        }
    }
}
