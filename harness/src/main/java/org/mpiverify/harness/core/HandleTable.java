package org.mpiverify.harness.core;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.mpiverify.harness.api.AuditException;

/**
 * Opaque {@code long} handles for one kind of object of one rank (communicators, groups, requests,
 * messages), shared by every thread of the rank.
 *
 * <p>Invariants: a handle is never 0 (the audit's null handles) nor negative (its special values), and
 * never reused, so a stale handle fails lookup instead of reaching another object. Thread safety comes
 * from {@link ConcurrentHashMap} and the counter; the table adds no lock of its own, so it cannot
 * serialize the calls whose thread safety the audit measures.
 *
 * <p>Memory consistency effects: as for {@link ConcurrentHashMap}, registering an object happens-before
 * a lookup that finds it.
 */
final class HandleTable<T> {
    private final ConcurrentHashMap<Long, T> objects = new ConcurrentHashMap<>();
    private final AtomicLong next = new AtomicLong(1);
    private final String kind;
    private final String errorName;
    private final int errorClass;

    HandleTable(String kind, String errorName, int errorClass) {
        this.kind = kind;
        this.errorName = errorName;
        this.errorClass = errorClass;
    }

    long register(T object) {
        long h = next.getAndIncrement();
        objects.put(h, object);
        return h;
    }

    T get(String call, long handle) {
        T o = objects.get(handle);
        if (o == null) throw invalid(call, handle);
        return o;
    }

    T remove(String call, long handle) {
        T o = objects.remove(handle);
        if (o == null) throw invalid(call, handle);
        return o;
    }

    int size() {
        return objects.size();
    }

    private AuditException invalid(String call, long handle) {
        return new AuditException(call, errorClass, errorName, "no live " + kind + " with handle " + handle);
    }
}
