package org.mpiverify.reports;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.mpiverify.results.Provenance;

@Timeout(60)
class FreshnessTest {
    @TempDir
    Path dir;

    private static Provenance at(String commit, boolean dirty, Instant date) {
        return new Provenance(date.toString(), commit, dirty, "25", "Linux", "host", 2, Map.of());
    }

    @Test
    void resultIsCurrentUntilItsInputsChange() throws Exception {
        FixtureRepo repo = new FixtureRepo(dir);
        String head = repo.git("rev-parse", "HEAD").strip();
        Provenance p = at(head, false, Instant.now());
        assertEquals(Freshness.State.CURRENT, new Freshness(repo.root).of(p, List.of("impl", "lincheck")).state());

        Files.writeString(repo.root.resolve("README.md"), "edited\n", java.nio.file.StandardOpenOption.APPEND);
        repo.commit("docs only");
        assertEquals(Freshness.State.CURRENT, new Freshness(repo.root).of(p, List.of("impl", "lincheck")).state(),
                "a change outside the inputs does not make a result stale");

        repo.changeAndCommit("specs");
        assertEquals(Freshness.State.CURRENT, new Freshness(repo.root).of(p, List.of("impl", "lincheck")).state());
        Freshness.Status tlc = new Freshness(repo.root).of(p, List.of("specs", "impl"));
        assertEquals(Freshness.State.STALE, tlc.state());
        assertTrue(tlc.reason().contains("specs/Code.java"), tlc.reason());
    }

    @Test
    void uncommittedEditAfterACleanRunIsStale() throws Exception {
        FixtureRepo repo = new FixtureRepo(dir);
        Provenance p = at(repo.git("rev-parse", "HEAD").strip(), false, Instant.now());
        Files.writeString(repo.root.resolve("impl/Code.java"), "class Code { int x; }\n");
        assertEquals(Freshness.State.STALE, new Freshness(repo.root).of(p, List.of("impl")).state());
        Files.writeString(repo.root.resolve("impl/New.java"), "class New {}\n");
        Files.writeString(repo.root.resolve("impl/Code.java"), "class Code {}\n");
        assertEquals(Freshness.State.STALE, new Freshness(repo.root).of(p, List.of("impl")).state(),
                "an untracked new file under the inputs counts as a change");
    }

    @Test
    void dirtyRunIsCurrentOnlyWhileItsEditsAreUntouched() throws Exception {
        FixtureRepo repo = new FixtureRepo(dir);
        String head = repo.git("rev-parse", "HEAD").strip();
        Path code = repo.root.resolve("impl/Code.java");
        Files.writeString(code, "class Code { int edited; }\n");
        Files.setLastModifiedTime(code, java.nio.file.attribute.FileTime.from(Instant.now().minusSeconds(60)));
        Provenance dirtyRun = at(head, true, Instant.now().minusSeconds(30));
        assertEquals(Freshness.State.CURRENT, new Freshness(repo.root).of(dirtyRun, List.of("impl")).state(),
                "the run saw this edit");
        repo.commit("commit the edit the run saw");
        assertEquals(Freshness.State.CURRENT, new Freshness(repo.root).of(dirtyRun, List.of("impl")).state());
        Files.writeString(code, "class Code { int editedAgain; }\n");
        assertEquals(Freshness.State.STALE, new Freshness(repo.root).of(dirtyRun, List.of("impl")).state(),
                "an edit after the run");
    }

    @Test
    void missingOrForeignProvenanceIsNeverCurrent() {
        FixtureRepo repo = new FixtureRepo(dir);
        Freshness f = new Freshness(repo.root);
        assertEquals(Freshness.State.UNKNOWN, f.of(null, List.of("impl")).state());
        assertEquals(Freshness.State.UNKNOWN, f.of(at("unknown", false, Instant.now()), List.of("impl")).state());
        assertEquals(Freshness.State.STALE,
                f.of(at("0123456789abcdef0123456789abcdef01234567", false, Instant.now()), List.of("impl")).state());
    }

    @Test
    void outsideAGitCheckoutFreshnessIsUnknown(@TempDir Path plain) {
        Freshness.Status s = new Freshness(plain).of(
                at("0123456789abcdef0123456789abcdef01234567", false, Instant.now()), List.of("impl"));
        assertEquals(Freshness.State.UNKNOWN, s.state());
        assertTrue(s.reason().contains("git"), s.reason());
    }
}
