package org.mpiverify.testkit.twins;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpiverify.testkit.twins.sample.Caller;

/** {@link TwinClassLoader}: code that makes the original itself runs the twin, under the original's name. */
class TwinClassLoaderTest {
    private static final String SAMPLE = "org.mpiverify.testkit.twins.sample.";

    @Test
    void codeThatMakesTheOriginalRunsTheTwinInItsPlace() throws Throwable {
        assertEquals("Greeter:real/Greeter:real", Caller.greet());
        TwinClassLoader swapped = new TwinClassLoader(getClass().getClassLoader(), List.of(SAMPLE), List.of(),
                Map.of(SAMPLE + "Greeter", SAMPLE + "WrongGreeter"));
        assertEquals("Greeter:twin/Greeter:twin", swapped.call(SAMPLE + "Caller", "greet"));
        assertNotSame(Caller.class, Class.forName(SAMPLE + "Caller", false, swapped), "the caller is loaded again");
    }

    @Test
    void withoutTwinsTheIsolatedCopyBehavesAsTheOriginal() throws Throwable {
        TwinClassLoader plain = new TwinClassLoader(getClass().getClassLoader(), List.of(SAMPLE), List.of(), Map.of());
        assertEquals("Greeter:real/Greeter:real", plain.call(SAMPLE + "Caller", "greet"));
    }

    /**
     * A twin that keeps its original's name: the build does not generate it (it would replace the original),
     * TwinCompiler compiles it apart, and the loader reads it from there in the original's place.
     */
    @Test
    void aTwinUnderItsOriginalsNameIsCompiledApartAndLoadedFirst(@TempDir Path dir) throws Throwable {
        Path module = Path.of(System.getProperty("basedir", ".")).toAbsolutePath().normalize();
        Path patches = Files.createDirectories(dir.resolve("twins"));
        Path patch = Files.writeString(patches.resolve("LoudGreeter.patch"), """
                Greets loudly, under Greeter's own name.
                --- src/test/java/org/mpiverify/testkit/twins/sample/Greeter.java
                +++ org/mpiverify/testkit/twins/sample/Greeter.java
                @@ greet @@
                -        Supplier<Word> w = () -> new Word("real");
                +        Supplier<Word> w = () -> new Word("LOUD"); // DEFECT: another word
                """);
        assertTrue(TwinPatch.read(patch).keepsName());
        assertEquals(List.of(), TwinGenerator.generate(module, patches, dir.resolve("generated")),
                "a twin under its original's name is not generated beside the original");
        Path classes = TwinCompiler.classesOf(module, patch,
                List.of(Path.of(Caller.class.getProtectionDomain().getCodeSource().getLocation().toURI())));
        assertSame(classes, TwinCompiler.classesOf(module, patch, List.of()), "compiled once per JVM");
        TwinClassLoader loud = new TwinClassLoader(getClass().getClassLoader(), List.of(SAMPLE), List.of(), Map.of(),
                List.of(classes));
        assertEquals("Greeter:LOUD/Greeter:LOUD", loud.call(SAMPLE + "Caller", "greet"));
    }

    @Test
    void onlyTheClassAndItsNestedClassesAreRenamed() {
        String from = "org/x/Wrong", to = "org/x/Right";
        for (String[] c : new String[][] {
                {"org/x/Wrong", "org/x/Right"},
                {"org/x/Wrong$Inner", "org/x/Right$Inner"},
                {"(Lorg/x/Wrong;I)Lorg/x/Wrong$1;", "(Lorg/x/Right;I)Lorg/x/Right$1;"},
                {"Ljava/util/List<Lorg/x/Wrong;>;", "Ljava/util/List<Lorg/x/Right;>;"},
                {"[Lorg/x/Wrong;", "[Lorg/x/Right;"},
                {"org/x/WrongOther", "org/x/WrongOther"},
                {"Lorg/x/WrongOther;", "Lorg/x/WrongOther;"},
                {"a/org/x/Wrong", "a/org/x/Wrong"},
                {"caf\u00e9", "caf\u00e9"}}) {
            byte[] in = c[0].getBytes(StandardCharsets.ISO_8859_1);
            assertArrayEquals(c[1].getBytes(StandardCharsets.ISO_8859_1), TwinClassLoader.renameIn(in, from, to), c[0]);
        }
    }
}
