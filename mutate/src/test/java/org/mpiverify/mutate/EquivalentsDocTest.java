package org.mpiverify.mutate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpiverify.results.Workspace;
import org.mpiverify.testkit.RenderedDocs;

/**
 * {@code mutate/equivalent-mutants.json} is the one copy of the argued mutants, and {@code mutate/equivalent-mutants.md}
 * is its rendering: a page that differs fails; {@link #REGENERATE} writes the rendering into the page instead.
 */
class EquivalentsDocTest {
    static final String REGENERATE = "mvn -B -ntp -pl mutate -am test -Dtest=EquivalentsDocTest "
            + "-Dsurefire.failIfNoSpecifiedTests=false -Dmpiverify.writeDocs=true";

    @Test
    void thePageIsTheRenderingOfTheDataFile() throws IOException {
        Path root = Workspace.root();
        RenderedDocs.assertFile(root, Equivalents.PAGE, Equivalents.read(root.resolve(Equivalents.FILE)).markdown(),
                Equivalents.PAGE + " is not what " + Equivalents.FILE + " renders: edit the data file, then regenerate"
                        + " the page with " + REGENERATE);
    }

    @Test
    void everyClaimHasAKindAndAnArgument(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("claims.json");
        Files.writeString(f, """
                {"about": "x", "kinds": [{"kind": "EQUIVALENT", "title": "Equivalent", "meaning": "m"},
                  {"kind": "UNOBSERVABLE", "title": "U", "meaning": "m"}, {"kind": "KNOWN_GAP", "title": "G", "meaning": "m"}],
                 "mutants": [{"key": "a.B#c()/OP/d#1", "argument": "why"}]}
                """);
        IllegalArgumentException noKind = assertThrows(IllegalArgumentException.class, () -> Equivalents.read(f));
        assertTrue(noKind.getMessage().startsWith(f.toString()) && noKind.getMessage().contains("kind"), noKind.getMessage());
        Files.writeString(f, Files.readString(f).replace("\"argument\": \"why\"", "\"kind\": \"KNOWN_GAP\", \"argument\": \"why\""));
        Equivalents.Claim gap = Equivalents.read(f).mutants().get(0);
        assertEquals(Equivalents.Kind.KNOWN_GAP, gap.kind());
        assertEquals(Equivalents.GAP + "why", gap.text(), "the kill matrix's text says the kind");
        Files.writeString(f, Files.readString(f).replace("\"argument\": \"why\"", "\"argument\": \" \""));
        assertThrows(IllegalArgumentException.class, () -> Equivalents.read(f), "a claim without an argument");
    }

    @Test
    void theFileHasEveryKind() throws IOException {
        Equivalents e = Equivalents.read(Workspace.root().resolve(Equivalents.FILE));
        assertEquals(List.of(Equivalents.Kind.values()), e.kinds().stream().map(Equivalents.KindText::kind).toList());
        assertTrue(e.mutants().size() > 100, "claims: " + e.mutants().size());
    }
}
