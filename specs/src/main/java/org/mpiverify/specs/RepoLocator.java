package org.mpiverify.specs;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** Finds the repository root: the nearest folder, from a start folder upwards, that holds specs/manifest.json. */
public final class RepoLocator {
    private RepoLocator() {}

    public static Optional<Path> findRoot(Path start) {
        for (Path d = start.toAbsolutePath().normalize(); d != null; d = d.getParent()) {
            if (Files.isRegularFile(d.resolve("specs").resolve("manifest.json"))) return Optional.of(d);
        }
        return Optional.empty();
    }

    /** The output folder: system property {@code mpiverify.out} if set, else {@code <root>/out}. */
    public static Path outputDir(Path root) {
        return org.mpiverify.results.Workspace.outputDir(root);
    }
}
