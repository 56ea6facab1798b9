package org.mpiverify.core.sync;

/**
 * Test support: the named points of a wait that is about to park, at which a test makes something happen
 * (an abort, a deadline's abort, a poller leaving) exactly there, instead of hoping a race lands there.
 * Every wait that can park without a timeout calls its rank's {@link BlockedThreads#reached} at three
 * points, in its own thread:
 * <ol>
 *   <li>{@link Phase#BEFORE_REGISTRATION}: it has spun and found nothing, and is about to register where a
 *       waker finds it (a completion's waiter slot, an event count's queue, the rank's registry, the poller
 *       or standby role);</li>
 *   <li>{@link Phase#LOOKED}: it is registered, has looked at what would stop it (the abort flag, its
 *       condition) and found nothing, and is about to park;</li>
 *   <li>{@link Phase#WOKEN}: a park returned and the wait has not yet looked again.</li>
 * </ol>
 * The fourth point, while parked, is seen from outside (the thread's state), not called.
 *
 * <p>Cost: none where it matters. The calls sit on the parking path only, after the spin and the yields,
 * where the next step is a park (a park round trip costs microseconds); a wait that ends while spinning
 * never reaches one. A registry made without a point ({@link BlockedThreads#BlockedThreads()}, as every
 * job but a test's makes it) holds null in a final field, and {@code reached} is one load and a branch.
 *
 * <p>Thread safety: {@link #reached} is called by the waiting threads, any number at once.
 */
@FunctionalInterface
public interface WaitPoint {
    /** Which wait reached the point. */
    enum Wait {
        /** A point-to-point wait on one request ({@code Completion.await}). */
        COMPLETION,
        /** A blocking probe's wait for the next arrival ({@code EventCount.await}). */
        EVENT_COUNT,
        /** A park inside an MPI call registered in the rank's {@link BlockedThreads} (waitAny, the progress engine's roles). */
        REGISTRY,
        /** The progress engine's poller, about to park until a transfer completes. */
        POLLER,
        /** A progress-engine waiter on standby (not the poller), about to park on its own requests. */
        STANDBY
    }

    /** Where in the wait (see the class comment). */
    enum Phase {
        BEFORE_REGISTRATION,
        LOOKED,
        WOKEN
    }

    /** The calling thread's {@code wait} is at {@code phase}; whatever this does happens exactly there. */
    void reached(Wait wait, Phase phase);
}
