package org.mpiverify.specs.mutation;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.mpiverify.results.Json;

/**
 * The survivors of a family argued in {@code specs/<family>/equivalent-mutants.json}:
 * <pre>
 * { "mutants": [
 *     { "id": "Matching!Post/SWAP_COMPARISON/i = 0: = -&gt; ##1",
 *       "kind": "equivalent",
 *       "reason": "no behaviour of the mutant violates the abstract promise because ..." } ] }
 * </pre>
 * {@code kind} is {@code equivalent} (left out of the score; the reason must start with "no behaviour
 * of the mutant violates", and say why) or {@code known-gap} (a survivor acknowledged, with what would
 * kill it: it still counts against the score). A claimed mutant that a model kills fails the run. The file is read
 * strictly as {@link ClaimsFile}: a key it does not have is an error naming the file and the line.
 */
public final class SpecEquivalents {
    public static final String FILE = "equivalent-mutants.json";
    public static final String EQUIVALENT = "equivalent";
    public static final String KNOWN_GAP = "known-gap";
    static final String REASON_START = "no behaviour of the mutant violates";

    /** The file: its claims. */
    public record ClaimsFile(List<Claim> mutants) {
        public ClaimsFile {
            mutants = mutants == null ? List.of() : List.copyOf(mutants);
        }
    }

    /** One claim: the mutant's id, {@link #EQUIVALENT} or {@link #KNOWN_GAP}, and why. */
    public record Claim(String id, String kind, String reason) {
        public boolean equivalent() {
            return kind.equals(EQUIVALENT);
        }
    }

    private SpecEquivalents() {}

    /** The claims of {@code family} (none if it has no file), by id. */
    public static Map<String, Claim> read(Path specsDir, String family) {
        Path f = specsDir.resolve(family).resolve(FILE);
        Map<String, Claim> out = new LinkedHashMap<>();
        if (!Files.isRegularFile(f)) return out;
        ClaimsFile file;
        try {
            file = Json.readFile(f, ClaimsFile.class);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(f + ": " + e.getMessage(), e);
        }
        for (Claim m : file.mutants()) {
            String id = m.id(), kind = m.kind(), reason = m.reason();
            if (id == null || kind == null || reason == null || reason.isBlank()) {
                throw new IllegalArgumentException(f + ": every entry needs an id, a kind and a reason: " + m);
            }
            if (!kind.equals(EQUIVALENT) && !kind.equals(KNOWN_GAP)) {
                throw new IllegalArgumentException(f + ": kind of " + id + " must be '" + EQUIVALENT + "' or '" + KNOWN_GAP + "'");
            }
            if (kind.equals(EQUIVALENT) && !reason.startsWith(REASON_START)) {
                throw new IllegalArgumentException(f + ": the reason for " + id + " must start with \"" + REASON_START
                        + " the abstract promise because ...\"");
            }
            if (out.put(id, m) != null) throw new IllegalArgumentException(f + ": " + id + " twice");
        }
        return out;
    }
}
