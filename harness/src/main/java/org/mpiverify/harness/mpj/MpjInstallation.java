package org.mpiverify.harness.mpj;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Properties;

/**
 * Where MPJ Express is installed and which of its jars each kind of JVM needs. The Debian package
 * {@code libmpj-java} puts the jars in {@code /usr/share/mpj/lib} and needs log4j 1.2 from
 * {@code liblog4j1.2-java} (its manifests name {@code log4j-1.2.jar} relative to their own folder,
 * where it is not, so it must be on the class path explicitly).
 *
 * <p>The split of jars follows MPJ's own {@code MulticoreDaemon}: the multicore JVM's class path
 * holds the shared-memory device and what it links to (one copy for all ranks); each rank's class
 * loader adds {@code mpi.jar} and {@code mpjdev.jar} (one copy per rank, because {@code mpi.MPI}
 * keeps the rank's state in static fields). A niodev rank is a JVM of its own and uses
 * {@code mpj.jar}, which bundles {@code mpi}, {@code mpjdev}, {@code mpjbuf}, {@code xdev} and
 * {@code xdev.niodev}.
 *
 * <p>{@code mpiverify.mpj.home} (system property) or {@code MPJ_HOME} (environment) override
 * {@code /usr/share/mpj}; {@code mpiverify.log4j.jar} overrides {@code /usr/share/java/log4j-1.2.jar}.
 */
public record MpjInstallation(Path home, Path log4j) {

    public static final String PACKAGE = "libmpj-java";

    /** The installation this machine has, found as described above (not checked: see {@link #problem()}). */
    public static MpjInstallation locate() {
        String home = System.getProperty("mpiverify.mpj.home");
        if (home == null || home.isBlank()) home = System.getenv("MPJ_HOME");
        if (home == null || home.isBlank()) home = "/usr/share/mpj";
        String log4j = System.getProperty("mpiverify.log4j.jar", "/usr/share/java/log4j-1.2.jar");
        return new MpjInstallation(Path.of(home), Path.of(log4j));
    }

    public Path lib(String jar) { return home.resolve("lib").resolve(jar); }

    /** Why MPJ Express cannot run here, naming the Debian package to install; empty if it can. */
    public Optional<String> problem() {
        if (!Files.isDirectory(home.resolve("lib"))) {
            return Optional.of("MPJ Express is not installed (no " + home.resolve("lib") + "); install the Debian package "
                    + PACKAGE + " (apt-get install " + PACKAGE + ")");
        }
        List<String> missing = new ArrayList<>();
        for (String jar : List.of("mpj.jar", "mpi.jar", "mpjdev.jar", "mpiExp.jar", "smpdev.jar", "xdev.jar",
                "mpjbuf.jar", "starter.jar", "runtimecommon.jar", "loader2.jar")) {
            if (!Files.isRegularFile(lib(jar))) missing.add(lib(jar).toString());
        }
        if (!missing.isEmpty()) {
            return Optional.of("MPJ Express is not installed (missing " + String.join(", ", missing)
                    + "); install the Debian package " + PACKAGE + " (apt-get install " + PACKAGE + ")");
        }
        if (!Files.isRegularFile(log4j)) {
            return Optional.of("MPJ Express needs log4j 1.2 at " + log4j
                    + "; install the Debian package liblog4j1.2-java (a dependency of " + PACKAGE + ")");
        }
        return Optional.empty();
    }

    /** {@code mpjexpress.version} from {@code conf/mpjexpress.conf}, or {@code "unknown"}. */
    public String version() {
        Path conf = home.resolve("conf").resolve("mpjexpress.conf");
        Properties p = new Properties();
        try (InputStream in = Files.newInputStream(conf)) {
            p.load(in);
        } catch (IOException e) {
            return "unknown";
        }
        return p.getProperty("mpjexpress.version", "unknown").trim();
    }

    /** Class path of the one multicore JVM (MPJ's {@code MulticoreDaemon} uses the same jars). */
    public String multicoreJvmClassPath() {
        return join(lib("smpdev.jar"), lib("xdev.jar"), lib("mpjbuf.jar"), lib("loader2.jar"), lib("starter.jar"),
                lib("mpiExp.jar"), lib("runtimecommon.jar"), log4j);
    }

    /** Class path of one niodev rank JVM, before the audit's own classes. */
    public String niodevJvmClassPath() {
        return join(lib("mpj.jar"), log4j);
    }

    private static String join(Path... paths) {
        StringBuilder sb = new StringBuilder();
        for (Path p : paths) {
            if (!sb.isEmpty()) sb.append(java.io.File.pathSeparatorChar);
            sb.append(p);
        }
        return sb.toString();
    }
}
