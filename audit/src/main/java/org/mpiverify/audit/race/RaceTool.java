package org.mpiverify.audit.race;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * A race detector the C scenarios run under: Valgrind's Helgrind or DRD (Debian's {@code valgrind}), each rank of a
 * run writing its own XML report; or ThreadSanitizer, compiled into the library under audit ({@code audit build-lib
 * ... --tsan}) and into the program, each rank writing its own text log. Thread safety: stateless.
 *
 * <p>Implementation notes: TSan sees only the memory accesses of instrumented code, so it is offered only for a
 * library that needs {@code libtsan} (its {@code DT_NEEDED} entries, read from the file: a build's properties file
 * could be copied beside another library, the dynamic section cannot), and the program is compiled with {@code
 * -fsanitize=thread} too, which puts TSan's runtime first in the process. The runs set {@code exitcode=0}: a rank that
 * reported races still ends as the scenario ends, and its verdict is the scenario's, as under Valgrind.
 */
public enum RaceTool {
    HELGRIND, DRD, TSAN;

    static final Path VALGRIND = Path.of("/usr/bin/valgrind");
    /** GCC's ThreadSanitizer runtime (Debian's {@code libtsan2}), which {@code -fsanitize=thread} links. */
    static final Path LIBTSAN = Path.of("/usr/lib/x86_64-linux-gnu/libtsan.so.2");

    /** {@code helgrind}, {@code drd} or {@code tsan}. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Whether it is one of Valgrind's tools (an XML report, a Valgrind suppression file). */
    public boolean valgrind() {
        return this != TSAN;
    }

    /** The tool named {@code id}; a usage error names the choices. */
    public static RaceTool of(String id) {
        for (RaceTool t : values()) if (t.id().equals(id)) return t;
        throw new IllegalArgumentException("unknown race detector '" + id + "'; expected helgrind, drd or tsan (tsan: with "
                + "a --lib built with ThreadSanitizer, ./mpiverify audit build-lib LIBRARY --tsan)");
    }

    /** Empty when the detector is installed; else how to install it. */
    public Optional<String> unavailable() {
        if (this == TSAN) {
            return Files.exists(LIBTSAN) ? Optional.empty()
                    : Optional.of(LIBTSAN + " is missing; install it with: apt-get install libtsan2");
        }
        return Files.isExecutable(VALGRIND) ? Optional.empty()
                : Optional.of(VALGRIND + " is missing; install it with: apt-get install valgrind");
    }

    /**
     * As {@link #unavailable()}, for auditing {@code library} (the {@code --lib} file; null: the distribution's build):
     * TSan also needs that library built with it.
     */
    public Optional<String> unavailableFor(Path library) {
        Optional<String> missing = unavailable();
        if (missing.isPresent() || this != TSAN) return missing;
        if (library == null) {
            return Optional.of("tsan sees only code built with ThreadSanitizer, and the distribution's library is not: "
                    + "build one with ./mpiverify audit build-lib LIBRARY --tsan and pass the --lib it prints");
        }
        if (!instrumented(library)) {
            return Optional.of(library + " is not built with ThreadSanitizer (no libtsan among its NEEDED entries: "
                    + ElfBuildId.needed(library) + "); build one with ./mpiverify audit build-lib LIBRARY --tsan");
        }
        return Optional.empty();
    }

    /** Whether {@code library} is built with ThreadSanitizer: it needs TSan's runtime. */
    public static boolean instrumented(Path library) {
        return ElfBuildId.needed(library).stream().anyMatch(n -> n.startsWith("libtsan.so"));
    }

    /** The flags the program is compiled with besides the scenario's own: {@code -fsanitize=thread} for TSan. */
    public List<String> compileFlags() {
        return this == TSAN ? List.of("-fsanitize=thread") : List.of();
    }

    /**
     * The command each rank runs in front of the program: for Valgrind, one XML report per process in {@code reportDir}
     * ({@code rank-PID.xml}) and the given suppression files; for TSan none (it is in the program).
     */
    public List<String> prefix(Path reportDir, List<Path> suppressions) {
        if (this == TSAN) return List.of();
        List<String> l = new ArrayList<>(List.of(VALGRIND.toString(), "--tool=" + id(), "--xml=yes",
                "--xml-file=" + reportDir.resolve("rank-%p.xml"),
                // a build with symbols shows inlined frames too: past Valgrind's default 12, a thread deep in a collective
                // inside MPI_Comm_dup lost its MPI entry point and was taken for a thread of the library's own
                "--num-callers=40"));
        suppressions.forEach(s -> l.add("--suppressions=" + s.toAbsolutePath()));
        return l;
    }

    /**
     * The variables each rank gets: for TSan, {@code TSAN_OPTIONS} with one log per process in {@code reportDir}
     * ({@code rank.PID}), the exit code of the program's own, the longest access history (so the previous access keeps
     * its stack), every race on an address already reported ({@code suppress_equal_addresses=0}: by default TSan reports
     * one race per address, so a hot field such as a lock's owner word would hide every other pair of code locations
     * that races on it, while the audit deduplicates by that pair itself), the matched suppressions printed, and
     * TSan's suppression file (one at most); and {@code UCX_MEM_EVENTS=no}. None for Valgrind.
     *
     * <p>UCX's memory hooks ({@code libucm}) run inside glibc's {@code madvise} of a thread's stack as the thread ends,
     * where they take a {@code pthread_rwlock} that TSan intercepts for a thread it has already let go: every run
     * crashed with SIGSEGV in {@code __tsan::MutexPreReadLock} under {@code ucm_event_enter} when UCX's async thread
     * ended (here with Debian's MPICH and UCX 1.13.1; openucx/ucx issue 8475 has the same stack). Without the events UCX
     * cannot keep a cache of memory registrations it could not invalidate: a matter of speed, not of what a call returns.
     */
    public Map<String, String> environment(Path reportDir, List<Path> suppressions) {
        if (this != TSAN) return Map.of();
        if (suppressions.size() > 1) throw new IllegalArgumentException("TSan takes one suppression file: " + suppressions);
        StringBuilder o = new StringBuilder("log_path=" + reportDir.resolve("rank").toAbsolutePath()
                + " exitcode=0 history_size=7 suppress_equal_addresses=0 print_suppressions=1");
        suppressions.forEach(s -> o.append(" suppressions=").append(s.toAbsolutePath()));
        return Map.of("TSAN_OPTIONS", o.toString(), "UCX_MEM_EVENTS", "no");
    }

    /** Reads one report file of this detector. */
    public ValgrindXml.Report read(Path file, String origin) {
        return this == TSAN ? TsanText.read(file, origin) : ValgrindXml.read(file, origin);
    }
}
