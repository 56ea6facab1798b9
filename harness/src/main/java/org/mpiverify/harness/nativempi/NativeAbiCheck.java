package org.mpiverify.harness.nativempi;

import java.io.PrintStream;
import java.lang.foreign.Arena;
import java.lang.foreign.SymbolLookup;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.mpiverify.harness.api.AuditException;
import org.mpiverify.harness.api.AuditMpi;
import org.mpiverify.harness.api.AuditStatus;

/**
 * Whether a library file has the binary interface the binding assumes for its family ({@link NativeAbi}), checked
 * before the audit starts a rank on it, so that a library of the wrong ABI is refused with what does not match
 * instead of crashing a rank (an Open MPI handle is a pointer; the same call with MPICH's {@code int} handle
 * dereferences garbage). The checks run in a one-rank job started by the library's own {@code mpiexec}
 * ({@code RankProcess --abi-check}), so that the launcher is checked to go with the library too, and a check that
 * crashes takes only that process down.
 *
 * <p>In order, each stopping the rest when it fails, since what follows would call the library with values it may
 * not understand:
 * <ol>
 *   <li>the file loads as a shared library of this machine;</li>
 *   <li>its symbols are of the family: Open MPI exports the objects behind its predefined handles
 *       ({@code ompi_mpi_comm_world}, ...), which no MPICH derivative has; MPICH's derivatives export
 *       {@code MPIR_Err_return_comm} or name themselves in {@code MPI_Get_library_version};</li>
 *   <li>it exports every MPI function the binding calls, and implements MPI 3.0 or later
 *       ({@code MPI_Get_version});</li>
 *   <li>after {@code MPI_Init_thread}: the predefined handles the binding uses are the library's
 *       ({@code MPI_COMM_WORLD} has one process, {@code MPI_INT} is 4 bytes), a handle is as wide as the binding
 *       reads it (what {@code MPI_Comm_dup} writes into a cell filled with {@code 0xff}), {@code MPI_Status} is no
 *       larger than the binding's layout and has the source, tag and count where it reads them, the wildcards and
 *       {@code MPI_PROC_NULL} have the binding's values, and the error classes of an invalid rank, an invalid tag
 *       and a truncated receive have the names in the binding's table.</li>
 * </ol>
 * Each finding is one line on standard output ({@link #LINE_PREFIX}), printed as soon as it is known, so the driver
 * still knows how far a check that crashed got.
 */
public final class NativeAbiCheck {
    /** Prefix of a finding's line: {@code mpiverify-abi ok|mismatch|info TEXT}. */
    public static final String LINE_PREFIX = "mpiverify-abi ";

    /** One finding: {@code kind} is {@code ok}, {@code mismatch} or {@code info}. */
    public record Finding(String kind, String text) {
        public boolean mismatch() { return kind.equals("mismatch"); }

        String line() { return LINE_PREFIX + kind + " " + text.replace('\n', ' '); }

        /** The finding on a line of the check's output, or null for any other line. */
        static Finding parse(String line) {
            int at = line.indexOf(LINE_PREFIX);
            if (at < 0) return null;
            String rest = line.substring(at + LINE_PREFIX.length());
            int sp = rest.indexOf(' ');
            if (sp < 0) return null;
            String kind = rest.substring(0, sp);
            if (!List.of("ok", "mismatch", "info").contains(kind)) return null;
            return new Finding(kind, rest.substring(sp + 1));
        }
    }

    /** The text of the last finding of a check that ran to its end without a mismatch. */
    public static final String LAST_CHECK = "done";
    private static final int MIN_MAJOR = 3;

    private NativeAbiCheck() { }

    /** The findings on the lines of a check's output, in order; other lines are left out. */
    public static List<Finding> parse(List<String> output) {
        List<Finding> l = new ArrayList<>();
        for (String line : output) {
            Finding f = Finding.parse(line);
            if (f != null) l.add(f);
        }
        return l;
    }

    /**
     * Checks {@code library} as a library of {@code abi}'s family, printing each finding to {@code out} as it goes;
     * {@code init} runs the checks after {@code MPI_Init_thread} too (only under a launcher: a rank of a one-process
     * job). Returns the findings.
     */
    static List<Finding> run(NativeAbi abi, Path library, boolean init, PrintStream out) {
        List<Finding> findings = new ArrayList<>();
        Consumer<Finding> say = f -> {
            findings.add(f);
            out.println(f.line());
            out.flush();
        };
        if (checkSymbols(abi, library, say)) {
            NativeMpi mpi = binding(abi, library, say);
            if (mpi != null && checkStandard(abi, library, mpi, say) && init) checkAfterInit(abi, mpi, say);
        }
        if (findings.stream().noneMatch(Finding::mismatch)) say.accept(ok(LAST_CHECK));
        return findings;
    }

    private static Finding ok(String s) { return new Finding("ok", s); }

    private static Finding mismatch(String s) { return new Finding("mismatch", s); }

    private static boolean checkSymbols(NativeAbi abi, Path library, Consumer<Finding> say) {
        SymbolLookup lib;
        try {
            lib = SymbolLookup.libraryLookup(library, Arena.global());
        } catch (IllegalArgumentException e) {
            say.accept(mismatch("cannot load " + library + " as a shared library: " + e.getMessage()));
            return false;
        }
        List<String> foreign = abi.foreignSymbols().stream().filter(s -> lib.find(s).isPresent()).toList();
        if (!foreign.isEmpty()) {
            say.accept(mismatch(library + " exports " + String.join(", ", foreign) + ", which only "
                    + other(abi) + " libraries do: it is not of " + abi.displayName() + "'s ABI (use --target "
                    + otherId(abi) + ")"));
            return false;
        }
        List<String> absent = abi.familySymbols().stream().filter(s -> lib.find(s).isEmpty()).toList();
        if (!absent.isEmpty()) {
            say.accept(mismatch(library + " lacks " + String.join(", ", absent) + ", which every library of "
                    + abi.displayName() + "'s ABI exports (the objects behind its predefined handles)"));
            return false;
        }
        say.accept(ok("symbols of " + abi.displayName() + "'s ABI"));
        return true;
    }

    private static NativeMpi binding(NativeAbi abi, Path library, Consumer<Finding> say) {
        try {
            return new NativeMpi(abi, library);
        } catch (IllegalStateException e) {
            say.accept(mismatch(e.getMessage()));
            return null;
        }
    }

    private static boolean checkStandard(NativeAbi abi, Path library, NativeMpi mpi, Consumer<Finding> say) {
        String version = mpi.libraryVersion().lines().findFirst().orElse("").replaceAll("\\s+", " ").strip();
        say.accept(new Finding("info", "version " + version));
        boolean named = abi.versionPattern().matcher(version).find();
        boolean marked = abi.familySymbols().isEmpty() && SymbolLookup.libraryLookup(library, Arena.global())
                .find("MPIR_Err_return_comm").isPresent();
        if (!named && !marked) {
            say.accept(mismatch("neither its version ('" + version + "') nor its symbols say " + library + " is "
                    + abi.displayName() + " or a derivative of it"));
            return false;
        }
        int[] standard = mpi.standardVersion();
        if (standard[0] < MIN_MAJOR) {
            say.accept(mismatch(library + " implements MPI " + standard[0] + "." + standard[1] + "; the audit needs MPI "
                    + MIN_MAJOR + ".0 or later (matched probe, MPI_Comm_idup, nonblocking collectives)"));
            return false;
        }
        say.accept(ok("MPI " + standard[0] + "." + standard[1]));
        return true;
    }

    /** The checks that need MPI initialized; each mismatch is said, and the first stops the rest. */
    private static void checkAfterInit(NativeAbi abi, NativeMpi mpi, Consumer<Finding> say) {
        List<Step> steps = List.of(
                new Step("MPI_Init_thread", () -> "provides thread level " + mpi.initThread(AuditMpi.THREAD_MULTIPLE)),
                new Step("MPI_COMM_WORLD", () -> expect(1, mpi.commSize(mpi.commWorld()), "processes in MPI_COMM_WORLD of a one-rank job")),
                new Step("MPI_INT", () -> expect(4, mpi.typeSizeOfInt(), "bytes in MPI_INT")),
                new Step("handle width", () -> handleWidth(abi, mpi.dupHandleBytes())),
                new Step("MPI_Status size", () -> expect(0, mpi.statusOverrun(),
                        "bytes written past the binding's " + abi.statusSize() + "-byte MPI_Status")),
                new Step("MPI_Status fields, MPI_ANY_SOURCE, MPI_ANY_TAG", () -> wildcardStatus(mpi)),
                new Step("MPI_PROC_NULL", () -> procNull(mpi)),
                new Step("error classes", () -> errorClasses(mpi)),
                new Step("MPI_Finalize", () -> {
                    mpi.finalizeMpi();
                    return "finalized";
                }));
        for (Step s : steps) {
            try {
                say.accept(ok(s.name() + ": " + s.check().call()));
            } catch (Exception e) {
                say.accept(mismatch(s.name() + ": " + e.getMessage()));
                return;
            }
        }
    }

    private record Step(String name, java.util.concurrent.Callable<String> check) { }

    private static String expect(long expected, long found, String what) {
        if (expected != found) throw new IllegalStateException("expected " + expected + " " + what + ", found " + found);
        return found + " " + what;
    }

    /**
     * MPICH's handles are 32-bit: a new communicator's handle leaves the upper half of an 8-byte cell alone and has
     * MPICH's kind bits (object kind 1, communicator, in bits 26-29); Open MPI's are pointers, all 8 bytes written.
     */
    static String handleWidth(NativeAbi abi, byte[] cell) {
        boolean upperUntouched = true;
        for (int i = 4; i < 8; i++) upperUntouched &= cell[i] == (byte) 0xff;
        long width = abi.handleLayout().byteSize();
        String bytes = java.util.HexFormat.ofDelimiter(" ").formatHex(cell);
        if (width == 4) {
            int h = java.nio.ByteBuffer.wrap(cell, 0, 4).order(java.nio.ByteOrder.nativeOrder()).getInt();
            if (!upperUntouched || ((h >>> 26) & 0xf) != 1) {
                throw new IllegalStateException("a new communicator's handle is not a 32-bit MPICH communicator handle: cell "
                        + bytes + " after MPI_Comm_dup");
            }
            return "32-bit, 0x" + Integer.toHexString(h);
        }
        if (upperUntouched) {
            throw new IllegalStateException("MPI_Comm_dup wrote 4 bytes of an 8-byte cell (" + bytes
                    + "): handles are not pointers");
        }
        return "64-bit pointers";
    }

    private static String wildcardStatus(NativeMpi mpi) {
        long world = mpi.commWorld(); // a one-rank job: messages to itself; MPI_ERRORS_RETURN is set on it
        long req = mpi.isend(world, new int[] {7, 8, 9}, 3, 0, 4243);
        AuditStatus st = mpi.recv(world, new int[3], 3, AuditMpi.ANY_SOURCE, AuditMpi.ANY_TAG);
        if (req != AuditMpi.REQUEST_NULL) mpi.waitFor(req);
        if (st.source() != 0 || st.tag() != 4243 || st.count() != 3) {
            throw new IllegalStateException("a receive of (ANY_SOURCE, ANY_TAG) of 3 ints sent to itself with tag 4243 reports source "
                    + st.source() + ", tag " + st.tag() + ", count " + st.count());
        }
        return "source, tag and count where the binding reads them";
    }

    private static String procNull(NativeMpi mpi) {
        AuditStatus st = mpi.recv(mpi.commWorld(), new int[1], 1, AuditMpi.PROC_NULL, 5);
        if (st.source() != AuditMpi.PROC_NULL || st.count() != 0) {
            throw new IllegalStateException("a receive from MPI_PROC_NULL reports source " + st.source() + ", count " + st.count()
                    + " (the binding's MPI_PROC_NULL is not the library's)");
        }
        return "a receive from it returns at once, empty";
    }

    private static String errorClasses(NativeMpi mpi) {
        long world = mpi.commWorld(); // a one-rank job: messages to itself; MPI_ERRORS_RETURN is set on it
        List<String> wrong = new ArrayList<>();
        expectError(wrong, "MPI_ERR_RANK", "a send to rank 7 of a one-process MPI_COMM_WORLD", () -> mpi.send(world, new int[1], 1, 7, 0));
        expectError(wrong, "MPI_ERR_TAG", "a send with tag -5", () -> mpi.send(world, new int[1], 1, 0, -5));
        long req = mpi.isend(world, new int[] {1, 2, 3}, 3, 0, 4244);
        expectError(wrong, "MPI_ERR_TRUNCATE", "a receive of 1 int for 3", () -> mpi.recv(world, new int[1], 1, 0, 4244));
        if (req != AuditMpi.REQUEST_NULL) mpi.waitFor(req);
        if (!wrong.isEmpty()) throw new IllegalStateException(String.join("; ", wrong));
        return "MPI_ERR_RANK, MPI_ERR_TAG, MPI_ERR_TRUNCATE as in the binding's table";
    }

    private static void expectError(List<String> wrong, String name, String what, Runnable call) {
        try {
            call.run();
            wrong.add(what + " succeeded; expected " + name);
        } catch (AuditException e) {
            if (!e.errorName().equals(name)) wrong.add(what + " gave " + e.getMessage() + "; expected " + name);
        }
    }

    private static String other(NativeAbi abi) { return abi.id().equals("mpich") ? "Open MPI" : "MPICH"; }

    private static String otherId(NativeAbi abi) { return abi.id().equals("mpich") ? "openmpi" : "mpich"; }
}
