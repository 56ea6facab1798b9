package org.mpiverify.audit.race;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import org.mpiverify.results.Json;

/**
 * A library's suppressions for ThreadSanitizer's runs, {@code audit/race/suppressions/<library>-tsan.json}: each entry
 * pins one race, the unordered pair of code locations the audit keys races by ({@link Race#key()}: {@code fn
 * file:line} on both sides), with a reason. TSan's own suppression file matches a function name anywhere in either
 * stack, which would hide every race below that function; a pair of source lines hides that race and nothing else.
 * An entry with a wildcard, a location without its line, or no reason of a sentence is refused ({@link #problems}),
 * and the audit then runs nothing. Thread safety: immutable.
 */
public final class PairSuppressions {
    /** {@code fn file.c:123}: a named function, a source file and a line, no wildcard. */
    private static final Pattern LOCATION = Pattern.compile("[A-Za-z_][A-Za-z0-9_.]* [A-Za-z0-9_.+-]+\\.(?:c|h|cc|cpp):\\d+");

    /** The file's content. */
    public record File(String about, List<Entry> entries) {
        public File {
            entries = entries == null ? List.of() : List.copyOf(entries);
        }
    }

    /**
     * One pinned race: its name in the report, why it is no data race of the library's (or why it is not one the audit
     * can call one), and its two code locations in either order.
     */
    public record Entry(String name, String reason, String first, String second) {
        /** The race key this entry pins, as {@link Race#key()} writes it. */
        public String key() {
            return first.compareTo(second) <= 0 ? first + " <> " + second : second + " <> " + first;
        }
    }

    /** No entry: what Valgrind's runs take. */
    public static final PairSuppressions NONE = new PairSuppressions(List.of());

    private final List<Entry> entries;

    private PairSuppressions(List<Entry> entries) {
        this.entries = entries;
    }

    /** The file of {@code library} under {@code repoRoot}. */
    public static Path of(Path repoRoot, String library) {
        return repoRoot.resolve(Suppressions.DIR).resolve(library + "-tsan.json");
    }

    /** The entries of {@code library}'s file (none when it has none). */
    public static PairSuppressions load(Path repoRoot, String library) throws IOException {
        Path file = of(repoRoot, library);
        return new PairSuppressions(Files.exists(file) ? Json.readFile(file, File.class).entries() : List.of());
    }

    /** Every entry, in file order. */
    public List<Entry> entries() {
        return entries;
    }

    /** The entry that pins {@code race}, if any. */
    public Optional<Entry> match(Race race) {
        String key = race.key();
        return entries.stream().filter(e -> e.key().equals(key)).findFirst();
    }

    /** What breaks the rules: empty when every entry has a name used once, a reason of a sentence and two exact locations. */
    public List<String> problems() {
        List<String> p = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (Entry e : entries) {
            if (e.name() == null || !names.add(e.name())) p.add(e.name() + ": no name, or the name is used twice");
            if (e.reason() == null || e.reason().length() < 20) p.add(e.name() + ": no reason (of a sentence)");
            for (String l : new String[] {e.first(), e.second()}) {
                if (l == null || !LOCATION.matcher(l).matches()) {
                    p.add(e.name() + ": '" + l + "' is not one code location (function file:line, no wildcard)");
                }
            }
        }
        return p;
    }
}
