package org.mpiverify.reports;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.mpiverify.results.Json;

/**
 * The spec mutation page ({@code spec-mutation.html}) from {@code out/mutate-specs/kill-matrix.json}
 * ({@code ./mpiverify mutate --specs}): the score of every family against its target, counts per
 * operator and per spec, and every survivor (and timeout) as its unified diff, with the models it got
 * past and the oracles that share its definition. Reads the JSON only.
 */
final class SpecMutationPage {
    static final String FILE = "spec-mutation.html";

    private SpecMutationPage() {}

    /** Writes the page into {@code reportDir}; without a result, a page that says how to make one. */
    static void write(Path outDir, Path reportDir) throws IOException {
        Path json = outDir.resolve("mutate-specs").resolve("kill-matrix.json");
        String body = Files.isRegularFile(json) ? body(Json.parseObject(Files.readString(json)))
                : "<p class=\"v-no-result\">Without result: <code>./mpiverify mutate --specs</code> (every family; "
                        + "<code>--specs matching</code> for one) or <code>./mpiverify test</code> (the fixed sample) writes "
                        + "<code>out/mutate-specs/kill-matrix.json</code>.</p>";
        Files.writeString(reportDir.resolve(FILE), Html.page("Spec mutation testing", body));
    }

    static String body(Map<String, Object> m) {
        StringBuilder b = new StringBuilder();
        long target = Json.integer(m, "targetPercent", 95);
        b.append("<p>").append(Html.esc(Json.str(m, "mode", ""))).append(", generated ")
         .append(Html.esc(Json.str(m, "generated", ""))).append(", ").append(Json.integer(m, "wallSeconds", 0))
         .append(" s. Killed: a passing model reports an invariant, property, refinement or deadlock violation; "
                 + "a changed state count alone is not a kill. Score: killed / (mutants − equivalent − invalid).</p>\n");
        b.append(table("Per family", Json.objs(m, "byFamily"), target, true));
        b.append(table("Per operator", Json.objs(m, "byOperator"), target, false));
        b.append(table("Per spec", Json.objs(m, "bySpec"), target, false));
        b.append("<h2>Survivors</h2>\n");
        int n = 0;
        for (Map<String, Object> x : Json.objs(m, "mutants")) {
            String status = Json.str(x, "status", "");
            if (!status.equals("SURVIVED") && !status.equals("TIMED_OUT")) continue;
            n++;
            b.append("<h3 id=\"").append(Html.slug(Json.str(x, "key", "s" + n))).append("\"><code>")
             .append(Html.esc(Json.str(x, "id", ""))).append("</code> (").append(Html.esc(status)).append(")</h3>\n<p>")
             .append(Html.esc(Json.str(x, "description", ""))).append(". Models run: ");
            List<Map<String, Object>> runs = Json.objs(x, "runs");
            for (int i = 0; i < runs.size(); i++) {
                Map<String, Object> r = runs.get(i);
                if (i > 0) b.append(", ");
                b.append(Html.esc(Json.str(r, "model", ""))).append(" (").append(Html.esc(Json.str(r, "verdict", "")))
                 .append(", ").append(Json.integer(r, "distinctStates", -1)).append(" states, unmutated ")
                 .append(Json.integer(r, "baselineStates", -1)).append(')');
            }
            b.append('.');
            List<Object> shared = Json.list(x, "sharedWith");
            if (shared != null && !shared.isEmpty()) {
                b.append(" The mutated definition is also used by ").append(Html.esc(String.valueOf(shared)))
                 .append(", which the mutant changes too.");
            }
            String eq = Json.str(x, "equivalence", null);
            if (eq != null) b.append(" Claim: ").append(Html.esc(eq));
            b.append("</p>\n<pre class=\"diff\">").append(Html.esc(Json.str(x, "diff", ""))).append("</pre>\n");
        }
        if (n == 0) b.append("<p>None.</p>\n");
        return b.toString();
    }

    private static String table(String title, List<Map<String, Object>> scores, long target, boolean verdict) {
        StringBuilder b = new StringBuilder("<h2>").append(title).append("</h2>\n<table><tr><th>")
                .append(title.replace("Per ", "")).append("</th><th>mutants</th><th>killed</th><th>survived</th>"
                        + "<th>timed out</th><th>invalid</th><th>equivalent</th><th>refuted claims</th><th>score</th></tr>\n");
        for (Map<String, Object> s : scores) {
            long mutants = Json.integer(s, "mutants", 0), eq = Json.integer(s, "equivalent", 0), inv = Json.integer(s, "invalid", 0);
            long scored = mutants - eq - inv - Json.integer(s, "notRun", 0);
            double score = 100 * Json.num(s, "score", 0);
            String css = !verdict || scored == 0 ? "num" : score >= target - 1e-9 ? "num v-pass" : "num v-fail";
            b.append("<tr><td>").append(Html.esc(Json.str(s, "group", ""))).append("</td>");
            for (String k : List.of("mutants", "killed", "survived", "timedOut", "invalid", "equivalent", "wrongClaims")) {
                b.append("<td class=\"num\">").append(Json.integer(s, k, 0)).append("</td>");
            }
            b.append("<td class=\"").append(css).append("\">")
             .append(scored == 0 ? "—" : String.format(Locale.ROOT, "%.1f %%", score)).append("</td></tr>\n");
        }
        return b.append("</table>\n").toString();
    }
}
