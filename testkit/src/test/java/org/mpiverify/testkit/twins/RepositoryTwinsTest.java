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
 * to its current original; no hand-written twin copies its original's code; one defect marker.
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
    void noHandWrittenTwinCopiesItsOriginal() {
        assertEquals(List.of(), twins.handWrittenProblems());
    }

    @Test
    void oneDefectMarkerEverywhere() {
        assertEquals(List.of(), twins.otherMarkers());
    }
}
