package org.mpiverify.mutate;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Stream;
import org.mpiverify.mutate.pit.MutantRecord;
import org.mpiverify.mutate.report.KillMatrix;
import org.mpiverify.results.Json;

/**
 * One component's run on disk ({@code work/COMPONENT/}), so that a run stopped midway (a lost shell, a machine
 * that killed it) resumes instead of starting again: PIT's records ({@code results.jsonl}, written per unit of
 * mutants) and each mutant's final verdict after the forked stages ({@code entries.jsonl}, written as it is
 * decided) stay, and the next run of the same component on the same code and options does only the rest. What
 * "the same" means is a fingerprint of the options, the suites and the bytes of every class file on the code and
 * test paths: any change there starts afresh. A run that reached its end writes {@code done}, and the next run
 * starts afresh too.
 *
 * <p>A verdict is reused only under the equivalence claim it was decided with (a claim added since, say, re-runs
 * that mutant's stages). Not thread-safe: the command's one thread uses it.
 */
final class ComponentRun {
    static final String RESULTS = "results.jsonl";
    static final String ENTRIES = "entries.jsonl";
    private static final String FINGERPRINT = "fingerprint";
    private static final String DONE = "done";
    private static final String PIT_FINISHED = "pit-finished";

    /** A decided verdict and the claim (its text, or null) it was decided under. */
    record Stored(String claim, KillMatrix.Entry entry) {
    }

    private final Path dir;
    private final boolean resumed;
    private final Map<String, Stored> entries = new LinkedHashMap<>();

    private ComponentRun(Path dir, boolean resumed) {
        this.dir = dir;
        this.resumed = resumed;
    }

    /** Opens the component's folder: resumes an unfinished run with this fingerprint, else empties it. */
    static ComponentRun open(Path dir, String fingerprint) throws IOException {
        Path f = dir.resolve(FINGERPRINT);
        boolean resume = Files.isRegularFile(f) && Files.readString(f).equals(fingerprint) && !Files.exists(dir.resolve(DONE));
        if (!resume && Files.exists(dir)) {
            try (Stream<Path> s = Files.walk(dir)) {
                for (Path p : s.sorted(Comparator.reverseOrder()).toList()) Files.delete(p);
            }
        }
        Files.createDirectories(dir);
        ComponentRun r = new ComponentRun(dir, resume);
        if (!resume) {
            Files.writeString(f, fingerprint);
            return r;
        }
        Path e = dir.resolve(ENTRIES);
        if (Files.isRegularFile(e)) {
            for (String l : Files.readAllLines(e)) {
                if (l.isBlank()) continue;
                Stored s = Json.read(l, Stored.class);
                r.entries.put(s.entry().key(), s);
            }
        }
        return r;
    }

    boolean resumed() {
        return resumed;
    }

    /** The keys PIT recorded in the run resumed (none for a fresh run). */
    Set<String> pitDone() throws IOException {
        Set<String> keys = new LinkedHashSet<>();
        Path r = dir.resolve(RESULTS);
        if (!resumed || !Files.isRegularFile(r)) return keys;
        for (String l : Files.readAllLines(r)) if (!l.isBlank()) keys.add(Json.read(l, MutantRecord.class).key());
        return keys;
    }

    /** True if PIT finished in the run resumed: only the forked stages are left. */
    boolean pitFinished() {
        return Files.exists(dir.resolve(PIT_FINISHED));
    }

    /** Marks PIT's part done. */
    void markPitFinished() throws IOException {
        Files.writeString(dir.resolve(PIT_FINISHED), "");
    }

    /** The verdict of {@code key} decided before under the same claim, or null. */
    KillMatrix.Entry decided(String key, String claim) {
        Stored s = entries.get(key);
        return s != null && Objects.equals(s.claim(), claim) ? s.entry() : null;
    }

    /** Writes a verdict as soon as it is decided. */
    void decide(KillMatrix.Entry e, String claim) throws IOException {
        Stored s = new Stored(claim, e);
        entries.put(e.key(), s);
        Files.writeString(dir.resolve(ENTRIES), Json.compact(s) + "\n", StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }

    /** Marks the run finished: the next run starts afresh. */
    void finish() throws IOException {
        Files.writeString(dir.resolve(DONE), "");
    }

    /** A fingerprint of the given text and of every file under the given paths (folders or jars), in a fixed order. */
    static String fingerprint(String text, List<Path> paths) throws IOException {
        MessageDigest d;
        try {
            d = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        d.update(text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        for (Path p : paths) {
            if (!Files.exists(p)) continue;
            try (Stream<Path> s = Files.walk(p)) {
                for (Path file : s.filter(Files::isRegularFile).sorted().toList()) {
                    d.update(file.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
                    d.update(Files.readAllBytes(file));
                }
            }
        }
        return HexFormat.of().formatHex(d.digest());
    }
}
