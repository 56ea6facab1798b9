package org.mpiverify.testkit.twins;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The form of a known-bad twin that cannot drift: its original plus a few changed lines. The file is a unified
 * diff with a free-text preamble (what the defect is and which check must reject it):
 *
 * <pre>
 * An exact receive reads the context's mode word before it takes its bucket lock.
 * --- impl/src/main/java/org/mpiverify/core/matching/HashMatchingEngine.java
 * +++ org/mpiverify/core/matching/ModeReadBeforeLockOnPostHashEngine.java
 * &#64;&#64; matchOrPost &#64;&#64;
 *          for (;;) {
 * +            boolean fast = !c.wild; // DEFECT: the mode word is read before the bucket lock is held
 *              MatchTable.Bucket b = table.lockBucket(key);
 * </pre>
 *
 * The {@code ---} path is the original, relative to the repository root; the {@code +++} path is the
 * twin's source file relative to a source root (it gives the twin's package and class name). Hunk
 * headers are free text: a hunk is found by its context and removed lines, which must occur exactly
 * once in the rest of the original (so a twin whose original changed under it fails loudly instead of
 * drifting). Every added line carries {@value #MARKER}: a twin differs from its original only in lines
 * so marked.
 *
 * <p>A twin whose {@code +++} path is its original's ({@link #keepsName()}) keeps the original's name: it is
 * for a class whose twin cannot compile under another name (one that passes {@code this} where its own type is
 * expected, say). The build does not generate it beside the original; a test compiles it into a folder of
 * its own ({@link TwinCompiler}) and loads it in the original's place ({@link TwinClassLoader}).
 */
public record TwinPatch(Path file, String description, String original, String twinPath, List<Hunk> hunks) {
    /** The one marker of a defect line, in every twin of the project. */
    public static final String MARKER = "// DEFECT";

    /** One hunk: the lines it expects (context and removed) and the lines it leaves (context and added). */
    public record Hunk(int number, List<String> before, List<String> after, List<String> added) {
    }

    private static final Pattern HUNK = Pattern.compile("^@@.*@@.*$");

    /** Parses a patch file; fails with the file and line on anything malformed or unmarked. */
    public static TwinPatch read(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file);
        StringBuilder description = new StringBuilder();
        String original = null, twin = null;
        List<Hunk> hunks = new ArrayList<>();
        List<String> before = null, after = null, added = null;
        for (int i = 0; i < lines.size(); i++) {
            String l = lines.get(i);
            String where = file + ":" + (i + 1);
            if (original == null) {
                if (l.startsWith("--- ")) original = l.substring(4).trim();
                else description.append(l).append('\n');
            } else if (twin == null) {
                if (!l.startsWith("+++ ")) throw new IllegalArgumentException(where + ": expected '+++ twin path'");
                twin = l.substring(4).trim();
            } else if (HUNK.matcher(l).matches()) {
                if (before != null) hunks.add(new Hunk(hunks.size() + 1, before, after, added));
                before = new ArrayList<>();
                after = new ArrayList<>();
                added = new ArrayList<>();
            } else if (before == null) {
                throw new IllegalArgumentException(where + ": expected a hunk header '@@ ... @@'");
            } else if (l.startsWith("\\")) {
                continue; // "\ No newline at end of file"
            } else if (l.isEmpty() || l.charAt(0) == ' ') {
                String text = l.isEmpty() ? "" : l.substring(1); // editors strip the blank of an empty context line
                before.add(text);
                after.add(text);
            } else if (l.charAt(0) == '-') {
                before.add(l.substring(1));
            } else if (l.charAt(0) == '+') {
                String text = l.substring(1);
                if (!text.isBlank() && !text.contains(MARKER)) {
                    throw new IllegalArgumentException(where + ": an added line without '" + MARKER
                            + "': a twin may differ from its original only in marked lines: " + text.strip());
                }
                after.add(text);
                added.add(text);
            } else {
                throw new IllegalArgumentException(where + ": a hunk line must start with ' ', '-' or '+'");
            }
        }
        if (before != null) hunks.add(new Hunk(hunks.size() + 1, before, after, added));
        if (original == null || twin == null || hunks.isEmpty()) {
            throw new IllegalArgumentException(file + ": needs '--- original', '+++ twin' and at least one hunk");
        }
        if (hunks.stream().allMatch(h -> h.added().stream().allMatch(String::isBlank))) {
            throw new IllegalArgumentException(file + ": no line marked '" + MARKER + "': where is the defect?");
        }
        return new TwinPatch(file, description.toString().strip(), original, twin, List.copyOf(hunks));
    }

    /** The twin's simple class name. */
    public String twinName() {
        String f = Path.of(twinPath).getFileName().toString();
        return f.substring(0, f.length() - ".java".length());
    }

    /** The twin's package, from its path. */
    public String twinPackage() {
        Path parent = Path.of(twinPath).getParent();
        return parent == null ? "" : parent.toString().replace('/', '.');
    }

    /** True if the twin keeps its original's name (see the class comment): it is compiled by a test, not the build. */
    public boolean keepsName() {
        return original.equals(twinPath) || original.endsWith("/" + twinPath);
    }

    /** The original's simple class name. */
    public String originalName() {
        String f = Path.of(original).getFileName().toString();
        return f.substring(0, f.length() - ".java".length());
    }

    /**
     * The twin's source: the original with each hunk applied, the package set to the twin's, and the
     * original's class name replaced by the twin's everywhere except in the added (marked) lines.
     */
    public String apply(String originalSource) {
        List<String> src = new ArrayList<>(originalSource.lines().toList());
        List<Boolean> mine = new ArrayList<>();
        for (int i = 0; i < src.size(); i++) mine.add(false);
        int from = 0;
        for (Hunk h : hunks) {
            int at = find(src, h.before(), from);
            if (at < 0) {
                throw new IllegalStateException(file + ": hunk " + h.number() + " no longer matches " + original
                        + " (the original changed: update the twin)\n  expected:\n    "
                        + String.join("\n    ", h.before()));
            }
            if (find(src, h.before(), at + 1) >= 0) {
                throw new IllegalStateException(file + ": hunk " + h.number() + " matches " + original
                        + " in more than one place: give it more context");
            }
            for (int k = 0; k < h.before().size(); k++) {
                src.remove(at);
                mine.remove(at);
            }
            for (int k = 0; k < h.after().size(); k++) {
                String line = h.after().get(k);
                src.add(at + k, line);
                mine.add(at + k, line.contains(MARKER));
            }
            from = at + h.after().size();
        }
        Pattern name = Pattern.compile("\\b" + Pattern.quote(originalName()) + "\\b");
        String replacement = Matcher.quoteReplacement(twinName());
        StringBuilder out = new StringBuilder();
        out.append("// GENERATED by org.mpiverify.testkit.twins.TwinGenerator: do not edit.\n")
           .append("// Known-bad twin: ").append(original).append(" with the lines marked \"").append(MARKER)
           .append("\" changed, as written in ").append(file.getFileName()).append(".\n");
        for (String d : description.lines().toList()) out.append("// ").append(d).append('\n');
        for (int i = 0; i < src.size(); i++) {
            String line = src.get(i);
            if (!mine.get(i)) {
                line = line.startsWith("package ") ? "package " + twinPackage() + ";" : name.matcher(line).replaceAll(replacement);
            }
            out.append(line).append('\n');
        }
        return out.toString();
    }

    private static int find(List<String> src, List<String> block, int from) {
        outer:
        for (int i = from; i + block.size() <= src.size(); i++) {
            for (int k = 0; k < block.size(); k++) {
                if (!src.get(i + k).equals(block.get(k))) continue outer;
            }
            return i;
        }
        return -1;
    }
}
