package org.mpiverify.audit.run;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.mpiverify.audit.report.AuditReports;
import org.mpiverify.audit.report.CellResult;
import org.mpiverify.audit.report.CellTrace;
import org.mpiverify.audit.report.ColumnResult;
import org.mpiverify.audit.report.TargetResult;
import org.mpiverify.audit.scenario.ScenarioCatalog;
import org.mpiverify.harness.launch.AuditTarget;
import org.mpiverify.harness.launch.RunOutcome;
import org.mpiverify.harness.scenario.Scenario;
import org.mpiverify.harness.scenario.Verdict;
import org.mpiverify.locks.command.LockSegments;
import org.mpiverify.locks.command.LocksOption;
import org.mpiverify.results.Console;
import org.mpiverify.results.Outcome;
import org.mpiverify.results.Provenance;

/**
 * Runs scenarios × configurations × repeats on one target, shows progress, aggregates the outcomes of
 * repeated runs into one verdict per cell with counts, and writes {@code <target>.json}, {@code .md},
 * {@code .html} and {@code junit/TEST-audit-<target>.xml} under the audit output folder.
 *
 * <p>A cell stops repeating after a HANG (each costs a full deadline, and the cell is already as bad
 * as it gets short of FAIL) or an UNSUPPORTED (the operation will not appear on the next run).
 *
 * <p>With {@link Options#tracing()} ({@code audit --trace}), every run of a traced column records, and its traces
 * are validated while the audit goes on with the next runs; the cells get their trace verdicts once every
 * validation of the target has ended.
 */
public final class AuditRunner {

    /**
     * @param full      longer runs: each scenario's full repeat count
     * @param repeats   overrides every scenario's repeat count when positive
     * @param scenarios scenario ids to run; empty for the whole catalog
     * @param console   where the progress goes (null: silent)
     * @param tracing   records the runs and validates their traces, or null ({@link RunTracing})
     */
    public record Options(boolean full, int repeats, List<String> scenarios, Console console, RunTracing tracing) {
        public Options {
            scenarios = List.copyOf(scenarios);
        }

        /** Options without tracing. */
        public Options(boolean full, int repeats, List<String> scenarios, Console console) {
            this(full, repeats, scenarios, console, null);
        }
    }

    private final Options options;
    private final AuditProgress progress;

    public AuditRunner(Options options) {
        this.options = options;
        this.progress = new AuditProgress(options.console());
    }

    /** The scenarios the options select, in catalog order; an unknown id is an IllegalArgumentException. */
    public List<Scenario> selected() {
        if (options.scenarios().isEmpty()) return ScenarioCatalog.all();
        List<Scenario> l = new ArrayList<>();
        for (String id : options.scenarios()) {
            try {
                l.add(ScenarioCatalog.byId(id));
            } catch (java.util.NoSuchElementException e) {
                throw new IllegalArgumentException(e.getMessage(), e);
            }
        }
        return l;
    }

    /** Audits every column of a target and returns the results, without writing files. */
    public TargetResult run(String targetId, String implementation, List<AuditColumn> columns,
                            Map<String, String> libraryVersions) {
        List<Scenario> scenarios = selected();
        int totalRuns = 0;
        for (int c = 0; c < columns.size(); c++) {
            for (Scenario s : scenarios) totalRuns += repeats(s);
        }
        progress.start(targetId, totalRuns);
        List<List<CellResult>> columnCells = new ArrayList<>();
        List<List<List<CompletableFuture<CellTrace>>>> traces = new ArrayList<>();
        try {
            for (AuditColumn column : columns) {
                // under the lock auditor (audit --locks): one report per configuration
                LockSegments.begin();
                List<CellResult> cells = new ArrayList<>();
                List<List<CompletableFuture<CellTrace>>> cellTraces = new ArrayList<>();
                for (Scenario s : scenarios) {
                    List<CompletableFuture<CellTrace>> validations = new ArrayList<>();
                    cells.add(runCell(column, s, validations));
                    cellTraces.add(validations);
                }
                LockSegments.end("audit-" + targetId + "/" + LocksOption.slug(column.name()));
                columnCells.add(cells);
                traces.add(cellTraces);
            }
        } finally {
            progress.finish();
        }
        long pending = traces.stream().flatMap(List::stream).flatMap(List::stream).filter(f -> !f.isDone()).count();
        if (pending > 0 && options.console() != null) {
            options.console().out().println("audit " + targetId + ": the runs are done; waiting for TLC on " + pending
                    + " of their traces");
        }
        List<ColumnResult> out = new ArrayList<>();
        for (int c = 0; c < columns.size(); c++) {
            List<CellResult> cells = new ArrayList<>();
            for (int i = 0; i < columnCells.get(c).size(); i++) {
                cells.add(withTraces(columnCells.get(c).get(i), traces.get(c).get(i)));
            }
            out.add(new ColumnResult(columns.get(c).name(), columns.get(c).unsafe(), cells));
        }
        return new TargetResult(targetId, implementation, Provenance.now(AuditOutput.repoRoot(), libraryVersions),
                options.full(), out);
    }

    /** Audits and writes the four result files into {@code dir}; returns the results. */
    public TargetResult runAndWrite(String targetId, String implementation, List<AuditColumn> columns,
                                    Map<String, String> libraryVersions, Path dir) throws IOException {
        TargetResult r = run(targetId, implementation, columns, libraryVersions);
        AuditReports.writeAll(r, dir);
        return r;
    }

    private int repeats(Scenario s) {
        return options.repeats() > 0 ? options.repeats() : Math.max(1, s.repeats(options.full()));
    }

    /** The cell with the trace verdict of its runs, once their validations have ended; unchanged if none was traced. */
    private CellResult withTraces(CellResult cell, List<CompletableFuture<CellTrace>> validations) {
        if (validations.isEmpty()) return cell;
        CellTrace t = null;
        for (CompletableFuture<CellTrace> v : validations) t = CellTrace.merge(t, v.join());
        return cell.withTrace(t);
    }

    /** Runs the cell; with tracing, adds each traced run's validation to {@code validations}. */
    private CellResult runCell(AuditColumn column, Scenario s, List<CompletableFuture<CellTrace>> validations) {
        int n = repeats(s);
        Map<Outcome, Integer> counts = new EnumMap<>(Outcome.class);
        Verdict worst = null;
        long nanos = 0;
        int runs = 0;
        for (int i = 0; i < n; i++) {
            progress.running(column.name(), s.id(), i + 1, n);
            long t0 = System.nanoTime();
            RunTracing.Recording recording = options.tracing() == null ? null
                    : options.tracing().record(column, s, s.id() + "/" + column.name() + "/run" + (i + 1));
            Verdict v = runOnce(recording == null ? column.target() : recording.target(), s);
            nanos += System.nanoTime() - t0;
            if (recording != null) validations.add(recording.validate());
            runs++;
            counts.merge(v.outcome(), 1, Integer::sum);
            if (worst == null || v.outcome().isWorseThan(worst.outcome())) worst = v;
            progress.done(v.outcome());
            if (v.outcome() == Outcome.HANG || v.outcome() == Outcome.UNSUPPORTED) {
                progress.skip(n - runs);
                break;
            }
        }
        return new CellResult(s.id(), s.title(), s.origin(), worst.outcome(), worst.summary(), runs, counts,
                worst.evidence(), nanos / 1e9, null);
    }

    /** One run of one scenario, judged. Never throws: a judge that throws is a CRASH of the audit itself. */
    public static Verdict runOnce(AuditTarget target, Scenario s) {
        RunOutcome o;
        try {
            o = target.runOnce(s);
        } catch (RuntimeException | Error e) {
            return new Verdict(Outcome.CRASH, "the target threw " + e, List.of(stack(e)));
        }
        return switch (o) {
            case RunOutcome.Completed c -> {
                try {
                    yield s.judge(c.reports());
                } catch (RuntimeException e) {
                    yield new Verdict(Outcome.CRASH, "the judge threw " + e, List.of(stack(e)));
                }
            }
            case RunOutcome.Hung h -> new Verdict(Outcome.HANG, firstLine(h.stacks())
                    + "; stacks of every thread in the evidence", List.of(h.stacks()));
            case RunOutcome.Crashed c -> new Verdict(Outcome.CRASH, firstLine(c.evidence()), List.of(c.evidence()));
        };
    }

    private static String firstLine(String s) {
        return s.lines().findFirst().orElse("crashed");
    }

    private static String stack(Throwable t) {
        java.io.StringWriter w = new java.io.StringWriter();
        t.printStackTrace(new java.io.PrintWriter(w));
        return w.toString();
    }

    /** Total deadline a run could take in the worst case (every run hanging), for callers that budget. */
    public Duration worstCase(int columns) {
        Duration d = Duration.ZERO;
        for (Scenario s : selected()) d = d.plus(s.deadline().multipliedBy((long) repeats(s) * columns));
        return d;
    }
}
