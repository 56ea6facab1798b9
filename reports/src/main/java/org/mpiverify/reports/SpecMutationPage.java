package org.mpiverify.reports;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.mpiverify.results.SpecKillMatrixFile;
import org.mpiverify.results.SpecKillMatrixFile.FamilyRun;
import org.mpiverify.results.SpecKillMatrixFile.ModelRun;
import org.mpiverify.results.SpecKillMatrixFile.Mutant;
import org.mpiverify.results.SpecKillMatrixFile.Status;
import org.mpiverify.results.SpecMutationScoresFile;
import org.mpiverify.results.SpecMutationScoresFile.Score;

/**
 * The spec mutation page ({@code spec-mutation.html}) from {@code out/mutate-specs/kill-matrix.json}
 * ({@code ./mpiverify mutate --specs}), read as {@link SpecKillMatrixFile}: the score of every family
 * against its target, the models each family ran, counts per operator and per spec, every survivor (and
 * timeout) as its unified diff with the models it got past and the oracles that share its definition,
 * and the mutants argued equivalent with their arguments. Reads the JSON only.
 */
final class SpecMutationPage {
    static final String FILE = "spec-mutation.html";

    private SpecMutationPage() {}

    /** Writes the page into {@code reportDir}; without a result, a page that says how to make one. */
    static void write(Path root, Path outDir, Path reportDir) throws IOException {
        Path scores = root.resolve(SpecMutationScoresFile.PATH);
        Path json = outDir.resolve("mutate-specs").resolve("kill-matrix.json");
        String body = (Files.isRegularFile(scores) ? recorded(SpecMutationScoresFile.read(scores)) : "")
                + "<h2>Latest run</h2>\n"
                + (Files.isRegularFile(json) ? body(SpecKillMatrixFile.read(json))
                : "<p class=\"v-no-result\">Without result: <code>./mpiverify mutate --specs</code> (every family; "
                        + "<code>--specs matching</code> for one) or <code>./mpiverify test</code> (the fixed sample) writes "
                        + "<code>out/mutate-specs/kill-matrix.json</code>.</p>");
        Files.writeString(reportDir.resolve(FILE), Html.page("Spec mutation testing", body));
    }

    /** The scores of record: each family's latest whole-family run, against the target. */
    static String recorded(SpecMutationScoresFile s) {
        StringBuilder b = new StringBuilder("<h2>Recorded scores per family</h2>\n<p>From <code>")
                .append(SpecMutationScoresFile.PATH).append("</code> (<code>./mpiverify mutate --specs FAMILY --record</code>); "
                        + "a commit marked + had other changes in its work tree.</p>\n<table><tr><th>family</th><th>mutants</th>"
                        + "<th>killed</th><th>survived</th><th>timed out</th><th>invalid</th><th>equivalent</th><th>score</th>"
                        + "<th>measured</th></tr>\n");
        for (SpecMutationScoresFile.Family f : s.families()) {
            Score t = f.total();
            double score = 100 * t.score();
            String css = t.scored() == 0 ? "num" : score >= s.targetPercent() - 1e-9 ? "num v-pass" : "num v-fail";
            b.append("<tr><td>").append(Html.esc(f.family())).append("</td>");
            for (int count : new int[] {t.mutants(), t.killed(), t.survived(), t.timedOut(), t.invalid(), t.equivalent()}) {
                b.append("<td class=\"num\">").append(count).append("</td>");
            }
            b.append("<td class=\"").append(css).append("\">")
             .append(t.scored() == 0 ? "—" : String.format(Locale.ROOT, "%.1f %%", score)).append("</td><td>")
             .append(Html.esc(f.date())).append(", ").append(Html.esc(f.commit() == null ? "" : f.commit().substring(0, Math.min(7, f.commit().length()))))
             .append(f.dirty() ? "+" : "").append(", ").append(Html.esc(f.mode())).append(", ")
             .append(String.format(Locale.ROOT, "%.1f", f.wallSeconds())).append(" s</td></tr>\n");
        }
        return b.append("</table>\n").toString();
    }

    static String body(SpecKillMatrixFile m) {
        StringBuilder b = new StringBuilder();
        b.append("<p>").append(Html.esc(m.mode())).append(", generated ").append(Html.esc(m.generated()))
         .append(m.provenance() == null ? "" : " on " + Html.esc(m.provenance().commit()) + (m.provenance().dirty() ? "+" : ""))
         .append(", ").append(m.wallSeconds()).append(" s. Killed: a passing model reports an invariant, property, "
                 + "refinement or deadlock violation; a changed state count alone is not a kill. Score: killed / "
                 + "(mutants − equivalent − invalid); target ").append(m.targetPercent()).append(" % per family.</p>\n");
        b.append(table("Per family", m.byFamily(), m.targetPercent(), true));
        b.append(families(m.families()));
        b.append(table("Per operator", m.byOperator(), m.targetPercent(), false));
        b.append(table("Per spec", m.bySpec(), m.targetPercent(), false));
        if (!m.claimsStale().isEmpty()) {
            b.append("<p class=\"v-fail\">Equivalence claims that name no mutant of today's specs: ")
             .append(Html.esc(String.join(", ", m.claimsStale()))).append("</p>\n");
        }
        b.append("<h2>Survivors</h2>\n");
        int n = 0;
        for (Mutant x : m.mutants()) {
            if (!x.status().survivor()) continue;
            n++;
            b.append(heading(x)).append("<p>").append(Html.esc(x.description())).append(". Models run: ").append(runs(x.runs()))
             .append('.');
            if (!x.sharedWith().isEmpty()) {
                b.append(" The mutated definition is also used by ").append(Html.esc(String.join(", ", x.sharedWith())))
                 .append(", which the mutant changes too.");
            }
            if (x.equivalence() != null) b.append(" Known gap: ").append(Html.esc(x.equivalence()));
            b.append("</p>\n<pre class=\"diff\">").append(Html.esc(x.diff())).append("</pre>\n");
        }
        if (n == 0) b.append("<p>None.</p>\n");
        List<Mutant> equivalent = m.mutants().stream().filter(x -> x.status() == Status.EQUIVALENT).toList();
        if (!equivalent.isEmpty()) {
            b.append("<h2>Argued equivalent</h2>\n");
            for (Mutant x : equivalent) {
                b.append(heading(x)).append("<p>").append(Html.esc(x.equivalence())).append("</p>\n<details><summary>diff</summary>"
                        + "<pre class=\"diff\">").append(Html.esc(x.diff())).append("</pre></details>\n");
            }
        }
        return b.toString();
    }

    private static String heading(Mutant x) {
        return "<h3 id=\"" + Html.slug(x.key() == null ? x.id() : x.key()) + "\"><code>" + Html.esc(x.id()) + "</code> ("
                + Html.esc(x.status().name()) + ")</h3>\n";
    }

    private static String runs(List<ModelRun> runs) {
        StringBuilder b = new StringBuilder();
        for (ModelRun r : runs) {
            if (!b.isEmpty()) b.append(", ");
            b.append(Html.esc(r.model())).append(" (").append(Html.esc(r.verdict())).append(", ").append(r.distinctStates())
             .append(" states, unmutated ").append(r.baselineStates()).append(')');
        }
        return b.isEmpty() ? "none" : b.toString();
    }

    private static String families(List<FamilyRun> families) {
        if (families.isEmpty()) return "";
        StringBuilder b = new StringBuilder("<table><tr><th>family</th><th>passing models</th><th>mutants made</th>"
                + "<th>identical (dropped)</th><th>rejected by SANY (dropped)</th><th>run</th><th>wall s</th></tr>\n");
        for (FamilyRun f : families) {
            b.append("<tr><td>").append(Html.esc(f.family())).append("</td><td>").append(Html.esc(String.join(", ", f.models())))
             .append("</td><td class=\"num\">").append(f.generated()).append("</td><td class=\"num\">").append(f.identical())
             .append("</td><td class=\"num\">").append(f.rejectedBySany()).append("</td><td class=\"num\">").append(f.run())
             .append("</td><td class=\"num\">").append(String.format(Locale.ROOT, "%.1f", f.wallSeconds())).append("</td></tr>\n");
        }
        return b.append("</table>\n").toString();
    }

    private static String table(String title, List<Score> scores, int target, boolean verdict) {
        StringBuilder b = new StringBuilder("<h2>").append(title).append("</h2>\n<table><tr><th>")
                .append(title.replace("Per ", "")).append("</th><th>mutants</th><th>killed</th><th>survived</th>"
                        + "<th>timed out</th><th>invalid</th><th>equivalent</th><th>refuted claims</th><th>score</th></tr>\n");
        for (Score s : scores) {
            double score = 100 * s.score();
            String css = !verdict || s.scored() == 0 ? "num" : score >= target - 1e-9 ? "num v-pass" : "num v-fail";
            b.append("<tr><td>").append(Html.esc(s.group())).append("</td>");
            for (int count : new int[] {s.mutants(), s.killed(), s.survived(), s.timedOut(), s.invalid(), s.equivalent(),
                    s.wrongClaims()}) {
                b.append("<td class=\"num\">").append(count).append("</td>");
            }
            b.append("<td class=\"").append(css).append("\">")
             .append(s.scored() == 0 ? "—" : String.format(Locale.ROOT, "%.1f %%", score)).append("</td></tr>\n");
        }
        return b.append("</table>\n").toString();
    }
}
