package org.mpiverify.audit.race;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A library's race suppression file, {@code audit/race/suppressions/<library>.supp}, in Valgrind's format, held to
 * two rules: every entry says why it is there (a comment line {@code # reason: ...} right before its opening brace),
 * and no entry suppresses a library wholesale: each names at least one function ({@code fun:} with three or more
 * characters that are not wildcards), so an entry made of {@code obj:*libmpich*} and {@code ...} alone is refused.
 * A race that a suppression hides is counted in the report under the suppression's name.
 */
public final class Suppressions {
    /** The folder, relative to the repository root. */
    public static final Path DIR = Path.of("audit", "race", "suppressions");

    private Suppressions() { }

    /** The file of {@code library} under {@code repoRoot}. */
    public static Path of(Path repoRoot, String library) {
        return repoRoot.resolve(DIR).resolve(library + ".supp");
    }

    /** One entry: its name, its reason, its frame lines. */
    public record Entry(String name, String reason, List<String> frames) { }

    /** The entries of {@code file}. */
    public static List<Entry> entries(Path file) throws IOException {
        List<Entry> l = new ArrayList<>();
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        String reason = null;
        for (int i = 0; i < lines.size(); i++) {
            String s = lines.get(i).strip();
            if (s.startsWith("# reason:")) {
                reason = s.substring("# reason:".length()).strip();
            } else if (s.equals("{")) {
                String name = i + 1 < lines.size() ? lines.get(i + 1).strip() : "";
                List<String> frames = new ArrayList<>();
                int j = i + 3; // the name, then the tool:kind line
                while (j < lines.size() && !lines.get(j).strip().equals("}")) frames.add(lines.get(j++).strip());
                l.add(new Entry(name, reason, frames));
                reason = null;
                i = j;
            } else if (!s.isEmpty() && !s.startsWith("#")) {
                reason = null;
            }
        }
        return l;
    }

    /** What breaks the rules in {@code file}: empty when every entry has a reason and names a function. */
    public static List<String> problems(Path file) throws IOException {
        List<String> p = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (Entry e : entries(file)) {
            if (!names.add(e.name())) p.add(e.name() + ": the name is used twice");
            if (e.reason() == null || e.reason().length() < 20) p.add(e.name() + ": no '# reason:' line (of a sentence) before it");
            boolean namesFunction = e.frames().stream().anyMatch(f -> f.startsWith("fun:")
                    && f.substring(4).replaceAll("[*?]", "").length() >= 3);
            if (!namesFunction) p.add(e.name() + ": names no function (fun:...): it would suppress a library wholesale");
        }
        return p;
    }
}
