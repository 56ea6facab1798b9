package org.mpiverify.harness.nativempi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A library given by path is checked to have the ABI the binding assumes, and refused with what does not match:
 * the installed libraries by path pass; the other family's library, its launcher, a library that is no MPI and a
 * file that is no library are refused before any MPI call; and libraries that pass the symbol checks but break the
 * ABI at run time (shims over MPICH and Open MPI, built here from {@code src/test/resources/abi-shims}: an
 * {@code MPI_INT} of 8 bytes, an {@code MPI_Status} with source and tag swapped, MPI 2.2, another error class for an
 * invalid tag) are refused by the checks after {@code MPI_Init}, each by the one aimed at its flaw.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(120)
class NativeAbiCheckTest {
    private static final Path LIB = Path.of("/usr/lib/x86_64-linux-gnu");
    private static final Duration LIMIT = Duration.ofSeconds(100);

    @TempDir
    Path shims;

    @BeforeAll
    void requireLibraries() {
        for (String id : List.of("mpich", "openmpi")) {
            NativeAbi abi = NativeAbi.forLibrary(id);
            Optional<String> missing = abi.unavailable();
            if (missing.isEmpty() && !Files.isExecutable(Shims.MPICC.get(id))) {
                missing = Optional.of("no " + Shims.MPICC.get(id) + ": install it with: apt-get install " + abi.debianPackages());
            }
            NativeTargetContract.requireAvailable(missing, System.getenv("CI"));
        }
    }

    private static NativeTarget byPath(String id, Path library, Path mpiexec) {
        NativeAbi abi = NativeAbi.forLibrary(id);
        return NativeTarget.of(abi, NativeLaunch.byPath(abi, library, mpiexec));
    }

    private static Optional<String> refusal(NativeTarget t) throws Exception {
        return Deadline.within(LIMIT, "ABI check of " + t.launch().library(), t::unavailable);
    }

    private static void assertRefused(NativeTarget t, String... parts) throws Exception {
        Optional<String> r = refusal(t);
        assertTrue(r.isPresent(), "expected " + t.launch().library() + " to be refused; findings: " + t.abiFindings());
        assertTrue(r.get().startsWith("refused " + t.launch().library() + " as "), r.get());
        for (String p : parts) assertTrue(r.get().contains(p), "'" + p + "' in: " + r.get());
    }

    @ParameterizedTest
    @CsvSource({"mpich, libmpich.so.12, MPI 4.0, 32-bit", "openmpi, libmpi.so.40, MPI 3.1, 64-bit pointers"})
    void theInstalledLibraryByPathPassesEveryCheck(String id, String file, String standard, String width) throws Exception {
        NativeTarget t = byPath(id, LIB.resolve(file), null); // the Debian library's launcher is found for it
        assertEquals(Optional.empty(), refusal(t), () -> t.abiFindings().toString());
        List<String> texts = t.abiFindings().stream().map(NativeAbiCheck.Finding::text).toList();
        for (String expected : List.of("symbols of ", standard, "MPI_Init_thread: provides thread level 3", "MPI_INT: 4 bytes",
                "handle width: " + width, "MPI_Status size: 0 bytes written past", "MPI_PROC_NULL: ", "error classes: ",
                "MPI_Finalize: finalized", NativeAbiCheck.LAST_CHECK)) {
            assertTrue(texts.stream().anyMatch(x -> x.startsWith(expected) || x.contains(expected)), expected + " in " + texts);
        }
        assertTrue(t.describe().contains("(" + LIB.resolve(file) + ")"), t.describe());
    }

    @Test
    void theOtherFamilysLibraryIsRefusedBeforeAnyMpiCall() throws Exception {
        assertRefused(byPath("mpich", LIB.resolve("libmpi.so.40"), Path.of("/usr/bin/mpiexec.openmpi")),
                "exports ompi_mpi_comm_world, which only Open MPI libraries do", "use --target openmpi");
        assertRefused(byPath("openmpi", LIB.resolve("libmpich.so.12"), Path.of("/usr/bin/mpiexec.mpich")),
                "exports MPIR_Err_return_comm, which only MPICH libraries do", "use --target mpich");
    }

    @Test
    void theOtherFamilysLauncherIsRefused() throws Exception {
        assertRefused(byPath("mpich", LIB.resolve("libmpich.so.12"), Path.of("/usr/bin/mpiexec.openmpi")),
                "/usr/bin/mpiexec.openmpi is a launcher of the other family", "OpenRTE");
        assertRefused(byPath("openmpi", LIB.resolve("libmpi.so.40"), Path.of("/usr/bin/mpiexec.mpich")),
                "/usr/bin/mpiexec.mpich is a launcher of the other family", "HYDRA");
    }

    @Test
    void whatIsNoMpiLibraryIsRefusedWithWhatItLacks(@TempDir Path dir) throws Exception {
        Path notALibrary = Files.writeString(dir.resolve("libmpi.so"), "not ELF");
        assertRefused(byPath("mpich", notALibrary, Path.of("/usr/bin/mpiexec.mpich")), "cannot load " + notALibrary + " as a shared library");
        Path zlib = LIB.resolve("libz.so.1");
        if (Files.exists(zlib)) {
            assertRefused(byPath("mpich", zlib, Path.of("/usr/bin/mpiexec.mpich")), "lacks MPI functions the audit calls: MPI_Get_library_version");
            assertRefused(byPath("openmpi", zlib, Path.of("/usr/bin/mpiexec.openmpi")), "lacks ompi_mpi_comm_world");
        }
        Optional<String> missing = refusal(byPath("mpich", dir.resolve("nothing.so"), Path.of("/usr/bin/mpiexec.mpich")));
        assertEquals(Optional.of("no library file " + dir.resolve("nothing.so")), missing);
    }

    @ParameterizedTest
    @ValueSource(strings = {"mpich", "openmpi"})
    void librariesThatBreakTheAbiAtRunTimeAreRefusedByTheCheckAimedAtEachFlaw(String id) throws Exception {
        Path mpiexec = NativeAbi.forLibrary(id).mpiexec();
        assertRefused(byPath(id, shim(id, "type_size_8"), mpiexec), "MPI_INT: expected 4 bytes in MPI_INT, found 8");
        assertRefused(byPath(id, shim(id, "status_swapped"), mpiexec),
                "MPI_Status fields, MPI_ANY_SOURCE, MPI_ANY_TAG: a receive of (ANY_SOURCE, ANY_TAG)", "reports source 4243, tag 0");
        assertRefused(byPath(id, shim(id, "mpi_2_2"), mpiexec), "implements MPI 2.2; the audit needs MPI 3.0");
        assertRefused(byPath(id, shim(id, "error_classes"), mpiexec), "error classes: a send with tag -5 gave", "expected MPI_ERR_TAG");
    }

    private Path shim(String id, String name) throws Exception { return Shims.build(shims, id, name); }
}
