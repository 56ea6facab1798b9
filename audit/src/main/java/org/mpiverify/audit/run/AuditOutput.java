package org.mpiverify.audit.run;

import org.mpiverify.results.Workspace;
import java.nio.file.Path;

/**
 * Where audit results go: {@code <out>/audit/}, {@code <out>} being the system property
 * {@code mpiverify.out} if set, else {@code out/} in the repository root — {@code mpiverify.root} (set by
 * the launcher), else the nearest folder above the working directory that holds the {@code mpiverify}
 * launcher: {@link Workspace}'s rule, which every producer follows.
 */
public final class AuditOutput {
    private AuditOutput() { }

    public static Path repoRoot() {
        return Workspace.root();
    }

    public static Path auditDir() {
        return Workspace.outputDir().resolve("audit");
    }
}
