package org.mpiverify.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.mpiverify.audit.run.AuditOutput;
import org.mpiverify.audit.run.AuditRunner;
import org.mpiverify.audit.run.AuditTargets;
import org.mpiverify.audit.run.CellResult;
import org.mpiverify.audit.run.ColumnResult;
import org.mpiverify.audit.run.TargetResult;
import org.mpiverify.audit.scenario.ScenarioCatalog;
import org.mpiverify.results.Outcome;
import org.mpiverify.mpi.Job;

/**
 * The bounded audit {@code mvn verify} runs on every library target (one run per scenario), which
 * writes {@code out/audit/<target>.*} for the reports, and compares each verdict with the one recorded
 * for that library in audit/README.md's verdict matrix. A verdict that changes — a new failure, or a fixed
 * one — fails the test, so that page never shows a matrix the code no longer produces. Outcomes that
 * depend on the schedule (a false match, a race) list every outcome seen. A missing library fails under
 * {@code CI=true} (no target may be skipped there) and skips elsewhere, naming its package.
 */
class LibraryAuditTest {

    /** A recorded failure: one run shows it as a wrong result, a hang or a crash, whichever comes first. */
    static final Set<Outcome> BROKEN = Set.of(Outcome.FAIL, Outcome.HANG, Outcome.CRASH);
    /** The probe/recv race: a single run may or may not hit it. */
    static final Set<Outcome> RACE = Set.of(Outcome.HAZARD, Outcome.PASS);
    static final Set<Outcome> MISSING = Set.of(Outcome.UNSUPPORTED);

    /** MPICH 4.0.2 (Debian), over shared memory and over TCP alike: scenario id to the outcomes a single run may give. */
    static final Map<String, Set<Outcome>> MPICH = Map.of(
            "iprobe-isendrecv", BROKEN,
            "improbe-isendrecv", BROKEN,
            "probe-recv-false-match", RACE,
            // Once in a fresh-clone CI run (1 of 4 audits of MPICH on 2026-11-22): a rank aborted in
            // UCX, "ucp_worker.c:2781 Assertion `worker->inprogress++ == 0' failed", one thread in
            // PMPI_Allreduce and one in PMPI_Finalize: our rank finalized while a worker was still
            // in MPI after another had failed. Ranks now abort instead (Workers.ThreadsLeftBehind),
            // so such a run is a FAIL carrying the worker's failure; CRASH stays allowed until a
            // run shows which failure it was.
            "coll-distinct-comms", Set.of(Outcome.PASS, Outcome.FAIL, Outcome.CRASH),
            // Intermittent: once in CI and once in 572 runs here (2026-11-22) every thread of one rank
            // was still inside MPI calls at the bound, then 8 s (a run takes 2-3 s; now 20 s, as for
            // the other creation scenarios); a C program making the same calls passed 400 of 400.
            // Not yet attributed to MPICH rather than the binding or a slow machine.
            "comm-create-group-subsets-concurrent", Set.of(Outcome.PASS, Outcome.HANG),
            // MPI_Comm_idup of MPI_COMM_SELF while other threads' idups are outstanding: hangs in most
            // runs (3 of 3 at load 10-20, yet a quiet CI run passed), one thread inside PMPI_Comm_idup, the
            // others waiting for MPICH's global mutex; the C program audit/repro/comm_idup_concurrent.c
            // hangs the same way in 6 of 7 runs (not without the SELF idups). Intermittent: HANG or PASS.
            "comm-idup-concurrent", Set.of(Outcome.HANG, Outcome.PASS));

    /** Open MPI 4.1.4 (Debian), over shared memory. */
    static final Map<String, Set<Outcome>> OPEN_MPI = Map.of(
            "iprobe-isendrecv", MISSING,
            "improbe-isendrecv", MISSING,
            "probe-recv-false-match", RACE,
            // outstanding idups from several threads: hangs, MPI_ERR_INTERN from MPI_Wait or a segfault in
            // ob1's receive callback, in C too (audit/repro/comm_idup_concurrent.c, even without the SELF
            // idups and the blocking creations), where 4 of 13 runs passed: intermittent, so PASS too
            "comm-idup-concurrent", Set.of(Outcome.HANG, Outcome.FAIL, Outcome.CRASH, Outcome.PASS),
            // a truncated rendezvous receive writes past its buffer (vader, CMA single copy): the heap is
            // corrupted, the rank aborts, hangs in its signal handler or segfaults; in C with one thread too
            // (audit/repro/truncate_under_load.c)
            "p2p-truncate-under-load", BROKEN,
            // MPI_Waitany/Testany free the array's other failed requests unreported (FAIL), MPI_Waitall hangs
            // at THREAD_MULTIPLE when a request failed before the call (HANG): both in C
            // (audit/repro/requests_cross_thread_completion.c)
            "requests-cross-thread-completion", BROKEN);

    /** Target to scenario id to the outcomes a single run may give; every scenario not named must PASS. */
    static final Map<String, Map<String, Set<Outcome>>> RECORDED = Map.of(
            "mpich", MPICH,
            "mpich-tcp", MPICH,
            "openmpi", OPEN_MPI,
            // the truncation overflow is vader's CMA single copy: over TCP a truncated receive stays in its buffer
            "openmpi-tcp", without(OPEN_MPI, "p2p-truncate-under-load"),
            "mpj-multicore", mpj(true),
            "mpj-niodev", mpj(false));

    private static Map<String, Set<Outcome>> without(Map<String, Set<Outcome>> m, String scenario) {
        Map<String, Set<Outcome>> copy = new java.util.HashMap<>(m);
        copy.remove(scenario);
        return Map.copyOf(copy);
    }

    /**
     * The TCP targets' scenarios in a quick build ({@code -Pfull}: the whole catalog, as the shared-memory targets get
     * it): those whose traffic takes the network path in each way the catalog has — point-to-point of every kind, probes,
     * wildcards, the error paths and cross-thread completion, a communicator creation and the collectives — but not
     * the creation scenarios whose path is the same allreduce as {@code comm-dup-concurrent}'s, nor the library's known
     * idup hang, which costs a doubled deadline.
     */
    static final List<String> TCP_SAMPLE = List.of("p2p-blocking", "p2p-nonblocking", "p2p-synchronous", "probe-sendrecv",
            "mprobe-sendrecv", "comm-dup-concurrent", "coll-distinct-comms", "fig2-deadlock", "wildcard-many-threads",
            "p2p-truncate-under-load", "p2p-invalid-args-under-load", "p2p-cancel-race", "requests-cross-thread-completion",
            "p2p-send-to-self", "p2p-shared-tag");

    /**
     * MPJ Express's scenarios left out of a quick build ({@code -Pfull} audits them): its known hangs, each of which
     * costs a deadline (12-27 s a cell, about 270 s of the two devices' 320), and the scenarios it lacks a call for but
     * reports so only when their deadline passes. The rest of the catalog still runs on both devices, its recorded
     * failures included.
     */
    static final Set<String> MPJ_QUICK_SKIP = Set.of("comm-split-concurrent", "comm-create-concurrent", "comm-dup-concurrent",
            "p2p-truncate-under-load", "p2p-cancel-race", "p2p-send-to-self", "free-while-pending", "mprobe-exactly-once");

    /**
     * MPICH's and Open MPI's scenarios left out of a quick build over shared memory ({@code -Pfull} audits them): the
     * concurrent idups, whose recorded outcome is intermittent (MPICH: HANG or PASS; Open MPI: anything but UNSUPPORTED),
     * so a quick run tells little, while a hang costs its doubled deadline (35 s and 23 s of the two targets' 133 s and
     * 128 s in the fresh-clone CI run at db99430). The C program {@code audit/repro/comm_idup_concurrent.c} keeps the
     * evidence.
     */
    static final Set<String> NATIVE_QUICK_SKIP = Set.of("comm-idup-concurrent");

    /** The scenarios a quick build audits on {@code id} (empty: the whole catalog). */
    static List<String> quickScenarios(String id) {
        if (AuditTesting.FULL) return List.of();
        if (id.endsWith("-tcp")) return TCP_SAMPLE;
        Set<String> skip = id.startsWith("mpj-") ? MPJ_QUICK_SKIP : NATIVE_QUICK_SKIP;
        return ScenarioCatalog.all().stream().map(s -> s.id()).filter(s -> !skip.contains(s)).toList();
    }

    /**
     * Targets whose runs may hang in MPI_Finalize after the scenario ran to its end: MPICH 4.0.2 over UCX's TCP
     * transport, after a communicator was created and freed, in C too (audit/repro/finalize_after_comm_free.c; never
     * over shared memory). Such a run is a HANG whose summary gives the scenario's own verdict on the ranks' reports
     * from before MPI_Finalize (NativeTarget); that verdict must be the recorded one.
     */
    static final Set<String> HANGS_IN_FINALIZE = Set.of("mpich-tcp");
    private static final java.util.regex.Pattern FINISHED =
            java.util.regex.Pattern.compile("^every rank finished the scenario \\(its verdict on their reports: ([A-Z]+):");

    /** The verdict a cell is held to: its own, or for a run that hung in MPI_Finalize, the scenario's verdict before it. */
    static Outcome judged(String target, CellResult c) {
        java.util.regex.Matcher m = FINISHED.matcher(c.summary());
        return c.verdict() == Outcome.HANG && HANGS_IN_FINALIZE.contains(target) && m.find() ? Outcome.valueOf(m.group(1)) : c.verdict();
    }

    /**
     * MPJ Express 0.44: the two devices differ in calls from threads outside the rank's group, and in sends to self
     * (niodev hangs).
     */
    static Map<String, Set<Outcome>> mpj(boolean multicore) {
        Map<String, Set<Outcome>> m = new java.util.HashMap<>();
        for (String id : List.of("init-thread-level", "probe-sendrecv", "iprobe-sendrecv", "comm-dup-concurrent",
                "comm-split-concurrent", "comm-create-concurrent", "comm-dup-cyclic", "thread-level-honesty",
                // a truncation breaks later sends (multicore) or hangs (niodev); negative tags are not refused; Cancel
                // is not implemented (the cancelled receive never completes); Waitany reports a truncation as an
                // exception (MPI_ERR_COUNT) that loses the index
                "p2p-truncate-under-load", "p2p-invalid-args-under-load", "p2p-cancel-race",
                "requests-cross-thread-completion")) {
            m.put(id, BROKEN);
        }
        if (!multicore) m.put("p2p-send-to-self", BROKEN);
        for (String id : List.of("mprobe-sendrecv", "improbe-sendrecv", "iprobe-isendrecv", "improbe-isendrecv",
                "comm-create-group-concurrent", "comm-create-group-subsets-concurrent", "mprobe-exactly-once",
                "free-while-pending", "comm-idup-concurrent", "coll-nonblocking-distinct-comms")) {
            m.put(id, MISSING);
        }
        m.put("probe-recv-false-match", RACE);
        m.put("thread-kinds", BROKEN);   // multicore: threads outside the rank's group rejected; both: Is_thread_main true
        return Map.copyOf(m);
    }

    static Stream<String> libraries() {
        return Stream.of("mpich", "mpich-tcp", "openmpi", "openmpi-tcp", "mpj-multicore", "mpj-niodev");
    }

    @ParameterizedTest
    @MethodSource("libraries")
    void auditsTheLibraryAndFindsTheRecordedVerdicts(String id) throws Exception {
        AuditTargets.Entry target = AuditTargets.byId(id, false);
        if (target.unavailable().isPresent()) {
            if ("true".equalsIgnoreCase(System.getenv("CI"))) {
                fail("CI must audit every target: " + target.unavailable().get());
            }
            Assumptions.abort(target.unavailable().get());
        }
        List<String> scenarios = quickScenarios(id);
        AuditRunner runner = new AuditRunner(new AuditRunner.Options(false, 1, scenarios, System.out));
        Path dir = AuditOutput.auditDir();
        TargetResult r;
        try {
            r = assertTimeoutPreemptively(Duration.ofMinutes(6), // a backstop: every run has its own deadline
                    () -> runner.runAndWrite(id, target.implementation(), target.columns(), target.versions(), dir));
        } catch (AssertionError e) {
            System.err.println(Job.threadDump());
            throw e;
        }
        assertTrue(Files.size(dir.resolve(id + ".json")) > 0);
        assertEquals(1, r.columns().size());
        ColumnResult column = r.columns().get(0);
        assertEquals(scenarios.isEmpty() ? ScenarioCatalog.all().size() : scenarios.size(), column.cells().size(),
                "a verdict for every scenario");
        Map<String, Set<Outcome>> recorded = RECORDED.get(id);
        List<String> changed = new ArrayList<>();
        for (CellResult c : column.cells()) {
            Set<Outcome> allowed = recorded.getOrDefault(c.id(), Set.of(Outcome.PASS));
            if (!allowed.contains(judged(id, c))) {
                changed.add(c.id() + ": " + c.verdict() + " (recorded " + allowed + "): " + c.summary());
            }
        }
        assertTrue(changed.isEmpty(), id + ": verdicts differ from audit/README.md's matrix (update both if this is "
                + "a real change):\n" + String.join("\n", changed));
    }
}
