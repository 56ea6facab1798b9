package org.mpiverify.mpi;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;
import org.mpiverify.core.coll.Schedule;
import org.mpiverify.core.request.RequestState;

/**
 * A nonblocking operation's handle ({@code MPI_Request}). It holds one reference to the operation's
 * pooled {@link RequestState}, dropped when the handle completes ({@link #waitFor}, a successful
 * {@link #test}) or is {@link #free freed}; the state is reused only when the operation has dropped its
 * own reference too.
 *
 * <p>Handle states: ACTIVE → INACTIVE (completed: like {@code MPI_REQUEST_NULL}, waiting on it returns an
 * empty status at once) or ACTIVE → FREED (any further use is ERR_REQUEST). Transitions are CASes, so
 * two threads racing on one handle (erroneous in MPI) drop the reference once and get an error, never
 * corrupt a reused request.
 *
 * <p>Every method is an MPI call of the handle's rank ({@code waitFor} and {@code test} write the call
 * frame out, the others use {@link RankContext#call}), so thread levels are checked and the GLOBAL rank
 * mutex is taken and released around waits for all of them. The array calls take their rank from the
 * first non-null handle; a null array is ERR_ARG, handles of different ranks ERR_REQUEST, and null
 * entries are {@code MPI_REQUEST_NULL}.
 *
 * <p>The request of a nonblocking collective or an {@code idup} completes when its schedule finishes;
 * its rank's threads move the schedule while they wait or test ({@link ProgressRule}: a wait polls, a
 * test polls once, whatever request it is on), and a failed schedule's error is raised by the wait or test
 * that completes the handle.
 *
 * <p>Two threads on one handle (erroneous in MPI): the first to complete it gets the status; a wait, test
 * or waitAny of another thread that was on it meanwhile raises ERR_REQUEST. Such a wait never waits on
 * the operation its recycled state serves next: it waits for its own use of the state (the generation it
 * was made with) and ends when that use ends.
 */
public final class Request {
    private static final int ACTIVE = 0;
    private static final int INACTIVE = 1;
    private static final int FREED = 2;
    private static final VarHandle STATE;
    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(Request.class, "state", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final Comm comm;
    private final RequestState st;
    private final int generation;
    private final RecvRequest recv;
    /** The nonblocking collective or idup this handle is for, or null (point to point). */
    private final Schedule schedule;
    /** True for an idup's request: freeing it before it completed is refused. */
    private final boolean idup;
    private volatile int state;
    private volatile Status status;

    private Request(Comm comm, RequestState st, RecvRequest recv, int state, Status status) {
        this(comm, st, recv, null, false, state, status);
    }

    private Request(Comm comm, RequestState st, RecvRequest recv, Schedule schedule, boolean idup, int state,
                    Status status) {
        this.comm = comm;
        this.st = st;
        this.generation = st == null ? 0 : st.generation();
        this.recv = recv;
        this.schedule = schedule;
        this.idup = idup;
        this.state = state;
        this.status = status;
    }

    static Request forSend(Comm comm, RequestState st) {
        return new Request(comm, st, null, ACTIVE, null);
    }

    static Request forRecv(Comm comm, RecvRequest r) {
        return new Request(comm, r.st, r, ACTIVE, null);
    }

    /** The request of a started nonblocking collective or idup: completes when its schedule finishes. */
    static Request forSchedule(Comm comm, Schedule schedule, boolean idup) {
        return new Request(comm, schedule.state(), null, schedule, idup, ACTIVE, null);
    }

    /** A request that completed when it started (eager send, PROC_NULL, imrecv): no pooled state. */
    static Request completed(Comm comm, Status s) {
        return new Request(comm, null, null, ACTIVE, s);
    }

    /** {@code MPI_Wait}: blocks until done (no lock held while waiting) and returns the status. */
    @ThreadSafety(SafetyClass.COMM_IO)
    public Status waitFor() {
        RankContext rank = comm.rankContext();
        CallDepth d = rank.enter(comm);
        try {
            int s = state;
            if (s == FREED) {
                throw freed();
            }
            if (s == INACTIVE) {
                return Status.EMPTY;
            }
            if (st != null) {
                checkGeneration();
                // Ends when the operation is done, or when another thread's wait or test completed this handle
                // (erroneous) and the state moved on to another operation: finish then raises ERR_REQUEST.
                rank.progress.await(st, generation, this);
            }
            return finish(true);
        } catch (RuntimeException e) {
            throw rank.fail(d, comm, e);
        } finally {
            rank.exit(d);
        }
    }

    /** {@code MPI_Test}: the status if the operation is done (the handle then becomes inactive), else null. */
    @ThreadSafety(SafetyClass.COMM_IO)
    public Status test() {
        RankContext rank = comm.rankContext();
        CallDepth d = rank.enter(comm);
        try {
            int s = state;
            if (s == FREED) {
                throw freed();
            }
            if (s == INACTIVE) {
                return Status.EMPTY;
            }
            rank.progress.test();   // MPI's progress rule: every test moves the outstanding operations
            if (st != null && !st.isDone() && st.generation() == generation) {
                return null;
            }
            return finish(true);   // done, or completed by another thread's wait or test: ERR_REQUEST
        } catch (RuntimeException e) {
            throw rank.fail(d, comm, e);
        } finally {
            rank.exit(d);
        }
    }

    /**
     * {@code MPI_Cancel}: a receive not yet matched completes as cancelled ({@link Status#isCancelled()});
     * one already matched completes normally. Cancelling a send has no effect (MPI allows a cancel to fail;
     * the send then completes normally). Complete the request afterwards with waitFor, test or free. A cancel
     * racing another thread's wait on the handle (erroneous) cancels this receive or nothing, never the receive
     * its recycled state serves next: it holds a reference of this use while it cancels (ERR_REQUEST if the use
     * is over).
     */
    @ThreadSafety(SafetyClass.COMM_IO)
    public void cancel() {
        comm.rankContext().run(comm, () -> {
            if (state == FREED) {
                throw freed();
            }
            if (state == ACTIVE && recv != null) {
                // A reference of this use, so that another thread's wait cannot complete the handle and let the
                // state be recycled for a new receive between the check and the cancel (which would cancel that).
                if (!st.retainIf(generation)) {
                    throw new MpiException(ErrorClass.ERR_REQUEST, "request handle is stale: its operation was recycled");
                }
                try {
                    comm.p2p().cancel(recv);
                } finally {
                    st.release();
                }
            }
        });
    }

    /**
     * {@code MPI_Request_free}: drops the handle; an operation in progress still completes (a receive still
     * fills its buffer; a nonblocking collective goes on as the rank's calls progress it, and finalize
     * completes it at the latest), and its resources are reused only after that. The request of an
     * {@link Comm#idup()} that no wait or test has completed yet is ERR_REQUEST and stays active: its new
     * communicator could never be reached, and so never freed (MPI makes freeing it erroneous).
     */
    @ThreadSafety(SafetyClass.UPDATE_REF)
    public void free() {
        comm.rankContext().run(comm, () -> {
            if (state == ACTIVE && idup) {
                throw new MpiException(ErrorClass.ERR_REQUEST, "the request of a pending idup cannot be freed: "
                        + "complete it with a wait or test and free its communicator");
            }
            int s = (int) STATE.compareAndExchange(this, ACTIVE, FREED);
            if (s == ACTIVE) {
                if (st != null) {
                    st.release();
                }
            } else if (s == FREED) {
                throw freed();
            } else if (!STATE.compareAndSet(this, INACTIVE, FREED)) {
                throw freed();
            }
        });
    }

    /**
     * The communicator an {@link Comm#idup()} request produced, once the handle has completed
     * ({@code newcomm} of {@code MPI_Comm_idup}). ERR_REQUEST if this is not an idup's request or it has not
     * completed yet (wait or test first).
     */
    @ThreadSafety(SafetyClass.ACCESS_ONLY)
    public Comm communicator() {
        if (schedule == null) {
            throw new MpiException(ErrorClass.ERR_REQUEST, "not the request of an idup");
        }
        if (state != INACTIVE) {
            throw new MpiException(ErrorClass.ERR_REQUEST, state == FREED ? "request was freed"
                    : "the idup has not completed: wait or test on its request first");
        }
        if (!(schedule.result() instanceof Comm c)) {
            throw new MpiException(ErrorClass.ERR_REQUEST, "not the request of an idup, or the idup failed");
        }
        return c;
    }

    /**
     * True once the operation itself has completed, whether or not a wait or test completed the handle (for
     * tests of what finalize and free leave behind; not an MPI call).
     */
    boolean isOperationComplete() {
        return st == null || st.isDone() || st.generation() != generation;
    }

    /** True once the handle has completed (it is then like {@code MPI_REQUEST_NULL}). */
    @ThreadSafety(SafetyClass.ACCESS_ONLY)
    public boolean isInactive() {
        return state != ACTIVE;
    }

    /** The status the handle completed with (null while active). */
    @ThreadSafety(SafetyClass.ACCESS_ONLY)
    public Status status() {
        return state == ACTIVE ? null : status;
    }

    /**
     * {@code MPI_Waitall}: completes every request; raises ERR_IN_STATUS after all completed if any failed.
     * One call (one ALLFUNC entry under Global granularity), the per-request waits nested inside it, so
     * the error handler runs once, for the ERR_IN_STATUS (Gropp &amp; Thakur §4.2).
     */
    @ThreadSafety(SafetyClass.COMM_IO)
    public static Status[] waitAll(Request... requests) {
        Request first = first(requests);
        if (first == null) {
            Status[] out = new Status[requests.length];
            Arrays.fill(out, Status.EMPTY);
            return out;
        }
        return first.comm.rankContext().call(first.comm, () -> waitAllInCall(requests));
    }

    private static Status[] waitAllInCall(Request[] requests) {
        Status[] out = new Status[requests.length];
        StringBuilder errors = null;
        for (int i = 0; i < requests.length; i++) {
            Request r = requests[i];
            if (r == null) {
                out[i] = Status.EMPTY;
                continue;
            }
            try {
                out[i] = r.waitFor();
            } catch (MpiException e) {
                if (e.errorClass() == ErrorClass.ERR_ABORTED) {
                    throw e;
                }
                out[i] = r.status() != null ? r.status() : Status.EMPTY;
                errors = (errors == null ? new StringBuilder() : errors.append("; "))
                        .append("request ").append(i).append(": ").append(e.getMessage());
            }
        }
        if (errors != null) {
            throw new MpiException(ErrorClass.ERR_IN_STATUS, errors.toString());
        }
        return out;
    }

    /** {@code MPI_Testall}: the statuses if every request is done (all then complete), else null (none completes). */
    @ThreadSafety(SafetyClass.COMM_IO)
    public static Status[] testAll(Request... requests) {
        Request first = first(requests);
        if (first == null) {
            return waitAll(requests);
        }
        return first.comm.rankContext().call(first.comm, () -> {
            first.comm.rankContext().progress.test();
            for (Request r : requests) {
                if (r != null && !r.isDoneOrInactive()) {
                    return null;
                }
            }
            return waitAllInCall(requests);
        });
    }

    /** {@code MPI_Testany}: completes one done request and returns its index, or {@link Mpi#UNDEFINED} if none is done. */
    @ThreadSafety(SafetyClass.COMM_IO)
    public static int testAny(Request... requests) {
        Request first = first(requests);
        if (first == null) {
            return Mpi.UNDEFINED;
        }
        return first.comm.rankContext().call(first.comm, () -> {
            first.comm.rankContext().progress.test();
            return testAnyInCall(requests);
        });
    }

    private static int testAnyInCall(Request[] requests) {
        for (int i = 0; i < requests.length; i++) {
            Request r = requests[i];
            if (r != null && r.state == ACTIVE && (r.st == null || r.st.isDone() || r.st.generation() != r.generation)) {
                r.waitFor();   // done; or completed by another thread meanwhile: ERR_REQUEST
                return i;
            }
        }
        return Mpi.UNDEFINED;
    }

    /**
     * {@code MPI_Waitany}: waits until one request is done, completes it and returns its index
     * ({@link Request#status()} has its status), or returns {@link Mpi#UNDEFINED} if none is active. One
     * MPI call: it waits through MPI's progress rule ({@link ProgressRule#awaitAny}) with the bounded
     * spin-then-park policy, registered with every pending request's completion, and holds no lock while
     * parked (under GLOBAL the rank mutex is released around each park and taken back after it). A request
     * that was active when the call began and that another thread's wait or test completed meanwhile
     * (erroneous: two threads waiting on one request) is ERR_REQUEST, as for {@link #waitFor}.
     */
    @ThreadSafety(SafetyClass.COMM_IO)
    public static int waitAny(Request... requests) {
        Request first = first(requests);
        if (first == null) {
            return Mpi.UNDEFINED;
        }
        RankContext rank = first.comm.rankContext();
        return rank.call(first.comm, () -> waitAnyInCall(rank, requests));
    }

    private static int waitAnyInCall(RankContext rank, Request[] requests) {
        boolean[] wasActive = new boolean[requests.length];
        for (int i = 0; i < requests.length; i++) {
            wasActive[i] = requests[i] != null && requests[i].state == ACTIVE;
        }
        while (true) {
            int active = 0;
            for (int i = 0; i < requests.length; i++) {
                Request r = requests[i];
                if (r != null && r.state == ACTIVE) {
                    active++;
                } else if (wasActive[i]) {
                    throw new MpiException(ErrorClass.ERR_REQUEST, "request " + i
                            + " was completed or freed by another thread during this waitAny");
                }
            }
            if (active == 0) {
                return Mpi.UNDEFINED;
            }
            rank.progress.test();
            int i = testAnyInCall(requests);
            if (i != Mpi.UNDEFINED) {
                return i;
            }
            RequestState[] states = new RequestState[active];
            int[] generations = new int[active];
            int n = 0;
            for (Request r : requests) {
                if (r != null && r.state == ACTIVE && r.st != null && n < active) {
                    states[n] = r.st;
                    generations[n++] = r.generation;
                }
            }
            rank.progress.awaitAny(Arrays.copyOf(states, n), Arrays.copyOf(generations, n), requests);
        }
    }

    /**
     * The first non-null handle of {@code requests}, which names the rank the call is made for; null if
     * there is none. A null array is ERR_ARG and handles of different ranks are ERR_REQUEST, raised
     * before any request changes (no error handler runs: the first is not known to be right).
     */
    private static Request first(Request[] requests) {
        if (requests == null) {
            throw new MpiException(ErrorClass.ERR_ARG, "array of requests is null");
        }
        Request first = null;
        for (Request r : requests) {
            if (r == null) {
                continue;
            }
            if (first == null) {
                first = r;
            } else if (r.comm.rankContext() != first.comm.rankContext()) {
                throw new MpiException(ErrorClass.ERR_REQUEST, "requests of different ranks in one call: "
                        + first.comm + " and " + r.comm);
            }
        }
        return first;
    }

    /** True if waiting on this handle would return at once. */
    private boolean isDoneOrInactive() {
        return state != ACTIVE || st == null || st.isDone();
    }

    /** Makes the handle inactive, records the status, drops the handle's reference; raises ERR_TRUNCATE if truncated. */
    private Status finish(boolean raiseTruncation) {
        Status s = status;
        if (st != null) {
            s = Endpoint.statusOf(st);
        }
        int was = (int) STATE.compareAndExchange(this, ACTIVE, INACTIVE);
        if (was != ACTIVE) {     // another thread's wait or test, or a free, got there first (erroneous)
            throw was == FREED ? freed()
                    : new MpiException(ErrorClass.ERR_REQUEST, "request was completed by another thread's wait or test");
        }
        status = s;
        if (st != null) {
            st.release();
        }
        if (schedule != null && schedule.failure() != null) {
            throw schedule.failure();   // after completing the handle: the operation is over either way
        }
        if (raiseTruncation && s.error() == ErrorClass.ERR_TRUNCATE) {
            throw new MpiException(ErrorClass.ERR_TRUNCATE, "message of more bytes than the receive buffer: " + s);
        }
        return s;
    }

    private void checkGeneration() {
        if (st.generation() != generation) {
            throw new MpiException(ErrorClass.ERR_REQUEST, "request handle is stale: its operation was recycled");
        }
    }

    private static MpiException freed() {
        return new MpiException(ErrorClass.ERR_REQUEST, "request was freed");
    }
}
