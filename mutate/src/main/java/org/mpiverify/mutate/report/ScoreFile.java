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
 * latest {@code ./mpiverify mutate --component NAME --record}) and the table generated from it between two markers
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

    private ScoreFile() {}

    /**
     * One component's entry: the run's provenance and load, the component's own wall time, and its counts.
     *
     * @param run         the run's kill matrix (provenance, mode, operators, load average)
     * @param component   the component's name
     * @param wallSeconds the component's own time in the run
     * @param matrix      the component's mutants
     */
    public static Map<String, Object> entry(MutationKillMatrixFile run, String component, long wallSeconds,
                                            KillMatrix matrix) {
        Provenance prov = run.provenance();
        Map<String, Object> e = new LinkedHashMap<>();
        e.put("component", component);
        e.put("mode", run.mode());
        e.put("operators", run.operators());
        e.put("date", run.generated());
        e.put("commit", prov == null ? null : prov.commit());
        e.put("dirty", prov != null && prov.dirty());   // replaced by record(): the score file and the page do not count
        e.put("host", prov == null ? null : prov.host());
        e.put("cpus", prov == null ? null : prov.cpus());
        e.put("jdk", prov == null ? null : prov.jdk());
        MutationKillMatrixFile.LoadAverage load = run.loadAverage();
        e.put("loadAverage", load == null ? null : Map.of("start", load.start(), "max", load.max(), "end", load.end()));
        e.put("wallSeconds", wallSeconds);
        e.put("mutants", matrix.mutants().size());
        e.put("detected", matrix.detected());
        e.put("timedOut", matrix.mutants().stream().filter(m -> m.status().equals("TIMED_OUT")).count());
        e.put("bySuite", matrix.killsBySuite());
        e.put("equivalent", matrix.mutants().size() - matrix.nonEquivalent());
        e.put("unobservable", matrix.unobservable().size());
        e.put("survived", matrix.survivors().size());
        e.put("wrongClaims", matrix.wrongClaims().size());
        e.put("score", Math.round(matrix.killRate() * 10000) / 10000.0);
        e.put("observableScore", Math.round(matrix.observableRate() * 10000) / 10000.0);
        e.put("survivors", matrix.survivors().stream().map(KillMatrix.Entry::key).toList());
        return e;
    }

    /** Puts {@code entries} into the score file under {@code root} (replacing their components') and renders the page's table. */
    public static void record(Path root, List<Map<String, Object>> entries, int targetPercent) throws IOException {
        Path file = root.resolve(FILE);
        Map<String, Object> byComponent = new LinkedHashMap<>();
        if (Files.isRegularFile(file)) {
            for (Map<String, Object> c : Json.objs(Json.parseObject(Files.readString(file)), "components")) {
                byComponent.put(Json.str(c, "component", ""), c);
            }
        }
        boolean dirty = dirty(root);
        for (Map<String, Object> e : entries) {
            Map<String, Object> copy = new LinkedHashMap<>(e);
            copy.put("dirty", dirty);
            byComponent.put((String) e.get("component"), Json.parse(Json.write(copy)));
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("comment", "Written by ./mpiverify mutate --component NAME --record (one entry per component, its latest "
                + "recorded run of every mutant with the default operators); the table in docs/mutation.md is generated "
                + "from it. loadAverage: the machine's 1-minute load average at the run's start, its highest sample and at "
                + "its end.");
        out.put("targetPercent", targetPercent);
        out.put("components", new ArrayList<>(byComponent.values()));
        String json = Json.write(out);
        Files.writeString(file, json);
        Path page = root.resolve(PAGE);
        Files.writeString(page, replaceSection(Files.readString(page), render(json)));
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
        Map<String, Object> doc = Json.parseObject(scoresJson);
        StringBuilder sb = new StringBuilder();
        sb.append("| component | mutants | detected | by JUnit / Lincheck / jcstress / race detector | timed out | equivalent "
                + "| unobservable on x86-64 | survived | detected / non-equivalent | measured |\n");
        sb.append("|---|---|---|---|---|---|---|---|---|---|\n");
        for (Map<String, Object> c : Json.objs(doc, "components")) {
            Map<String, Object> suites = Json.obj(c, "bySuite");
            String bySuite = Json.integer(suites, "JUnit", 0) + " / " + Json.integer(suites, "Lincheck", 0) + " / "
                    + Json.integer(suites, "jcstress", 0) + " / " + Json.integer(suites, "race detector", 0);
            long mutants = Json.integer(c, "mutants", 0), eq = Json.integer(c, "equivalent", 0);
            String score = mutants == eq ? "—" : String.format(Locale.ROOT, "**%.1f %%**", 100 * Json.num(c, "score", 0));
            Map<String, Object> load = Json.obj(c, "loadAverage");
            String measured = Json.str(c, "date", "").replaceFirst("T.*", "") + ", " + abbrev(Json.str(c, "commit", ""))
                    + (Json.bool(c, "dirty", false) ? "+" : "") + ", " + Json.integer(c, "wallSeconds", 0) + " s"
                    + (load == null ? "" : String.format(Locale.ROOT, ", load %.1f–%.1f", Json.num(load, "start", 0),
                    Json.num(load, "max", 0)));
            sb.append("| `").append(Json.str(c, "component", "")).append("` | ").append(mutants).append(" | ")
              .append(Json.integer(c, "detected", 0)).append(" | ").append(bySuite).append(" | ")
              .append(Json.integer(c, "timedOut", 0)).append(" | ").append(eq).append(" | ")
              .append(Json.integer(c, "unobservable", 0)).append(" | ").append(Json.integer(c, "survived", 0)).append(" | ")
              .append(score).append(" | ").append(measured).append(" |\n");
        }
        return sb.toString();
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
