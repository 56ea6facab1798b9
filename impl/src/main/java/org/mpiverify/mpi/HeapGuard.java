package org.mpiverify.mpi;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.util.Comparator;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The admission check of a receive against the heap: a receive that would stay outstanding holds heap for
 * as long as it waits (its request and matching entry, and, for a blocking receive, the parked thread's stack,
 * together 1–3 KiB), so millions of them can fill the heap. Without a check the JVM then collects garbage
 * almost without pause, for minutes, before it gives up. With it, a receive posted while the heap's old
 * generation was fuller than {@link #LIMIT} after its last collection fails at once with
 * {@link ErrorClass#ERR_NO_MEM} and a message that says how full, and changes nothing.
 *
 * <p>What is read: the old generation's usage after its last collection ({@link
 * MemoryPoolMXBean#getCollectionUsage()}), which is live data, not garbage not yet collected. The pool is looked
 * at on a random one in {@link #SAMPLE} receives while the heap is below the limit (so the cost of the check is
 * a random number per receive), and on every receive once it was found above, until a collection brings it back
 * below (while refusing, a full collection is asked for once a second at most, since the last one may be long
 * past and what it found live freed since). A generational collector collects the old generation only once it is
 * full, so when the old generation
 * is over the limit with garbage counted and its last collection left it under, the guard asks for one full
 * collection ({@code System.gc()}; again only after the old generation grew by another {@link #REMEASURE} of its
 * maximum) to learn what is live while there is still room.
 *
 * <p>JVM-wide, like the heap it watches: it holds no rank's state. Thread safety: any thread; the flag is
 * volatile and a stale read costs at most one more receive admitted or one more sample taken.
 */
final class HeapGuard {
    /** The fraction of the old generation's maximum that live data may fill before receives are refused. */
    static final double LIMIT = 0.85;
    /** One receive in this many samples the heap while it is below the limit. */
    static final int SAMPLE = 1024;

    /** The pool watched: the heap's old generation (the largest heap pool that reports usage after collection). */
    private static final MemoryPoolMXBean OLD = oldGeneration();
    private static volatile boolean full;

    private HeapGuard() {
    }

    private static MemoryPoolMXBean oldGeneration() {
        return ManagementFactory.getMemoryPoolMXBeans().stream()
                .filter(p -> p.getType() == MemoryType.HEAP && p.isCollectionUsageThresholdSupported()
                        && p.getUsage().getMax() > 0)
                .max(Comparator.comparingLong((MemoryPoolMXBean p) -> p.getUsage().getMax()))
                .orElse(null);
    }

    /**
     * Admits a receive that may stay outstanding, or refuses it.
     *
     * @param call the MPI call, for the message ({@code MPI_Recv})
     * @throws MpiException {@code ERR_NO_MEM} if the old generation was fuller than {@link #LIMIT} after its last
     *                      collection
     */
    static void admitReceive(String call) {
        if (OLD == null || (!full && ThreadLocalRandom.current().nextInt(SAMPLE) != 0)) {
            return;
        }
        long max = OLD.getUsage().getMax();
        long limit = (long) (LIMIT * max);
        if (max <= 0 || (!full && OLD.getUsage().getUsed() <= limit)) {
            return;                                       // even counting garbage, below the limit
        }
        MemoryUsage live = OLD.getCollectionUsage();
        long used = OLD.getUsage().getUsed();
        boolean rising = live != null && live.getUsed() <= limit && used > limit;
        // refusing: the last collection may be long past and what it found live since freed (a job that ended),
        // and the old generation is collected again only once full; so look again, once a second at most
        if ((rising && measure(used, max)) || (full && remeasure())) {
            live = OLD.getCollectionUsage();              // the collection asked for has run
        }
        boolean over = live != null && live.getUsed() > limit;
        if (over != full) {
            full = over;
        }
        if (over) {
            throw new MpiException(ErrorClass.ERR_NO_MEM, String.format(Locale.ROOT,
                    "%s refused: the heap's %s held %,d MiB of its %,d MiB (%.0f%%, the limit is %.0f%%) after its last"
                            + " collection; every outstanding receive holds heap (its request, and a waiting thread's"
                            + " stack: 1-3 KiB), so run with a larger -Xmx or keep fewer receives outstanding at once",
                    call, OLD.getName(), live.getUsed() >> 20, max >> 20, 100.0 * live.getUsed() / max, 100 * LIMIT));
        }
    }

    /**
     * The old generation is over the limit, garbage included ({@code used}), and its last collection left it
     * under: asks for a full collection so that what is live is known before the heap is full (a generational
     * collector collects the old generation only when it is full, and then a refusal would come with no room left
     * to handle it). One caller at a time, and only once the old generation has grown by {@link #REMEASURE} of
     * its maximum since the last collection asked for, so a heap that stays near the limit is not collected
     * again and again. True if this caller ran one.
     */
    private static boolean measure(long used, long max) {
        if (used <= measuredLive + (long) (REMEASURE * max) || !measuring.compareAndSet(false, true)) {
            return false;
        }
        try {
            System.gc();
            MemoryUsage after = OLD.getCollectionUsage();
            measuredLive = after == null ? used : after.getUsed();
            return true;
        } finally {
            measuredAt = System.nanoTime();
            measuring.set(false);
        }
    }

    /**
     * While receives are refused: a full collection, if none was asked for in the last {@link
     * #REMEASURE_NANOS} (counted from the end of the last one, so at most half the time goes to them). True if
     * this caller ran one.
     */
    private static boolean remeasure() {
        if (System.nanoTime() - measuredAt < REMEASURE_NANOS || !measuring.compareAndSet(false, true)) {
            return false;
        }
        try {
            System.gc();
            MemoryUsage after = OLD.getCollectionUsage();
            measuredLive = after == null ? measuredLive : after.getUsed();
            return true;
        } finally {
            measuredAt = System.nanoTime();
            measuring.set(false);
        }
    }

    /** Nanos from the end of one collection asked for while refusing to the start of the next, at least. */
    private static final long REMEASURE_NANOS = 1_000_000_000L;
    private static volatile long measuredAt = System.nanoTime() - REMEASURE_NANOS;

    /** The growth of the old generation, as a fraction of its maximum, that allows another measurement. */
    static final double REMEASURE = 0.02;
    private static final AtomicBoolean measuring = new AtomicBoolean();
    /** The old generation's live data after the last collection {@link #measure} asked for. */
    private static volatile long measuredLive;
}
