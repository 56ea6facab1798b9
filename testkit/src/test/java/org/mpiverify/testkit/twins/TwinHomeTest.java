package org.mpiverify.testkit.twins;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.OutputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link TwinHome} reads the home from the class path whether it is a folder (a reactor build) or a jar. */
class TwinHomeTest {
    static final String PATCH = """
            A twin for this test.
            Rejected by: nothing.
            --- x/src/main/java/p/A.java
            +++ p/BrokenA.java
            @@ f @@
            -    int f() { return 1; }
            +    int f() { return 2; } // DEFECT: two
            """;

    @Test
    void readsTheHomeFromAJar(@TempDir Path dir) throws Exception {
        Path jar = dir.resolve("mpiverify-twins.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            for (String d : List.of("org/", "org/mpiverify/", "org/mpiverify/twins/", "org/mpiverify/twins/x/")) {
                out.putNextEntry(new JarEntry(d));
                out.closeEntry();
            }
            out.putNextEntry(new JarEntry("org/mpiverify/twins/x/BrokenA.patch"));
            OutputStream o = out;
            o.write(PATCH.getBytes(StandardCharsets.UTF_8));
            out.closeEntry();
        }
        List<TwinPatch> patches = withClassPath(jar, () -> TwinHome.patches("x"));
        assertEquals(List.of("BrokenA"), patches.stream().map(TwinPatch::twinName).toList());
        assertEquals("x/src/main/java/p/A.java", patches.get(0).original());
    }

    @Test
    void readsTheHomeFromAFolder(@TempDir Path dir) throws Exception {
        Path folder = dir.resolve("org/mpiverify/twins/x");
        Files.createDirectories(folder);
        Files.writeString(folder.resolve("BrokenA.patch"), PATCH);
        Path found = withClassPath(dir, () -> TwinHome.patch("x", "BrokenA"));
        assertEquals(folder.resolve("BrokenA.patch"), found);
    }

    @Test
    void aMissingFolderSaysWhere() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> TwinHome.folder("no-such-module"));
        assertEquals(true, e.getMessage().contains("twins/patches/no-such-module"), e.getMessage());
    }

    interface Call<T> {
        T call() throws Exception;
    }

    private static <T> T withClassPath(Path entry, Call<T> call) throws Exception {
        Thread t = Thread.currentThread();
        ClassLoader before = t.getContextClassLoader();
        try (URLClassLoader l = new URLClassLoader(new URL[] {entry.toUri().toURL()}, null)) {
            t.setContextClassLoader(l);
            return call.call();
        } finally {
            t.setContextClassLoader(before);
        }
    }
}
