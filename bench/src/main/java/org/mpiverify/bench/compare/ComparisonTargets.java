package org.mpiverify.bench.compare;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;

/**
 * Finds the {@link ComparisonTarget}s available in this run and says, for each library the figures
 * would like beside the core, why it is absent: no binding registered, or the library itself not
 * installed (naming the Debian package).
 */
public final class ComparisonTargets {

    /** Targets found, and one line per expected library that was skipped. */
    public record Discovery(List<ComparisonTarget> targets, List<String> skipped) {
        public Discovery {
            targets = List.copyOf(targets);
            skipped = List.copyOf(skipped);
        }
    }

    /** A library the figures compare with: its name prefix, the file that shows it is installed, its package. */
    private record Expected(String name, Path file, String debianPackages, String binding) {
    }

    private static final List<Expected> EXPECTED = List.of(
            new Expected("MPICH", Path.of("/usr/lib/x86_64-linux-gnu/libmpich.so.12"), "mpich libmpich-dev",
                    "the audit's FFM binding (branch audit-native)"),
            new Expected("Open MPI", Path.of("/usr/lib/x86_64-linux-gnu/libmpi.so.40"), "openmpi-bin libopenmpi-dev",
                    "the audit's FFM binding (branch audit-native)"),
            new Expected("MPJ Express", Path.of("/usr/share/mpj/lib/mpj.jar"), "libmpj-java",
                    "the audit's MPJ Express binding (branch audit-mpj)"));

    private ComparisonTargets() {
    }

    /** The registered targets, or none when {@code enabled} is false (the tests' quick runs). */
    public static Discovery discover(boolean enabled) {
        List<ComparisonTarget> found = new ArrayList<>();
        if (enabled) {
            ServiceLoader.load(ComparisonTarget.class).forEach(found::add);
        }
        return new Discovery(found, skippedLines(found, enabled));
    }

    static List<String> skippedLines(List<ComparisonTarget> found, boolean enabled) {
        List<String> skipped = new ArrayList<>();
        for (Expected e : EXPECTED) {
            if (found.stream().anyMatch(t -> t.name().startsWith(e.name()))) {
                continue;
            }
            if (!enabled) {
                skipped.add(e.name() + ": comparisons switched off for this run");
            } else if (!Files.exists(e.file())) {
                skipped.add(e.name() + ": not installed (" + e.file() + " missing); install the Debian package(s) "
                        + e.debianPackages());
            } else {
                skipped.add(e.name() + ": installed, but no comparison target is registered yet (needs "
                        + e.binding() + ")");
            }
        }
        return skipped;
    }
}
