package org.mpiverify.mutate.runtime;

import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * What a mutant calls instead of an atomic read-modify-write (operator {@code CAS_TO_PLAIN}): the same
 * result computed by a plain read and a plain write, so another thread can act between the two. This
 * is the mutant's semantics, not a slowed-down race: no pause is added between read and write.
 * Each method has the shape of the call it replaces, with the receiver (a {@link VarHandle} and its
 * coordinate, or an {@code Atomic*}) first.
 */
public final class PlainRmw {
    private PlainRmw() {}

    // ---- VarHandle on an instance field (coordinate: the object) ----

    public static boolean compareAndSet(VarHandle vh, Object o, int expected, int value) {
        if ((int) vh.get(o) != expected) return false;
        vh.set(o, value);
        return true;
    }

    public static boolean compareAndSet(VarHandle vh, Object o, long expected, long value) {
        if ((long) vh.get(o) != expected) return false;
        vh.set(o, value);
        return true;
    }

    public static boolean compareAndSet(VarHandle vh, Object o, boolean expected, boolean value) {
        if ((boolean) vh.get(o) != expected) return false;
        vh.set(o, value);
        return true;
    }

    public static boolean compareAndSet(VarHandle vh, Object o, Object expected, Object value) {
        if ((Object) vh.get(o) != expected) return false;
        vh.set(o, value);
        return true;
    }

    public static int compareAndExchange(VarHandle vh, Object o, int expected, int value) {
        int v = (int) vh.get(o);
        if (v == expected) vh.set(o, value);
        return v;
    }

    public static long compareAndExchange(VarHandle vh, Object o, long expected, long value) {
        long v = (long) vh.get(o);
        if (v == expected) vh.set(o, value);
        return v;
    }

    public static Object compareAndExchange(VarHandle vh, Object o, Object expected, Object value) {
        Object v = (Object) vh.get(o);
        if (v == expected) vh.set(o, value);
        return v;
    }

    public static int getAndAdd(VarHandle vh, Object o, int delta) {
        int v = (int) vh.get(o);
        vh.set(o, v + delta);
        return v;
    }

    public static long getAndAdd(VarHandle vh, Object o, long delta) {
        long v = (long) vh.get(o);
        vh.set(o, v + delta);
        return v;
    }

    public static int getAndSet(VarHandle vh, Object o, int value) {
        int v = (int) vh.get(o);
        vh.set(o, value);
        return v;
    }

    public static long getAndSet(VarHandle vh, Object o, long value) {
        long v = (long) vh.get(o);
        vh.set(o, value);
        return v;
    }

    public static boolean getAndSet(VarHandle vh, Object o, boolean value) {
        boolean v = (boolean) vh.get(o);
        vh.set(o, value);
        return v;
    }

    public static Object getAndSet(VarHandle vh, Object o, Object value) {
        Object v = (Object) vh.get(o);
        vh.set(o, value);
        return v;
    }

    // ---- java.util.concurrent.atomic ----

    public static boolean compareAndSet(AtomicInteger a, int expected, int value) {
        if (a.get() != expected) return false;
        a.set(value);
        return true;
    }

    public static boolean compareAndSet(AtomicLong a, long expected, long value) {
        if (a.get() != expected) return false;
        a.set(value);
        return true;
    }

    public static boolean compareAndSet(AtomicBoolean a, boolean expected, boolean value) {
        if (a.get() != expected) return false;
        a.set(value);
        return true;
    }

    public static boolean compareAndSet(AtomicReference<Object> a, Object expected, Object value) {
        if (a.get() != expected) return false;
        a.set(value);
        return true;
    }

    public static Object compareAndExchange(AtomicReference<Object> a, Object expected, Object value) {
        Object v = a.get();
        if (v == expected) a.set(value);
        return v;
    }

    public static int compareAndExchange(AtomicInteger a, int expected, int value) {
        int v = a.get();
        if (v == expected) a.set(value);
        return v;
    }

    public static Object getAndSet(AtomicReference<Object> a, Object value) {
        Object v = a.get();
        a.set(value);
        return v;
    }

    public static int getAndSet(AtomicInteger a, int value) {
        int v = a.get();
        a.set(value);
        return v;
    }

    public static int getAndAdd(AtomicInteger a, int delta) {
        int v = a.get();
        a.set(v + delta);
        return v;
    }

    public static int addAndGet(AtomicInteger a, int delta) {
        int v = a.get() + delta;
        a.set(v);
        return v;
    }

    public static int getAndIncrement(AtomicInteger a) {
        return getAndAdd(a, 1);
    }

    public static int getAndDecrement(AtomicInteger a) {
        return getAndAdd(a, -1);
    }

    public static int incrementAndGet(AtomicInteger a) {
        return addAndGet(a, 1);
    }

    public static int decrementAndGet(AtomicInteger a) {
        return addAndGet(a, -1);
    }

    public static long getAndAdd(AtomicLong a, long delta) {
        long v = a.get();
        a.set(v + delta);
        return v;
    }

    public static long addAndGet(AtomicLong a, long delta) {
        long v = a.get() + delta;
        a.set(v);
        return v;
    }

    public static long getAndIncrement(AtomicLong a) {
        return getAndAdd(a, 1L);
    }

    public static long incrementAndGet(AtomicLong a) {
        return addAndGet(a, 1L);
    }

    public static long decrementAndGet(AtomicLong a) {
        return addAndGet(a, -1L);
    }
}
