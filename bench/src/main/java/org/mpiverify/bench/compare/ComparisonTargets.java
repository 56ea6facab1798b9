package org.mpiverify.bench.compare;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Iterator;
import java.util.ServiceConfigurationError;
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
                    "the harness's FFM binding"),
            new Expected("Open MPI", Path.of("/usr/lib/x86_64-linux-gnu/libmpi.so.40"), "openmpi-bin libopenmpi-dev",
                    "the harness's FFM binding"),
            new Expected("MPJ Express", Path.of("/usr/share/mpj/lib/mpj.jar"), "libmpj-java",
                    "the harness's MPJ Express binding"));

    private ComparisonTargets() {
    }

    /**
     * The registered targets that can run here, or none when {@code enabled} is false (the tests'
     * quick runs); a registered target whose library is missing is skipped with its own message.
     */
    public static Discovery discover(boolean enabled) {
        List<ComparisonTarget> loaded = new ArrayList<>();
        List<String> skipped = new ArrayList<>();
        if (enabled) {
            Iterator<ComparisonTarget> it = ServiceLoader.load(ComparisonTarget.class).iterator();
            while (true) {
                try {
                    if (!it.hasNext()) {
                        break;
                    }
                    loaded.add(it.next());
                } catch (ServiceConfigurationError e) {
                    skipped.add("a registered comparison target cannot be created: " + e.getMessage());
                }
            }
        }
        return sort(loaded, skipped, enabled);
    }

    /** Splits {@code loaded} into usable targets and skipped lines (with the expected libraries not found). */
    static Discovery sort(List<ComparisonTarget> loaded, List<String> skippedSoFar, boolean enabled) {
        List<ComparisonTarget> usable = new ArrayList<>();
        List<String> skipped = new ArrayList<>(skippedSoFar);
        for (ComparisonTarget t : loaded) {
            t.unavailable().ifPresentOrElse(why -> skipped.add(t.name() + ": " + why), () -> usable.add(t));
        }
        skipped.addAll(skippedLines(loaded, enabled));
        return new Discovery(usable, skipped);
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
