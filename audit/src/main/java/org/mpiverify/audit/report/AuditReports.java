package org.mpiverify.audit.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes a target's audit as {@code <target>.json}, {@code .md}, {@code .html} and {@code junit/TEST-audit-<target>.xml}. */
public final class AuditReports {
    private AuditReports() { }

    public static void writeAll(TargetResult r, Path dir) throws IOException {
        Files.createDirectories(dir.resolve("junit"));
        write(jsonFile(dir, r.target()), AuditJson.toJson(r));
        write(dir.resolve(r.target() + ".md"), AuditMarkdown.toMarkdown(r));
        write(dir.resolve(r.target() + ".html"), AuditHtml.toHtml(r));
        write(junitFile(dir, r.target()), AuditJUnitXml.toXml(r));
    }

    public static Path jsonFile(Path dir, String target) {
        return dir.resolve(target + ".json");
    }

    public static Path junitFile(Path dir, String target) {
        return dir.resolve("junit").resolve("TEST-audit-" + target + ".xml");
    }

    private static void write(Path p, String s) throws IOException {
        Path tmp = p.resolveSibling(p.getFileName() + ".tmp");
        Files.writeString(tmp, s, StandardCharsets.UTF_8);
        Files.move(tmp, p, java.nio.file.StandardCopyOption.REPLACE_EXISTING, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    }
}
