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
import org.mpiverify.results.Provenance;
import org.mpiverify.results.SpecMutationScoresFile;

/**
 * The recorded spec mutation scores: {@code specs/mutation-scores.json} (data: one entry per family, from
 * the latest {@code ./mpiverify mutate --specs FAMILY --record}, the record {@link SpecMutationScoresFile} that the
 * dashboard reads it with) and the table generated from it between two markers in {@code specs/README.md}. A family's entry is replaced by its new run; the others stay.
 * {@code ScoreTableTest} fails when the README's table is not what this class makes of the JSON.
 */
public final class ScoreTable {
    public static final String FILE = "mutation-scores.json";
    static final String BEGIN = "<!-- spec-mutation-scores: generated from specs/mutation-scores.json by "
            + "./mpiverify mutate --specs FAMILY --record; do not edit -->";
    static final String END = "<!-- end of spec-mutation-scores -->";

    private static final String COMMENT = "Written by ./mpiverify mutate --specs FAMILY --record (one entry per family, "
            + "its latest recorded run); the table in specs/README.md is generated from it.";

    private ScoreTable() {}

    /** Writes the families of {@code doc} into the score file and regenerates the README's table. */
    static void record(Path specsDir, SpecKillMatrix.Document doc) throws IOException {
        Path file = specsDir.resolve(FILE);
        Map<String, SpecMutationScoresFile.Family> families = new LinkedHashMap<>();
        if (Files.isRegularFile(file)) {
            for (SpecMutationScoresFile.Family f : SpecMutationScoresFile.read(file).families()) families.put(f.family(), f);
        }
        Provenance prov = doc.provenance();
        boolean dirty = dirty(specsDir);
        for (SpecKillMatrix.FamilyRun run : doc.families()) {
            SpecKillMatrix.Score total = doc.byFamily().stream().filter(s -> s.group().equals(run.family())).findFirst().orElse(null);
            if (total == null) continue;
            List<SpecMutationScoresFile.Score> specs = doc.bySpec().stream().filter(s -> s.group().startsWith(run.family() + "/"))
                    .map(SpecKillMatrix::record).toList();
            List<String> survivors = doc.mutants().stream().filter(e -> e.family().equals(run.family()))
                    .filter(e -> e.state() == MutantStatus.SURVIVED || e.state() == MutantStatus.TIMED_OUT)
                    .map(e -> e.id() + "  " + e.change()).toList();
            families.put(run.family(), new SpecMutationScoresFile.Family(run.family(), doc.mode(), doc.generated(),
                    prov == null ? null : prov.commit(), dirty, prov == null ? null : prov.host(), run.models(),
                    run.generated(), run.identical(), run.rejectedBySany(), run.wallSeconds(),
                    run.run() == 0 ? 0 : Math.round(10.0 * run.wallSeconds() / run.run()) / 10.0, SpecKillMatrix.record(total), specs,
                    survivors));
        }
        SpecMutationScoresFile scores = new SpecMutationScoresFile(COMMENT, SpecKillMatrix.TARGET_PERCENT,
                new ArrayList<>(families.values()));
        scores.write(file);
        Path readme = specsDir.resolve("README.md");
        Files.writeString(readme, replaceSection(Files.readString(readme), render(scores)));
    }

    /**
     * Whether the work tree has changes other than the files a record writes (the scores, the README, the history) (a family recorded
     * before another in one session leaves them changed, which says nothing about the specs measured).
     */
    private static boolean dirty(Path specsDir) {
        String status = new Git(specsDir.getParent()).run("status", "--porcelain", "--untracked-files=no", "--", ".",
                ":(exclude)specs/" + FILE, ":(exclude)specs/README.md",
                ":(exclude)" + MutationHistory.DIR);
        return status != null && !status.isBlank();
    }

    /** The table's Markdown, from the score file's text. */
    public static String render(String scoresJson) {
        return render(Json.read(scoresJson, SpecMutationScoresFile.class));
    }

    /** The table's Markdown, from the score file. */
    public static String render(SpecMutationScoresFile scores) {
        StringBuilder sb = new StringBuilder();
        sb.append("| family | spec | mutants | killed | survived | timed out | invalid | equivalent | score | measured |\n");
        sb.append("|---|---|---|---|---|---|---|---|---|---|\n");
        for (SpecMutationScoresFile.Family f : scores.families()) {
            String measured = text(f.date()).replaceFirst("T.*", "") + ", " + abbrev(text(f.commit()))
                    + (f.dirty() ? "+" : "") + ", " + text(f.mode()) + ", "
                    + SpecMutationSummary.fmt(f.wallSeconds()) + " s ("
                    + SpecMutationSummary.fmt(f.secondsPerMutant()) + " s per mutant)";
            row(sb, "**" + f.family() + "**", "all", f.total(), true, measured);
            for (SpecMutationScoresFile.Score s : f.specs()) {
                String spec = text(s.group());
                row(sb, "", spec.substring(spec.indexOf('/') + 1), s, false, "");
            }
        }
        return sb.toString();
    }

    private static void row(StringBuilder sb, String family, String spec, SpecMutationScoresFile.Score s, boolean bold,
                            String measured) {
        String score = s.scored() == 0 ? "—" : String.format(Locale.ROOT, "%.1f %%", 100 * s.score());
        if (bold) score = "**" + score + "**";
        sb.append("| ").append(family).append(" | ").append(spec).append(" | ").append(s.mutants()).append(" | ")
          .append(s.killed()).append(" | ").append(s.survived()).append(" | ")
          .append(s.timedOut()).append(" | ").append(s.invalid()).append(" | ").append(s.equivalent()).append(" | ")
          .append(score).append(" | ").append(measured).append(" |\n");
    }

    private static String text(String s) {
        return s == null ? "" : s;
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
