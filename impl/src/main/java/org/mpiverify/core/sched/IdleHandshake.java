package org.mpiverify.core.sched;

/**
 * How an idle {@link BitVectorWorker} goes to sleep without losing a signal (the departure from Dang, Snir
 * &amp; Gropp §3.1 that parking workers force: theirs poll for ever). The worker {@linkplain #announce
 * announces} that it sleeps and then re-reads its bit-vector, parking only if it is still empty; a signaller
 * sets its bits and then {@linkplain #sleeping reads} the announcement, unparking the worker if it is set.
 *
 * <p>Memory consistency effects: the announcement and its read are volatile, so with the bit-vector's
 * volatile read-modify-writes and reads they are sequentially consistent (Dekker's hand-shake): the worker
 * sees the signal's bits, or the signaller sees the announcement, or both; never neither.
 *
 * <p>Thread safety: {@link #announce} and {@link #awake} by the worker only; {@link #sleeping} by anyone.
 */
public final class IdleHandshake {
    private volatile boolean sleeping;

    /**
     * The worker announces its sleep, then re-reads {@code ready}.
     *
     * @return true if the worker may park: nothing was signalled before the announcement was seen
     */
    public boolean announce(ReadyBitVector ready) {
        sleeping = true;
        return ready.isIdle();
    }

    /** The worker is running again (after its park returned, or when it did not park). */
    public void awake() {
        sleeping = false;
    }

    /** Read by a signaller after its bit sets: true if the worker may be parked and must be unparked. */
    public boolean sleeping() {
        return sleeping;
    }
}
