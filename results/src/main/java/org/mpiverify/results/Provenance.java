package org.mpiverify.results;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * When and where a result was produced, written by every producer (TLC runner, Lincheck and
 * jcstress suites, audit, benchmarks) as a {@code "provenance"} object in its JSON, so the reports
 * can say where each result comes from and mark results older than the code they describe as stale:
 *
 * <pre>{"date":"2026-11-22T07:40:00Z","commit":"d068e80…","dirty":false,"jdk":"25.0.1+8",
 *  "os":"Linux 6.1 amd64","host":"…","cpus":2,"versions":{"MPICH":"4.0.2"}}</pre>
 *
 * {@code commit} is {@code git rev-parse HEAD} in the repository ("unknown" outside git) and
 * {@code dirty} whether the work tree had uncommitted changes then.
 */
public record Provenance(String date, String commit, boolean dirty, String jdk, String os, String host,
                         int cpus, Map<String, String> versions) {

    public Provenance {
        versions = Collections.unmodifiableMap(versions == null ? new TreeMap<>() : new TreeMap<>(versions)); // by name
    }

    /** The provenance of a result produced now, in the repository at {@code repoRoot}. */
    public static Provenance now(Path repoRoot, Map<String, String> versions) {
        Git git = new Git(repoRoot);
        String commit = git.run("rev-parse", "HEAD");
        String status = git.run("status", "--porcelain", "--untracked-files=no");
        String host;
        try {
            host = InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            host = "unknown";
        }
        return new Provenance(Instant.now().truncatedTo(ChronoUnit.SECONDS).toString(),
                commit == null ? "unknown" : commit.strip(),
                status != null && !status.isBlank(),
                System.getProperty("java.runtime.version", System.getProperty("java.version")),
                System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                        + System.getProperty("os.arch"),
                host, Runtime.getRuntime().availableProcessors(), versions);
    }

    /** This provenance as a one-line JSON object, its fields in the order of the record. */
    public String toJson() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("date", date);
        m.put("commit", commit);
        m.put("dirty", dirty);
        m.put("jdk", jdk);
        m.put("os", os);
        m.put("host", host);
        m.put("cpus", cpus);
        m.put("versions", versions);
        return Json.compact(m);
    }
}
