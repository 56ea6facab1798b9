package org.mpiverify.testkit.twins;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The drift test of the repository's known-bad twins ({@link TwinSources}): every patch twin applies
 * to its current original; every patch lives in the one home ({@link TwinHome}), which is also what the class
 * path carries; no hand-written twin copies its original's code; one defect marker.
 */
class RepositoryTwinsTest {
    private static TwinSources twins;

    @BeforeAll
    static void scan() throws Exception {
        twins = new TwinSources(repositoryRoot());
    }

    static Path repositoryRoot() {
        Path p = Path.of(System.getProperty("basedir", ".")).toAbsolutePath().normalize();
        while (p != null && !Files.isRegularFile(p.resolve("mpiverify"))) p = p.getParent();
        if (p == null) throw new IllegalStateException("no repository root (a folder holding the mpiverify launcher) above the module");
        return p;
    }

    @Test
    void everyPatchTwinAppliesToItsCurrentOriginal() throws Exception {
        assertFalse(twins.patches().isEmpty(), "no patch twin found: the scan looks in the wrong place");
        assertEquals(List.of(), twins.patchProblems());
    }

    @Test
    void everyPatchLivesInTheHome() throws Exception {
        assertEquals(List.of(), twins.strayPatches());
    }

    @Test
    void theClassPathCarriesTheHome() throws Exception {
        for (String module : modules()) {
            List<String> onClassPath;
            try (var s = Files.list(TwinHome.folder(module))) {
                onClassPath = s.map(f -> f.getFileName().toString()).filter(f -> f.endsWith(".patch")).sorted().toList();
            }
            List<String> inSources;
            try (var s = Files.list(twins.root().resolve(TwinHome.SOURCES).resolve(module))) {
                inSources = s.map(f -> f.getFileName().toString()).filter(f -> f.endsWith(".patch")).sorted().toList();
            }
            assertEquals(inSources, onClassPath, "the class path's " + module + " folder is not the source's: rebuild module twins");
        }
        for (TwinPatch p : twins.patches()) {
            String module = p.file().getParent().getFileName().toString();
            assertEquals(Files.readString(p.file()), Files.readString(TwinHome.patch(module, fileName(p))),
                    p.file() + " differs from the class path's copy: rebuild module twins");
        }
    }

    private static List<String> modules() throws Exception {
        try (var s = Files.list(twins.root().resolve(TwinHome.SOURCES))) {
            return s.filter(Files::isDirectory).map(d -> d.getFileName().toString()).sorted().toList();
        }
    }

    private static String fileName(TwinPatch p) {
        String f = p.file().getFileName().toString();
        return f.substring(0, f.length() - ".patch".length());
    }

    @Test
    void noHandWrittenTwinCopiesItsOriginal() {
        assertEquals(List.of(), twins.handWrittenProblems());
    }

    @Test
    void oneDefectMarkerEverywhere() {
        assertEquals(List.of(), twins.otherMarkers());
    }
}
