package org.mpiverify.core.buffer;

import java.util.function.Consumer;
import org.mpiverify.core.request.ObjectPool;

/**
 * Eager packets: byte arrays that hold a message until its receive is posted (Dang, Snir &amp; Gropp
 * §3.3). Three size classes up to the eager limit, each an {@link ObjectPool} with private caches (per
 * platform thread; striped for virtual threads, as DSG's are per worker) in front of a shared lock-free
 * stack, DSG's shared pool. A packet is taken by the sending thread and returned by whichever
 * thread copies it out (usually one of the receiving rank's threads).
 */
public final class PacketPool {
    private static final int SMALL = 256;
    private static final int MEDIUM = 4096;

    private final int limit;
    private final ObjectPool<byte[]> small;
    private final ObjectPool<byte[]> medium;
    private final ObjectPool<byte[]> large;

    public PacketPool(int eagerLimit) {
        this.limit = eagerLimit;
        this.small = new ObjectPool<>(() -> new byte[SMALL], 64);
        this.medium = new ObjectPool<>(() -> new byte[MEDIUM], 16);
        int largeSize = Math.max(eagerLimit, MEDIUM);
        this.large = new ObjectPool<>(() -> new byte[largeSize], 4);
    }

    /** A packet of at least {@code bytes} bytes; {@code bytes} must not exceed the eager limit. */
    public byte[] acquire(int bytes) {
        if (bytes > limit) {
            throw new IllegalArgumentException(bytes + " bytes exceed the eager limit " + limit);
        }
        if (bytes <= SMALL) {
            return small.acquire();
        }
        return bytes <= MEDIUM ? medium.acquire() : large.acquire();
    }

    public void release(byte[] packet) {
        switch (packet.length) {
            case SMALL -> small.release(packet);
            case MEDIUM -> medium.release(packet);
            default -> large.release(packet);
        }
    }

    public int eagerLimit() {
        return limit;
    }

    /** Packets allocated so far, in all size classes. */
    public long created() {
        return small.created() + medium.created() + large.created();
    }

    /**
     * Calls {@code action} on every idle packet of every size class ({@link ObjectPool#forEachIdle}, with its
     * exactness: at quiescence, every packet created and not holding a message, once).
     */
    public void forEachIdle(Consumer<byte[]> action) {
        small.forEachIdle(action);
        medium.forEachIdle(action);
        large.forEachIdle(action);
    }
}
