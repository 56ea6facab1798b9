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
import java.nio.charset.StandardCharsets;

/**
 * The attribute and info calls of {@link NativeMpi} (MPI-3.1 §6.7, §9): {@code MPI_Comm_create_keyval} with the
 * library's own {@code MPI_COMM_DUP_FN} or {@code MPI_COMM_NULL_COPY_FN} and {@code MPI_COMM_NULL_DELETE_FN} (no
 * Java callback crosses into the library), set, get and delete of an attribute whose value is an integer stored as
 * the attribute pointer itself, {@code MPI_TAG_UB}, and the info calls.
 *
 * <p>What differs between the two ABIs (their {@code mpi.h}): the predefined callbacks (MPICH: {@code
 * MPI_COMM_DUP_FN} is its function {@code MPIR_Dup_fn}, the two others {@code NULL}; Open MPI: the functions
 * {@code OMPI_C_MPI_COMM_*_FN}); the key of {@code MPI_TAG_UB} (MPICH {@code 0x64400001}, Open MPI 0, the first of
 * its enum); {@code MPI_MAX_INFO_KEY} and {@code MPI_MAX_INFO_VAL} (MPICH 255 and 1024, Open MPI 36 and 256).
 * Keyvals are {@code int}s in both; info objects are handles ({@code int} or pointer, as every handle).
 *
 * <p>Thread safety: stateless but for the linked handles; each call allocates its cells in a confined arena of
 * its own, so it adds no lock and shares no memory with another thread's call.
 */
final class NativeAttributes {
    private static final MemoryLayout H = JAVA_LONG.withName("MPI handle");
    private static final MemoryLayout I = JAVA_INT;
    private static final MemoryLayout P = ADDRESS;
    private static final Linker LINKER = Linker.nativeLinker();

    private final NativeAbi abi;
    private final NativeLibrary lib;
    private final SymbolLookup library;
    private final MemorySegment dupFn, nullCopyFn, nullDeleteFn;
    private final int tagUbKey;
    private final int maxInfoKey, maxInfoVal;
    private final MethodHandle createKeyval, freeKeyval, setAttr, getAttr, deleteAttr,
            infoCreate, infoSet, infoGet, infoDelete, infoNKeys, infoNthKey, infoFree;

    NativeAttributes(NativeAbi abi, SymbolLookup library, NativeLibrary lib) {
        this.abi = abi;
        this.lib = lib;
        this.library = library;
        boolean mpich = abi instanceof NativeAbi.Mpich;
        dupFn = library.findOrThrow(mpich ? "MPIR_Dup_fn" : "OMPI_C_MPI_COMM_DUP_FN");
        nullCopyFn = mpich ? MemorySegment.NULL : library.findOrThrow("OMPI_C_MPI_COMM_NULL_COPY_FN");
        nullDeleteFn = mpich ? MemorySegment.NULL : library.findOrThrow("OMPI_C_MPI_COMM_NULL_DELETE_FN");
        tagUbKey = mpich ? 0x64400001 : 0;
        maxInfoKey = mpich ? 255 : 36;
        maxInfoVal = mpich ? 1024 : 256;
        createKeyval = fn("MPI_Comm_create_keyval", P, P, P, P);
        freeKeyval = fn("MPI_Comm_free_keyval", P);
        setAttr = fn("MPI_Comm_set_attr", H, I, P);
        getAttr = fn("MPI_Comm_get_attr", H, I, P, P);
        deleteAttr = fn("MPI_Comm_delete_attr", H, I);
        infoCreate = fn("MPI_Info_create", P);
        infoSet = fn("MPI_Info_set", H, P, P);
        infoGet = fn("MPI_Info_get", H, P, I, P, P);
        infoDelete = fn("MPI_Info_delete", H, P);
        infoNKeys = fn("MPI_Info_get_nkeys", H, P);
        infoNthKey = fn("MPI_Info_get_nthkey", H, I, P);
        infoFree = fn("MPI_Info_free", P);
    }

    long keyvalCreate(boolean copyOnDup) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment key = a.allocate(JAVA_INT);
            MemorySegment copy = copyOnDup ? dupFn : nullCopyFn;   // a local: invokeExact takes its static type
            lib.check("MPI_Comm_create_keyval", (int) createKeyval.invokeExact(copy, nullDeleteFn, key,
                    MemorySegment.NULL));
            return key.get(JAVA_INT, 0);
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    void keyvalFree(long keyval) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment key = a.allocate(JAVA_INT);
            key.set(JAVA_INT, 0, (int) keyval);
            lib.check("MPI_Comm_free_keyval", (int) freeKeyval.invokeExact(key));
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    void setAttr(long comm, long keyval, long value) {
        try {
            lib.check("MPI_Comm_set_attr", (int) setAttr.invokeExact(lib.comm(comm), (int) keyval,
                    MemorySegment.ofAddress(value)));
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    /** The attribute pointer itself, or null when the flag is false. */
    Long getAttr(long comm, long keyval) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment value = a.allocate(ADDRESS);
            MemorySegment flag = a.allocate(JAVA_INT);
            lib.check("MPI_Comm_get_attr", (int) getAttr.invokeExact(lib.comm(comm), (int) keyval, value, flag));
            return flag.get(JAVA_INT, 0) == 0 ? null : value.get(ADDRESS, 0).address();
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    void deleteAttr(long comm, long keyval) {
        try {
            lib.check("MPI_Comm_delete_attr", (int) deleteAttr.invokeExact(lib.comm(comm), (int) keyval));
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    /** {@code MPI_TAG_UB}: C's attribute is a pointer to the {@code int}. */
    Integer tagUb(long comm) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment value = a.allocate(ADDRESS);
            MemorySegment flag = a.allocate(JAVA_INT);
            lib.check("MPI_Comm_get_attr", (int) getAttr.invokeExact(lib.comm(comm), tagUbKey, value, flag));
            return flag.get(JAVA_INT, 0) == 0 ? null : value.get(ADDRESS, 0).reinterpret(JAVA_INT.byteSize()).get(JAVA_INT, 0);
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    long infoCreate() {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment cell = a.allocate(abi.handleLayout());
            lib.check("MPI_Info_create", (int) infoCreate.invokeExact(cell));
            return abi.readHandle(cell);
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    void infoSet(long info, String key, String value) {
        try (Arena a = Arena.ofConfined()) {
            lib.check("MPI_Info_set", (int) infoSet.invokeExact(info, a.allocateFrom(key), a.allocateFrom(value)));
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    String infoGet(long info, String key) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment value = a.allocate(maxInfoVal + 1L);
            MemorySegment flag = a.allocate(JAVA_INT);
            lib.check("MPI_Info_get", (int) infoGet.invokeExact(info, a.allocateFrom(key), maxInfoVal, value, flag));
            return flag.get(JAVA_INT, 0) == 0 ? null : value.getString(0, StandardCharsets.UTF_8);
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    void infoDelete(long info, String key) {
        try (Arena a = Arena.ofConfined()) {
            lib.check("MPI_Info_delete", (int) infoDelete.invokeExact(info, a.allocateFrom(key)));
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    int infoNKeys(long info) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment n = a.allocate(JAVA_INT);
            lib.check("MPI_Info_get_nkeys", (int) infoNKeys.invokeExact(info, n));
            return n.get(JAVA_INT, 0);
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    String infoNthKey(long info, int n) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment key = a.allocate(maxInfoKey + 1L);
            lib.check("MPI_Info_get_nthkey", (int) infoNthKey.invokeExact(info, n, key));
            return key.getString(0, StandardCharsets.UTF_8);
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    void infoFree(long info) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment cell = a.allocate(abi.handleLayout());
            abi.writeHandle(cell, info);
            lib.check("MPI_Info_free", (int) infoFree.invokeExact(cell));
        } catch (Throwable t) {
            throw NativeLibrary.rethrow(t);
        }
    }

    /** A downcall returning {@code int} whose {@link #H} parameters take the audit's {@code long} handles. */
    private MethodHandle fn(String name, MemoryLayout... params) {
        MemoryLayout[] c = params.clone();
        for (int i = 0; i < c.length; i++) if (c[i] == H) c[i] = abi.handleLayout();
        MethodHandle mh = LINKER.downcallHandle(library.findOrThrow(name), FunctionDescriptor.of(JAVA_INT, c));
        for (int i = 0; i < params.length; i++) {
            if (params[i] == H) mh = MethodHandles.filterArguments(mh, i, abi.handleArgument());
        }
        return mh;
    }
}
