package org.mpiverify.audit;

import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.fail;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;
import org.mpiverify.audit.run.AuditColumn;
import org.mpiverify.audit.run.CoreColumns;
import org.mpiverify.audit.scenario.ScenarioCatalog;
import org.mpiverify.core.sync.Granularity;
import org.mpiverify.harness.core.CoreTarget;
import org.mpiverify.harness.launch.RunOutcome;
import org.mpiverify.harness.scenario.Scenario;
import org.mpiverify.harness.scenario.Verdict;
import org.mpiverify.mpi.Job;
import org.mpiverify.mpi.MatchingKind;
import org.mpiverify.results.Outcome;
import org.mpiverify.testkit.Deadlines;

/** Test helpers: run one scenario on the core under a preemptive deadline that prints every thread's stack. */
final class AuditTesting {
    static final boolean FULL = Boolean.getBoolean("mpiverify.full");

    private AuditTesting() { }

    static CoreTarget core(Granularity g, MatchingKind m) {
        return CoreTarget.of(g, m);
    }

    static CoreTarget column(String name) {
        return (CoreTarget) CoreColumns.configurations().stream().filter(c -> c.name().equals(name)).findFirst()
                .map(AuditColumn::target).orElseThrow();
    }

    static List<String> unsafeNames() {
        return CoreColumns.unsafeConfigurations(null).stream().map(AuditColumn::name).toList();
    }

    /** One judged run, with a test deadline above the scenario's own (the target must report a hang itself). */
    static Verdict judge(CoreTarget target, Scenario s, CoreTarget.Binding binding) {
        Duration bound = s.deadline().plusSeconds(30);
        try {
            return assertTimeoutPreemptively(bound, () -> {
                RunOutcome o = target.runOnce(s, binding);
                return switch (o) {
                    case RunOutcome.Completed c -> s.judge(c.reports());
                    case RunOutcome.Hung h -> new Verdict(Outcome.HANG, "hung", List.of(h.stacks()));
                    case RunOutcome.Crashed c -> new Verdict(Outcome.CRASH, c.evidence(), List.of(c.evidence()));
                };
            });
        } catch (AssertionError e) {
            System.err.println(Job.threadDump());
            throw e;
        }
    }

    static Verdict judge(CoreTarget target, String scenarioId) {
        return judge(target, ScenarioCatalog.byId(scenarioId), org.mpiverify.harness.core.CoreAuditMpi::new);
    }

    /**
     * A target or tool this test needs is missing ({@code missing} present): under {@code CI=true} that fails (no
     * target may be skipped there), elsewhere the test is skipped with the message, which names the Debian package.
     */
    static void requireAvailable(Optional<String> missing) {
        if (missing.isEmpty()) return;
        if ("true".equalsIgnoreCase(System.getenv("CI"))) fail("CI must audit every target: " + missing.get());
        Assumptions.abort(missing.get());
    }

    private static final java.nio.file.Path GCC = java.nio.file.Path.of("/usr/bin/gcc");

    /** A fresh folder for a test's C builds; fails under CI, and skips elsewhere, without gcc. */
    static java.nio.file.Path cWorkDir(String prefix) throws java.io.IOException {
        requireAvailable(java.nio.file.Files.isExecutable(GCC) ? Optional.empty()
                : Optional.of(GCC + " is missing; install it with: apt-get install gcc"));
        return java.nio.file.Files.createTempDirectory(prefix);
    }

    /** {@code source} built with gcc into the shared library {@code so} ({@code flags} before the output). */
    static java.nio.file.Path sharedLibrary(java.nio.file.Path source, java.nio.file.Path so, String... flags) throws Exception {
        List<String> cmd = new java.util.ArrayList<>(List.of(GCC.toString()));
        cmd.addAll(List.of(flags));
        cmd.addAll(List.of("-shared", "-fPIC", "-o", so.toString(), source.toString()));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        if (!p.waitFor(30, java.util.concurrent.TimeUnit.SECONDS) || p.exitValue() != 0) {
            fail(String.join(" ", cmd) + ": " + out);
        }
        return so;
    }

    /** Deletes {@code dir} and everything under it (null: nothing). */
    static void deleteTree(java.nio.file.Path dir) throws java.io.IOException {
        if (dir == null) return;
        try (var s = java.nio.file.Files.walk(dir)) {
            for (java.nio.file.Path p : s.sorted(java.util.Comparator.reverseOrder()).toList()) java.nio.file.Files.deleteIfExists(p);
        }
    }

    /** A body for {@link #within}. */
    interface Body<T> { T get() throws Exception; }

    /**
     * {@code body}'s result, run on a platform thread of its own within {@code limit}; past it every thread's stack
     * goes to stderr, taken before the body's thread is interrupted, and the test fails naming {@code what}. The
     * backstop of a run that has its own deadline (a hung native run is killed by the target itself).
     */
    static <T> T within(Duration limit, String what, Body<T> body) throws Exception {
        return Deadlines.within(limit, what, Job::threadDump, body::get);
    }

    static String describe(Verdict v) {
        return v.outcome() + ": " + v.summary() + "\n" + String.join("\n", v.evidence().stream()
                .map(e -> e.length() > 3000 ? e.substring(0, 3000) + "..." : e).limit(10).toList());
    }
}
