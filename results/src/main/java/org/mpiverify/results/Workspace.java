package org.mpiverify.results;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Where results go: the repository root (the folder holding the {@code mpiverify} launcher) and the
 * output folder under it. Every producer (TLC runner, audit, benchmarks, Lincheck and jcstress suites,
 * reports) asks here, so that {@code -Dmpiverify.root} and {@code -Dmpiverify.out} mean the same thing
 * everywhere. Maven passes unset properties through as literal {@code ${...}}; those count as unset.
 */
public final class Workspace {
    /** System property naming the repository root (set by the launcher). */
    public static final String ROOT_PROPERTY = "mpiverify.root";
    /** System property naming the output folder (default {@code <root>/out}). */
    public static final String OUT_PROPERTY = "mpiverify.out";

    private Workspace() {}

    /** {@code name}'s value, or empty if unset, blank or an unresolved Maven placeholder. */
    public static Optional<String> property(String name) {
        String v = System.getProperty(name);
        return v == null || v.isBlank() || v.startsWith("${") ? Optional.empty() : Optional.of(v);
    }

    /** {@link #ROOT_PROPERTY} if set, else the nearest folder from {@code start} upwards that holds the launcher. */
    public static Optional<Path> findRoot(Path start) {
        Optional<String> p = property(ROOT_PROPERTY);
        if (p.isPresent()) return Optional.of(Path.of(p.get()).toAbsolutePath().normalize());
        for (Path d = start.toAbsolutePath().normalize(); d != null; d = d.getParent()) {
            if (Files.isRegularFile(d.resolve("mpiverify"))) return Optional.of(d);
        }
        return Optional.empty();
    }

    /** {@link #findRoot} from the working directory, else the working directory itself. */
    public static Path root() {
        Path cwd = Path.of("").toAbsolutePath().normalize();
        return findRoot(cwd).orElse(cwd);
    }

    /** {@link #OUT_PROPERTY} if set, else {@code <root>/out}. */
    public static Path outputDir(Path root) {
        return property(OUT_PROPERTY).map(o -> Path.of(o).toAbsolutePath()).orElse(root.resolve("out"));
    }

    /** {@link #outputDir(Path)} of {@link #root()}. */
    public static Path outputDir() {
        return outputDir(root());
    }
}
