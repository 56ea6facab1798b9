package org.mpiverify.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.mpiverify.audit.cscenario.CAudit;
import org.mpiverify.audit.cscenario.COutcomes;
import org.mpiverify.harness.nativempi.CProgram;
import org.mpiverify.audit.cscenario.CScenario;
import org.mpiverify.audit.cscenario.CScenarios;
import org.mpiverify.results.Outcome;
import org.mpiverify.results.Workspace;

/**
 * The C scenarios' verdicts agree with the Java binding's on both libraries: each C program's verdict on MPICH and on
 * Open MPI is one that {@code audit/expected-verdicts.json} allows for its Java scenario there. Quick: two of them (a
 * fraction of a second each); {@code -Pfull}: every C scenario on both libraries. And the judge of a C program's
 * output can give each verdict.
 */
class CScenarioVerdictTest {
    private static final Path ROOT = Workspace.root();

    record Case(String library, CScenario scenario) {
        @Override public String toString() { return scenario.id() + " on " + library; }
    }

    static Stream<Case> cases() {
        List<CScenario> all = CScenarios.load(ROOT);
        String only = System.getProperty("mpiverify.cScenarios");
        if (only != null) {
            return Stream.of("mpich", "openmpi").flatMap(l -> all.stream().filter(c -> List.of(only.split(",")).contains(c.id()))
                    .map(c -> new Case(l, c)));
        }
        if (AuditTesting.FULL) {
            return Stream.of("mpich", "openmpi").flatMap(l -> all.stream().map(c -> new Case(l, c)));
        }
        return Stream.of(new Case("mpich", find(all, "mprobe-sendrecv")), new Case("openmpi", find(all, "probe-sendrecv")));
    }

    private static CScenario find(List<CScenario> all, String id) {
        return all.stream().filter(c -> c.id().equals(id)).findFirst().orElseThrow();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void theCVerdictIsOneTheJavaBindingRecords(Case c) throws Exception {
        CProgram program = new CProgram(c.library(), null, null);
        AuditTesting.requireAvailable(program.unavailable());
        Path work = Files.createTempDirectory("cverdict-" + c.library());
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        try {
            CAudit.Result r = AuditTesting.within(java.time.Duration.ofSeconds(150), "C scenario " + c, () ->
                    new CAudit(program, ROOT, new PrintStream(log, true, StandardCharsets.UTF_8)).run(List.of(c.scenario()), null, work));
            var v = r.rows().get(0).verdict();
            var allowed = CScenarios.allowed(ROOT, c.scenario().id(), c.library());
            assertTrue(allowed.contains(v.outcome().name()), c + ": the C program gave " + v.outcome() + " (" + v.summary()
                    + " " + v.evidence() + "), the Java binding's audit records " + CAudit.allowed(ROOT, c.scenario().id(),
                    c.library()) + (CScenarios.differs(ROOT, c.scenario().id(), c.library()).isEmpty() ? ""
                    : ", the C program's known difference allows " + CScenarios.differs(ROOT, c.scenario().id(), c.library()).keySet()));
        } finally {
            CScenarioTesting.deleteTree(work);
        }
    }

    /**
     * {@code --lib}: the program loads the library file given, not the installed one. A copy of Debian's MPICH in a
     * folder of its own passes; a file of that name that is no library makes every rank fail to start.
     */
    @Test
    void aLibraryByPathIsTheOneTheProgramLoads() throws Exception {
        CProgram debian = new CProgram("mpich", null, null);
        AuditTesting.requireAvailable(debian.unavailable());
        CScenario sample = find(CScenarios.load(ROOT), "mprobe-sendrecv");
        Path work = Files.createTempDirectory("clib");
        try {
            Path good = Files.createDirectories(work.resolve("good/lib")).resolve("libmpich.so.12");
            Files.copy(Path.of("/usr/lib/x86_64-linux-gnu/libmpich.so.12"), good);
            Path bad = Files.createDirectories(work.resolve("bad/lib")).resolve("libmpich.so.12");
            Files.writeString(bad, "not a library");
            Path mpiexec = Path.of("/usr/bin/mpiexec.mpich");
            ByteArrayOutputStream log = new ByteArrayOutputStream();
            PrintStream out = new PrintStream(log, true, StandardCharsets.UTF_8);
            var passed = AuditTesting.within(java.time.Duration.ofSeconds(120), "the copy", () -> new CAudit(
                    new CProgram("mpich", good, mpiexec), ROOT, out).run(List.of(sample), null, work.resolve("w1"))).rows().get(0).verdict();
            assertEquals(Outcome.PASS, passed.outcome(), passed.toString());
            var broken = AuditTesting.within(java.time.Duration.ofSeconds(120), "the non-library", () -> new CAudit(
                    new CProgram("mpich", bad, mpiexec), ROOT, out).run(List.of(sample), null, work.resolve("w2"))).rows().get(0).verdict();
            assertEquals(Outcome.CRASH, broken.outcome(), broken.toString());
            assertTrue(String.join("\n", broken.evidence()).contains("libmpich.so.12"), broken.toString());
        } finally {
            CScenarioTesting.deleteTree(work);
        }
    }

    @Test
    void theJudgeGivesEachVerdict() {
        assertEquals(Outcome.PASS, COutcomes.verdict(new CProgram.Result(0, false, "done: rank 0, 0 evidence\ndone: rank 1, 0 evidence\n", 5), 2, "20 s").outcome());
        assertEquals(Outcome.FAIL, COutcomes.verdict(new CProgram.Result(1, false, "evidence: rank 1 thread 2: bcast #3 ...\ndone: rank 0, 0 evidence\n", 5), 2, "20 s").outcome());
        assertEquals(Outcome.FAIL, COutcomes.verdict(new CProgram.Result(3, false, "error: rank 0 thread 1: MPI_Comm_dup (line 4) failed: class 16: ...\n", 5), 2, "20 s").outcome());
        assertEquals(Outcome.HAZARD, COutcomes.verdict(new CProgram.Result(0, false, "hazard: rank 0 thread 1 probed ...\nhazard: rank 0: 3 of 600 pairs ...\ndone: rank 0, 0 evidence\ndone: rank 1, 0 evidence\n", 5), 2, "20 s").outcome());
        assertEquals(Outcome.FAIL, COutcomes.verdict(new CProgram.Result(1, false, "hazard: rank 0 ...\nevidence: rank 0 ...\ndone: rank 0, 1 evidence\ndone: rank 1, 0 evidence\n", 5), 2, "20 s").outcome());
        assertEquals(Outcome.FAIL, COutcomes.verdict(new CProgram.Result(0, false, "agree: rank 0 provided 3\nagree: rank 1 provided 2\ndone: rank 0, 0 evidence\ndone: rank 1, 0 evidence\n", 5), 2, "20 s").outcome());
        assertEquals(Outcome.PASS, COutcomes.verdict(new CProgram.Result(0, false, "agree: rank 0 provided 3\nagree: rank 1 provided 3\ndone: rank 0, 0 evidence\ndone: rank 1, 0 evidence\n", 5), 2, "20 s").outcome());
        assertEquals(Outcome.HANG, COutcomes.verdict(new CProgram.Result(-1, true, "done: rank 0, 0 evidence\n", 5), 2, "20 s").outcome());
        assertEquals(Outcome.CRASH, COutcomes.verdict(new CProgram.Result(139, false, "done: rank 0, 0 evidence\n", 5), 2, "20 s").outcome());
        // a rank that never said done fails a run that exited 0
        assertEquals(Outcome.CRASH, COutcomes.verdict(new CProgram.Result(0, false, "done: rank 0, 0 evidence\n", 5), 2, "20 s").outcome());
    }
}
