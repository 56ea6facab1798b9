package org.mpiverify.testkit.twins;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The drift rules for every known-bad twin of the repository, as data a test can assert on:
 * <ul>
 *   <li>a twin written as a patch ({@link TwinPatch}) must still apply to its current original;</li>
 *   <li>a twin written by hand (a class whose comment begins "Known-bad twin", or named *BrokenTwin) must name its original ("known-bad twin of {@code X}") and must copy no
 *       run of more than {@value #MAX_COPIED_RUN} significant lines of it: a twin that needs the
 *       original's code is a patch, so it cannot drift; a hand-written twin is a decorator, a model
 *       of the defect in a few lines, or a check's broken input;</li>
 *   <li>one marker of a defect line everywhere: {@value TwinPatch#MARKER}, no other.</li>
 * </ul>
 */
public final class TwinSources {
    /** The longest run of the original's significant lines a hand-written twin may repeat. */
    public static final int MAX_COPIED_RUN = 3;
    private static final Pattern TWIN_DOC = Pattern.compile("(?is)/\\*\\*[\\s*]*(?:an? |the )?known-bad twin\\b");
    private static final Pattern ORIGINAL = Pattern.compile(
            "(?is)known-bad twin (?:of|for)\\b[^{]{0,60}\\{@(?:link|code)\\s+([\\w.]+)(?:#\\w+)?[^}]*}");
    /** Markers other than {@link TwinPatch#MARKER} that earlier twins used. */
    private static final Pattern OTHER_MARKERS = Pattern.compile("//\\s*(BUG\\s*:|THE DEFECT)");

    private final Path root;
    private final Map<String, List<Path>> sourcesByName = new TreeMap<>();
    private final List<Path> sources = new ArrayList<>();

    public TwinSources(Path root) throws IOException {
        this.root = root;
        try (Stream<Path> s = Files.walk(root)) {
            s.filter(p -> p.toString().endsWith(".java") && p.toString().contains("/src/")
                            && !p.toString().contains("/target/") && !p.toString().contains("/.git/"))
                    .sorted().forEach(sources::add);
        }
        for (Path p : sources) {
            String n = p.getFileName().toString();
            sourcesByName.computeIfAbsent(n.substring(0, n.length() - 5), k -> new ArrayList<>()).add(p);
        }
    }

    /** The repository root this scan started from. */
    public Path root() {
        return root;
    }

    /** Every patch twin of the repository: its one home, {@value TwinHome#SOURCES}{@code /<module>/*.patch}. */
    public List<TwinPatch> patches() throws IOException {
        List<TwinPatch> all = new ArrayList<>();
        Path home = root.resolve(TwinHome.SOURCES);
        if (!Files.isDirectory(home)) return all;
        try (Stream<Path> modules = Files.list(home)) {
            for (Path m : modules.filter(Files::isDirectory).sorted().toList()) {
                all.addAll(TwinGenerator.patches(m));
            }
        }
        return all;
    }

    /** Patch files anywhere but in the home: a twin must live in one place only. */
    public List<String> strayPatches() throws IOException {
        Path home = root.resolve(TwinHome.SOURCES);
        try (Stream<Path> s = Files.walk(root)) {
            return s.filter(p -> p.toString().endsWith(".patch") && !p.startsWith(home)
                            && !p.toString().contains("/target/") && !p.toString().contains("/.git/")
                            && p.toString().contains("/src/"))
                    .map(p -> root.relativize(p).toString()).sorted().toList();
        }
    }

    /** Problems with patch twins: patches that no longer apply to their originals. */
    public List<String> patchProblems() throws IOException {
        List<String> problems = new ArrayList<>();
        for (TwinPatch p : patches()) {
            Path original = root.resolve(p.original());
            if (!Files.isRegularFile(original)) {
                problems.add(root.relativize(p.file()) + ": its original " + p.original() + " does not exist");
                continue;
            }
            try {
                p.apply(Files.readString(original));
            } catch (IllegalStateException e) {
                problems.add(e.getMessage());
            }
        }
        return problems;
    }

    /** Hand-written twins: source files whose class comment calls them a known-bad twin, or named *BrokenTwin. */
    public List<Path> handWrittenTwins() {
        List<Path> twins = new ArrayList<>();
        for (Path p : sources) {
            String head = classComment(read(p));
            if (TWIN_DOC.matcher(head).find() || p.getFileName().toString().endsWith("BrokenTwin.java")) twins.add(p);
        }
        return twins;
    }

    /** Problems with hand-written twins: no original named, or a copied run of the original's lines. */
    public List<String> handWrittenProblems() {
        List<String> problems = new ArrayList<>();
        for (Path twin : handWrittenTwins()) {
            String src = read(twin);
            Matcher m = ORIGINAL.matcher(classComment(src));
            String rel = root.relativize(twin).toString();
            if (!m.find()) {
                problems.add(rel + ": its class comment must name its original (\"Known-bad twin of {@link X}\")");
                continue;
            }
            Optional<Path> original = resolve(m.group(1));
            if (original.isEmpty()) {
                problems.add(rel + ": its original " + m.group(1) + " is not a source file of this repository");
                continue;
            }
            int run = longestCopiedRun(src, read(original.get()));
            if (run > MAX_COPIED_RUN) {
                problems.add(rel + ": repeats " + run + " lines of " + root.relativize(original.get())
                        + " in a row; a twin that needs its original's code is a patch (" + TwinHome.SOURCES + "/*/*.patch)");
            }
        }
        return problems;
    }

    /** Lines that mark a defect with anything but {@link TwinPatch#MARKER}. */
    public List<String> otherMarkers() {
        List<String> found = new ArrayList<>();
        for (Path p : sources) {
            List<String> lines = read(p).lines().toList();
            for (int i = 0; i < lines.size(); i++) {
                if (OTHER_MARKERS.matcher(lines.get(i)).find()) found.add(root.relativize(p) + ":" + (i + 1) + ": " + lines.get(i).strip());
            }
        }
        return found;
    }

    private Optional<Path> resolve(String name) {
        String simple = name.substring(name.lastIndexOf('.') + 1);
        List<Path> candidates = sourcesByName.getOrDefault(simple, List.of());
        String suffix = name.contains(".") ? name.replace('.', '/') + ".java" : simple + ".java";
        return candidates.stream().filter(p -> p.toString().endsWith(suffix)).findFirst()
                .or(() -> candidates.stream().findFirst());
    }

    /** The comment before the first top-level type declaration. */
    static String classComment(String src) {
        Matcher m = Pattern.compile("(?m)^(public |final |abstract )*(class|interface|record|enum) ").matcher(src);
        return m.find() ? src.substring(0, m.start()) : src;
    }

    /** The longest run of consecutive significant lines of {@code twin} that also occur consecutively in {@code original}. */
    static int longestCopiedRun(String twin, String original) {
        List<String> a = significant(twin), b = significant(original);
        int best = 0;
        int[] prev = new int[b.size() + 1];
        for (int i = 1; i <= a.size(); i++) {
            int[] cur = new int[b.size() + 1];
            for (int j = 1; j <= b.size(); j++) {
                if (a.get(i - 1).equals(b.get(j - 1))) {
                    cur[j] = prev[j - 1] + 1;
                    best = Math.max(best, cur[j]);
                }
            }
            prev = cur;
        }
        return best;
    }

    /** A declaration of a type, method or constructor: an interface's implementations all repeat these. */
    private static final Pattern DECLARATION = Pattern.compile(
            "^((public|protected|private|static|final|abstract|synchronized|default)\\s+)*"
                    + "([\\w<>\\[\\],.? ]+\\s+)?\\w+\\s*\\([^;]*\\)\\s*(throws [\\w., ]+)?\\s*\\{$"
                    + "|^((public|protected|private|static|final|abstract)\\s+)*(class|interface|record|enum)\\s.*\\{$");

    /**
     * Code lines that say something: no imports, comments, annotations, declarations, lone braces or
     * blank lines (what two implementations of one interface share without copying each other).
     */
    static List<String> significant(String src) {
        return src.lines().map(String::strip)
                .filter(l -> l.length() >= 12 && !l.startsWith("import ") && !l.startsWith("package ")
                        && !l.startsWith("*") && !l.startsWith("/*") && !l.startsWith("//") && !l.startsWith("@")
                        && !DECLARATION.matcher(l).matches() && !l.startsWith("} finally") && !l.startsWith("} else"))
                .toList();
    }

    private static String read(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
