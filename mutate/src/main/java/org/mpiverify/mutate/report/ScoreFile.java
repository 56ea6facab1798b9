package org.mpiverify.mutate.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.mpiverify.results.Git;
import org.mpiverify.results.Json;
import org.mpiverify.results.MutationKillMatrixFile;
import org.mpiverify.results.Provenance;

/**
 * The recorded Java mutation scores: {@code mutate/mutation-scores.json} (data: one entry per component, from its
 * latest {@code ./mpiverify mutate --component NAME --record}, the record {@link MutationScoresFile}) and the table generated from it between two markers
 * in {@code docs/mutation.md}. A component's entry is replaced by its new run; the others stay. Only a run of every
 * mutant of a component with the default operators is recorded, so every row measures the same thing.
 * {@code ScoreFileTest} fails when the page's table is not what this class makes of the file.
 */
public final class ScoreFile {
    /** The data file, relative to the repository's root. */
    public static final Path FILE = Path.of("mutate", "mutation-scores.json");
    /** The page that shows the table, relative to the repository's root. */
    public static final Path PAGE = Path.of("docs", "mutation.md");
    public static final String BEGIN = "<!-- java-mutation-scores: generated from mutate/mutation-scores.json by "
            + "./mpiverify mutate --component NAME --record; do not edit -->";
    public static final String END = "<!-- end of java-mutation-scores -->";

    private static final String COMMENT = "Written by ./mpiverify mutate --component NAME --record (one entry per "
            + "component, its latest recorded run of every mutant with the default operators); the table in "
            + "docs/mutation.md is generated from it. loadAverage: the machine's 1-minute load average at the run's "
            + "start, its highest sample and at its end.";

    private ScoreFile() {}

    /**
     * One component's entry: the run's provenance and load, the component's own wall time, and its counts.
     *
     * @param run         the run's kill matrix (provenance, mode, operators, load average)
     * @param component   the component's name
     * @param wallSeconds the component's own time in the run
     * @param matrix      the component's mutants
     */
    public static MutationScoresFile.Component entry(MutationKillMatrixFile run, String component, long wallSeconds,
                                                     KillMatrix matrix) {
        Provenance prov = run.provenance();
        return new MutationScoresFile.Component(component, run.mode(), run.operators(), run.generated(),
                prov == null ? null : prov.commit(),
                prov != null && prov.dirty(), // replaced by record(): the score file and the page do not count
                prov == null ? null : prov.host(), prov == null ? null : prov.cpus(), prov == null ? null : prov.jdk(),
                run.loadAverage(), wallSeconds, matrix.mutants().size(), matrix.detected(),
                matrix.mutants().stream().filter(m -> m.status().equals("TIMED_OUT")).count(), matrix.killsBySuite(),
                matrix.mutants().size() - matrix.nonEquivalent(), matrix.unobservable().size(), matrix.survivors().size(),
                matrix.wrongClaims().size(), Math.round(matrix.killRate() * 10000) / 10000.0,
                Math.round(matrix.observableRate() * 10000) / 10000.0,
                matrix.survivors().stream().map(KillMatrix.Entry::key).toList());
    }

    /** Puts {@code entries} into the score file under {@code root} (replacing their components') and renders the page's table. */
    public static void record(Path root, List<MutationScoresFile.Component> entries, int targetPercent) throws IOException {
        Path file = root.resolve(FILE);
        Map<String, MutationScoresFile.Component> byComponent = new LinkedHashMap<>();
        if (Files.isRegularFile(file)) {
            for (MutationScoresFile.Component c : MutationScoresFile.read(file).components()) byComponent.put(c.component(), c);
        }
        boolean dirty = dirty(root);
        for (MutationScoresFile.Component e : entries) byComponent.put(e.component(), e.withDirty(dirty));
        MutationScoresFile scores = new MutationScoresFile(COMMENT, targetPercent, new ArrayList<>(byComponent.values()));
        scores.write(file);
        Path page = root.resolve(PAGE);
        Files.writeString(page, replaceSection(Files.readString(page), render(scores)));
    }

    /**
     * Whether the work tree has changes other than the two files this class writes (a component recorded before
     * another in one session leaves them changed, which says nothing about the code measured).
     */
    private static boolean dirty(Path root) {
        String status = new Git(root).run("status", "--porcelain", "--untracked-files=no", "--", ".",
                ":(exclude)" + FILE.toString().replace('\\', '/'), ":(exclude)" + PAGE.toString().replace('\\', '/'));
        return status != null && !status.isBlank();
    }

    /** The table's Markdown, from the score file's text. */
    public static String render(String scoresJson) {
        return render(Json.read(scoresJson, MutationScoresFile.class));
    }

    /** The table's Markdown, from the score file. */
    public static String render(MutationScoresFile scores) {
        StringBuilder sb = new StringBuilder();
        sb.append("| component | mutants | detected | by JUnit / Lincheck / jcstress / race detector | timed out | equivalent "
                + "| unobservable on x86-64 | survived | detected / non-equivalent | measured |\n");
        sb.append("|---|---|---|---|---|---|---|---|---|---|\n");
        for (MutationScoresFile.Component c : scores.components()) {
            Map<String, Long> suites = c.bySuite();
            String bySuite = suites.getOrDefault("JUnit", 0L) + " / " + suites.getOrDefault("Lincheck", 0L) + " / "
                    + suites.getOrDefault("jcstress", 0L) + " / " + suites.getOrDefault("race detector", 0L);
            String score = c.mutants() == c.equivalent() ? "—" : String.format(Locale.ROOT, "**%.1f %%**", 100 * c.score());
            MutationKillMatrixFile.LoadAverage load = c.loadAverage();
            String measured = text(c.date()).replaceFirst("T.*", "") + ", " + abbrev(text(c.commit()))
                    + (c.dirty() ? "+" : "") + ", " + c.wallSeconds() + " s"
                    + (load == null ? "" : String.format(Locale.ROOT, ", load %.1f–%.1f", load.start(), load.max()));
            sb.append("| `").append(c.component()).append("` | ").append(c.mutants()).append(" | ")
              .append(c.detected()).append(" | ").append(bySuite).append(" | ")
              .append(c.timedOut()).append(" | ").append(c.equivalent()).append(" | ")
              .append(c.unobservable()).append(" | ").append(c.survived()).append(" | ")
              .append(score).append(" | ").append(measured).append(" |\n");
        }
        return sb.toString();
    }

    private static String text(String s) {
        return s == null ? "" : s;
    }

    private static String abbrev(String commit) {
        return commit.length() > 7 ? commit.substring(0, 7) : commit;
    }

    /** {@code page} with the text between the markers replaced by {@code table}. */
    public static String replaceSection(String page, String table) {
        int b = page.indexOf(BEGIN), e = page.indexOf(END);
        if (b < 0 || e < b) throw new IllegalStateException(PAGE + " has no java-mutation-scores markers");
        return page.substring(0, b + BEGIN.length()) + "\n" + table + page.substring(e);
    }

    /** The text between the markers of {@code page} (without the markers), or null. */
    public static String section(String page) {
        int b = page.indexOf(BEGIN), e = page.indexOf(END);
        return b < 0 || e < b ? null : page.substring(b + BEGIN.length() + 1, e);
    }
}
