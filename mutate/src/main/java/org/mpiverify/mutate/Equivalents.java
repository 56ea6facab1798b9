package org.mpiverify.mutate;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.mpiverify.results.Json;

/**
 * The mutants the suites do not kill, argued: {@code mutate/equivalent-mutants.json}, each claim a mutant's stable key,
 * its {@link Kind} and the argument. {@link #markdown()} renders the file into {@code mutate/equivalent-mutants.md},
 * the page people read (a test keeps the two equal).
 *
 * <p>A claimed mutant that a suite kills is an error in the claim (reported, and the sample's test fails), except a
 * known gap, which only says that the gap is closed.
 *
 * @param about   what the file is, for its reader
 * @param kinds   each kind's title and meaning, as the page explains them, one per {@link Kind}
 * @param reasons the named reasons that arguments cite ("Owner-only: ..."), with their meaning
 * @param mutants the claims, in the page's order within each kind
 */
public record Equivalents(String about, List<KindText> kinds, List<Reason> reasons, List<Claim> mutants) {
    /** The file, relative to the repository root. */
    public static final Path FILE = Path.of("mutate", "equivalent-mutants.json");
    /** The page rendered from it, relative to the repository root. */
    public static final Path PAGE = Path.of("mutate", "equivalent-mutants.md");
    /** The prefix of an unobservable claim's text in the kill matrix ({@link Claim#text()}). */
    public static final String UNOBSERVABLE = "[unobservable on x86-64] ";
    /** The prefix of a known gap's text in the kill matrix ({@link Claim#text()}). */
    public static final String GAP = "[known gap] ";

    /** What a claim says about its mutant. */
    public enum Kind {
        /** The mutant cannot change what any caller can observe: left out of the rate. */
        EQUIVALENT,
        /**
         * The mutant weakens what the Java memory model promises, but no execution on x86-64 with HotSpot can show
         * it: counts against the rate, reported apart.
         */
        UNOBSERVABLE,
        /** A survivor the suites miss, with what would catch it: it stays a survivor. */
        KNOWN_GAP
    }

    public Equivalents {
        kinds = List.copyOf(Objects.requireNonNull(kinds, "kinds"));
        reasons = reasons == null ? List.of() : List.copyOf(reasons);
        mutants = List.copyOf(Objects.requireNonNull(mutants, "mutants"));
        for (Kind k : Kind.values()) {
            if (kinds.stream().filter(t -> t.kind() == k).count() != 1) {
                throw new IllegalArgumentException("kinds: explain " + k + " exactly once");
            }
        }
        List<String> seen = new ArrayList<>();
        for (Claim c : mutants) {
            if (seen.contains(c.key())) throw new IllegalArgumentException("mutants: " + c.key() + " is claimed twice");
            seen.add(c.key());
        }
    }

    /** A kind as the page explains it: its section's title and what it means. */
    public record KindText(Kind kind, String title, String meaning) {
        public KindText {
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(title, "title");
            Objects.requireNonNull(meaning, "meaning");
        }
    }

    /** A named reason that arguments cite, and what it means. */
    public record Reason(String name, String meaning) {
        public Reason {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(meaning, "meaning");
        }
    }

    /** One argued mutant: its stable key ({@link org.mpiverify.mutate.pit.MutantKeys}), its kind and why. */
    public record Claim(String key, Kind kind, String argument) {
        public Claim {
            Objects.requireNonNull(key, "key");
            Objects.requireNonNull(kind, key + ": kind");
            if (argument == null || argument.isBlank()) throw new IllegalArgumentException("no argument given for " + key);
        }

        /** The argument as the kill matrix carries it: prefixed with {@link #UNOBSERVABLE} or {@link #GAP} by kind. */
        public String text() {
            return switch (kind) {
                case EQUIVALENT -> argument;
                case UNOBSERVABLE -> Equivalents.UNOBSERVABLE + argument;
                case KNOWN_GAP -> Equivalents.GAP + argument;
            };
        }
    }

    /** The file at {@code file}; a missing file claims nothing. Malformed content is an error naming the file and line. */
    public static Equivalents read(Path file) throws IOException {
        if (!Files.isRegularFile(file)) return new Equivalents(null, defaultKinds(), List.of(), List.of());
        try {
            return Json.readFile(file, Equivalents.class);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
        }
    }

    private static List<KindText> defaultKinds() {
        return List.of(Kind.values()).stream().map(k -> new KindText(k, k.name(), "")).toList();
    }

    /** Key to claim, in the file's order. */
    public Map<String, Claim> byKey() {
        Map<String, Claim> m = new LinkedHashMap<>();
        mutants.forEach(c -> m.put(c.key(), c));
        return m;
    }

    /** The page: the kinds and reasons explained, then a section per kind listing its claims. */
    public String markdown() {
        StringBuilder b = new StringBuilder("# Mutants the suites do not kill, argued\n\n");
        b.append("<!-- generated from mutate/equivalent-mutants.json; edit that file, not this page -->\n\n");
        wrap(b, "", "Every mutant of `./mpiverify mutate` that no suite kills is either killed by a new test or listed here, by its"
                + " stable key (see [docs/mutation.md](../docs/mutation.md)), with the reason. Three kinds:");
        b.append('\n');
        for (KindText k : kinds) wrap(b, "- ", "**" + k.title() + "**: " + k.meaning());
        b.append("\nReasons used below:\n\n");
        for (Reason r : reasons) wrap(b, "- ", "**" + r.name() + "**: " + r.meaning());
        for (KindText k : kinds) {
            b.append("\n## ").append(k.title()).append("\n\n");
            for (Claim c : mutants) {
                if (c.kind() != k.kind()) continue;
                b.append("- `").append(c.key()).append("`\n");
                wrap(b, "  ", c.argument());
            }
        }
        return b.toString();
    }

    private static final int WIDTH = 110;

    /** {@code text} in lines of at most {@link #WIDTH} characters where its words allow, the first after {@code first}. */
    private static void wrap(StringBuilder b, String first, String text) {
        String indent = " ".repeat(first.length());
        StringBuilder line = new StringBuilder(first);
        int start = first.length();
        for (String w : text.strip().split(" +")) {
            if (line.length() > start && line.length() + 1 + w.length() > WIDTH) {
                b.append(line).append('\n');
                line.setLength(0);
                line.append(indent);
                start = indent.length();
            }
            if (line.length() > start) line.append(' ');
            line.append(w);
        }
        b.append(line).append('\n');
    }
}
