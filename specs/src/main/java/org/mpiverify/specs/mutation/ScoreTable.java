package org.mpiverify.specs.mutation;

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

/**
 * The recorded spec mutation scores: {@code specs/mutation-scores.json} (data: one entry per family, from
 * the latest {@code ./mpiverify mutate --specs FAMILY --record}) and the table generated from it between
 * two markers in {@code specs/README.md}. A family's entry is replaced by its new run; the others stay.
 * {@code ScoreTableTest} fails when the README's table is not what this class makes of the JSON.
 */
public final class ScoreTable {
    public static final String FILE = "mutation-scores.json";
    static final String BEGIN = "<!-- spec-mutation-scores: generated from specs/mutation-scores.json by "
            + "./mpiverify mutate --specs FAMILY --record; do not edit -->";
    static final String END = "<!-- end of spec-mutation-scores -->";

    private ScoreTable() {}

    /** Writes the families of {@code doc} into the score file and regenerates the README's table. */
    static void record(Path specsDir, SpecKillMatrix.Document doc) throws IOException {
        Path file = specsDir.resolve(FILE);
        Map<String, Object> families = new LinkedHashMap<>();
        if (Files.isRegularFile(file)) {
            for (Map<String, Object> f : Json.objs(Json.parseObject(Files.readString(file)), "families")) {
                families.put(Json.str(f, "family", ""), f);
            }
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> prov = (Map<String, Object>) doc.provenance();
        for (SpecKillMatrix.FamilyRun run : doc.families()) {
            SpecKillMatrix.Score total = doc.byFamily().stream().filter(s -> s.group().equals(run.family())).findFirst().orElse(null);
            if (total == null) continue;
            List<SpecKillMatrix.Score> specs = doc.bySpec().stream().filter(s -> s.group().startsWith(run.family() + "/")).toList();
            List<String> survivors = doc.mutants().stream().filter(e -> e.family().equals(run.family()))
                    .filter(e -> e.state() == MutantStatus.SURVIVED || e.state() == MutantStatus.TIMED_OUT)
                    .map(e -> e.id() + "  " + e.change()).toList();
            Map<String, Object> f = new LinkedHashMap<>();
            f.put("family", run.family());
            f.put("mode", doc.mode());
            f.put("date", doc.generated());
            f.put("commit", prov.get("commit"));
            f.put("dirty", dirty(specsDir));
            f.put("host", prov.get("host"));
            f.put("models", run.models());
            f.put("generated", run.generated());
            f.put("identical", run.identical());
            f.put("rejectedBySany", run.rejectedBySany());
            f.put("wallSeconds", run.wallSeconds());
            f.put("secondsPerMutant", run.run() == 0 ? 0 : Math.round(10.0 * run.wallSeconds() / run.run()) / 10.0);
            f.put("total", total);
            f.put("specs", specs);
            f.put("survivors", survivors);
            families.put(run.family(), Json.parse(Json.write(f)));
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("comment", "Written by ./mpiverify mutate --specs FAMILY --record (one entry per family, its latest recorded run); "
                + "the table in specs/README.md is generated from it.");
        out.put("targetPercent", SpecKillMatrix.TARGET_PERCENT);
        out.put("families", new ArrayList<>(families.values()));
        String json = Json.write(out);
        Files.writeString(file, json);
        Path readme = specsDir.resolve("README.md");
        Files.writeString(readme, replaceSection(Files.readString(readme), render(json)));
    }

    /**
     * Whether the work tree has changes other than the two files this class writes (a family recorded
     * before another in one session leaves them changed, which says nothing about the specs measured).
     */
    private static boolean dirty(Path specsDir) {
        String status = new Git(specsDir.getParent()).run("status", "--porcelain", "--untracked-files=no", "--", ".",
                ":(exclude)specs/" + FILE, ":(exclude)specs/README.md");
        return status != null && !status.isBlank();
    }

    /** The table's Markdown, from the score file's text. */
    public static String render(String scoresJson) {
        Map<String, Object> doc = Json.parseObject(scoresJson);
        StringBuilder sb = new StringBuilder();
        sb.append("| family | spec | mutants | killed | survived | timed out | invalid | equivalent | score | measured |\n");
        sb.append("|---|---|---|---|---|---|---|---|---|---|\n");
        for (Map<String, Object> f : Json.objs(doc, "families")) {
            String family = Json.str(f, "family", "");
            Map<String, Object> t = Json.obj(f, "total");
            String measured = Json.str(f, "date", "").replaceFirst("T.*", "") + ", " + abbrev(Json.str(f, "commit", ""))
                    + (Json.bool(f, "dirty", false) ? "+" : "") + ", " + Json.str(f, "mode", "") + ", "
                    + SpecMutationSummary.fmt(Json.num(f, "wallSeconds", 0)) + " s ("
                    + SpecMutationSummary.fmt(Json.num(f, "secondsPerMutant", 0)) + " s per mutant)";
            row(sb, "**" + family + "**", "all", t, true, measured);
            for (Map<String, Object> s : Json.objs(f, "specs")) {
                String spec = Json.str(s, "group", "");
                row(sb, "", spec.substring(spec.indexOf('/') + 1), s, false, "");
            }
        }
        return sb.toString();
    }

    private static void row(StringBuilder sb, String family, String spec, Map<String, Object> s, boolean bold, String measured) {
        long mutants = Json.integer(s, "mutants", 0), eq = Json.integer(s, "equivalent", 0), inv = Json.integer(s, "invalid", 0);
        long scored = mutants - eq - inv - Json.integer(s, "notRun", 0);
        String score = scored == 0 ? "—" : String.format(Locale.ROOT, "%.1f %%", 100 * Json.num(s, "score", 0));
        if (bold) score = "**" + score + "**";
        sb.append("| ").append(family).append(" | ").append(spec).append(" | ").append(mutants).append(" | ")
          .append(Json.integer(s, "killed", 0)).append(" | ").append(Json.integer(s, "survived", 0)).append(" | ")
          .append(Json.integer(s, "timedOut", 0)).append(" | ").append(inv).append(" | ").append(eq).append(" | ")
          .append(score).append(" | ").append(measured).append(" |\n");
    }

    private static String abbrev(String commit) {
        return commit.length() > 7 ? commit.substring(0, 7) : commit;
    }

    /** {@code readme} with the text between the markers replaced by {@code table}. */
    static String replaceSection(String readme, String table) {
        int b = readme.indexOf(BEGIN), e = readme.indexOf(END);
        if (b < 0 || e < b) throw new IllegalStateException("specs/README.md has no spec-mutation-scores markers");
        return readme.substring(0, b + BEGIN.length()) + "\n" + table + readme.substring(e);
    }

    /** The text between the markers of {@code readme} (without the markers), or null. */
    static String section(String readme) {
        int b = readme.indexOf(BEGIN), e = readme.indexOf(END);
        return b < 0 || e < b ? null : readme.substring(b + BEGIN.length() + 1, e);
    }
}
