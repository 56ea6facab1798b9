package org.mpiverify.harness.nativempi;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.mpiverify.harness.api.AuditMpi;

/**
 * What differs between MPICH 4.0.2 and Open MPI 4.1.4 at the binary level, read from each library's
 * {@code mpi.h} ({@code /usr/include/x86_64-linux-gnu/mpich/mpi.h},
 * {@code /usr/lib/x86_64-linux-gnu/openmpi/include/mpi.h}): the C type of a handle, the values of
 * the predefined objects, {@code MPI_Status}'s layout, the special ranks, the error classes, and how
 * each library's {@code mpiexec} must be told to start JVMs. {@link NativeMpi} does the rest, once.
 *
 * <p>Handles cross into Java as {@code long}: MPICH's 32-bit {@code int} handles zero-extended
 * (never 0, since every MPICH handle has its kind bits set), Open MPI's pointers as addresses (never
 * 0 for a live object). So the audit's {@code COMM_NULL == 0} never collides with a real handle.
 */
public abstract sealed class NativeAbi permits NativeAbi.Mpich, NativeAbi.OpenMpi {

    /** The library's predefined objects the binding uses. */
    enum Predefined { COMM_WORLD, COMM_SELF, COMM_NULL, GROUP_NULL, REQUEST_NULL, MESSAGE_NULL, MESSAGE_NO_PROC,
        INT, ERRORS_RETURN, OP_SUM, OP_MAX, OP_MIN, OP_BAND, OP_BOR }

    /** {@code "mpich"} or {@code "openmpi"}. */
    public static NativeAbi forLibrary(String id) {
        return switch (id) {
            case "mpich" -> new Mpich();
            case "openmpi" -> new OpenMpi();
            default -> throw new IllegalArgumentException("unknown native MPI library '" + id
                    + "'; expected mpich or openmpi");
        };
    }

    private final Map<Integer, String> errorNames;

    private NativeAbi(String errorTable) {
        Map<Integer, String> names = new TreeMap<>();
        errorTable.lines().map(String::strip).filter(l -> !l.isEmpty()).forEach(l -> {
            String[] kv = l.split(" ");
            names.put(Integer.parseInt(kv[0]), kv[1]);
        });
        names.put(0, "MPI_SUCCESS");
        this.errorNames = Map.copyOf(names);
    }

    /** {@code "mpich"} or {@code "openmpi"}: the target id and the RankProcess {@code --library} value. */
    public abstract String id();

    /** Name used in reports: {@code "MPICH"}, {@code "Open MPI"}. */
    public abstract String displayName();

    /** The shared library's soname, as {@code SymbolLookup.libraryLookup} searches it. */
    public abstract String soname();

    /** Where Debian puts the library, checked before a run so a missing one gets a clear message. */
    public abstract Path libraryFile();

    public abstract Path mpiexec();

    /** The Debian packages that provide {@link #libraryFile()} and {@link #mpiexec()}. */
    public abstract String debianPackages();

    /** Options for {@code mpiexec} before {@code -n}, so that JVM ranks start and run well here. */
    public abstract List<String> mpiexecOptions();

    /** Environment the rank JVMs need; inherited through {@code mpiexec}. */
    public abstract Map<String, String> rankEnvironment();

    /** Environment variable in which {@code mpiexec} tells a process its world rank. */
    public abstract String rankVariable();

    /**
     * What the ranks' environment gets for a transport. {@link Transport#TCP} names every switch of this ABI's
     * family, since a library by path may be any build of it: whichever the library honours takes effect, and
     * {@link TcpConnections} checks that one did.
     */
    public abstract Map<String, String> transportEnvironment(Transport transport);

    /** The launcher's options that hand it a host file ({@code -f FILE} for Hydra, {@code --hostfile FILE} for Open MPI). */
    public abstract List<String> hostFileOptions(Path file);

    /** One host of a host file, in the launcher's syntax. */
    public abstract String hostFileLine(String host, int slots);

    /**
     * The launcher's options that keep each rank's standard output whole, in files under {@code dir} (a rank's
     * {@code .../rank.N/stdout}), when its own output would not. Hydra forwards whole lines: none.
     */
    public List<String> rankOutputOptions(Path dir) {
        return List.of();
    }

    /** Symbols a library of this ABI must export (beyond the MPI functions the binding calls). */
    abstract List<String> familySymbols();

    /** Symbols only the other ABI's libraries export: one found here means the library is of the other family. */
    abstract List<String> foreignSymbols();

    /** What the {@code --version} of this family's launcher says (Hydra and its derivatives; Open MPI's ORTE or PRRTE). */
    abstract java.util.regex.Pattern launcherPattern();

    /** What {@code MPI_Get_library_version} of a library of this family says (MPICH's derivatives name themselves). */
    abstract java.util.regex.Pattern versionPattern();

    /** C type of a handle ({@code MPI_Comm}, {@code MPI_Request}, ...). */
    abstract ValueLayout handleLayout();

    /** Filter {@code long -> }handle carrier, applied to every handle argument of a downcall. */
    abstract MethodHandle handleArgument();

    abstract long readHandle(MemorySegment cell);

    abstract void writeHandle(MemorySegment cell, long handle);

    /** The native value of a predefined object; Open MPI's are addresses of exported globals. */
    abstract long predefined(Predefined object, SymbolLookup library);

    abstract int anySource();

    abstract int anyTag();

    abstract int procNull();

    /** {@code sizeof(MPI_Status)} and the offsets of its public fields. */
    abstract long statusSize();

    abstract long sourceOffset();

    abstract long tagOffset();

    abstract long errorOffset();

    /** {@code MPI_MAX_LIBRARY_VERSION_STRING}. */
    abstract int maxLibraryVersionString();

    /** {@code MPI_MAX_ERROR_STRING}. */
    abstract int maxErrorString();

    /** The symbolic name of an error class, from the library's {@code mpi.h}. */
    public String errorName(int errorClass) {
        String n = errorNames.get(errorClass);
        return n != null ? n : "error class " + errorClass;
    }

    /** The class with this symbolic name ({@code MPI_ERR_RANK} is 6 in both, {@code MPI_ERR_REQUEST} is not). */
    public int errorClass(String name) {
        return errorNames.entrySet().stream().filter(e -> e.getValue().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException(displayName() + " has no error class " + name))
                .getKey();
    }

    /** Empty when the library and its mpiexec are installed, else which package to install. */
    public Optional<String> unavailable() {
        return missing(displayName(), libraryFile(), mpiexec(), debianPackages());
    }

    static Optional<String> missing(String name, Path library, Path mpiexec, String packages) {
        List<String> absent = new java.util.ArrayList<>();
        if (!Files.isRegularFile(library)) absent.add(library.toString());
        if (!Files.isExecutable(mpiexec)) absent.add(mpiexec.toString());
        if (absent.isEmpty()) return Optional.empty();
        return Optional.of(name + " is not installed (missing " + String.join(", ", absent)
                + "); install it with: apt-get install " + packages);
    }

    /** Audit rank (wildcards and {@code PROC_NULL} as {@link AuditMpi} defines them) to the library's. */
    final int rankToLibrary(int rank) {
        if (rank >= 0) return rank;
        if (rank == AuditMpi.ANY_SOURCE) return anySource();
        if (rank == AuditMpi.PROC_NULL) return procNull();
        // Another negative rank is a scenario's mistake; keep it invalid in the library too, rather
        // than let -1 or -2 silently become MPICH's PROC_NULL or Open MPI's.
        return -1000;
    }

    final int rankFromLibrary(int rank) {
        if (rank == procNull()) return AuditMpi.PROC_NULL;
        if (rank == anySource()) return AuditMpi.ANY_SOURCE;
        return rank;
    }

    final int tagToLibrary(int tag) { return tag == AuditMpi.ANY_TAG ? anyTag() : tag; }

    final int tagFromLibrary(int tag) { return tag == anyTag() ? AuditMpi.ANY_TAG : tag; }

    @Override
    public String toString() { return displayName(); }

    /**
     * MPICH 4.0.2 (ch4:ucx): handles are {@code int}; {@code MPI_Status} is
     * {@code {count_lo, count_hi_and_cancelled, MPI_SOURCE, MPI_TAG, MPI_ERROR}} (20 bytes);
     * {@code MPI_ANY_SOURCE -2}, {@code MPI_PROC_NULL -1}, {@code MPI_ANY_TAG -1}.
     */
    static final class Mpich extends NativeAbi {
        private static final MethodHandle TO_INT;

        static {
            try {
                TO_INT = MethodHandles.lookup().findStatic(Mpich.class, "toInt", MethodType.methodType(int.class, long.class));
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        Mpich() {
            super("""
                1 MPI_ERR_BUFFER
                2 MPI_ERR_COUNT
                3 MPI_ERR_TYPE
                4 MPI_ERR_TAG
                5 MPI_ERR_COMM
                6 MPI_ERR_RANK
                7 MPI_ERR_ROOT
                8 MPI_ERR_GROUP
                9 MPI_ERR_OP
                10 MPI_ERR_TOPOLOGY
                11 MPI_ERR_DIMS
                12 MPI_ERR_ARG
                13 MPI_ERR_UNKNOWN
                14 MPI_ERR_TRUNCATE
                15 MPI_ERR_OTHER
                16 MPI_ERR_INTERN
                17 MPI_ERR_IN_STATUS
                18 MPI_ERR_PENDING
                19 MPI_ERR_REQUEST
                20 MPI_ERR_ACCESS
                21 MPI_ERR_AMODE
                22 MPI_ERR_BAD_FILE
                23 MPI_ERR_CONVERSION
                24 MPI_ERR_DUP_DATAREP
                25 MPI_ERR_FILE_EXISTS
                26 MPI_ERR_FILE_IN_USE
                27 MPI_ERR_FILE
                28 MPI_ERR_INFO
                29 MPI_ERR_INFO_KEY
                30 MPI_ERR_INFO_VALUE
                31 MPI_ERR_INFO_NOKEY
                32 MPI_ERR_IO
                33 MPI_ERR_NAME
                34 MPI_ERR_NO_MEM
                35 MPI_ERR_NOT_SAME
                36 MPI_ERR_NO_SPACE
                37 MPI_ERR_NO_SUCH_FILE
                38 MPI_ERR_PORT
                39 MPI_ERR_QUOTA
                40 MPI_ERR_READ_ONLY
                41 MPI_ERR_SERVICE
                42 MPI_ERR_SPAWN
                43 MPI_ERR_UNSUPPORTED_DATAREP
                44 MPI_ERR_UNSUPPORTED_OPERATION
                45 MPI_ERR_WIN
                46 MPI_ERR_BASE
                47 MPI_ERR_LOCKTYPE
                48 MPI_ERR_KEYVAL
                49 MPI_ERR_RMA_CONFLICT
                50 MPI_ERR_RMA_SYNC
                51 MPI_ERR_SIZE
                52 MPI_ERR_DISP
                53 MPI_ERR_ASSERT
                55 MPI_ERR_RMA_RANGE
                56 MPI_ERR_RMA_ATTACH
                57 MPI_ERR_RMA_SHARED
                58 MPI_ERR_RMA_FLAVOR
                75 MPI_ERR_SESSION
                76 MPI_ERR_PROC_ABORTED
                77 MPI_ERR_VALUE_TOO_LARGE
                """);
        }

        private static int toInt(long handle) { return (int) handle; }

        @Override public String id() { return "mpich"; }
        @Override public String displayName() { return "MPICH"; }
        @Override public String soname() { return "libmpich.so.12"; }
        @Override public Path libraryFile() { return Path.of("/usr/lib/x86_64-linux-gnu/libmpich.so.12"); }
        @Override public Path mpiexec() { return Path.of("/usr/bin/mpiexec.mpich"); }
        @Override public String debianPackages() { return "mpich libmpich-dev"; }
        @Override public List<String> mpiexecOptions() { return List.of(); }

        /** UCX installs its own SIGSEGV handler when libmpich loads; the JVM's implicit null checks then kill it. */
        @Override public Map<String, String> rankEnvironment() { return Map.of("UCX_ERROR_SIGNALS", ""); }

        @Override public String rankVariable() { return "PMI_RANK"; }

        /**
         * ch4:ucx ({@code UCX_TLS}), ch4:ofi and Intel MPI ({@code FI_PROVIDER}, {@code I_MPI_FABRICS}), and MPICH's
         * own shared-memory bypass off ({@code MPIR_CVAR_NOLOCAL} in ch4, {@code MPIR_CVAR_CH3_NOLOCAL} in ch3).
         */
        @Override public Map<String, String> transportEnvironment(Transport transport) {
            return switch (transport) {
                case DEFAULT -> Map.of();
                case TCP -> Map.of("UCX_TLS", "tcp,self", "FI_PROVIDER", "tcp", "I_MPI_FABRICS", "ofi",
                        "MPIR_CVAR_NOLOCAL", "1", "MPIR_CVAR_CH3_NOLOCAL", "1");
            };
        }

        @Override public List<String> hostFileOptions(Path file) { return List.of("-f", file.toString()); }
        @Override public String hostFileLine(String host, int slots) { return host + ":" + slots; }
        @Override List<String> familySymbols() { return List.of(); }
        @Override List<String> foreignSymbols() { return List.of("ompi_mpi_comm_world"); }

        @Override java.util.regex.Pattern versionPattern() {
            return java.util.regex.Pattern.compile("MPICH|Intel\\(R\\) MPI|MVAPICH|CRAY MPICH|Cray MPICH");
        }

        @Override java.util.regex.Pattern launcherPattern() {
            return java.util.regex.Pattern.compile("HYDRA|Intel\\(R\\) MPI|MVAPICH");
        }

        @Override ValueLayout handleLayout() { return JAVA_INT; }
        @Override MethodHandle handleArgument() { return TO_INT; }
        @Override long readHandle(MemorySegment cell) { return Integer.toUnsignedLong(cell.get(JAVA_INT, 0)); }
        @Override void writeHandle(MemorySegment cell, long handle) { cell.set(JAVA_INT, 0, (int) handle); }

        @Override
        long predefined(Predefined object, SymbolLookup library) {
            return switch (object) {
                case COMM_WORLD -> 0x44000000L;
                case COMM_SELF -> 0x44000001L;
                case COMM_NULL -> 0x04000000L;
                case GROUP_NULL -> 0x08000000L;
                case REQUEST_NULL, MESSAGE_NULL -> 0x2c000000L;
                case MESSAGE_NO_PROC -> 0x6c000000L;
                case INT -> 0x4c000405L;
                case ERRORS_RETURN -> 0x54000001L;
                case OP_MAX -> 0x58000001L;
                case OP_MIN -> 0x58000002L;
                case OP_SUM -> 0x58000003L;
                case OP_BAND -> 0x58000006L;
                case OP_BOR -> 0x58000008L;
            };
        }

        @Override int anySource() { return -2; }
        @Override int anyTag() { return -1; }
        @Override int procNull() { return -1; }
        @Override long statusSize() { return 20; }
        @Override long sourceOffset() { return 8; }
        @Override long tagOffset() { return 12; }
        @Override long errorOffset() { return 16; }
        @Override int maxLibraryVersionString() { return 8192; }
        @Override int maxErrorString() { return 512; }
    }

    /**
     * Open MPI 4.1.4: handles are pointers to exported globals ({@code &ompi_mpi_comm_world}, ...);
     * {@code MPI_Status} is {@code {MPI_SOURCE, MPI_TAG, MPI_ERROR, _cancelled, size_t _ucount}}
     * (24 bytes); {@code MPI_ANY_SOURCE -1}, {@code MPI_PROC_NULL -2}, {@code MPI_ANY_TAG -1}.
     */
    static final class OpenMpi extends NativeAbi {
        private static final MethodHandle TO_ADDRESS;

        static {
            try {
                TO_ADDRESS = MethodHandles.lookup().findStatic(MemorySegment.class, "ofAddress",
                        MethodType.methodType(MemorySegment.class, long.class));
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        OpenMpi() {
            super("""
                1 MPI_ERR_BUFFER
                2 MPI_ERR_COUNT
                3 MPI_ERR_TYPE
                4 MPI_ERR_TAG
                5 MPI_ERR_COMM
                6 MPI_ERR_RANK
                7 MPI_ERR_REQUEST
                8 MPI_ERR_ROOT
                9 MPI_ERR_GROUP
                10 MPI_ERR_OP
                11 MPI_ERR_TOPOLOGY
                12 MPI_ERR_DIMS
                13 MPI_ERR_ARG
                14 MPI_ERR_UNKNOWN
                15 MPI_ERR_TRUNCATE
                16 MPI_ERR_OTHER
                17 MPI_ERR_INTERN
                18 MPI_ERR_IN_STATUS
                19 MPI_ERR_PENDING
                20 MPI_ERR_ACCESS
                21 MPI_ERR_AMODE
                22 MPI_ERR_ASSERT
                23 MPI_ERR_BAD_FILE
                24 MPI_ERR_BASE
                25 MPI_ERR_CONVERSION
                26 MPI_ERR_DISP
                27 MPI_ERR_DUP_DATAREP
                28 MPI_ERR_FILE_EXISTS
                29 MPI_ERR_FILE_IN_USE
                30 MPI_ERR_FILE
                31 MPI_ERR_INFO_KEY
                32 MPI_ERR_INFO_NOKEY
                33 MPI_ERR_INFO_VALUE
                34 MPI_ERR_INFO
                35 MPI_ERR_IO
                36 MPI_ERR_KEYVAL
                37 MPI_ERR_LOCKTYPE
                38 MPI_ERR_NAME
                39 MPI_ERR_NO_MEM
                40 MPI_ERR_NOT_SAME
                41 MPI_ERR_NO_SPACE
                42 MPI_ERR_NO_SUCH_FILE
                43 MPI_ERR_PORT
                44 MPI_ERR_QUOTA
                45 MPI_ERR_READ_ONLY
                46 MPI_ERR_RMA_CONFLICT
                47 MPI_ERR_RMA_SYNC
                48 MPI_ERR_SERVICE
                49 MPI_ERR_SIZE
                50 MPI_ERR_SPAWN
                51 MPI_ERR_UNSUPPORTED_DATAREP
                52 MPI_ERR_UNSUPPORTED_OPERATION
                53 MPI_ERR_WIN
                68 MPI_ERR_RMA_RANGE
                69 MPI_ERR_RMA_ATTACH
                70 MPI_ERR_RMA_FLAVOR
                71 MPI_ERR_RMA_SHARED
                """);
        }

        @Override public String id() { return "openmpi"; }
        @Override public String displayName() { return "Open MPI"; }
        @Override public String soname() { return "libmpi.so.40"; }
        @Override public Path libraryFile() { return Path.of("/usr/lib/x86_64-linux-gnu/libmpi.so.40"); }
        @Override public Path mpiexec() { return Path.of("/usr/bin/mpiexec.openmpi"); }
        @Override public String debianPackages() { return "openmpi-bin libopenmpi-dev"; }

        /**
         * Root needs {@code --allow-run-as-root}; by default each rank is bound to one core (the JVM
         * then sees one CPU) and more ranks than cores are refused.
         */
        @Override public List<String> mpiexecOptions() {
            return List.of("--allow-run-as-root", "--bind-to", "none", "--oversubscribe");
        }

        @Override public Map<String, String> rankEnvironment() { return Map.of(); }
        @Override public String rankVariable() { return "OMPI_COMM_WORLD_RANK"; }

        /** ob1 with the TCP and self BTLs only: not UCX (its own shared memory) and not vader. */
        @Override public Map<String, String> transportEnvironment(Transport transport) {
            return switch (transport) {
                case DEFAULT -> Map.of();
                case TCP -> Map.of("OMPI_MCA_pml", "ob1", "OMPI_MCA_btl", "tcp,self");
            };
        }

        @Override public List<String> hostFileOptions(Path file) { return List.of("--hostfile", file.toString()); }
        @Override public String hostFileLine(String host, int slots) { return host + " slots=" + slots; }

        /**
         * mpirun forwards what it reads of each rank in blocks, and two ranks writing at once come out with lines
         * cut and mixed (2026-12-02, Open MPI 4.1.4: 12 to 15 of 400 lines of 940 characters from two ranks; Hydra:
         * none), which lost both dumps of a hung run. {@code --output-filename} makes mpirun also write each rank's
         * stream, in order, to {@code dir/1/rank.N/stdout} on its own host.
         */
        @Override public List<String> rankOutputOptions(Path dir) { return List.of("--output-filename", dir.toString()); }

        /** The exported objects behind every predefined handle the binding uses. */
        @Override List<String> familySymbols() {
            return java.util.Arrays.stream(Predefined.values()).map(OpenMpi::symbol).toList();
        }

        @Override List<String> foreignSymbols() { return List.of("MPIR_Err_return_comm"); }
        @Override java.util.regex.Pattern versionPattern() { return java.util.regex.Pattern.compile("Open MPI"); }
        @Override java.util.regex.Pattern launcherPattern() { return java.util.regex.Pattern.compile("OpenRTE|Open MPI|PRRTE|prterun"); }
        @Override ValueLayout handleLayout() { return ADDRESS; }
        @Override MethodHandle handleArgument() { return TO_ADDRESS; }
        @Override long readHandle(MemorySegment cell) { return cell.get(ADDRESS, 0).address(); }
        @Override void writeHandle(MemorySegment cell, long handle) { cell.set(ADDRESS, 0, MemorySegment.ofAddress(handle)); }

        @Override
        long predefined(Predefined object, SymbolLookup library) {
            return library.findOrThrow(symbol(object)).address();
        }

        private static String symbol(Predefined object) {
            return switch (object) {
                case COMM_WORLD -> "ompi_mpi_comm_world";
                case COMM_SELF -> "ompi_mpi_comm_self";
                case COMM_NULL -> "ompi_mpi_comm_null";
                case GROUP_NULL -> "ompi_mpi_group_null";
                case REQUEST_NULL -> "ompi_request_null";
                case MESSAGE_NULL -> "ompi_message_null";
                case MESSAGE_NO_PROC -> "ompi_message_no_proc";
                case INT -> "ompi_mpi_int";
                case ERRORS_RETURN -> "ompi_mpi_errors_return";
                case OP_SUM -> "ompi_mpi_op_sum";
                case OP_MAX -> "ompi_mpi_op_max";
                case OP_MIN -> "ompi_mpi_op_min";
                case OP_BAND -> "ompi_mpi_op_band";
                case OP_BOR -> "ompi_mpi_op_bor";
            };
        }

        @Override int anySource() { return -1; }
        @Override int anyTag() { return -1; }
        @Override int procNull() { return -2; }
        @Override long statusSize() { return 24; }
        @Override long sourceOffset() { return 0; }
        @Override long tagOffset() { return 4; }
        @Override long errorOffset() { return 8; }
        @Override int maxLibraryVersionString() { return 256; }
        @Override int maxErrorString() { return 256; }
    }
}
