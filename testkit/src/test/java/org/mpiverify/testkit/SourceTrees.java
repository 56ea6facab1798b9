package org.mpiverify.testkit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The repository's source tree as the structure tests see it, and scratch trees for their self-tests. */
final class SourceTrees {
    private SourceTrees() {
    }

    /** Writes {@code text} to {@code file} under {@code dir}, making its folders. */
    static void write(Path dir, String file, String text) throws IOException {
        Path f = dir.resolve(file);
        Files.createDirectories(f.getParent());
        Files.writeString(f, text);
    }

    /** The folder holding the {@code mpiverify} launcher, above this module. */
    static Path repositoryRoot() {
        Path p = Path.of(System.getProperty("basedir", ".")).toAbsolutePath().normalize();
        while (p != null && !Files.isRegularFile(p.resolve("mpiverify"))) p = p.getParent();
        if (p == null) throw new IllegalStateException("no repository root (a folder holding the mpiverify launcher) above the module");
        return p;
    }
}
