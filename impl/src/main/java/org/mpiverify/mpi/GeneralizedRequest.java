package org.mpiverify.mpi;

import org.mpiverify.core.request.GrequestLifecycle;
import org.mpiverify.core.request.RequestState;

/**
 * What a generalized request's {@link Request} handle holds beside its {@link RequestState}: the user's
 * callbacks and extra state, and the {@link GrequestLifecycle} that decides who runs the free callback.
 *
 * <p>The request state is begun with two references, as an operation in flight: the handle's, dropped when a
 * wait or test completes the handle or it is freed, and the operation's, dropped by
 * {@link Request#grequestComplete} after it signals the completion. So a generalized request waits, is
 * woken and mixes with other requests in {@code waitAny}, {@code waitAll} and {@code waitSome} exactly as a
 * receive does: any thread of the rank may wait on it, and the completion's no-lost-wake-up argument is
 * {@link org.mpiverify.core.request.Completion}'s.
 *
 * <p>Thread safety: the callbacks run in the calling thread with no lock of the core held; which call runs
 * the free callback is decided by one atomic update ({@link GrequestLifecycle}), so it runs exactly once.
 */
final class GeneralizedRequest {
    final Grequest.QueryFunction query;
    final Grequest.FreeFunction free;
    final Grequest.CancelFunction cancel;
    final Object extraState;
    final GrequestLifecycle lifecycle = new GrequestLifecycle();

    private GeneralizedRequest(Grequest.QueryFunction query, Grequest.FreeFunction free,
                               Grequest.CancelFunction cancel, Object extraState) {
        this.query = query;
        this.free = free;
        this.cancel = cancel;
        this.extraState = extraState;
    }

    /** {@code MPI_Grequest_start} for the rank of {@code comm}: an active handle whose operation only the user completes. */
    static Request start(Comm comm, Grequest.QueryFunction query, Grequest.FreeFunction free,
                         Grequest.CancelFunction cancel, Object extraState) {
        return comm.rankContext().call(comm, () -> {
            if (query == null || free == null || cancel == null) {
                throw new MpiException(ErrorClass.ERR_ARG, "a generalized request needs a query, a free and a "
                        + "cancel function (null: " + (query == null ? "query " : "") + (free == null ? "free " : "")
                        + (cancel == null ? "cancel" : "") + ")");
            }
            RequestState st = new RequestState(s -> { });   // not pooled: the handle owns it
            st.begin(2);
            return Request.generalized(comm, st, new GeneralizedRequest(query, free, cancel, extraState));
        });
    }

    /** What the call that completed the handle got: the status, and the error to raise after completing it. */
    record Outcome(Status status, MpiException error) {
    }

    /**
     * Runs the query callback and then the free callback, for the wait or test that completed the handle (so
     * after {@link Request#grequestComplete}): the status the query gave, or an empty one with the error of
     * whichever callback failed first.
     */
    Outcome completedByWait() {
        Status s = null;
        MpiException error = null;
        try {
            s = query.query(extraState);
            if (s == null) {
                error = new MpiException(ErrorClass.ERR_OTHER, "the query callback returned no status");
            }
        } catch (RuntimeException e) {
            error = asMpi(e, "query");
        }
        if (lifecycle.handleDone()) {
            MpiException f = runFree();
            error = error == null ? f : error;
        }
        if (s == null) {
            s = new Status(Mpi.ANY_SOURCE, Mpi.ANY_TAG, 0, error == null ? ErrorClass.SUCCESS : error.errorClass(), false);
        }
        return new Outcome(s, error);
    }

    /** Runs the free callback; its failure as an MPI error, or null. */
    MpiException runFree() {
        try {
            free.free(extraState);
            return null;
        } catch (RuntimeException e) {
            return asMpi(e, "free");
        }
    }

    /** Runs the cancel callback, telling it whether the request was completed already. */
    void runCancel() {
        try {
            cancel.cancel(extraState, lifecycle.isComplete());
        } catch (RuntimeException e) {
            throw asMpi(e, "cancel");
        }
    }

    private static MpiException asMpi(RuntimeException e, String which) {
        if (e instanceof MpiException m) {
            return m;
        }
        return new MpiException(ErrorClass.ERR_OTHER, "the " + which + " callback of a generalized request threw " + e, e);
    }
}
