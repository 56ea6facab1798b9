package org.mpiverify.audit.race;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A race detector the C scenarios run under: Valgrind's Helgrind or DRD (Debian's {@code valgrind}), each rank of a
 * run writing its own XML report. Thread safety: stateless.
 */
public enum RaceTool {
    HELGRIND, DRD;

    static final Path VALGRIND = Path.of("/usr/bin/valgrind");

    /** {@code helgrind} or {@code drd}. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The tool named {@code id}; a usage error names the choices. */
    public static RaceTool of(String id) {
        for (RaceTool t : values()) if (t.id().equals(id)) return t;
        throw new IllegalArgumentException("unknown race detector '" + id + "'; expected helgrind or drd (tsan needs a "
                + "library built with it: not available here)");
    }

    /** Empty when Valgrind is installed; else how to install it. */
    public Optional<String> unavailable() {
        return Files.isExecutable(VALGRIND) ? Optional.empty()
                : Optional.of(VALGRIND + " is missing; install it with: apt-get install valgrind");
    }

    /**
     * The command each rank runs in front of the program: one XML report per process in {@code xmlDir} ({@code
     * rank-PID.xml}), the given suppression files.
     */
    public List<String> prefix(Path xmlDir, List<Path> suppressions) {
        List<String> l = new ArrayList<>(List.of(VALGRIND.toString(), "--tool=" + id(), "--xml=yes",
                "--xml-file=" + xmlDir.resolve("rank-%p.xml"),
                // a build with symbols shows inlined frames too: past Valgrind's default 12, a thread deep in a collective
                // inside MPI_Comm_dup lost its MPI entry point and was taken for a thread of the library's own
                "--num-callers=40"));
        suppressions.forEach(s -> l.add("--suppressions=" + s.toAbsolutePath()));
        return l;
    }
}
