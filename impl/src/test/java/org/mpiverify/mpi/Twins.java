package org.mpiverify.mpi;

import java.nio.file.Files;
import java.nio.file.Path;

/** Where this module's known-bad twins' patches are read from by tests that load twins themselves. */
final class Twins {
    private Twins() {}

    /** The repository root: the nearest folder above the module holding the {@code mpiverify} launcher. */
    static Path repositoryRoot() {
        Path p = Path.of(System.getProperty("basedir", ".")).toAbsolutePath().normalize();
        while (p != null && !Files.isRegularFile(p.resolve("mpiverify"))) p = p.getParent();
        if (p == null) throw new IllegalStateException("no repository root (a folder holding the mpiverify launcher) above the module");
        return p;
    }
}
