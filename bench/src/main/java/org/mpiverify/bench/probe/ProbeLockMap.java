package org.mpiverify.bench.probe;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * Hoefler et al. §2.1 (Listings 1.1, 1.2, 1.5): the user-level "two-dimensional" locks that make a
 * probe/receive pair atomic with respect to every other pair that could match the same message.
 *
 * <p>A directed pair (source, tag) takes the matrix lock shared and the (source, tag) point lock; a
 * pair with any wildcard takes the matrix lock exclusively. That is the paper's scheme for its Table 1
 * scenarios 1 (only directed) and 6 (only any,any) — the two the benchmark uses — and conservative for
 * the others (a half-wildcard locks the whole matrix instead of one row or column).
 *
 * <p>Shared by the core's figure ({@code ReceiveMethod}) and the scenario that runs the same receives on
 * native MPI ({@code UnknownSizeScenario}): the locks are the application's, not the library's.
 *
 * <p>Invariants: two pairs that could match one message never hold their locks at once; a pair's locks
 * are held only across a nonblocking {@code iprobe} + {@code irecv} (polling, Listing 1.5), never
 * while a call waits.
 */
public final class ProbeLockMap {
    private final ReentrantReadWriteLock matrix = new ReentrantReadWriteLock();
    private final ConcurrentHashMap<Long, ReentrantLock> points = new ConcurrentHashMap<>();

    /** The locks of one (source, tag) pair; acquire with {@link #lock}, release with {@link Held#unlock}. */
    public interface Held {
        void unlock();
    }

    public Held lock(int source, int tag, boolean wildcard) {
        if (wildcard) {
            matrix.writeLock().lock();
            return () -> matrix.writeLock().unlock();
        }
        matrix.readLock().lock();
        ReentrantLock p = points.computeIfAbsent(((long) source << 32) | (tag & 0xffffffffL), k -> new ReentrantLock());
        p.lock();
        return () -> {
            p.unlock();
            matrix.readLock().unlock();
        };
    }
}
