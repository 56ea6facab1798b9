package org.mpiverify.lincheck.core.request;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.IntSupplier;
import java.util.function.ToIntFunction;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Validate;

/**
 * The operations of {@link RequestStateRefCountLinearizabilityTest} over a request state with 2 references
 * and an attachment: the real {@link org.mpiverify.core.request.RequestState} (the suite) or its known-bad
 * twin. The subclass makes the state; its recycler must call {@link #recycled()} and its attachment
 * {@link #attachmentReleased()}.
 *
 * <p>Misuse (release below 0, retain of a free state) is part of the specification ({@link RefCountSpec}):
 * both throw IllegalStateException, returned as a string so the count after it is still compared.
 */
public abstract class RequestStateRefCountOperations {
    private final AtomicInteger recycles = new AtomicInteger();
    private final AtomicInteger attachmentReleases = new AtomicInteger();
    /** Recycles performed by the calling thread: tells "my release recycled" from "someone else's did". */
    private final ThreadLocal<int[]> mine = ThreadLocal.withInitial(() -> new int[1]);
    private final Runnable retain;
    private final Runnable release;
    private final IntSupplier refs;

    /**
     * @param create makes the state, begun with 2 references and its attachment set, given this object for
     *               its recycler and attachment to report to
     */
    protected <S> RequestStateRefCountOperations(Function<RequestStateRefCountOperations, S> create,
                                                 Consumer<S> retain, Consumer<S> release, ToIntFunction<S> refs) {
        S state = create.apply(this);
        this.retain = () -> retain.accept(state);
        this.release = () -> release.accept(state);
        this.refs = () -> refs.applyAsInt(state);
    }

    /** Called by the state's recycler. */
    protected final void recycled() {
        recycles.incrementAndGet();
        mine.get()[0]++;
    }

    /** Called by the state's attachment when it is released. */
    protected final void attachmentReleased() {
        attachmentReleases.incrementAndGet();
    }

    @Operation
    public String retain() {
        try {
            retain.run();
            return "retained";
        } catch (IllegalStateException e) {
            return "IllegalStateException";
        }
    }

    @Operation
    public String release() {
        int before = mine.get()[0];
        try {
            release.run();
        } catch (IllegalStateException e) {
            return "IllegalStateException";
        }
        // Only the releaser of the last reference recycles, inside its own release call.
        return mine.get()[0] > before ? "recycled" : "released";
    }

    @Operation
    public int refs() {
        return refs.getAsInt();
    }

    /**
     * After every invocation: the attachment (communicator reference) was released exactly once if the
     * state was recycled (a second recycle after a misused retain-of-free has no attachment left).
     */
    @Validate
    public void attachmentReleasedOnceIfRecycled() {
        if (Math.min(recycles.get(), 1) != attachmentReleases.get()) {
            throw new IllegalStateException(recycles.get() + " recycles but " + attachmentReleases.get() + " attachment releases");
        }
    }
}
