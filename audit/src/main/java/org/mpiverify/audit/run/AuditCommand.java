package org.mpiverify.audit.run;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.mpiverify.audit.report.AuditJson;
import org.mpiverify.audit.report.CellResult;
import org.mpiverify.audit.report.CellTrace;
import org.mpiverify.audit.report.ColumnResult;
import org.mpiverify.audit.report.TargetResult;
import org.mpiverify.locks.command.LockSummary;
import org.mpiverify.locks.command.LocksOption;
import org.mpiverify.results.Console;
import org.mpiverify.results.Provenance;

/**
 * {@code ./mpiverify audit --target core|mpich|mpich-tcp|openmpi|openmpi-tcp|mpj-multicore|mpj-niodev|all[,...]
 * [--scenario ID[,ID]] [--repeats N] [--full] [--locks] [--trace] [--lib FILE [--mpiexec FILE]] [--hosts FILE]} (the CLI parses the
 * command line). Exit codes: 0 no safe configuration failed,
 * hung or crashed (HAZARD and UNSUPPORTED are allowed) and, when the whole catalog ran, every unsafe one was rejected; 1 otherwise, or
 * when a target is missing and {@code CI=true}; 2 usage error. A missing target without CI is a message
 * naming the Debian packages it needs.
 *
 * <p>With {@code --locks}, the lock auditor ({@code locks/}) runs in every JVM the target starts: the core's
 * audit in a child JVM under the agent (one report per configuration, {@link CoreUnderAgent}), MPJ Express's
 * rank JVMs with it on their command line (one report per JVM and run); then {@link LockSummary} sums them
 * up in {@code out/locks/audit-<target>.md}. Native libraries have no Java locks to watch and run without it.
 *
 * <p>With {@code --trace} (the core only), every run on a core column records the steps of the algorithms with a trace
 * spec, TLC validates its traces ({@link RunTracing}), and each cell gets a trace verdict beside its verdict. A safe
 * configuration's rejected (or undecided) trace is a problem, as its failure would be; an unsafe configuration whose
 * trace is rejected counts as rejected.
 */
public final class AuditCommand {
    /**
     * What to audit.
     *
     * @param target        an id of {@link AuditTargets#IDS}, several comma-separated, or {@code all}
     * @param scenarios     scenario ids (empty: the whole catalog)
     * @param repeats       runs per scenario, at least 1 (null: each scenario's own)
     * @param full          the full number of runs
     * @param locks         run the lock auditor in every JVM the target starts
     * @param nativeOptions where the native targets find their library and run ({@code --lib}, {@code --mpiexec},
     *                      {@code --hosts})
     * @param ci            a target that is not available is an error (the environment's {@code CI=true})
     * @param tracing       {@code --trace}: records the core's runs and validates their traces, or null
     */
    public record Options(String target, List<String> scenarios, Integer repeats, boolean full, boolean locks,
                          AuditTargets.NativeOptions nativeOptions, boolean ci, RunTracing tracing) {
        /** Options without {@code --trace}. */
        public Options(String target, List<String> scenarios, Integer repeats, boolean full, boolean locks,
                       AuditTargets.NativeOptions nativeOptions, boolean ci) {
            this(target, scenarios, repeats, full, locks, nativeOptions, ci, null);
        }

        public Options {
            if (target == null || target.isBlank()) throw new IllegalArgumentException("--target needs a target");
            if (tracing != null && !target.equals("core")) {
                throw new IllegalArgumentException("--trace applies to --target core only (the trace specs read the"
                        + " core's recorded steps), not " + target);
            }
            if (tracing != null && locks) {
                throw new IllegalArgumentException("--trace does not go with --locks: the lock auditor runs the core's"
                        + " audit in a JVM of its own; run them one after the other");
            }
            scenarios = List.copyOf(scenarios);
            if (repeats != null && repeats < 1) {
                throw new IllegalArgumentException("--repeats must be in [1, " + Integer.MAX_VALUE + "], not " + repeats);
            }
            if (nativeOptions == null) nativeOptions = AuditTargets.NativeOptions.DEFAULTS;
        }
    }

    private AuditCommand() { }

    /**
     * Audits the targets of {@code o}. A bad target or scenario id is a usage error (2), reported before anything
     * runs; so is a library given by path that the ABI check refuses, with the check's reasons.
     */
    public static int run(Options o, Console console) {
        PrintStream out = console.out();
        PrintStream err = console.err();
        String target = o.target();
        List<String> scenarios = o.scenarios();
        int repeats = o.repeats() == null ? 0 : o.repeats();
        boolean full = o.full();
        AuditTargets.NativeOptions nativeOptions = o.nativeOptions();
        try {
            List<String> ids = target.equals("all") ? AuditTargets.IDS : List.of(target.split(","));
            boolean fullRun = full;
            LocksOption lockAgent = o.locks() ? LocksOption.of(AuditOutput.repoRoot()) : null;
            for (String id : ids) {
                if (!AuditTargets.IDS.contains(id)) AuditTargets.byId(id, full, lockAgent); // the unknown-id message
            }
            List<AuditTargets.Entry> entries = ids.stream().map(id -> AuditTargets.byId(id, fullRun, lockAgent, nativeOptions)).toList();
            AuditRunner runner = new AuditRunner(new AuditRunner.Options(full, repeats, scenarios, console, o.tracing()));
            runner.selected(); // unknown scenario ids are a usage error before anything runs
            Path dir = AuditOutput.auditDir();
            int status = 0;
            for (AuditTargets.Entry e : entries) {
                if (e.unavailable().isPresent()) {
                    err.println("audit " + e.id() + ": not available: " + e.unavailable().get());
                    if (nativeOptions.library() != null || nativeOptions.mpiexec() != null) status = Math.max(status, 2);
                    else if (o.ci()) status = Math.max(status, 1);
                    continue;
                }
                if (lockAgent != null && e.id().equals("core")) {
                    status = Math.max(status, CoreUnderAgent.run(lockAgent, scenarios, repeats, full, out));
                    summarize(lockAgent, e.id(), out);
                    continue;
                }
                if (lockAgent != null && AuditTargets.NATIVE_IDS.contains(e.id())) {
                    out.println("audit " + e.id() + ": --locks does not apply (a native library: no Java locks to watch)");
                }
                var r = runner.runAndWrite(e.id(), e.implementation(), e.columns(), e.versions(), dir);
                List<String> problems = problems(r, scenarios.isEmpty());
                out.println("audit " + e.id() + ": " + AuditJson.verdictCounts(r) + "; wrote "
                        + dir.resolve(e.id() + ".{json,md,html}") + " and " + dir.resolve("junit"));
                if (o.tracing() != null) out.println("audit " + e.id() + ": " + traceCounts(r));
                problems.forEach(p -> out.println("  " + p));
                if (!problems.isEmpty()) status = Math.max(status, 1);
                if (lockAgent != null && e.id().startsWith("mpj-")) summarize(lockAgent, e.id(), out);
            }
            return status;
        } catch (IllegalArgumentException e) {
            err.println("audit: " + e.getMessage());
            return 2;
        } catch (IOException e) {
            err.println("audit: cannot write results: " + e);
            return 1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println("audit: interrupted");
            return 1;
        }
    }

    private static void summarize(LocksOption locks, String target, PrintStream out) throws IOException {
        Path md = LockSummary.write(locks.outDir(), target, Provenance.now(AuditOutput.repoRoot(), Map.of()));
        out.println("audit " + target + ": lock audit summarized in " + md);
    }

    /** The cells' trace verdicts counted, with the traces and events validated, in one line. */
    static String traceCounts(TargetResult r) {
        Map<CellTrace.Verdict, Long> cells = new java.util.EnumMap<>(CellTrace.Verdict.class);
        long traces = 0;
        long events = 0;
        double seconds = 0;
        for (ColumnResult c : r.columns()) {
            for (CellResult x : c.cells()) {
                if (x.trace() == null) continue;
                cells.merge(x.trace().verdict(), 1L, Long::sum);
                traces += x.trace().traces();
                events += x.trace().events();
                seconds += x.trace().tlcSeconds();
            }
        }
        return String.format(java.util.Locale.ROOT, "traces: cells %s; %d traces of %d events validated in %.1f s of TLC",
                cells, traces, events, seconds);
    }

    /**
     * Safe configurations that failed, hung or crashed, or whose traces were rejected or could not be decided, and
     * (when the whole catalog ran, {@code wholeCatalog}) unsafe ones that no scenario rejected, by its verdict or by a
     * rejected trace.
     */
    static List<String> problems(TargetResult r, boolean wholeCatalog) {
        List<String> l = new ArrayList<>();
        for (ColumnResult c : r.columns()) {
            if (c.unsafe()) {
                if (!wholeCatalog) continue;
                boolean rejected = c.cells().stream().anyMatch(x -> x.verdict().isFailure()
                        || x.trace() != null && x.trace().verdict() == CellTrace.Verdict.REJECTED);
                if (!rejected) l.add("unsafe configuration " + c.name() + " was not rejected by any scenario run");
            } else {
                for (CellResult x : c.cells()) {
                    if (x.verdict().isFailure()) l.add(x.verdict() + " " + c.name() + " " + x.id() + ": " + x.summary());
                    CellTrace t = x.trace();
                    if (t != null && (t.verdict() == CellTrace.Verdict.REJECTED || t.verdict() == CellTrace.Verdict.ERROR)) {
                        l.add("trace " + t.verdict() + " " + c.name() + " " + x.id() + ": " + t.summary());
                    }
                }
            }
        }
        return l;
    }
}
