package org.mpiverify.reports;

import static org.mpiverify.reports.Html.esc;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.mpiverify.results.Json;

/**
 * The dashboard's lock-audit page ({@code locks.html}): per audited target and per single run, the
 * findings of the lock auditor with their stacks, the lock-order graph as an SVG picture (under
 * {@code assets/locks/}), and the per-MPI-call table of lock acquisitions and waits (Balaji et al.'s
 * Table 1 for any JVM library).
 */
final class LockPage {
    private final LockResults locks;
    private final Path dashboard;

    LockPage(LockResults locks, Path dashboard) {
        this.locks = locks;
        this.dashboard = dashboard;
    }

    String render() throws IOException {
        StringBuilder b = new StringBuilder();
        b.append("<p>The lock auditor is a bytecode agent: it rewrites a JVM MPI library's classes as they load and "
                + "reports, per MPI call, the locks each call takes and waits for, every lock held across a blocking "
                + "wait (Gropp &amp; Thakur §4, Fig. 2), locks still held when a call returns, lock-order cycles "
                + "(GoodLock with gate locks) and virtual-thread pinning inside calls.</p>\n");
        if (locks.isEmpty()) {
            return b.append("<p class=\"v-no-result\">No lock audit results under out/. Produce them with <code>"
                    + "./mpiverify audit --target core --locks</code> or <code>./mpiverify locks -- java ...</code>.</p>\n")
                    .toString();
        }
        b.append("<table><tr><th>result</th><th>findings</th><th>freshness</th></tr>\n");
        for (LockResults.AuditSummary a : locks.audits()) {
            int n = Json.objs(a.json(), "findings").size();
            b.append("<tr><td><a href=\"#").append(anchor("audit-" + a.target())).append("\">audit of ")
                    .append(esc(a.target())).append("</a></td><td class=\"").append(n == 0 ? "v-pass" : "v-fail")
                    .append("\">").append(n).append(" distinct</td><td>").append(Html.badge(a.stamp())).append("</td></tr>\n");
        }
        for (LockResults.Run r : locks.runs()) {
            long n = Json.integer(Json.obj(r.json(), "summary"), "findings", 0);
            b.append("<tr><td><a href=\"#").append(anchor("run-" + r.name())).append("\">run ")
                    .append(esc(r.name())).append("</a></td><td class=\"").append(n == 0 ? "v-pass" : "v-fail")
                    .append("\">").append(n).append("</td><td>").append(Html.badge(r.stamp())).append("</td></tr>\n");
        }
        b.append("</table>\n");
        for (LockResults.AuditSummary a : locks.audits()) {
            audit(b, a);
        }
        for (LockResults.Run r : locks.runs()) {
            run(b, r);
        }
        return b.toString();
    }

    private static String anchor(String s) {
        return Html.slug("locks-" + s);
    }

    private void audit(StringBuilder b, LockResults.AuditSummary a) throws IOException {
        Map<String, Object> j = a.json();
        List<Map<String, Object>> reports = Json.objs(j, "reports");
        long complete = reports.stream().filter(r -> Json.bool(r, "final", false)).count();
        b.append("<h2 id=\"").append(anchor("audit-" + a.target())).append("\">Audit of ").append(esc(a.target()))
                .append("</h2>\n").append(Html.provenance(a.stamp()));
        b.append("<p>").append(reports.size()).append(" report(s), ").append(complete).append(" complete, ")
                .append(reports.size() - complete).append(" last snapshot(s) of JVMs killed at a deadline.</p>\n");
        List<Map<String, Object>> findings = Json.objs(j, "findings");
        if (findings.isEmpty()) {
            b.append("<p class=\"v-pass\">No findings.</p>\n");
        } else {
            b.append("<table><tr><th>finding</th><th>call</th><th>lock</th><th>where</th><th>times</th><th>seen in</th></tr>\n");
            for (Map<String, Object> f : findings) {
                List<Object> where = Json.list(f, "where");
                b.append("<tr><td class=\"v-fail\">").append(esc(Json.str(f, "kind", "?"))).append("</td><td><code>")
                        .append(esc(Json.str(f, "call", "?"))).append("</code></td><td>").append(esc(Json.str(f, "lock", "?")))
                        .append("</td><td>").append(esc(Json.str(f, "at", "?"))).append("</td><td class=\"num\">")
                        .append(Json.integer(f, "count", 0)).append("</td><td>")
                        .append(esc(where.size() <= 3 ? join(where) : join(where.subList(0, 3)) + " and "
                                + (where.size() - 3) + " more")).append("</td></tr>\n");
            }
            b.append("</table>\n");
            for (Map<String, Object> f : findings) {
                b.append("<details><summary>").append(esc(Json.str(f, "kind", "?") + " in " + Json.str(f, "call", "?")
                        + ": " + Json.str(f, "at", "?"))).append(" (stacks from ").append(esc(Json.str(f, "evidence", "?")))
                        .append(")</summary>\n");
                stacks(b, Json.obj(f, "first"));
                b.append("</details>\n");
            }
        }
        graph(b, a.graph(), "audit-" + a.target(), "Lock-order graph of " + a.target() + " (all reports, by lock group)");
        calls(b, Json.objs(j, "calls"));
        List<Map<String, Object>> blocked = Json.objs(j, "blockedAtEnd");
        if (!blocked.isEmpty()) {
            b.append("<h3>Waiting when killed (last snapshots)</h3>\n<ul>");
            for (Map<String, Object> x : blocked) {
                b.append("<li>").append(esc(Json.str(x, "report", "?"))).append(": <code>").append(esc(Json.str(x, "thread", "?")))
                        .append("</code>").append(Json.str(x, "call", null) == null ? "" : " in <code>"
                                + esc(Json.str(x, "call", "")) + "</code>").append(": ").append(esc(Json.str(x, "waitingFor", "?")))
                        .append(" for ").append(Json.integer(x, "millis", 0)).append(" ms");
                List<Object> holding = Json.list(x, "holding");
                if (!holding.isEmpty()) b.append(", holding ").append(esc(join(holding)));
                b.append("</li>\n");
            }
            b.append("</ul>\n");
        }
    }

    private void run(StringBuilder b, LockResults.Run r) throws IOException {
        Map<String, Object> j = r.json();
        Map<String, Object> s = Json.obj(j, "summary");
        Map<String, Object> run = Json.obj(j, "run");
        b.append("<h2 id=\"").append(anchor("run-" + r.name())).append("\">Run ").append(esc(r.name())).append("</h2>\n")
                .append(Html.provenance(r.stamp()));
        b.append("<p><code>").append(esc(Json.str(run, "command", "?"))).append("</code>, ")
                .append(String.format(Locale.ROOT, "%.1f", Json.num(run, "seconds", 0))).append(" s. ")
                .append(Json.integer(s, "potentialDeadlocks", 0)).append(" potential deadlock(s), ")
                .append(Json.integer(s, "heldAcrossBlocking", 0)).append(" held across a blocking wait, ")
                .append(Json.integer(s, "leaked", 0)).append(" leaked, ").append(Json.integer(s, "pinnedInCalls", 0))
                .append(" pinned; ").append(Json.integer(s, "locksSeen", 0)).append(" locks, ")
                .append(Json.integer(s, "edges", 0)).append(" edges, ").append(Json.integer(s, "cycles", 0))
                .append(" cycle(s).</p>\n");
        Map<String, Object> f = Json.obj(j, "findings");
        for (Map<String, Object> c : Json.objs(j, "cycles")) {
            boolean deadlock = "POTENTIAL_DEADLOCK".equals(Json.str(c, "verdict", ""));
            b.append("<details").append(deadlock ? " open" : "").append("><summary class=\"")
                    .append(deadlock ? "v-fail" : "v-pass").append("\">cycle of locks ").append(esc(Json.list(c, "locks").toString()))
                    .append(": ").append(esc(Json.str(c, "verdict", "?")))
                    .append(Json.list(c, "gates").isEmpty() ? "" : ", gate lock(s) " + esc(Json.list(c, "gates").toString()))
                    .append("</summary>\n");
            for (Map<String, Object> e : Json.objs(c, "edges")) {
                Map<String, Object> l = Json.obj(e, "label");
                b.append("<p>thread <code>").append(esc(Json.str(l, "thread", "?"))).append("</code> took lock ")
                        .append(Json.integer(e, "to", 0)).append(" at ").append(esc(Json.str(l, "toAcquiredAt", "?")))
                        .append(" holding lock ").append(Json.integer(e, "from", 0)).append(", in <code>")
                        .append(esc(Json.str(l, "call", "?"))).append("</code>:</p>");
                stack(b, Json.list(l, "stack"));
            }
            b.append("</details>\n");
        }
        for (Map<String, Object> h : Json.objs(f, "heldAcrossBlocking")) {
            b.append("<details open><summary class=\"v-fail\">").append(esc("held across a blocking wait in "
                    + Json.str(h, "call", "?") + ": " + Json.str(h, "lockLabel", "?") + " → " + Json.str(h, "blockedIn", "?")))
                    .append("</summary>\n");
            stacks(b, h);
            b.append("</details>\n");
        }
        for (Map<String, Object> l : Json.objs(f, "leaked")) {
            b.append("<details open><summary class=\"v-fail\">").append(esc("leaked in " + Json.str(l, "call", "?") + ": "
                    + Json.str(l, "lockLabel", "?") + ", " + Json.str(l, "path", "?"))).append("</summary>\n");
            stacks(b, l);
            b.append("</details>\n");
        }
        for (Map<String, Object> p : Json.objs(f, "pinning")) {
            b.append("<details open><summary class=\"v-fail\">").append(esc("pinned in " + Json.str(p, "call", "?") + ": "
                    + Json.str(p, "reason", "?"))).append("</summary>\n");
            stacks(b, p);
            b.append("</details>\n");
        }
        graph(b, r.graph(), "run-" + r.name(), "Lock-order graph of " + r.name() + " (by lock group)");
        calls(b, Json.objs(j, "calls"));
    }

    /** The stacks a finding carries, whichever of them it has. */
    private static void stacks(StringBuilder b, Map<String, Object> finding) {
        if (finding == null) return;
        for (String k : List.of("acquireStack", "blockStack", "exitStack", "stack")) {
            List<Object> st = Json.list(finding, k);
            if (st.isEmpty()) continue;
            b.append("<p>").append(switch (k) {
                case "acquireStack" -> "Acquired:";
                case "blockStack" -> "Blocked:";
                case "exitStack" -> "Ended:";
                default -> "Stack:";
            }).append("</p>");
            stack(b, st);
        }
        for (Map<String, Object> e : Json.objs(finding, "edges")) {
            Map<String, Object> l = Json.obj(e, "label");
            b.append("<p>thread <code>").append(esc(Json.str(l, "thread", "?"))).append("</code> at ")
                    .append(esc(Json.str(l, "toAcquiredAt", "?"))).append(":</p>");
            stack(b, Json.list(l, "stack"));
        }
    }

    private static void stack(StringBuilder b, List<Object> frames) {
        b.append("<pre>");
        for (Object f : frames) b.append("  at ").append(esc(String.valueOf(f))).append('\n');
        b.append("</pre>\n");
    }

    private void graph(StringBuilder b, LockResults.Graph g, String name, String title) throws IOException {
        if (g.isEmpty()) {
            b.append("<p>No lock was taken while another was held: the lock-order graph has no edge.</p>\n");
            return;
        }
        Path dir = dashboard.resolve("assets").resolve("locks");
        Files.createDirectories(dir);
        String file = Html.slug(name) + ".svg";
        Files.writeString(dir.resolve(file), LockGraphSvg.render(g, title));
        b.append("<p><img class=\"diagram\" alt=\"").append(esc(title)).append("\" src=\"assets/locks/").append(file)
                .append("\"></p>\n");
    }

    private static void calls(StringBuilder b, List<Map<String, Object>> calls) {
        if (calls.isEmpty()) return;
        b.append("<table><tr><th>MPI call</th><th>calls</th><th>acquisitions per call</th><th>max in one call</th>"
                + "<th>lock wait</th><th>blocked</th><th>failed try-locks</th></tr>\n");
        for (Map<String, Object> c : calls) {
            long n = Json.integer(c, "calls", 0);
            long acq = Json.integer(c, "acquisitions", 0);
            b.append("<tr><td><code>").append(esc(Json.str(c, "name", "?"))).append("</code></td><td class=\"num\">")
                    .append(n).append("</td><td class=\"num\">")
                    .append(n == 0 ? acq + " in all" : String.format(Locale.ROOT, "%.2f", (double) acq / n))
                    .append("</td><td class=\"num\">").append(Json.integer(c, "maxAcquisitions", 0))
                    .append("</td><td class=\"num\">").append(ms(Json.integer(c, "lockWaitNanos", 0)))
                    .append("</td><td class=\"num\">").append(ms(Json.integer(c, "blockedNanos", 0)))
                    .append("</td><td class=\"num\">").append(Json.integer(c, "failedTryLocks", 0)).append("</td></tr>\n");
        }
        b.append("</table>\n");
    }

    private static String ms(long nanos) {
        return String.format(Locale.ROOT, "%.2f ms", nanos / 1e6);
    }

    private static String join(List<Object> l) {
        return String.join(", ", l.stream().map(String::valueOf).toList());
    }
}
