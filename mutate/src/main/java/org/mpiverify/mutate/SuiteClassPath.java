package org.mpiverify.mutate;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/**
 * The class path PIT and its minions get: this JVM's, with our own modules' jars (the core and the
 * suites' test jars) unpacked into folders, because PIT mutates and looks for tests only in class
 * folders, not in jars.
 */
public record SuiteClassPath(List<String> entries, List<String> codePaths) {
    /** The class folders of the suites' test classes. */
    public List<Path> testRoots() {
        return entries.stream().filter(e -> e.endsWith("-tests") || e.endsWith("test-classes")).map(Path::of).toList();
    }

    /** Jars of ours whose classes PIT must see as folders. */
    static boolean ours(String fileName) {
        return fileName.startsWith("mpiverify-impl-") || fileName.startsWith("mpiverify-lincheck-");
    }

    /** This JVM's class path, our jars unpacked under {@code work} (reused while a jar is unchanged). */
    public static SuiteClassPath of(Path work) throws IOException {
        List<String> entries = new ArrayList<>();
        List<String> code = new ArrayList<>();
        for (String e : System.getProperty("java.class.path").split(File.pathSeparator)) {
            Path p = Path.of(e).toAbsolutePath();
            String name = p.getFileName().toString();
            if (Files.isRegularFile(p) && name.endsWith(".jar") && ours(name)) {
                p = unpack(p, work.resolve(name.substring(0, name.length() - 4)));
            }
            entries.add(p.toString());
            boolean implMain = name.startsWith("mpiverify-impl-") && !name.endsWith("-tests.jar")
                    || p.endsWith(Path.of("impl", "target", "classes"));
            if (implMain) code.add(p.toString());
        }
        if (code.isEmpty()) throw new IllegalStateException("the core (mpiverify-impl) is not on the class path");
        return new SuiteClassPath(entries, code);
    }

    private static Path unpack(Path jar, Path dir) throws IOException {
        Path stamp = dir.resolve(".unpacked");
        if (Files.exists(stamp) && Files.getLastModifiedTime(stamp).compareTo(Files.getLastModifiedTime(jar)) >= 0) {
            return dir;
        }
        Files.createDirectories(dir);
        try (JarFile j = new JarFile(jar.toFile())) {
            for (JarEntry en : (Iterable<JarEntry>) j.stream()::iterator) {
                Path t = dir.resolve(en.getName()).normalize();
                if (!t.startsWith(dir)) continue;
                if (en.isDirectory()) {
                    Files.createDirectories(t);
                } else {
                    Files.createDirectories(t.getParent());
                    try (InputStream in = j.getInputStream(en)) {
                        Files.copy(in, t, StandardCopyOption.REPLACE_EXISTING);
                    }
                }
            }
        }
        Files.writeString(stamp, jar.toString());
        return dir;
    }
}
