package org.mpiverify.testkit.twins;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * Compiles a twin that keeps its original's name ({@link TwinPatch#keepsName()}) into a folder of its own,
 * for a {@link TwinClassLoader} to load in the original's place: the twin of a class that cannot compile
 * under another name. Its source is the original as it is now, patched ({@link TwinPatch#apply}), so it
 * cannot drift; it is compiled against {@code classPath} (the original's module), in this JVM, with the
 * JDK's compiler. Each patch is compiled once per JVM.
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
        Path key = patch.toAbsolutePath().normalize();
        Path done = COMPILED.get(key);
        if (done != null) return done;
        synchronized (COMPILED) {
            done = COMPILED.get(key);
            if (done == null) {
                done = compile(root, TwinPatch.read(key), classPath);
                COMPILED.put(key, done);
            }
            return done;
        }
    }

    private static Path compile(Path root, TwinPatch p, List<Path> classPath) throws IOException {
        if (!p.keepsName()) {
            throw new IllegalArgumentException(p.file() + ": its twin has a name of its own; the build compiles it");
        }
        Path dir = Files.createTempDirectory("twin-" + p.twinName() + "-");
        Path source = dir.resolve("src").resolve(p.twinPath());
        Files.createDirectories(source.getParent());
        Files.writeString(source, p.apply(Files.readString(root.resolve(p.original()))));
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
        return out;
    }
}
