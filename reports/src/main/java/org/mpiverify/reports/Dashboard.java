package org.mpiverify.reports;

import static org.mpiverify.reports.Html.esc;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.mpiverify.results.Outcome;
import org.mpiverify.results.TlcTraceFile;

/**
 * Writes the static dashboard into one folder that opens offline from {@code file://}: the summary
 * ({@code index.html}), one detail page per {@link CheckKind}, a style sheet, and under {@code assets/}
 * copies of every file a page shows or links (sequence diagrams, plots, the jcstress and audit reports),
 * so the folder is self-contained and can be moved or zipped.
 */
public final class Dashboard {
    private final Results results;
    private final Summary summary;
    private final Path dir;
    private final String generated;

    public Dashboard(Results results, Summary summary, Path dir, String generated) {
        this.results = results;
        this.summary = summary;
        this.dir = dir;
        this.generated = generated;
    }

    /** Writes every page and asset; returns the summary page. */
    public Path write() throws IOException {
        Files.createDirectories(dir);
        deleteTree(dir.resolve("assets"));
        Files.createDirectories(dir.resolve("assets"));
        Files.writeString(dir.resolve("style.css"), Html.STYLE);
        Files.writeString(dir.resolve("index.html"), Html.page("mpiverify results", index()));
        Files.writeString(dir.resolve(CheckKind.TLC.page()), Html.page("TLC model checking", tlc()));
        Files.writeString(dir.resolve(CheckKind.LINCHECK.page()), Html.page("Lincheck: linearizability", lincheck()));
        Files.writeString(dir.resolve(CheckKind.JCSTRESS.page()), Html.page("jcstress: Java memory model", jcstress()));
        Files.writeString(dir.resolve(CheckKind.AUDIT.page()), Html.page("Thread-safety audit", audit()));
        Files.writeString(dir.resolve(CheckKind.BENCHMARK.page()), Html.page("Benchmarks", bench()));
        Files.writeString(dir.resolve(CheckKind.TRACE.page()), Html.page("Trace validation", traces()));
        Files.writeString(dir.resolve("locks.html"), Html.page("Lock audit", new LockPage(results.locks(), dir).render()));
        return dir.resolve("index.html");
    }

    // ---------------------------------------------------------------- summary

    private String index() {
        StringBuilder b = new StringBuilder();
        b.append("<p>Generated ").append(esc(generated)).append(". One row per algorithm of the traceability "
                + "table (docs/traceability.json); each cell is the worst verdict of that kind of check and links to its "
                + "details. A dashed red cell is <b>stale</b>: the code changed after the result was produced.</p>\n");
        b.append("<table id=\"summary\"><tr><th>algorithm (paper)</th>");
        for (CheckKind k : CheckKind.values()) b.append("<th>").append(esc(k.title())).append("</th>");
        b.append("</tr>\n");
        for (Summary.Row r : summary.rows()) {
            b.append("<tr><th>").append(esc(r.row().algorithm())).append("</th>");
            for (Summary.Cell c : r.cells()) {
                if (c.isEmpty()) {
                    b.append("<td class=\"v-no-result\">—</td>");
                    continue;
                }
                Outcome v = c.results().isEmpty() ? Outcome.NO_RESULT : c.verdict();
                b.append("<td class=\"").append(Html.css(v)).append(c.isStale() ? " stale" : "").append("\">")
                        .append("<a href=\"").append(c.href()).append("\">").append(esc(c.text())).append("</a></td>");
            }
            b.append("</tr>\n");
        }
        b.append("</table>\n");
        b.append("<p>Legend: <span class=\"badge v-pass\">pass</span> <span class=\"badge v-hazard\">hazard</span> "
                + "<span class=\"badge v-fail\">fail</span> <span class=\"badge v-hang\">hang</span> "
                + "<span class=\"badge v-crash\">crash</span> <span class=\"badge v-unsupported\">unsupported</span> "
                + "<span class=\"badge stale\">STALE</span> (a known-bad twin rejected counts as pass, and so does an "
                + "unsafe core variant the audit rejects; a benchmark that missed a target counts as hazard)</p>\n");
        if (!results.locks().isEmpty()) {
            b.append("<p>The lock auditor's results (locks held across blocking waits, leaks, lock-order cycles, "
                    + "lock acquisitions per MPI call) are on <a href=\"locks.html\">their own page</a>.</p>\n");
        }
        b.append("<h2 id=\"sources\">Where and when each result was produced</h2>\n<table><tr><th>result</th>"
                + "<th>freshness</th><th>produced</th><th>why</th></tr>\n");
        for (Results.Source src : results.sources()) {
            Stamp s = src.stamp();
            b.append("<tr").append(s.isStale() ? " class=\"stale\"" : "").append("><td>").append(esc(src.file()))
                    .append(src.entries() > 1 ? " (" + src.entries() + " entries)" : "").append("</td><td>").append(Html.badge(s)).append("</td><td>").append(esc(s.describe()))
                    .append("</td><td>").append(esc(s.freshness().reason())).append("</td></tr>\n");
        }
        b.append("</table>\n");
        if (!results.problems().isEmpty()) {
            b.append("<h2 id=\"problems\">Problems reading the results</h2>\n<ul>");
            for (String p : results.problems()) b.append("<li>").append(esc(p)).append("</li>");
            b.append("</ul>\n");
        }
        return b.toString();
    }

    /** The "by algorithm" index at the top of a detail page: the summary cells' link targets. */
    private String byAlgorithm(CheckKind kind) {
        StringBuilder b = new StringBuilder("<h2>By algorithm</h2>\n");
        for (Summary.Row r : summary.rows()) {
            Summary.Cell c = r.cells().get(kind.ordinal());
            if (c.isEmpty()) continue;
            b.append("<h3 id=\"").append(r.row().anchor()).append("\">").append(esc(r.row().algorithm()))
                    .append("</h3>\n<ul>");
            if (kind == CheckKind.AUDIT) {
                auditScenarios(b, c.results());
            } else {
                for (CheckResult x : c.results()) {
                    b.append("<li class=\"").append(Html.css(x.verdict())).append(x.stamp().isStale() ? " stale" : "")
                            .append("\"><a href=\"#").append(x.anchor()).append("\">").append(esc(x.name()))
                            .append("</a>: ").append(esc(x.label())).append(x.stamp().isStale() ? " (STALE)" : "")
                            .append("</li>");
                }
            }
            for (String m : c.missing()) {
                b.append("<li class=\"v-no-result\">").append(esc(m)).append(": no result in out/; produce it with <code>")
                        .append(esc(kind.command(m))).append("</code></li>");
            }
            b.append("</ul>\n");
        }
        return b.toString();
    }

    /** One line per scenario: its verdict on each target, as the summary counts them (unsafe variants judged). */
    private static void auditScenarios(StringBuilder b, List<CheckResult> cells) {
        Map<String, List<AuditResults.Cell>> byId = new LinkedHashMap<>();
        for (CheckResult x : cells) byId.computeIfAbsent(x.name(), k -> new ArrayList<>()).add((AuditResults.Cell) x);
        byId.forEach((id, cs) -> {
            Outcome v = Outcome.worst(cs.stream().map(AuditResults.Cell::verdict).toList());
            Map<String, List<Outcome>> byTarget = new LinkedHashMap<>();
            cs.forEach(c -> byTarget.computeIfAbsent(c.target(), t -> new ArrayList<>()).add(c.verdict()));
            StringBuilder line = new StringBuilder();
            byTarget.forEach((t, vs) -> line.append(line.isEmpty() ? "" : " · ").append(t).append(' ')
                    .append(Outcome.worst(vs).label()));
            b.append("<li class=\"").append(Html.css(v)).append("\"><a href=\"#").append(AuditMatrix.scenarioAnchor(id))
                    .append("\">").append(esc(id)).append("</a>: ").append(esc(line.toString())).append("</li>");
        });
    }

    // ---------------------------------------------------------------- trace validation

    private String traces() {
        List<TraceResults.Group> groups = results.traces();
        if (groups.isEmpty()) return none("trace validation", CheckKind.TRACE.command(null)) + byAlgorithm(CheckKind.TRACE);
        StringBuilder b = new StringBuilder(byAlgorithm(CheckKind.TRACE));
        b.append("<p>Each trace is what the core recorded at its linearization points in one run, checked by TLC "
                + "against the algorithm's trace spec (<code>specs/&lt;folder&gt;/*Trace.tla</code>). A known-bad "
                + "twin passes when TLC rejects its traces.</p>\n");
        for (TraceResults.Group g : groups) {
            b.append("<h2 id=\"").append(g.anchor()).append("\" class=\"").append(Html.css(g.verdict())).append("\">")
                    .append(esc(g.name())).append(g.twin() ? " (known-bad twin, " + esc(g.algorithm()) + ")" : "")
                    .append(": ").append(esc(g.label())).append("</h2>\n<p>").append(Html.badge(g.stamp())).append(' ')
                    .append(esc(g.stamp().describe())).append("</p>\n");
            b.append("<table><tr><th>trace</th><th>implementation</th><th>verdict</th><th>events</th><th>TLC s</th>"
                    + "<th>events/s</th><th>first bad event</th></tr>\n");
            for (TraceResults.Trace t : g.traces()) {
                b.append("<tr><td>").append(esc(t.name())).append("</td><td>").append(esc(t.variant())).append("</td><td>");
                if (t.report().isEmpty()) b.append(esc(t.status()));
                else b.append("<a href=\"../trace/").append(esc(t.report())).append("\">").append(esc(t.status())).append("</a>");
                b.append("</td><td class=\"num\">").append(t.events()).append("</td><td class=\"num\">")
                        .append(String.format("%.1f", t.tlcSeconds())).append("</td><td class=\"num\">")
                        .append(String.format("%.0f", t.eventsPerSecond())).append("</td><td>")
                        .append(t.firstBad() > 0 ? t.firstBad() + ": " + esc(t.reason()) : "").append("</td></tr>\n");
            }
            b.append("</table>\n");
        }
        return b.toString();
    }

    private static String none(String what, String how) {
        return "<p class=\"v-no-result\">No " + esc(what) + " results under out/. Produce them with <code>"
                + esc(how) + "</code>.</p>";
    }

    // ---------------------------------------------------------------- TLC

    private String tlc() throws IOException {
        List<TlcResults.Model> models = results.tlc();
        if (models.isEmpty()) return none("TLC", CheckKind.TLC.command(null)) + byAlgorithm(CheckKind.TLC);
        StringBuilder b = new StringBuilder(byAlgorithm(CheckKind.TLC));
        b.append("<h2>Models</h2>\n<table><tr><th>model</th><th>spec</th><th>mode</th><th>expected</th>"
                + "<th>actual</th><th>verdict</th><th>distinct states</th><th>generated</th><th>depth</th>"
                + "<th>seconds</th><th>freshness</th></tr>\n");
        for (TlcResults.Model m : models) {
            b.append("<tr><td><a href=\"#").append(m.anchor()).append("\">").append(esc(m.name())).append("</a></td><td>")
                    .append(esc(m.spec())).append("</td><td>").append(esc(m.mode() + ", " + m.size())).append("</td><td>")
                    .append(esc(m.expected())).append("</td><td>").append(esc(m.actual())).append("</td><td class=\"")
                    .append(Html.css(m.verdict())).append("\">").append(esc(m.label())).append("</td>")
                    .append(num(m.distinctStates())).append(num(m.generatedStates())).append(num(m.depth()))
                    .append("<td class=\"num\">").append(String.format(Locale.ROOT, "%.1f", m.seconds())).append("</td><td>")
                    .append(Html.badge(m.stamp())).append("</td></tr>\n");
        }
        b.append("</table>\n");
        for (TlcResults.Model m : models) {
            b.append("<h2 id=\"").append(m.anchor()).append("\">").append(esc(m.name())).append(": ")
                    .append(esc(m.actual())).append("</h2>\n").append(Html.provenance(m.stamp()));
            b.append("<p>Expected <b>").append(esc(m.expected())).append("</b>, TLC ").append(esc(m.tlcVersion()))
                    .append(" said: ").append(esc(m.message())).append("</p>\n");
            if (m.mismatch() != null) b.append("<p class=\"v-fail\">Mismatch: ").append(esc(m.mismatch())).append("</p>\n");
            if (m.svg() != null) {
                String asset = copy(m.svg(), "tlc");
                b.append("<p><img class=\"diagram\" alt=\"message-sequence diagram of ").append(esc(m.name()))
                        .append("\" src=\"").append(asset).append("\"></p>\n");
            }
            if (!m.steps().isEmpty()) {
                b.append("<table><tr><th>step</th><th>who</th><th>action</th><th>changed variables</th></tr>\n");
                for (TlcTraceFile.Step s : m.steps()) {
                    b.append("<tr><td class=\"num\">").append(s.number()).append("</td><td>")
                            .append(esc(orEmpty(s.who()))).append("</td><td>").append(esc(orEmpty(s.what())))
                            .append(" <small>(").append(esc(orEmpty(s.action()))).append(")</small></td><td>");
                    for (String ch : s.changed()) b.append("<code>").append(esc(ch)).append("</code><br>");
                    b.append("</td></tr>\n");
                }
                b.append("</table>\n");
            }
        }
        return b.toString();
    }

    private static String orEmpty(String s) {
        return s == null ? "" : s;
    }

    private static String num(long v) {
        return "<td class=\"num\">" + (v < 0 ? "—" : String.format(Locale.ROOT, "%,d", v)) + "</td>";
    }

    // ---------------------------------------------------------------- Lincheck

    private String lincheck() {
        List<LincheckResults.Suite> suites = results.lincheck();
        if (suites.isEmpty()) return none("Lincheck", CheckKind.LINCHECK.command(null)) + byAlgorithm(CheckKind.LINCHECK);
        StringBuilder b = new StringBuilder(byAlgorithm(CheckKind.LINCHECK));
        b.append("<h2>Suites, known-bad twins and findings</h2>\n<table><tr><th>name</th><th>kind</th><th>checks</th>"
                + "<th>runs (mode: verdict, scenarios × invocations, time)</th><th>verdict</th><th>freshness</th></tr>\n");
        for (LincheckResults.Suite s : suites) {
            b.append("<tr><td><a href=\"#").append(s.anchor()).append("\">").append(esc(s.name())).append("</a></td><td>")
                    .append(esc(s.category())).append("</td><td>").append(esc(s.checks())).append("</td><td>");
            for (LincheckResults.Run r : s.runs()) {
                b.append(esc(r.mode())).append(": ").append(esc(r.verdict())).append(", ").append(r.scenarios())
                        .append(" scenarios, ").append(String.format(Locale.ROOT, "%,d", r.invocations()))
                        .append(" invocations, ").append(r.millis()).append(" ms<br>");
            }
            b.append("</td><td class=\"").append(Html.css(s.verdict())).append("\">").append(esc(s.label()))
                    .append("</td><td>").append(Html.badge(s.stamp())).append("</td></tr>\n");
        }
        b.append("</table>\n");
        for (LincheckResults.Suite s : suites) {
            b.append("<h2 id=\"").append(s.anchor()).append("\">").append(esc(s.name())).append(" <small>(")
                    .append(esc(s.category())).append(")</small></h2>\n").append(Html.provenance(s.stamp()))
                    .append("<p>").append(esc(s.checks())).append(" — <b>").append(esc(s.label())).append("</b></p>\n");
            if (s.interleaving() != null) {
                b.append("<p>The interleaving Lincheck reported:</p>\n<pre>").append(esc(s.interleaving())).append("</pre>\n");
            } else if (s.isTwin() || s.isFinding()) {
                b.append("<p class=\"v-fail\">No interleaving file was written for it.</p>\n");
            }
        }
        return b.toString();
    }

    // ---------------------------------------------------------------- jcstress

    private String jcstress() throws IOException {
        JcstressResults.Run run = results.jcstress();
        if (run == null) return none("jcstress", CheckKind.JCSTRESS.command(null)) + byAlgorithm(CheckKind.JCSTRESS);
        StringBuilder b = new StringBuilder(byAlgorithm(CheckKind.JCSTRESS));
        b.append("<h2>The run</h2>\n").append(Html.provenance(run.stamp())).append("<p>Mode ").append(esc(run.mode()))
                .append(", ").append(run.tests().size()).append(" tests in ").append(run.wallSeconds()).append(" s.");
        if (run.htmlReport() != null) {
            copyTree(run.htmlReport(), dir.resolve("assets").resolve("jcstress-html"));
            b.append(" jcstress's own report: <a href=\"assets/jcstress-html/index.html\">jcstress-html/index.html</a>.");
        }
        b.append("</p>\n<table><tr><th>test</th><th>kind</th><th>verdict</th><th>samples</th><th>forbidden samples</th>"
                + "<th>result</th></tr>\n");
        for (JcstressResults.Test t : run.tests()) {
            b.append("<tr><td><a href=\"#").append(t.anchor()).append("\">").append(esc(t.name())).append("</a></td><td>")
                    .append(t.twin() ? "known-bad twin" : "test").append("</td><td>").append(esc(t.jcstressVerdict())).append("</td>")
                    .append(num(t.samples())).append(num(t.forbidden())).append("<td class=\"").append(Html.css(t.verdict()))
                    .append("\">").append(esc(t.label())).append("</td></tr>\n");
        }
        b.append("</table>\n");
        for (JcstressResults.Test t : run.tests()) {
            b.append("<h2 id=\"").append(t.anchor()).append("\">").append(esc(t.name())).append(t.twin() ? " <small>(known-bad twin)</small>" : "")
                    .append("</h2>\n<p><code>").append(esc(t.className())).append("</code> — <b>").append(esc(t.label()))
                    .append("</b>").append(t.stamp().isStale() ? " <span class=\"badge stale\">STALE</span>" : "").append("</p>\n");
            if (!t.problems().isEmpty()) b.append("<p class=\"v-fail\">").append(esc(String.join("; ", t.problems()))).append("</p>\n");
            b.append("<table><tr><th>outcome</th><th>expectation</th><th>samples</th><th>description</th></tr>\n");
            for (JcstressResults.Observed o : t.outcomes()) {
                String css = o.isForbiddenSeen() ? (t.twin() ? "v-pass" : "v-fail") : "";
                b.append("<tr class=\"").append(css).append("\"><td><code>").append(esc(o.id())).append("</code></td><td>")
                        .append(esc(o.expect())).append(o.isForbiddenSeen() ? " <b>(seen)</b>" : "").append("</td>")
                        .append(num(o.samples())).append("<td>").append(esc(o.desc())).append("</td></tr>\n");
            }
            b.append("</table>\n");
        }
        return b.toString();
    }

    // ---------------------------------------------------------------- audit

    private String audit() throws IOException {
        List<AuditResults.Target> targets = results.audit();
        if (targets.isEmpty()) return none("audit", CheckKind.AUDIT.command(null)) + byAlgorithm(CheckKind.AUDIT);
        AuditMatrix matrix = new AuditMatrix(targets);
        StringBuilder b = new StringBuilder();
        b.append("<p>Every scenario on every target: a cell is the worst outcome of its runs, and links to the "
                + "runs behind it and their evidence. A target with several safe configurations (the core's "
                + "granularities × matching engines) shows the worst over them. The core's unsafe experimental "
                + "variants must be rejected: each has a column of its own, and counts as a pass on the summary "
                + "once some scenario rejects it (FAIL, HANG or CRASH), like a known-bad twin.</p>\n");
        b.append("<h2>Matrix: scenarios by targets</h2>\n<table id=\"matrix\"><tr><th>scenario</th>");
        for (AuditMatrix.Column col : matrix.columns()) {
            b.append("<th").append(col.stale() ? " class=\"stale\"" : "").append(">").append(esc(col.title()))
                    .append("<br><small>").append(esc(col.subtitle())).append("</small>");
            if (col.unsafe()) {
                b.append("<br><span class=\"badge ").append(col.rejected() ? "current\">rejected" : "stale\">NOT rejected")
                        .append("</span>");
            }
            b.append("</th>");
        }
        b.append("</tr>\n");
        for (String id : matrix.scenarios()) {
            b.append("<tr><th><a href=\"#").append(AuditMatrix.scenarioAnchor(id)).append("\">").append(esc(id))
                    .append("</a></th>");
            for (AuditMatrix.Column col : matrix.columns()) {
                List<AuditResults.Cell> cells = col.cells(id);
                if (cells.isEmpty()) {
                    b.append("<td class=\"v-no-result\">—</td>");
                    continue;
                }
                Outcome worst = Outcome.worst(cells.stream().map(AuditResults.Cell::outcome).toList());
                AuditResults.Cell shown = cells.stream().filter(c -> c.outcome() == worst).findFirst().orElseThrow();
                long n = cells.stream().filter(c -> c.outcome() == worst).count();
                boolean stale = cells.stream().anyMatch(c -> c.stamp().isStale());
                b.append("<td class=\"").append(Html.css(worst)).append(stale ? " stale" : "").append("\" title=\"")
                        .append(esc(shown.summary())).append("\"><a href=\"#").append(shown.anchor()).append("\">")
                        .append(worst.name()).append(cells.size() > 1 && n < cells.size() ? " " + n + "/" + cells.size() : "")
                        .append("</a></td>");
            }
            b.append("</tr>\n");
        }
        b.append("</table>\n<h2>Targets</h2>\n");
        for (AuditResults.Target t : targets) {
            b.append("<h3 id=\"").append(Html.slug("target-" + t.target())).append("\">").append(esc(t.target()))
                    .append(": ").append(esc(t.implementation())).append("</h3>\n").append(Html.provenance(t.stamp()))
                    .append("<p>").append(t.full() ? "Full run." : "Quick run.");
            for (Path p : t.companions()) {
                b.append(" <a href=\"").append(copy(p, "audit")).append("\">").append(esc(p.getFileName().toString())).append("</a>");
            }
            b.append("</p>\n");
        }
        b.append(byAlgorithm(CheckKind.AUDIT));
        b.append("<h2>The runs behind each cell</h2>\n");
        for (String id : matrix.scenarios()) {
            AuditResults.Cell any = matrix.first(id);
            b.append("<h3 id=\"").append(AuditMatrix.scenarioAnchor(id)).append("\">").append(esc(any.title()))
                    .append(" <small>(").append(esc(id)).append(" — ").append(esc(any.origin())).append(")</small></h3>\n")
                    .append("<table class=\"runs\"><tr><th>target · configuration</th><th>outcome</th><th>runs</th>"
                            + "<th>summary and evidence</th></tr>\n");
            for (AuditMatrix.Column col : matrix.columns()) {
                for (AuditResults.Cell c : col.cells(id)) {
                    b.append("<tr id=\"").append(c.anchor()).append("\"><td>").append(esc(c.target() + " · " + c.configuration()))
                            .append(c.unsafe() ? " <small>(unsafe)</small>" : "").append("</td><td class=\"")
                            .append(Html.css(c.outcome())).append(c.stamp().isStale() ? " stale" : "").append("\">")
                            .append(c.outcome().name()).append("</td><td class=\"num\">").append(c.runs())
                            .append(String.format(Locale.ROOT, "<br><small>%.2f s</small>", c.seconds())).append("</td><td>")
                            .append(esc(c.summary()));
                    if (c.counts().size() > 1) b.append(" <span class=\"prov\">").append(esc(c.counts().toString())).append("</span>");
                    if (!c.evidence().isEmpty()) {
                        b.append("<pre class=\"evidence\">").append(esc(String.join("\n", c.evidence()))).append("</pre>");
                    } else if (c.needsEvidence()) {
                        b.append("<p class=\"v-fail\">No evidence recorded for this ").append(c.outcome().name()).append(".</p>");
                    }
                    b.append("</td></tr>\n");
                }
            }
            b.append("</table>\n");
        }
        return b.toString();
    }

    // ---------------------------------------------------------------- benchmarks

    private String bench() throws IOException {
        List<BenchResults.Figure> figures = results.bench();
        if (figures.isEmpty()) return none("benchmark", CheckKind.BENCHMARK.command(null)) + byAlgorithm(CheckKind.BENCHMARK);
        StringBuilder b = new StringBuilder(byAlgorithm(CheckKind.BENCHMARK));
        for (BenchResults.Figure f : figures) {
            b.append("<h2 id=\"").append(f.anchor()).append("\">").append(esc(f.title())).append(" <small>(")
                    .append(esc(f.name())).append(".json: ").append(esc(f.label())).append(")</small></h2>\n")
                    .append(Html.provenance(f.stamp()));
            if (!f.machine().isEmpty()) {
                b.append("<p><b>Machine:</b> ");
                f.machine().forEach((k, v) -> b.append(esc(k)).append(" ").append(esc(v)).append("; "));
                b.append("</p>\n");
            }
            for (Path p : f.otherPlots()) {
                b.append("<p><img class=\"plot\" alt=\"plot ").append(esc(p.getFileName().toString())).append("\" src=\"")
                        .append(copy(p, "bench")).append("\"></p>\n");
            }
            for (BenchResults.Section sec : f.sections()) {
                b.append("<h3 id=\"").append(Html.slug(f.anchor() + "-" + sec.id())).append("\">").append(esc(sec.title()))
                        .append("</h3>\n<p class=\"prov\">").append(esc(sec.caption())).append("</p>\n");
                if (sec.plot() != null) {
                    b.append("<p><img class=\"plot\" alt=\"plot of ").append(esc(sec.title())).append("\" src=\"")
                            .append(copy(sec.plot(), "bench")).append("\"></p>\n");
                } else {
                    b.append("<p class=\"v-no-result\">No plot file for this one (").append(esc(f.name() + "-" + sec.id()))
                            .append(".svg); its data:</p>\n");
                }
                table(b, sec.table(), false);
            }
            for (BenchResults.Table t : f.tables()) table(b, t, true);
        }
        return b.toString();
    }

    private static void table(StringBuilder b, BenchResults.Table t, boolean heading) {
        if (heading) b.append("<h3>").append(esc(t.title())).append("</h3>\n");
        b.append("<table><tr>");
        for (String c : t.columns()) b.append("<th>").append(esc(c)).append("</th>");
        b.append("</tr>\n");
        for (List<String> row : t.rows()) {
            b.append("<tr>");
            for (String cell : row) {
                boolean numeric = cell.matches("-?[0-9][0-9.,eE+-]*");
                b.append(numeric ? "<td class=\"num\">" : "<td>").append(esc(cell)).append("</td>");
            }
            b.append("</tr>\n");
        }
        b.append("</table>\n");
    }

    // ---------------------------------------------------------------- files

    /** Copies a file under assets/{@code sub}/ and returns its href relative to the dashboard folder. */
    private String copy(Path file, String sub) throws IOException {
        Path d = dir.resolve("assets").resolve(sub);
        Files.createDirectories(d);
        Files.copy(file, d.resolve(file.getFileName()), StandardCopyOption.REPLACE_EXISTING);
        return "assets/" + sub + "/" + file.getFileName();
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> s = Files.walk(from)) {
            for (Path f : (Iterable<Path>) s::iterator) {
                Path t = to.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) Files.createDirectories(t);
                else Files.copy(f, t, StandardCopyOption.REPLACE_EXISTING);
            }
        }
    }

    private static void deleteTree(Path d) throws IOException {
        if (!Files.exists(d)) return;
        try (Stream<Path> s = Files.walk(d)) {
            for (Path p : s.sorted(java.util.Comparator.reverseOrder()).toList()) Files.delete(p);
        }
    }
}
