package org.mpiverify.reports;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import org.mpiverify.results.MutationKillMatrixFile;

/**
 * The mutation-testing page ({@code mutation.html}) from {@code out/mutate/kill-matrix.json}
 * ({@code ./mpiverify mutate}): the kill rate against its target, counts per operator and per suite,
 * and every survivor as a diff (the source line it changed and the exact bytecode change). Reads the
 * JSON only, like the other pages; self-contained so that it can move with the dashboard's code.
 */
final class MutationPage {
    static final String FILE = "mutation.html";

    private MutationPage() {}

    /** Writes {@code mutation.html} into {@code reportDir}; a page that says how to produce the result if there is none. */
    static void write(Path outDir, Path reportDir) throws IOException {
        Path json = outDir.resolve("mutate").resolve("kill-matrix.json");
        String body;
        if (!Files.isRegularFile(json)) {
            body = "<p class=\"v-no-result\">Without result: <code>./mpiverify mutate</code> (every mutant) or "
                    + "<code>./mpiverify test</code> (the fixed sample) writes <code>out/mutate/kill-matrix.json</code>.</p>";
        } else {
            try {
                body = body(MutationKillMatrixFile.read(json));
            } catch (IllegalArgumentException e) {
                body = "<p class=\"v-fail\">" + Html.esc(json + ": " + e.getMessage()) + "</p>";
            }
        }
        Files.writeString(reportDir.resolve(FILE), Html.page("Mutation testing", body));
    }

    static String body(MutationKillMatrixFile m) {
        StringBuilder b = new StringBuilder();
        MutationKillMatrixFile.Totals t = m.totals() != null ? m.totals()
                : new MutationKillMatrixFile.Totals(0, 0, 0, 0, 0, 0, 0, 0, Map.of());
        int target = m.targetPercent();
        double rate = 100 * t.killRate();
        b.append("<p>").append(Html.esc(orEmpty(m.mode()))).append(", operators ")
         .append(Html.esc(String.valueOf(m.operators()))).append(", generated ")
         .append(Html.esc(orEmpty(m.generated()))).append(", ").append(m.wallSeconds()).append(" s.</p>\n");
        b.append("<p class=\"").append(rate >= target ? "v-pass" : "v-fail").append("\"><b>")
         .append(t.detected()).append(" of ").append(t.mutants() - t.equivalent())
         .append(" non-equivalent mutants detected (").append(String.format("%.1f", rate)).append(" %; target ").append(target)
         .append(" %)</b>; ").append(t.equivalent()).append(" argued equivalent and ")
         .append(t.unobservable()).append(" argued unobservable on x86-64 in <code>mutate/equivalent-mutants.md</code> (")
         .append(String.format("%.1f", 100 * t.observableKillRate())).append(" % of the rest detected).</p>\n");
        List<MutationKillMatrixFile.Mutant> mutants = m.mutants();
        b.append(table("Per operator", mutants, "operator", MutationKillMatrixFile.Mutant::operator))
         .append(table("Per component", mutants, "component", MutationKillMatrixFile.Mutant::component));
        b.append("<h2>Per suite (the first to kill each mutant)</h2>\n<table><tr><th>suite</th><th>mutants killed first</th></tr>\n");
        for (Map.Entry<String, Long> e : t.bySuite().entrySet()) {
            b.append("<tr><td>").append(Html.esc(e.getKey())).append("</td><td class=\"num\">").append(e.getValue()).append("</td></tr>\n");
        }
        b.append("</table>\n<h2>Survivors</h2>\n");
        int n = 0;
        for (MutationKillMatrixFile.Mutant x : mutants) {
            String status = orEmpty(x.status());
            if (!status.equals("SURVIVED") && !status.equals("NO_COVERAGE")) continue;
            n++;
            b.append("<h3 id=\"s").append(n).append("\">").append(Html.esc(orEmpty(x.class_()))).append('.')
             .append(Html.esc(orEmpty(x.method()))).append(", line ").append(x.line()).append(": ")
             .append(Html.esc(orEmpty(x.operator()))).append(" (").append(Html.esc(status)).append(")</h3>\n<p>")
             .append(Html.esc(orEmpty(x.description()))).append(". ").append(Html.esc(orEmpty(x.detail())))
             .append("</p>\n<pre class=\"diff\">").append(Html.esc(orEmpty(x.sourceDiff()))).append("</pre>\n");
            String bytecode = orEmpty(x.bytecodeDiff());
            if (!bytecode.isBlank()) {
                b.append("<details><summary>bytecode diff</summary><pre class=\"diff\">").append(Html.esc(bytecode)).append("</pre></details>\n");
            }
        }
        if (n == 0) b.append("<p>None.</p>\n");
        return b.toString();
    }

    private static String orEmpty(String s) {
        return s == null ? "" : s;
    }

    private static String table(String title, List<MutationKillMatrixFile.Mutant> mutants, String key,
                                Function<MutationKillMatrixFile.Mutant, String> group) {
        Map<String, Map<String, Integer>> counts = new TreeMap<>();
        for (MutationKillMatrixFile.Mutant x : mutants) {
            String g = group.apply(x);
            counts.computeIfAbsent(g == null ? "?" : g, k -> new TreeMap<>())
                    .merge(x.status() == null ? "?" : x.status(), 1, Integer::sum);
        }
        StringBuilder b = new StringBuilder("<h2>").append(title).append("</h2>\n<table><tr><th>")
                .append(key).append("</th><th>mutants</th><th>detected</th><th>survived</th><th>unobservable on x86-64</th>"
                        + "<th>equivalent</th></tr>\n");
        for (Map.Entry<String, Map<String, Integer>> e : counts.entrySet()) {
            Map<String, Integer> c = e.getValue();
            int all = c.values().stream().mapToInt(Integer::intValue).sum();
            int eq = c.getOrDefault("EQUIVALENT", 0);
            int alive = c.getOrDefault("SURVIVED", 0) + c.getOrDefault("NO_COVERAGE", 0);
            int unobservable = c.getOrDefault("UNOBSERVABLE", 0);
            b.append("<tr><td>").append(Html.esc(e.getKey())).append("</td><td class=\"num\">").append(all)
             .append("</td><td class=\"num\">").append(all - eq - alive - unobservable).append("</td><td class=\"num\">").append(alive)
             .append("</td><td class=\"num\">").append(unobservable).append("</td><td class=\"num\">").append(eq).append("</td></tr>\n");
        }
        return b.append("</table>\n").toString();
    }
}
