package org.mpiverify.testkit.twins;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * Compiles a twin that keeps its original's name ({@link TwinPatch#keepsName()}) into a folder of its own,
 * for a {@link TwinClassLoader} to load in the original's place: the twin of a class that cannot compile
 * under another name. Its source is the original as it is now, patched ({@link TwinPatch#apply}), so it
 * cannot drift; it is compiled against {@code classPath} (the original's module), in this JVM, with the
 * JDK's compiler. Each patch is compiled once per JVM, and, given a cache folder, once for good: the
 * classes are kept under a digest of the twin's source and of every class file and jar on {@code classPath}, so a
 * change to either compiles it again (a cold compiler takes seconds; a warm cache, milliseconds).
 */
public final class TwinCompiler {
    private TwinCompiler() {}

    private static final Map<Path, Path> COMPILED = new ConcurrentHashMap<>();

    /**
     * The folder of {@code patch}'s twin classes, compiled now if this JVM has not compiled it yet.
     *
     * @param root      the repository root (the patch names its original relative to it)
     * @param patch     a patch file whose twin keeps its original's name
     * @param classPath what the twin compiles against
     * @throws IllegalStateException if the twin does not compile (with the compiler's messages)
     */
    public static Path classesOf(Path root, Path patch, List<Path> classPath) throws IOException {
        return classesOf(root, patch, classPath, null);
    }

    /** As {@link #classesOf(Path, Path, List)}, keeping the classes in {@code cache} (null: a temporary folder). */
    public static Path classesOf(Path root, Path patch, List<Path> classPath, Path cache) throws IOException {
        Path key = patch.toAbsolutePath().normalize();
        Path done = COMPILED.get(key);
        if (done != null) return done;
        synchronized (COMPILED) {
            done = COMPILED.get(key);
            if (done == null) {
                done = compile(root, TwinPatch.read(key), classPath, cache);
                COMPILED.put(key, done);
            }
            return done;
        }
    }

    private static Path compile(Path root, TwinPatch p, List<Path> classPath, Path cache) throws IOException {
        if (!p.keepsName()) {
            throw new IllegalArgumentException(p.file() + ": its twin has a name of its own; the build compiles it");
        }
        String twinSource = p.apply(Files.readString(root.resolve(p.original())));
        Path dir;
        if (cache == null) {
            dir = Files.createTempDirectory("twin-" + p.twinName() + "-");
        } else {
            dir = cache.resolve(p.file().getFileName().toString().replace(".patch", "") + "-" + digest(twinSource, classPath));
            if (Files.isRegularFile(dir.resolve("compiled"))) return dir.resolve("classes");
        }
        Path source = dir.resolve("src").resolve(p.twinPath());
        Files.createDirectories(source.getParent());
        Files.writeString(source, twinSource);
        Path out = Files.createDirectories(dir.resolve("classes"));
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        if (javac == null) throw new IllegalStateException("no Java compiler in this runtime: run on a JDK");
        List<String> args = new ArrayList<>(List.of("-d", out.toString(), "-proc:none", "-nowarn", "-encoding", "UTF-8",
                "-cp", classPath.stream().map(Path::toString).collect(Collectors.joining(File.pathSeparator))));
        args.add(source.toString());
        ByteArrayOutputStream messages = new ByteArrayOutputStream();
        int rc = javac.run(null, messages, messages, args.toArray(String[]::new));
        if (rc != 0) {
            throw new IllegalStateException(p.file() + ": the twin " + p.twinPath() + " does not compile (javac exit " + rc
                    + "):\n" + messages.toString(StandardCharsets.UTF_8));
        }
        if (cache != null) Files.writeString(dir.resolve("compiled"), "");   // last: a half-written folder is compiled again
        return out;
    }

    /** A digest of the twin's source, the JDK, and every class file under the folders (and every jar) of {@code classPath}. */
    private static String digest(String twinSource, List<Path> classPath) throws IOException {
        MessageDigest d;
        try {
            d = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        d.update(twinSource.getBytes(StandardCharsets.UTF_8));
        d.update(Runtime.version().toString().getBytes(StandardCharsets.UTF_8));
        for (Path folder : classPath) {
            if (Files.isRegularFile(folder)) {   // a jar: its bytes
                d.update(Files.readAllBytes(folder));
                continue;
            }
            if (!Files.isDirectory(folder)) continue;
            try (Stream<Path> files = Files.walk(folder)) {
                for (Path f : files.filter(f -> f.toString().endsWith(".class")).sorted().toList()) {
                    d.update(folder.relativize(f).toString().getBytes(StandardCharsets.UTF_8));
                    d.update(Files.readAllBytes(f));
                }
            }
        }
        return HexFormat.of().formatHex(d.digest(), 0, 8);
    }
}
