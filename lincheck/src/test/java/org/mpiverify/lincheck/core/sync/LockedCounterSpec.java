package org.mpiverify.lincheck.core.sync;

/** Sequential specification of a counter updated under a lock: an atomic counter. */
public class LockedCounterSpec {
    private int value;

    public int incrementAndGet() {
        return ++value;
    }

    public int get() {
        return value;
    }
}
