package org.mpiverify.harness.nativempi;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.mpiverify.harness.api.AuditException;
import org.mpiverify.harness.api.AuditStatus;
import org.mpiverify.harness.api.GrequestCallbacks;

/**
 * Generalized requests of {@link NativeMpi} (MPI-3.1 §12.2): {@code MPI_Grequest_start} with three C callbacks that
 * are FFM upcall stubs into the scenario's {@link GrequestCallbacks}, and {@code MPI_Grequest_complete}.
 *
 * <p>The library runs a callback in whatever thread makes the MPI call that needs it: the query callback inside the
 * {@code MPI_Wait} or {@code MPI_Test} (or array call) that completes the request, the free callback there or in
 * {@code MPI_Request_free} or in {@code MPI_Grequest_complete} of a freed request, the cancel callback in {@code
 * MPI_Cancel}; a library with a progress thread may run them in a thread the JVM has never seen, which the upcall
 * attaches. So an upcall takes no lock (its request's state is found in a concurrent map by the {@code extra_state}
 * pointer, which is the state's id, not an address), and never lets a Java exception reach the native frame (the JVM
 * would end the process): a callback that throws returns {@code MPI_ERR_OTHER} to the library and leaves its
 * exception in the request's {@link State}, from which the binding call that ran it raises an {@link AuditException}
 * of class {@code MPI_ERR_OTHER} with the exception as its cause ({@link State#failure}), after the request has
 * completed — whatever the library made of the error code.
 *
 * <p>{@code MPI_Status} in the query callback: the source and tag fields are written at the family's offsets (MPI
 * lets the callback set them directly), the count with {@code MPI_Status_set_elements(MPI_INT)} and the cancelled
 * flag with {@code MPI_Status_set_cancelled}, since their fields differ between the families (MPICH: a split count
 * with the flag in its high word; Open MPI: a {@code size_t} byte count and an {@code int} flag).
 *
 * <p>Thread safety: safe for use by any number of threads; no lock. The upcall stubs live as long as this object
 * (an automatic arena it holds), which the {@link NativeLibrary} holds for the life of the rank.
 *
 * <p>Implementation notes. Invariants:
 * <ul>
 *   <li>A state is in {@link #states} from just before {@code MPI_Grequest_start} until its free callback has run
 *       (MPI calls free exactly once, last): an upcall for a live request always finds it.</li>
 *   <li>An upcall returns normally with an {@code int} on every path; the only code outside its {@code try} is the
 *       map lookup, which cannot throw for a {@code Long} key.</li>
 * </ul>
 *
 * <p>Memory consistency effects: actions of the thread that starts a request, before {@code MPI_Grequest_start},
 * happen-before each of its callbacks (the map's publication); a callback's recorded failure happens-before the
 * binding call that reports it, in the thread that ran the callback, and is read with an atomic take by any other.
 */
final class NativeGrequests {
    private static final MemoryLayout H = JAVA_LONG.withName("MPI handle");
    private static final Linker LINKER = Linker.nativeLinker();

    /** One generalized request's Java side: its callbacks, its library handle, and what a callback threw. */
    static final class State {
        /** The {@code extra_state} the library passes back to each callback: this id, not an address. */
        final long id;
        final GrequestCallbacks callbacks;
        /** The library's handle of the request, for {@code MPI_Grequest_complete} (it never changes while live). */
        volatile long handle;
        /** The first exception a callback threw and not yet reported, with the callback's name; null if none. */
        private final AtomicReference<Failure> thrown = new AtomicReference<>();

        private record Failure(String callback, Throwable exception) { }

        State(long id, GrequestCallbacks callbacks) {
            this.id = id;
            this.callbacks = callbacks;
        }

        /** The first exception a callback threw, kept for the binding call that ran it; later ones are dropped. */
        private void failed(String callback, Throwable t) {
            thrown.compareAndSet(null, new Failure(callback, t));
        }

        /**
         * The exception a callback threw, as the {@link AuditException} the binding's {@code call} raises, taken once
         * (the next call on the request reports nothing more); null if none threw.
         */
        AuditException failure(String call, int errOther) {
            Failure f = thrown.getAndSet(null);
            if (f == null) return null;
            AuditException e = new AuditException(call, errOther, "MPI_ERR_OTHER", "the generalized request's "
                    + f.callback() + " callback threw " + f.exception());
            e.initCause(f.exception());
            return e;
        }
    }

    private final NativeAbi abi;
    private final NativeLibrary lib;
    private final int errOther;
    private final MethodHandle grequestStart, grequestComplete, setElements, setCancelled;
    /** The three upcall stubs, one per callback kind, shared by every request. */
    private final MemorySegment queryFn, freeFn, cancelFn;
    /** The stubs' memory, kept reachable as long as this object is. */
    @SuppressWarnings("unused")
    private final Arena stubArena;
    /** Live requests' states by their {@code extra_state} id. */
    private final ConcurrentHashMap<Long, State> states = new ConcurrentHashMap<>();
    /** Next {@code extra_state} id; never 0, so no state's pointer is {@code NULL}. */
    private final AtomicLong nextId = new AtomicLong(1);

    NativeGrequests(NativeAbi abi, SymbolLookup library, NativeLibrary lib) {
        this.abi = abi;
        this.lib = lib;
        this.errOther = abi.errorClass("MPI_ERR_OTHER");
        grequestStart = fn(library, "MPI_Grequest_start", ADDRESS, ADDRESS, ADDRESS, ADDRESS, ADDRESS);
        grequestComplete = fn(library, "MPI_Grequest_complete", H);
        setElements = fn(library, "MPI_Status_set_elements", ADDRESS, H, JAVA_INT);
        setCancelled = fn(library, "MPI_Status_set_cancelled", ADDRESS, JAVA_INT);
        Arena stubs = Arena.ofAuto();
        this.stubArena = stubs;
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            queryFn = LINKER.upcallStub(l.findVirtual(NativeGrequests.class, "query",
                    MethodType.methodType(int.class, MemorySegment.class, MemorySegment.class)).bindTo(this),
                    FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS), stubs);
            freeFn = LINKER.upcallStub(l.findVirtual(NativeGrequests.class, "free",
                    MethodType.methodType(int.class, MemorySegment.class)).bindTo(this),
                    FunctionDescriptor.of(JAVA_INT, ADDRESS), stubs);
            cancelFn = LINKER.upcallStub(l.findVirtual(NativeGrequests.class, "cancel",
                    MethodType.methodType(int.class, MemorySegment.class, int.class)).bindTo(this),
                    FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT), stubs);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * {@code MPI_Grequest_start} with {@code callbacks}: writes the new request into {@code cell} and returns its
     * state, which the binding keeps with the request's record.
     */
    State start(GrequestCallbacks callbacks, MemorySegment cell) throws Throwable {
        State s = register(callbacks);
        int rc = (int) grequestStart.invokeExact(queryFn, freeFn, cancelFn, MemorySegment.ofAddress(s.id), cell);
        if (rc != 0) states.remove(s.id);
        lib.check("MPI_Grequest_start", rc);
        s.handle = abi.readHandle(cell);
        return s;
    }

    /** A new state for {@code callbacks}, found by the upcalls from now on (until its free callback has run). */
    State register(GrequestCallbacks callbacks) {
        if (callbacks == null) throw new IllegalArgumentException("no callbacks for MPI_Grequest_start");
        State s = new State(nextId.getAndIncrement(), callbacks);
        states.put(s.id, s);
        return s;
    }

    /** The C function pointers the library gets: {@code query_fn}, {@code free_fn}, {@code cancel_fn}, in that order. */
    MemorySegment[] callbackPointers() { return new MemorySegment[] {queryFn, freeFn, cancelFn}; }

    /** {@code MPI_Grequest_complete}; raises a free callback's exception if the request was already freed. */
    void complete(State s) throws Throwable {
        int rc = (int) grequestComplete.invokeExact(s.handle);
        AuditException e = s.failure("MPI_Grequest_complete", errOther);
        if (e != null) throw e;
        lib.check("MPI_Grequest_complete", rc);
    }

    /** The library's {@code MPI_ERR_OTHER}, the class a callback's exception is reported with. */
    int errOther() { return errOther; }

    // ---- the upcalls: no lock, no exception across the native frame ----

    private int query(MemorySegment extra, MemorySegment status) {
        State s = states.get(extra.address());
        if (s == null) return errOther;
        try {
            AuditStatus a = s.callbacks.query();
            MemorySegment st = status.reinterpret(abi.statusSize());
            st.set(JAVA_INT, abi.sourceOffset(), abi.rankToLibrary(a.source()));
            st.set(JAVA_INT, abi.tagOffset(), abi.tagToLibrary(a.tag()));
            int rc = (int) setElements.invokeExact(st, lib.mpiInt, a.count());
            if (rc == 0) rc = (int) setCancelled.invokeExact(st, a.cancelled() ? 1 : 0);
            return rc;
        } catch (Throwable t) {
            s.failed("query", t);
            return errOther;
        }
    }

    private int free(MemorySegment extra) {
        State s = states.remove(extra.address());
        if (s == null) return errOther;
        try {
            s.callbacks.free();
            return 0;
        } catch (Throwable t) {
            s.failed("free", t);
            return errOther;
        }
    }

    private int cancel(MemorySegment extra, int complete) {
        State s = states.get(extra.address());
        if (s == null) return errOther;
        try {
            s.callbacks.cancel(complete != 0);
            return 0;
        } catch (Throwable t) {
            s.failed("cancel", t);
            return errOther;
        }
    }

    /** A downcall returning {@code int} whose {@link #H} parameters take the audit's {@code long} handles. */
    private MethodHandle fn(SymbolLookup library, String name, MemoryLayout... params) {
        MemoryLayout[] c = params.clone();
        for (int i = 0; i < c.length; i++) if (c[i] == H) c[i] = abi.handleLayout();
        MethodHandle mh = LINKER.downcallHandle(library.findOrThrow(name), FunctionDescriptor.of(JAVA_INT, c));
        for (int i = 0; i < params.length; i++) {
            if (params[i] == H) mh = MethodHandles.filterArguments(mh, i, abi.handleArgument());
        }
        return mh;
    }
}
