package org.mpiverify.harness.nativempi;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.mpiverify.harness.api.AuditException;
import org.mpiverify.harness.api.AuditStatus;
import org.mpiverify.harness.api.GrequestCallbacks;
import org.mpiverify.testkit.KnownBad;
import org.mpiverify.testkit.TwinTest;

/**
 * The upcalls of a generalized request's callbacks ({@link NativeGrequests}) keep what MPI and the JVM need: a callback
 * that throws, an {@code Error} included, never lets the exception reach the native frame (the JVM would end the
 * process), tells the library the callback failed ({@code MPI_ERR_OTHER}, which the library returns from the call that
 * ran it), and leaves the exception to the binding call, which raises it as an {@link AuditException} of class
 * {@code MPI_ERR_OTHER} with the exception as its cause, once. The stubs are called as the library calls them: through
 * their C function pointers, from a downcall. Open MPI's library is loaded but not initialised (the throwing paths make
 * no MPI call). Its known-bad twin {@code SwallowingNativeGrequests} swallows the exception and must be rejected.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(60)
class NativeGrequestsTest {
    private static final Linker LINKER = Linker.nativeLinker();
    private final NativeAbi abi = NativeAbi.forLibrary("openmpi");
    private NativeLibrary lib;

    @BeforeAll
    void loadLibrary() {
        NativeTargetContract.requireAvailable(abi.unavailable(), System.getenv("CI"));
        lib = new NativeLibrary(abi, abi.libraryFile());
    }

    /** What the check needs of the upcalls under test, the real class's or its twin's. */
    record Upcalls(Function<GrequestCallbacks, Object> register, Function<Object, Long> id,
                   BiFunction<Object, String, AuditException> failure, MemorySegment[] pointers, int errOther) { }

    private Upcalls real() {
        NativeGrequests g = new NativeGrequests(abi, library(), lib);
        return new Upcalls(g::register, s -> ((NativeGrequests.State) s).id,
                (s, call) -> ((NativeGrequests.State) s).failure(call, g.errOther()), g.callbackPointers(), g.errOther());
    }

    private Upcalls twin() {
        SwallowingNativeGrequests g = new SwallowingNativeGrequests(abi, library(), lib);
        return new Upcalls(g::register, s -> ((SwallowingNativeGrequests.State) s).id,
                (s, call) -> ((SwallowingNativeGrequests.State) s).failure(call, g.errOther()), g.callbackPointers(),
                g.errOther());
    }

    private SymbolLookup library() {
        return SymbolLookup.libraryLookup(abi.libraryFile(), Arena.global());
    }

    /** Callbacks that throw {@code thrown} from each callback and record the calls that reached them. */
    private static final class Throwing implements GrequestCallbacks {
        final List<String> calls = new CopyOnWriteArrayList<>();
        final Throwable thrown;

        Throwing(Throwable thrown) { this.thrown = thrown; }

        @Override public AuditStatus query() { calls.add("query"); throw sneaky(thrown); }
        @Override public void free() { calls.add("free"); throw sneaky(thrown); }
        @Override public void cancel(boolean complete) { calls.add("cancel " + complete); throw sneaky(thrown); }

        private static RuntimeException sneaky(Throwable t) {
            if (t instanceof RuntimeException r) throw r;
            throw (Error) t;
        }
    }

    /**
     * Each callback throws, in turn: the native caller gets MPI_ERR_OTHER, then the binding's call raises the exception
     * once, as MPI_ERR_OTHER naming the callback, with it as the cause; after its free ran, the request's state is gone.
     */
    private static void throwingCallbacksAreReportedNotSwallowed(Upcalls u) throws Throwable {
        MethodHandle query = LINKER.downcallHandle(u.pointers()[0], FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
        MethodHandle free = LINKER.downcallHandle(u.pointers()[1], FunctionDescriptor.of(JAVA_INT, ADDRESS));
        MethodHandle cancel = LINKER.downcallHandle(u.pointers()[2], FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT));
        List<Throwable> kinds = List.of(new IllegalStateException("query boom"), new AssertionError("an Error, too"));
        for (Throwable thrown : kinds) {
            Throwing cb = new Throwing(thrown);
            Object state = u.register().apply(cb);
            MemorySegment extra = MemorySegment.ofAddress(u.id().apply(state));
            try (Arena a = Arena.ofConfined()) {
                MemorySegment status = a.allocate(64, 8);
                assertEquals(u.errOther(), (int) query.invokeExact(extra, status), "query's return code to the library");
                assertRaised(u, state, "MPI_Wait", "query", thrown);
                assertEquals(u.errOther(), (int) cancel.invokeExact(extra, 1), "cancel's return code to the library");
                assertRaised(u, state, "MPI_Cancel", "cancel", thrown);
                assertEquals(u.errOther(), (int) free.invokeExact(extra), "free's return code to the library");
                assertRaised(u, state, "MPI_Wait", "free", thrown);
                // freed: the state is gone, a late upcall reaches no callback and says so
                assertEquals(u.errOther(), (int) query.invokeExact(extra, status), "an upcall after free");
            }
            assertEquals(List.of("query", "cancel true", "free"), cb.calls);
        }
    }

    private static void assertRaised(Upcalls u, Object state, String call, String callback, Throwable thrown) {
        AuditException e = u.failure().apply(state, call);
        assertNotNull(e, "the " + callback + " callback's exception reaches the binding call");
        assertEquals(u.errOther(), e.errorClass());
        assertEquals("MPI_ERR_OTHER", e.errorName());
        assertSame(thrown, e.getCause());
        assertTrue(e.getMessage().startsWith(call + " failed: MPI_ERR_OTHER") && e.getMessage().contains(callback + " callback threw"),
                e.getMessage());
        assertNull(u.failure().apply(state, call), "raised once");
    }

    @Test
    void aThrowingCallbackIsMpiErrOtherForTheLibraryAndAnAuditExceptionForTheCaller() throws Throwable {
        throwingCallbacksAreReportedNotSwallowed(real());
    }

    @TwinTest
    void swallowingTheCallbacksExceptionIsRejected() {
        Throwable e = KnownBad.assertRejected("SwallowingNativeGrequests", () -> throwingCallbacksAreReportedNotSwallowed(twin()));
        assertTrue(e.getMessage().contains("return code to the library"), e.getMessage());
    }
}
