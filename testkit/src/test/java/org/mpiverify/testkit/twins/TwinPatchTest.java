package org.mpiverify.testkit.twins;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The patch twin format: applies by context, renames the class, and refuses drift and unmarked lines. */
class TwinPatchTest {
    static final String ORIGINAL = """
            package a.b;

            /** A counter; see {@link Counter#add}. */
            public final class Counter {
                private int n;

                public synchronized void add() {
                    n++;
                }

                public synchronized int get() {
                    return n;
                }
            }
            """;

    static Path patch(Path dir, String text) throws Exception {
        Path p = dir.resolve("x.patch");
        Files.writeString(p, text);
        return p;
    }

    @Test
    void appliesHunksByContextRenamesTheClassAndMovesThePackage(@TempDir Path dir) throws Exception {
        TwinPatch p = TwinPatch.read(patch(dir, """
                add() without the monitor.
                --- src/a/b/Counter.java
                +++ c/d/UnlockedCounter.java
                @@ add @@
                -    public synchronized void add() {
                +    public void add() { // DEFECT: not synchronized
                         n++;
                """));
        String twin = p.apply(ORIGINAL);
        assertTrue(twin.contains("package c.d;"), twin);
        assertTrue(twin.contains("public final class UnlockedCounter {"), twin);
        assertTrue(twin.contains("{@link UnlockedCounter#add}"), twin);
        assertTrue(twin.contains("    public void add() { // DEFECT: not synchronized\n        n++;"), twin);
        assertTrue(twin.contains("public synchronized int get()"), twin);
        assertTrue(twin.startsWith("// GENERATED"), twin);
        assertEquals("UnlockedCounter", p.twinName());
        assertEquals("Counter", p.originalName());
    }

    @Test
    void anUnmarkedAddedLineIsRefused(@TempDir Path dir) throws Exception {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> TwinPatch.read(patch(dir, """
                --- src/a/b/Counter.java
                +++ c/d/UnlockedCounter.java
                @@ add @@
                -    public synchronized void add() {
                +    public void add() {
                """)));
        assertTrue(e.getMessage().contains("without '// DEFECT'"), e.getMessage());
    }

    @Test
    void aPatchWhoseOriginalChangedFailsInsteadOfDrifting(@TempDir Path dir) throws Exception {
        TwinPatch p = TwinPatch.read(patch(dir, """
                --- src/a/b/Counter.java
                +++ c/d/UnlockedCounter.java
                @@ add @@
                -    public synchronized void add() {
                +    public void add() { // DEFECT
                """));
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> p.apply(ORIGINAL.replace("synchronized void add()", "synchronized void add(int k)")));
        assertTrue(e.getMessage().contains("no longer matches"), e.getMessage());
    }

    @Test
    void anAmbiguousHunkIsRefused(@TempDir Path dir) throws Exception {
        TwinPatch p = TwinPatch.read(patch(dir, """
                --- src/a/b/Counter.java
                +++ c/d/Twin.java
                @@ @@
                -    public synchronized
                +    public // DEFECT
                """.replace("synchronized\n", "synchronized\n")));
        String doubled = ORIGINAL.replace("public synchronized void add() {", "public synchronized\n    void add() {")
                .replace("public synchronized int get() {", "public synchronized\n    int get() {");
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> p.apply(doubled));
        assertTrue(e.getMessage().contains("more than one place"), e.getMessage());
    }

    @Test
    void theCopiedRunCountsOnlySignificantLines() {
        String twin = "class T {\n    private long m;\n    public void add() {\n        n++; n++; n++;\n    }\n}\n";
        assertEquals(0, TwinSources.longestCopiedRun(twin, ORIGINAL));
        assertEquals(0, TwinSources.longestCopiedRun(
                "    public synchronized void add() {\n    public synchronized int get() {\n", ORIGINAL.replace(
                        "        n++;\n    }\n\n", "")));
    }
}
