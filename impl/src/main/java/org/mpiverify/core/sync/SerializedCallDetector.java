package org.mpiverify.core.sync;

import java.util.concurrent.atomic.AtomicReference;

/**
 * Detects misuse of {@code MPI_THREAD_SERIALIZED} in checked mode: two threads inside MPI calls of one
 * rank at the same time. It reports every true overlap and never a false one.
 *
 * <p>A thread entering an outermost call CASes {@code owner} from null to itself; a thread leaving
 * CASes it back to null. A failed CAS that finds another thread means that thread has entered and not
 * yet left: the calls overlap in real time. A correctly serialized program orders one thread's exit
 * before the next thread's entry (by its own synchronization), so the next CAS sees null.
 *
 * <p>Invariant: {@code owner} is null or the one thread inside an outermost call of the rank.
 * Linearization points: the successful CAS in {@link #enter} and in {@link #exit}.
 */
public final class SerializedCallDetector {
    private final AtomicReference<Thread> owner = new AtomicReference<>();

    /** Marks the current thread inside a call; returns null, or the other thread already inside (an overlap). */
    public Thread enter() {
        Thread me = Thread.currentThread();
        Thread other = owner.compareAndExchange(null, me);
        return other == null || other == me ? null : other;
    }

    /** Marks the current thread outside; a no-op if it was not the one inside. */
    public void exit() {
        owner.compareAndSet(Thread.currentThread(), null);
    }
}
