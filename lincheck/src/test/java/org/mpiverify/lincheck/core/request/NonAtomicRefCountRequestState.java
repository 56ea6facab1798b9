package org.mpiverify.lincheck.core.request;

import org.mpiverify.core.request.RequestState;

/**
 * Known-bad twin of {@link RequestState}'s reference count: a copy of {@code retain}/{@code release}
 * whose count is a volatile int updated by read-then-write instead of an atomic getAndAdd (the
 * non-atomic count Balaji et al. §5.3 report). Two releases from 2 can both read 2 and write 1: nobody
 * recycles and the state leaks; or a release and a retain lose one update.
 */
public final class NonAtomicRefCountRequestState {
    private final RequestState.Recycler recycler;
    private RequestState.Attachment attachment;
    private volatile int refs;
    private volatile int generation;

    public NonAtomicRefCountRequestState(RequestState.Recycler recycler) {
        this.recycler = recycler;
    }

    public void begin(int references) {
        refs = references;
    }

    public void attach(RequestState.Attachment a) {
        attachment = a;
    }

    public void retain() {
        int r = refs;
        refs = r + 1; // DEFECT: was REFS.getAndAdd(this, 1)
        if (r <= 0) throw new IllegalStateException("retain of a free request (refs " + r + ")");
    }

    public void release() {
        int r = refs - 1;
        refs = r; // DEFECT: was REFS.getAndAdd(this, -1) - 1
        if (r == 0) {
            generation = generation + 1;
            RequestState.Attachment a = attachment;
            attachment = null;
            recycler.recycle(null);
            if (a != null) a.release();
        } else if (r < 0) {
            throw new IllegalStateException("request released more often than referenced");
        }
    }

    public int refs() {
        return refs;
    }

    public int generation() {
        return generation;
    }
}
