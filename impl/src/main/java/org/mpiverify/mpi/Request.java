package org.mpiverify.mpi;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;
import org.mpiverify.core.coll.Schedule;
import org.mpiverify.core.request.GrequestLifecycle;
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
 *
 * <p>Requests made of requests hand every call to their {@link RequestBody}: a persistent request
 * ({@link Comm#sendInit}, {@link Comm#recvInit}; started with {@link #start}, left inactive, not freed, by the
 * wait or test that completes it) and an {@link Comm#isendrecv}. A generalized request
 * ({@link Mpi#grequestStart}) is an ordinary handle whose operation the user completes
 * ({@link #grequestComplete}); its query and free callbacks run in the wait or test that completes it.
 * Every kind mixes with every other in the array calls, {@link #waitSome} and {@link #testSome} included.
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
    /** The body of a persistent request or an isendrecv, or null. */
    private final RequestBody body;
    /** The callbacks of a generalized request, or null. */
    private final GeneralizedRequest greq;
    private volatile int state;
    private volatile Status status;

    private Request(Comm comm, RequestState st, RecvRequest recv, int state, Status status) {
        this(comm, st, recv, null, false, state, status);
    }

    private Request(Comm comm, RequestState st, RecvRequest recv, Schedule schedule, boolean idup, int state,
                    Status status) {
        this(comm, st, recv, schedule, idup, state, status, null, null);
    }

    private Request(Comm comm, RequestState st, RecvRequest recv, Schedule schedule, boolean idup, int state,
                    Status status, RequestBody body, GeneralizedRequest greq) {
        this.body = body;
        this.greq = greq;
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

    /** A request made of requests (persistent, isendrecv): every call goes to {@code body}. */
    static Request withBody(Comm comm, RequestBody body) {
        return new Request(comm, null, null, null, false, ACTIVE, null, body, null);
    }

    /** A generalized request: {@code st} begun with two references, the handle's and the operation's. */
    static Request generalized(Comm comm, RequestState st, GeneralizedRequest g) {
        return new Request(comm, st, null, null, false, ACTIVE, null, null, g);
    }

    /** A request that completed when it started (eager send, PROC_NULL, imrecv): no pooled state. */
    static Request completed(Comm comm, Status s) {
        return new Request(comm, null, null, ACTIVE, s);
    }

    /** {@code MPI_Wait}: blocks until done (no lock held while waiting) and returns the status. */
    @ThreadSafety(SafetyClass.COMM_IO)
    public Status waitFor() {
        if (body != null) {
            return comm.rankContext().call(comm, this::waitForBody);
        }
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
        if (body != null) {
            return comm.rankContext().call(comm, this::testBody);
        }
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
            if (body != null) {
                body.cancel();
                return;
            }
            if (state == FREED) {
                throw freed();
            }
            if (state == ACTIVE && greq != null) {
                greq.runCancel();
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
            if (body != null) {
                body.free();
                return;
            }
            if (state == ACTIVE && idup) {
                throw new MpiException(ErrorClass.ERR_REQUEST, "the request of a pending idup cannot be freed: "
                        + "complete it with a wait or test and free its communicator");
            }
            int s = (int) STATE.compareAndExchange(this, ACTIVE, FREED);
            if (s == ACTIVE) {
                if (st != null) {
                    st.release();
                }
                if (greq != null && greq.lifecycle.handleDone()) {   // completed already: its free callback now
                    MpiException f = greq.runFree();
                    if (f != null) {
                        throw f;
                    }
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
        return body != null ? body.isDoneOrInactive() : st == null || st.isDone() || st.generation() != generation;
    }

    /** True once the handle has completed (it is then like {@code MPI_REQUEST_NULL}). */
    @ThreadSafety(SafetyClass.ACCESS_ONLY)
    public boolean isInactive() {
        return !isActiveHandle();
    }

    /** The status the handle completed with (null while active). */
    @ThreadSafety(SafetyClass.ACCESS_ONLY)
    public Status status() {
        if (body != null) {
            return body.status();
        }
        return state == ACTIVE ? null : status;
    }

    /**
     * {@code MPI_Start}: starts this persistent request's operation with the arguments it was made with
     * ({@link Comm#sendInit}, {@link Comm#ssendInit}, {@link Comm#recvInit}). The request must be inactive:
     * starting an active one (another start, by this thread or another, not yet completed by a wait or test)
     * is ERR_REQUEST and leaves the started operation as it is; so is starting a request that is not
     * persistent or was freed, and starting on a freed communicator is ERR_COMM. Of two threads that start
     * one inactive request at once, exactly one starts it.
     */
    @ThreadSafety(SafetyClass.COMM_IO)
    public void start() {
        comm.rankContext().run(comm, () -> {
            if (body == null) {
                throw new MpiException(ErrorClass.ERR_REQUEST, state == FREED ? "request was freed"
                        : "only a persistent request can be started");
            }
            body.start();
        });
    }

    /**
     * {@code MPI_Startall}: starts every request of {@code requests}, in order. Every handle is checked first
     * (each persistent, not freed, inactive, and none given twice; null entries are ERR_REQUEST), so a bad
     * one starts none (ERR_REQUEST). A concurrent start of one of them by another thread (erroneous) can still
     * refuse it after the earlier ones started.
     */
    @ThreadSafety(SafetyClass.COMM_IO)
    public static void startAll(Request... requests) {
        Request first = first(requests);
        if (first == null) {
            if (requests.length > 0) {
                throw new MpiException(ErrorClass.ERR_REQUEST, "startAll of null requests");
            }
            return;
        }
        first.comm.rankContext().run(first.comm, () -> {
            Set<Request> seen = Collections.newSetFromMap(new IdentityHashMap<>());
            for (int i = 0; i < requests.length; i++) {
                Request r = requests[i];
                String why = r == null ? "is null" : !seen.add(r) ? "is given twice"
                        : r.body == null ? "is not a persistent request" : r.body.startRefusal();
                if (why != null) {
                    throw new MpiException(ErrorClass.ERR_REQUEST, "request " + i + " " + why + ": none started");
                }
            }
            for (Request r : requests) {
                r.start();
            }
        });
    }

    /**
     * {@code MPI_Grequest_complete}: tells MPI that this generalized request's operation is complete, so a
     * wait on it returns (after running its query and free callbacks) and a test finds it done; any thread may
     * call it, and any thread may be waiting. If the handle was freed already, the free callback runs here.
     * ERR_REQUEST if this is not a generalized request or it was completed before (nothing changes).
     */
    @ThreadSafety(SafetyClass.COMM_IO)
    public void grequestComplete() {
        comm.rankContext().run(comm, () -> {
            if (greq == null) {
                throw new MpiException(ErrorClass.ERR_REQUEST, "not a generalized request");
            }
            GrequestLifecycle.Completed c = greq.lifecycle.complete(st::signal);   // recorded, then signalled
            if (c == GrequestLifecycle.Completed.TWICE) {
                throw new MpiException(ErrorClass.ERR_REQUEST, "generalized request was completed already");
            }
            st.release();   // the operation's reference
            if (c == GrequestLifecycle.Completed.LAST) {
                MpiException f = greq.runFree();
                if (f != null) {
                    throw f;
                }
            }
        });
    }

    /**
     * {@code MPI_Waitsome}: waits until at least one active request of {@code requests} is done, completes
     * every one that is done, and returns how many ({@code outcount}), their indices in {@code indices} and, if
     * {@code statuses} is not null, their statuses; {@link Mpi#UNDEFINED} if none is active. See
     * {@link SomeCompletions} for errors and for several threads calling it on one array.
     */
    @ThreadSafety(SafetyClass.COMM_IO)
    public static int waitSome(Request[] requests, int[] indices, Status[] statuses) {
        return SomeCompletions.waitSome(requests, indices, statuses);
    }

    /** {@code MPI_Testsome}: as {@link #waitSome} without waiting: 0 if active requests are there but none is done. */
    @ThreadSafety(SafetyClass.COMM_IO)
    public static int testSome(Request[] requests, int[] indices, Status[] statuses) {
        return SomeCompletions.testSome(requests, indices, statuses);
    }

    /** The first non-null handle of {@code requests} (null if none); ERR_ARG for a null array, ERR_REQUEST for mixed ranks. */
    static Request firstOf(Request[] requests) {
        return first(requests);
    }

    /** The rank this handle's calls are made for. */
    RankContext rankContext() {
        return comm.rankContext();
    }

    Comm comm() {
        return comm;
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
            if (r != null && r.isActiveHandle() && r.isDoneOrMovedOn()) {
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
            wasActive[i] = requests[i] != null && requests[i].isActiveHandle();
        }
        while (true) {
            int active = 0;
            for (int i = 0; i < requests.length; i++) {
                Request r = requests[i];
                if (r != null && r.isActiveHandle()) {
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
            RequestState[] states = new RequestState[2 * active];   // an isendrecv waits on two
            int[] generations = new int[2 * active];
            int n = 0;
            for (Request r : requests) {
                if (r != null && n < active) {
                    n = r.addPending(states, generations, n);
                }
            }
            if (n > 0) {
                rank.progress.awaitAny(Arrays.copyOf(states, n), Arrays.copyOf(generations, n), requests);
            }
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
        return body != null ? body.isDoneOrInactive() : state != ACTIVE || st == null || st.isDone();
    }

    /** True while the handle is active: not completed by a wait or test and not freed. */
    boolean isActiveHandle() {
        return body != null ? body.isActive() : state == ACTIVE;
    }

    /** True if the operation is done, or the handle's state has moved on (another thread completed it). */
    boolean isDoneOrMovedOn() {
        return body != null ? body.isDoneOrInactive() : st == null || st.isDone() || st.generation() != generation;
    }

    /** Adds the request states a wait on this handle may block on to {@code states}; returns the new count. */
    int addPending(RequestState[] states, int[] generations, int n) {
        if (body != null) {
            return body.addPending(states, generations, n);
        }
        if (state == ACTIVE && st != null) {
            states[n] = st;
            generations[n++] = generation;
        }
        return n;
    }

    /** Waits, inside a call, until waiting on this handle would return at once; completes nothing. */
    void awaitDone() {
        if (body != null) {
            body.awaitDone();
        } else if (state == ACTIVE && st != null && !st.isDone() && st.generation() == generation) {
            comm.rankContext().progress.await(st, generation, this);
        }
    }

    /**
     * For the calls that complete some of many handles and for request bodies: completes this handle if it is
     * active and its operation done, and returns its status (an error of the operation, such as ERR_TRUNCATE,
     * in {@link Status#error()}, not raised); null if it is not active, not done, or another thread completed
     * it first. ERR_ABORTED is raised.
     */
    Status claimIfDone() {
        if (body != null) {
            return body.claimIfDone();
        }
        if (state != ACTIVE || !isDoneOrMovedOn() || (st != null && st.generation() != generation)) {
            return null;
        }
        try {
            return finish(false, true);
        } catch (MpiException e) {
            if (e.errorClass() == ErrorClass.ERR_ABORTED) {
                throw e;
            }
            Status s = status != null ? status : Status.EMPTY;
            return new Status(s.source(), s.tag(), s.bytes(), e.errorClass(), s.isCancelled());
        }
    }

    /** {@link #waitFor} of a handle with a body, inside the call frame. */
    private Status waitForBody() {
        if (!body.isActive()) {
            return inactiveBody();
        }
        body.awaitDone();
        return raise(claimBody());
    }

    /** {@link #test} of a handle with a body, inside the call frame. */
    private Status testBody() {
        if (!body.isActive()) {
            return inactiveBody();
        }
        comm.rankContext().progress.test();
        if (!body.isDoneOrInactive()) {
            return null;
        }
        return raise(claimBody());
    }

    private Status inactiveBody() {
        if (body.isFreed()) {
            throw freed();
        }
        return Status.EMPTY;
    }

    private Status claimBody() {
        Status s = body.claimIfDone();
        if (s == null) {
            inactiveBody();
            throw new MpiException(ErrorClass.ERR_REQUEST, "request was completed by another thread's wait or test");
        }
        return s;
    }

    /** The status of a completed handle, or its error raised. */
    private static Status raise(Status s) {
        if (s.error() != ErrorClass.SUCCESS) {
            throw new MpiException(s.error(), s.error() == ErrorClass.ERR_TRUNCATE
                    ? "message of more bytes than the receive buffer: " + s : "request completed with " + s);
        }
        return s;
    }

    /** Makes the handle inactive, records the status, drops the handle's reference; raises ERR_TRUNCATE if truncated. */
    private Status finish(boolean raiseTruncation) {
        return finish(raiseTruncation, false);
    }

    /** As {@link #finish(boolean)}; {@code quietIfLost}: null, not ERR_REQUEST, if another thread completed the handle first. */
    private Status finish(boolean raiseTruncation, boolean quietIfLost) {
        Status s = status;
        if (st != null && greq == null) {
            s = Endpoint.statusOf(st);
        }
        int was = (int) STATE.compareAndExchange(this, ACTIVE, INACTIVE);
        if (was != ACTIVE) {     // another thread's wait or test, or a free, got there first (erroneous)
            if (quietIfLost) {
                return null;
            }
            throw was == FREED ? freed()
                    : new MpiException(ErrorClass.ERR_REQUEST, "request was completed by another thread's wait or test");
        }
        if (greq != null) {      // query, then free, in the call that completed the handle (MPI-3.1 §12.2)
            GeneralizedRequest.Outcome o = greq.completedByWait();
            status = o.status();
            st.release();
            if (o.error() != null) {
                throw o.error();
            }
            return o.status();
        }
        status = s;
        if (st != null) {
            st.release();
        }
        if (schedule != null && schedule.failure() != null) {
            MpiException failure = schedule.failure();   // after completing the handle: the operation is over
            schedule.failureReported();                  // e.g. a failed idup's copied attributes deleted here
            throw failure;
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
