package org.mpiverify.audit.run;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where audit results go: {@code <out>/audit/}, {@code <out>} being the system property
 * {@code mpiverify.out} if set, else {@code out/} in the repository root — {@code mpiverify.root} (set by
 * the launcher), else the nearest folder above the working directory that holds the {@code mpiverify} launcher (the convention of specs' RepoLocator and
 * the Lincheck and jcstress reports).
 */
public final class AuditOutput {
    private AuditOutput() { }

    public static Path repoRoot() {
        String root = System.getProperty("mpiverify.root"); // set by the launcher
        if (root != null && !root.isBlank() && !root.startsWith("${")) return Path.of(root);
        Path cwd = Path.of("").toAbsolutePath().normalize();
        for (Path d = cwd; d != null; d = d.getParent()) {
            if (Files.isRegularFile(d.resolve("mpiverify")) && Files.isDirectory(d.resolve("audit"))) return d;
        }
        return cwd;
    }

    public static Path auditDir() {
        String out = System.getProperty("mpiverify.out");
        Path base = out == null || out.isBlank() || out.startsWith("${") ? repoRoot().resolve("out") : Path.of(out);
        return base.resolve("audit");
    }
}
