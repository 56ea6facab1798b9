package org.mpiverify.core.request;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.Lock;

/**
 * The shared state of one nonblocking operation: its {@link Completion}, the status written by the
 * completing thread, and an atomic reference count that decides when the state may be reused.
 *
 * <p>Reference counting (Gropp &amp; Thakur §4.1; Balaji et al. §5.3 "tlp atom"): a request in flight has
 * two references, the user's handle and the operation (held by whoever will complete it: an engine
 * queue, a peer rank's sender). Each is dropped exactly once: the user's when the handle completes or is
 * freed, the operation's after {@link #signal()}. The thread that drops the last one recycles the state,
 * whichever thread and rank it is. The count is changed only with atomic read-modify-write operations,
 * so two threads dropping references at once cannot both see 1 (the lost-update bug Balaji et al.
 * report hitting with non-atomic counts).
 *
 * <p>Invariants: {@code refs >= 0}; {@code refs == 0} iff the state is free (in a pool or about to be);
 * {@code generation} changes exactly when the state is recycled, so a stale user handle (one whose
 * generation differs) is detected instead of touching another operation's request.
 *
 * <p>Linearization point of {@link #release()}: its atomic decrement, or, with a REFCOUNT mutex, its
 * write inside the mutex (the read-modify-write is then atomic because every update takes the mutex).
 */
public final class RequestState extends Completion {
    private static final VarHandle REFS;
    static {
        try {
            REFS = MethodHandles.lookup().findVarHandle(RequestState.class, "refs", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Called when the last reference is dropped, to return the owner to its pool. */
    @FunctionalInterface
    public interface Recycler {
        void recycle(RequestState state);
    }

    /** Something a request keeps alive while in flight (its communicator): released after recycling. */
    @FunctionalInterface
    public interface Attachment {
        void release();
    }

    private final Recycler recycler;
    /** The REFCOUNT section when counts are not atomic (Balaji et al. §5.3 before "atom"), else null. */
    private final Lock refLock;
    private Attachment attachment;
    private volatile int refs;
    private volatile int generation;

    // Status, written by the completing thread before signal() and read after isDone(): the volatile
    // write/read of Completion.done orders them.
    private int source;
    private int tag;
    private long bytes;
    private int errorCode;
    private boolean cancelled;
    // An inline payload ({@link #signalInline}): written by the completing thread before signal() and read
    // by the waiter after it sees done, ordered as the status is.
    private boolean inline;
    private long payload;

    public RequestState(Recycler recycler) {
        this(recycler, null);
    }

    /** A state whose reference count is updated under {@code refLock}, or atomically if it is null. */
    public RequestState(Recycler recycler, Lock refLock) {
        this.recycler = recycler;
        this.refLock = refLock;
    }

    /** Starts a use with {@code references} references; only the owner calls it, before publishing. */
    public void begin(int references) {
        reset();
        source = 0;
        tag = 0;
        bytes = 0;
        errorCode = 0;
        cancelled = false;
        inline = false;     // payload is left as it was: it means nothing unless inline
        REFS.setVolatile(this, references);
    }

    /** Keeps {@code a} until the last reference is dropped; set by the owner before publishing. */
    public void attach(Attachment a) {
        this.attachment = a;
    }

    public int generation() {
        return generation;
    }

    /** Adds a reference; the caller must already hold one. */
    public void retain() {
        int r = refLock == null ? (int) REFS.getAndAdd(this, 1) : addLocked(1) - 1;
        if (r <= 0) {
            throw new IllegalStateException("retain of a free request (refs " + r + ")");
        }
    }

    /**
     * Adds a reference if the state is still in use {@code generation} (a handle of that use does not hold a
     * reference of its own when another thread may complete it); true if added. A caller that holds it keeps
     * the state from being recycled for another operation until it drops it with {@link #release()}. Lock-free
     * with atomic counts: a CAS that refuses a free state, then a check of the generation, which a use that
     * began since has changed (its reference is then dropped again, which may recycle that use as any last
     * release does).
     */
    public boolean retainIf(int generation) {
        if (refLock != null) {
            refLock.lock();
            try {
                if (refs <= 0 || this.generation != generation) {
                    return false;
                }
                refs = refs + 1;
                return true;
            } finally {
                refLock.unlock();
            }
        }
        int r;
        do {
            r = refs;
            if (r <= 0) {
                return false;
            }
        } while (!REFS.compareAndSet(this, r, r + 1));
        if (this.generation != generation) {
            release();
            return false;
        }
        return true;
    }

    /** Drops one reference; the thread that drops the last recycles the state. */
    public void release() {
        int r = refLock == null ? (int) REFS.getAndAdd(this, -1) - 1 : addLocked(-1);
        if (r == 0) {
            generation = generation + 1; // only the last releaser writes: no race
            Attachment a = attachment;
            attachment = null;
            recycler.recycle(this);
            if (a != null) {
                a.release();
            }
        } else if (r < 0) {
            throw new IllegalStateException("request released more often than referenced");
        }
    }

    /** The count update of a mutex-protected count: read, then write, inside the section. */
    private int addLocked(int delta) {
        refLock.lock();
        try {
            int r = refs + delta;
            refs = r;
            return r;
        } finally {
            refLock.unlock();
        }
    }

    public int refs() {
        return refs;
    }

    /** Records the status; call before {@link #signal()}. */
    public void setStatus(int source, int tag, long bytes, int errorCode, boolean cancelled) {
        this.source = source;
        this.tag = tag;
        this.bytes = bytes;
        this.errorCode = errorCode;
        this.cancelled = cancelled;
    }

    /**
     * Completes the request with the message's payload inline, for a receive of at most 8 bytes whose only
     * waiter copies it into its own buffer: writes {@code payload} (the message's {@code bytes} bytes, the
     * first in the low byte), then the status, then {@link #signal()}. So the completing thread never writes
     * the receiver's buffer, and the waiter finds the payload in a line it reads anyway (the status's).
     *
     * <p>Memory consistency effects: as {@link #setStatus} then {@link #signal()}: the payload and the status
     * are visible to a thread that has seen {@link #isDone()} true or returned from {@code await}.
     */
    public void signalInline(long payload, int source, int tag, long bytes, int errorCode) {
        this.payload = payload;
        this.inline = true;
        setStatus(source, tag, bytes, errorCode, false);
        signal();
    }

    /** True if this use was completed by {@link #signalInline}; read after done. */
    public boolean inline() { return inline; }

    /** The inline payload of {@link #signalInline}; read after done, meaningful only if {@link #inline()}. */
    public long inlinePayload() { return payload; }

    public int source() { return source; }

    public int tag() { return tag; }

    public long bytes() { return bytes; }

    public int errorCode() { return errorCode; }

    public boolean cancelled() { return cancelled; }
}
