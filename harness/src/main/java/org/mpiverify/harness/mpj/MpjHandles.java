package org.mpiverify.harness.mpj;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.mpiverify.harness.api.AuditException;

/**
 * The audit's opaque {@code long} handles for one rank's MPJ objects (communicators, groups,
 * requests), safe for any number of threads.
 *
 * <p>Invariants: ids are positive and never reused within a rank (so a stale handle can never name
 * a newer object, and {@code 0}, the audit's {@code *_NULL}, is never an id); an id maps to at most
 * one object. The map is the binding's own bookkeeping, not a lock around MPJ: two threads calling
 * MPJ through different handles never wait for each other here beyond a hash-bin update.
 *
 * <p>Memory consistency effects: as for {@link ConcurrentHashMap}, registering an object
 * happens-before a lookup that returns it.
 */
final class MpjHandles {
    private final ConcurrentHashMap<Long, Object> objects = new ConcurrentHashMap<>();
    private final AtomicLong nextId = new AtomicLong(1);

    long register(Object mpjObject) {
        long id = nextId.getAndIncrement();
        objects.put(id, mpjObject);
        return id;
    }

    /** The object behind {@code id}; an unknown id is the MPI error {@code errorClass} (ERR_COMM, ERR_REQUEST, ...). */
    Object get(long id, String call, int errorClass) {
        Object o = objects.get(id);
        if (o == null) {
            throw new AuditException(call, errorClass, MpjErrors.name(errorClass), "no live handle " + id);
        }
        return o;
    }

    /** Removes {@code id} and returns its object, or fails like {@link #get}. */
    Object remove(long id, String call, int errorClass) {
        Object o = objects.remove(id);
        if (o == null) {
            throw new AuditException(call, errorClass, MpjErrors.name(errorClass), "no live handle " + id);
        }
        return o;
    }
}
