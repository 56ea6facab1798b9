package org.mpiverify.lincheck.core.buffer;

import org.mpiverify.lincheck.core.request.SharedCacheObjectPool;

/**
 * Known-bad twin of {@link org.mpiverify.core.buffer.PacketPool}: the same three size classes, each
 * built on {@link SharedCacheObjectPool} (its "per-thread" cache shared by every thread) instead of
 * {@code ObjectPool}.
 */
public final class SharedCachePacketPool {
    private static final int SMALL = 256;
    private static final int MEDIUM = 4096;

    private final int limit;
    private final SharedCacheObjectPool<byte[]> small;
    private final SharedCacheObjectPool<byte[]> medium;
    private final SharedCacheObjectPool<byte[]> large;

    public SharedCachePacketPool(int eagerLimit) {
        this.limit = eagerLimit;
        this.small = new SharedCacheObjectPool<>(() -> new byte[SMALL], 64);
        this.medium = new SharedCacheObjectPool<>(() -> new byte[MEDIUM], 16);
        int largeSize = Math.max(eagerLimit, MEDIUM);
        this.large = new SharedCacheObjectPool<>(() -> new byte[largeSize], 4);
    }

    public byte[] acquire(int bytes) {
        if (bytes > limit) throw new IllegalArgumentException(bytes + " bytes exceed the eager limit " + limit);
        if (bytes <= SMALL) return small.acquire();
        return bytes <= MEDIUM ? medium.acquire() : large.acquire();
    }

    public void release(byte[] packet) {
        switch (packet.length) {
            case SMALL -> small.release(packet);
            case MEDIUM -> medium.release(packet);
            default -> large.release(packet);
        }
    }
}
