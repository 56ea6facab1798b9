package org.mpiverify.reports;

import static org.mpiverify.reports.Html.esc;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.mpiverify.results.LockAuditSummaryFile;
import org.mpiverify.results.LockReportFile;

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
            int n = a.file().findings().size();
            b.append("<tr><td><a href=\"#").append(anchor("audit-" + a.target())).append("\">audit of ")
                    .append(esc(a.target())).append("</a></td><td class=\"").append(n == 0 ? "v-pass" : "v-fail")
                    .append("\">").append(n).append(" distinct</td><td>").append(Html.badge(a.stamp())).append("</td></tr>\n");
        }
        for (LockResults.Run r : locks.runs()) {
            long n = r.file().summary() == null ? 0 : r.file().summary().findings();
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
        LockAuditSummaryFile j = a.file();
        List<LockAuditSummaryFile.ReportLine> reports = j.reports();
        long complete = reports.stream().filter(LockAuditSummaryFile.ReportLine::final_).count();
        b.append("<h2 id=\"").append(anchor("audit-" + a.target())).append("\">Audit of ").append(esc(a.target()))
                .append("</h2>\n").append(Html.provenance(a.stamp()));
        b.append("<p>").append(reports.size()).append(" report(s), ").append(complete).append(" complete, ")
                .append(reports.size() - complete).append(" last snapshot(s) of JVMs killed at a deadline.</p>\n");
        List<LockAuditSummaryFile.Finding> findings = j.findings();
        if (findings.isEmpty()) {
            b.append("<p class=\"v-pass\">No findings.</p>\n");
        } else {
            b.append("<table><tr><th>finding</th><th>call</th><th>lock</th><th>where</th><th>times</th><th>seen in</th></tr>\n");
            for (LockAuditSummaryFile.Finding f : findings) {
                List<String> where = f.where();
                b.append("<tr><td class=\"v-fail\">").append(esc(or(f.kind()))).append("</td><td><code>")
                        .append(esc(or(f.call()))).append("</code></td><td>").append(esc(or(f.lock())))
                        .append("</td><td>").append(esc(or(f.at()))).append("</td><td class=\"num\">")
                        .append(f.count()).append("</td><td>")
                        .append(esc(where.size() <= 3 ? String.join(", ", where) : String.join(", ", where.subList(0, 3))
                                + " and " + (where.size() - 3) + " more")).append("</td></tr>\n");
            }
            b.append("</table>\n");
            for (LockAuditSummaryFile.Finding f : findings) {
                b.append("<details><summary>").append(esc(or(f.kind()) + " in " + or(f.call()) + ": " + or(f.at())))
                        .append(" (stacks from ").append(esc(or(f.evidence()))).append(")</summary>\n");
                LockAuditSummaryFile.FirstSeen first = f.first();
                if (first != null) {
                    stacks(b, first.acquireStack(), first.blockStack(), first.exitStack(), first.stack());
                    if (first.edges() != null) edges(b, first.edges());
                }
                b.append("</details>\n");
            }
        }
        graph(b, a.graph(), "audit-" + a.target(), "Lock-order graph of " + a.target() + " (all reports, by lock group)");
        calls(b, j.calls().stream().map(c -> new CallRow(c.name(), c.calls(), c.acquisitions(), c.maxAcquisitions(),
                c.lockWaitNanos(), c.blockedNanos(), c.failedTryLocks())).toList());
        List<LockAuditSummaryFile.BlockedAtEnd> blocked = j.blockedAtEnd();
        if (!blocked.isEmpty()) {
            b.append("<h3>Waiting when killed (last snapshots)</h3>\n<ul>");
            for (LockAuditSummaryFile.BlockedAtEnd x : blocked) {
                b.append("<li>").append(esc(or(x.report()))).append(": <code>").append(esc(or(x.thread())))
                        .append("</code>").append(x.call() == null ? "" : " in <code>" + esc(x.call()) + "</code>")
                        .append(": ").append(esc(or(x.waitingFor()))).append(" for ").append(x.millis()).append(" ms");
                if (!x.holding().isEmpty()) b.append(", holding ").append(esc(String.join(", ", x.holding())));
                b.append("</li>\n");
            }
            b.append("</ul>\n");
        }
    }

    private void run(StringBuilder b, LockResults.Run r) throws IOException {
        LockReportFile j = r.file();
        LockReportFile.Summary s = j.summary() == null
                ? new LockReportFile.Summary(0, 0, 0, 0, 0, 0, 0, false, 0, 0, 0, null) : j.summary();
        LockReportFile.Run run = j.run();
        b.append("<h2 id=\"").append(anchor("run-" + r.name())).append("\">Run ").append(esc(r.name())).append("</h2>\n")
                .append(Html.provenance(r.stamp()));
        b.append("<p><code>").append(esc(run == null ? "?" : or(run.command()))).append("</code>, ")
                .append(String.format(Locale.ROOT, "%.1f", run == null ? 0 : run.seconds())).append(" s. ")
                .append(s.potentialDeadlocks()).append(" potential deadlock(s), ")
                .append(s.heldAcrossBlocking()).append(" held across a blocking wait, ")
                .append(s.leaked()).append(" leaked, ").append(s.pinnedInCalls())
                .append(" pinned; ").append(s.locksSeen()).append(" locks, ")
                .append(s.edges()).append(" edges, ").append(s.cycles())
                .append(" cycle(s).</p>\n");
        LockReportFile.Findings f = j.findings();
        for (LockReportFile.Cycle c : j.cycles()) {
            boolean deadlock = "POTENTIAL_DEADLOCK".equals(c.verdict());
            b.append("<details").append(deadlock ? " open" : "").append("><summary class=\"")
                    .append(deadlock ? "v-fail" : "v-pass").append("\">cycle of locks ").append(esc(c.locks().toString()))
                    .append(": ").append(esc(or(c.verdict())))
                    .append(c.gates().isEmpty() ? "" : ", gate lock(s) " + esc(c.gates().toString()))
                    .append("</summary>\n");
            for (LockReportFile.CycleEdge e : c.edges()) {
                LockReportFile.Label l = e.label();
                b.append("<p>thread <code>").append(esc(l == null ? "?" : or(l.thread()))).append("</code> took lock ")
                        .append(e.to()).append(" at ").append(esc(l == null ? "?" : or(l.toAcquiredAt())))
                        .append(" holding lock ").append(e.from()).append(", in <code>")
                        .append(esc(l == null ? "?" : or(l.call()))).append("</code>:</p>");
                stack(b, l == null ? List.of() : l.stack());
            }
            b.append("</details>\n");
        }
        for (LockReportFile.Held h : f.heldAcrossBlocking()) {
            b.append("<details open><summary class=\"v-fail\">").append(esc("held across a blocking wait in "
                    + or(h.call()) + ": " + or(h.lockLabel()) + " → " + or(h.blockedIn())))
                    .append("</summary>\n");
            stacks(b, h.acquireStack(), h.blockStack(), null, null);
            b.append("</details>\n");
        }
        for (LockReportFile.Leak l : f.leaked()) {
            b.append("<details open><summary class=\"v-fail\">").append(esc("leaked in " + or(l.call()) + ": "
                    + or(l.lockLabel()) + ", " + or(l.path()))).append("</summary>\n");
            stacks(b, l.acquireStack(), null, l.exitStack(), null);
            b.append("</details>\n");
        }
        for (LockReportFile.Pinning p : f.pinning()) {
            b.append("<details open><summary class=\"v-fail\">").append(esc("pinned in " + or(p.call()) + ": "
                    + or(p.reason()))).append("</summary>\n");
            stacks(b, null, null, null, p.stack());
            b.append("</details>\n");
        }
        graph(b, r.graph(), "run-" + r.name(), "Lock-order graph of " + r.name() + " (by lock group)");
        calls(b, j.calls().stream().map(c -> new CallRow(c.name(), c.calls(), c.acquisitions(), c.maxAcquisitions(),
                c.lockWaitNanos(), c.blockedNanos(), c.failedTryLocks())).toList());
    }

    /** The stacks a finding carries, whichever of them it has (null or empty: none). */
    private static void stacks(StringBuilder b, List<String> acquire, List<String> block, List<String> exit,
                               List<String> stack) {
        String[] titles = {"Acquired:", "Blocked:", "Ended:", "Stack:"};
        List<List<String>> stacks = java.util.Arrays.asList(acquire, block, exit, stack);
        for (int i = 0; i < titles.length; i++) {
            List<String> st = stacks.get(i);
            if (st == null || st.isEmpty()) continue;
            b.append("<p>").append(titles[i]).append("</p>");
            stack(b, st);
        }
    }

    /** A cycle's edges, each with the thread and the stack that made it. */
    private static void edges(StringBuilder b, List<LockReportFile.CycleEdge> edges) {
        for (LockReportFile.CycleEdge e : edges) {
            LockReportFile.Label l = e.label();
            b.append("<p>thread <code>").append(esc(l == null ? "?" : or(l.thread()))).append("</code> at ")
                    .append(esc(l == null ? "?" : or(l.toAcquiredAt()))).append(":</p>");
            stack(b, l == null ? List.of() : l.stack());
        }
    }

    private static String or(String s) {
        return s == null ? "?" : s;
    }

    private static void stack(StringBuilder b, List<String> frames) {
        b.append("<pre>");
        for (String f : frames) b.append("  at ").append(esc(f)).append('\n');
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

    /** A row of the per-call table, from a report or a summary. */
    private record CallRow(String name, long calls, long acquisitions, long maxAcquisitions, long lockWaitNanos,
                           long blockedNanos, long failedTryLocks) { }

    private static void calls(StringBuilder b, List<CallRow> calls) {
        if (calls.isEmpty()) return;
        b.append("<table><tr><th>MPI call</th><th>calls</th><th>acquisitions per call</th><th>max in one call</th>"
                + "<th>lock wait</th><th>blocked</th><th>failed try-locks</th></tr>\n");
        for (CallRow c : calls) {
            long n = c.calls();
            long acq = c.acquisitions();
            b.append("<tr><td><code>").append(esc(or(c.name()))).append("</code></td><td class=\"num\">")
                    .append(n).append("</td><td class=\"num\">")
                    .append(n == 0 ? acq + " in all" : String.format(Locale.ROOT, "%.2f", (double) acq / n))
                    .append("</td><td class=\"num\">").append(c.maxAcquisitions())
                    .append("</td><td class=\"num\">").append(ms(c.lockWaitNanos()))
                    .append("</td><td class=\"num\">").append(ms(c.blockedNanos()))
                    .append("</td><td class=\"num\">").append(c.failedTryLocks()).append("</td></tr>\n");
        }
        b.append("</table>\n");
    }

    private static String ms(long nanos) {
        return String.format(Locale.ROOT, "%.2f ms", nanos / 1e6);
    }
}
