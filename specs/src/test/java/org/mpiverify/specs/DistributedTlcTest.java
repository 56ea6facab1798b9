package org.mpiverify.specs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.mpiverify.results.Console;
import org.mpiverify.results.Json;
import org.mpiverify.results.Workspace;
import org.mpiverify.results.hosts.HostFile;

/**
 * TLC's distributed mode ({@code ./mpiverify tlc --distributed --hosts FILE}) with two workers on loopback, each a
 * local process: its verdict, violated invariant, counterexample length and (for a complete search) distinct-state
 * count equal a local run's. {@code mvn verify} runs one model with a violation through the command, into the same
 * {@code results.json} and counterexample files as a local run; {@code -Pfull} (system property
 * {@code mpiverify.full}) every safety-only quick model, with the fingerprints on two distributed fingerprint servers. And the refusals: a model with a temporal property and one
 * using {@code TLCGet} are refused before anything starts, with the reason and the command to run instead.
 */
class DistributedTlcTest {
    private static final HostFile TWO_LOOPBACK_WORKERS = HostFile.parse(List.of("127.0.0.1", "localhost"), "test hosts");

    private static Manifest manifest() {
        return Manifest.load(ManifestModelsTest.repoRoot().resolve("specs"));
    }

    @Test
    @Timeout(180)
    void aViolationFoundByTwoLoopbackWorkersIsTheLocalRunsVerdictAndCounterexampleInTheSameReport(@TempDir Path dir)
            throws Exception {
        Manifest m = manifest();
        ModelSpec model = m.model("probe_false_match");
        Path hosts = Files.writeString(dir.resolve("hosts"), "127.0.0.1\nlocalhost slots=1\n");
        String old = System.getProperty(Workspace.OUT_PROPERTY);
        System.setProperty(Workspace.OUT_PROPERTY, dir.resolve("out").toString());
        Run run;
        try {
            run = command(new TlcCommand.Options(List.of(model.name()), false, null, 0, false, m.specsDir(),
                    new TlcCommand.Distributed(hosts, 0)));
        } finally {
            if (old == null) System.clearProperty(Workspace.OUT_PROPERTY);
            else System.setProperty(Workspace.OUT_PROPERTY, old);
        }
        Path tlc = dir.resolve("out/tlc");
        assertEquals(0, run.code, () -> run.out + run.err + "\n" + tail(read(tlc.resolve(model.name() + ".tlc.log"))));
        Map<String, Object> entry = Json.objs(Json.parseObject(Files.readString(tlc.resolve("results.json"))), "models").stream()
                .filter(e -> model.name().equals(e.get("name"))).findFirst().orElseThrow();
        assertEquals("safety failure", entry.get("actual"));
        assertEquals("NoFalseMatch", entry.get("actualViolated"));
        assertEquals(2, ((Number) entry.get("workers")).intValue(), "the run's workers are the hosts' slots");
        int distributedSteps = Json.objs(Json.parseObject(Files.readString(tlc.resolve(model.name() + ".trace.json"))), "steps").size();
        TlcResult local = new TlcProcess(m.specsDir(), 1, TlcProcess.DEFAULT_SIMULATION_TRACES).run(model, p -> {}, line -> {});
        assertEquals(TlcOutcome.SAFETY, local.outcome());
        assertEquals(local.violated(), entry.get("actualViolated"));
        // breadth-first on both sides: the first counterexample found is a shortest one
        assertEquals(local.trace().size(), distributedSteps, "the counterexample's length, distributed and local");
    }

    private static String read(Path p) {
        try {
            return Files.readString(p);
        } catch (java.io.IOException e) {
            return "(no " + p + ")";
        }
    }

    /** A test factory, not a skipped test: a quick build holds no test here; {@code -Pfull} sweeps every model. */
    @TestFactory
    Stream<DynamicTest> everySafetyOnlyQuickModelGivesTheLocalResultWhenFull() {
        if (!Boolean.getBoolean("mpiverify.full")) return Stream.empty();
        return Stream.of(DynamicTest.dynamicTest("every safety-only quick model", () -> assertTimeoutPreemptively(
                Duration.ofHours(1), () -> {
                    Manifest m = manifest();
                    sameAsLocal(m.select(false).stream()
                            .filter(x -> DistributedTlc.refusal(x, m.specsDir()).isEmpty()).toList(), 2);
                })));
    }

    /** With {@code fpServers} distributed fingerprint servers (0: the server keeps the fingerprints). */
    private static void sameAsLocal(List<ModelSpec> models, int fpServers) {
        Path specs = manifest().specsDir();
        TlcProcess local = new TlcProcess(specs, 1, TlcProcess.DEFAULT_SIMULATION_TRACES);
        DistributedTlc distributed = new DistributedTlc(specs, TWO_LOOPBACK_WORKERS, fpServers);
        List<String> differences = new ArrayList<>();
        for (ModelSpec model : models) {
            TlcResult d = distributed.run(model, p -> {}, line -> {});
            TlcResult l = local.run(model, p -> {}, line -> {});
            System.out.printf("%-36s local %s %s %d states, trace %d; distributed %s %s %d states, trace %d%n", model.name(),
                    l.outcome(), l.violated(), l.distinctStates(), l.trace().size(),
                    d.outcome(), d.violated(), d.distinctStates(), d.trace().size());
            String why = ResultCheck.mismatch(model, d);
            if (why != null) differences.add(model.name() + ": " + why + "\n" + tail(d.raw()));
            if (d.outcome() != l.outcome() || !Objects.equals(d.violated(), l.violated())) {
                differences.add(model.name() + ": distributed " + d.outcome() + " " + d.violated() + ", local " + l.outcome()
                        + " " + l.violated());
            }
            if (l.outcome() == TlcOutcome.SUCCESS && d.distinctStates() != l.distinctStates()) {
                differences.add(model.name() + ": distributed " + d.distinctStates() + " distinct states, local " + l.distinctStates());
            }
            // breadth-first on both sides: the first counterexample found is a shortest one
            if (l.outcome().isViolation() && d.trace().size() != l.trace().size()) {
                differences.add(model.name() + ": distributed counterexample of " + d.trace().size() + " states, local "
                        + l.trace().size());
            }
            assertEquals(TWO_LOOPBACK_WORKERS.slots(), d.workers(), "the run's workers are the hosts' slots");
            if (fpServers > 0 && !d.raw().contains(fpServers + " out of " + fpServers + " FPSet server(s) registered")) {
                differences.add(model.name() + ": TLC's server did not take the fingerprints to its " + fpServers
                        + " fingerprint servers");
            }
        }
        assertTrue(differences.isEmpty(), String.join("\n", differences));
    }

    private static String tail(String raw) {
        String[] l = raw.split("\n");
        return String.join("\n", Arrays.copyOfRange(l, Math.max(0, l.length - 40), l.length));
    }

    @Test
    @Timeout(30)
    void aModelWithATemporalPropertyIsRefusedWithWhatToRunInstead() {
        Manifest m = manifest();
        ModelSpec temporal = m.models().stream().filter(x -> x.isQuick() && x.checksProperties()).findFirst().orElseThrow();
        Optional<String> why = DistributedTlc.refusal(temporal, m.specsDir());
        assertTrue(why.isPresent() && why.get().contains("temporal") && why.get().contains("./mpiverify tlc " + temporal.name()),
                why.toString());
        TlcResult r = new DistributedTlc(m.specsDir(), TWO_LOOPBACK_WORKERS, null).run(temporal, p -> {}, line -> {});
        assertEquals(TlcOutcome.ERROR, r.outcome());
        assertEquals("", r.raw(), "refused before any process starts");
    }

    @Test
    @Timeout(30)
    void aModelUsingTlcGetIsRefusedButOneMentioningItInACommentIsNot(@TempDir Path specs) throws Exception {
        Path folder = Files.createDirectories(specs.resolve("regs"));
        Files.writeString(folder.resolve("Regs.tla"), """
                ---- MODULE Regs ----
                EXTENDS Naturals, TLC
                VARIABLE x
                Init == x = 0
                Next == x' = (x + 1) % 3 /\\ TLCSet(1, x)
                Spec == Init /\\ [][Next]_x
                ====
                """);
        Files.writeString(folder.resolve("Plain.tla"), """
                ---- MODULE Plain ----
                EXTENDS Naturals
                VARIABLE x
                \\* not TLCGet(1): a comment
                (* nor TLCSet *)
                Init == x = 0
                Next == x' = (x + 1) % 3
                Spec == Init /\\ [][Next]_x
                ====
                """);
        for (String module : List.of("Regs", "Plain")) {
            Files.writeString(folder.resolve("MC_" + module.toLowerCase() + ".tla"),
                    "---- MODULE MC_" + module.toLowerCase() + " ----\nEXTENDS " + module + "\n====\n");
        }
        Optional<String> why = DistributedTlc.refusal(model("regs", "Regs"), specs);
        assertTrue(why.isPresent() && why.get().contains("Regs.tla uses TLCSet") && why.get().contains("./mpiverify tlc regs"),
                why.toString());
        assertEquals(Optional.empty(), DistributedTlc.refusal(model("plain", "Plain"), specs));
    }

    private static ModelSpec model(String name, String module) {
        return new ModelSpec(name, "regs", module, Map.of(), List.of(), Map.of(), "Spec", List.of(), List.of(), true, null, null,
                "exhaustive", new Expectation(TlcOutcome.SUCCESS, null), "quick", 60, -1, 0, -1, false, "test");
    }

    @Test
    @Timeout(30)
    void theCommandRefusesANamedTemporalModelAndReadsTheHostFileAsTheAuditDoes(@TempDir Path dir) throws Exception {
        Manifest m = manifest();
        ModelSpec temporal = m.models().stream().filter(x -> x.isQuick() && x.checksProperties()).findFirst().orElseThrow();
        Path hosts = Files.writeString(dir.resolve("hosts"), "127.0.0.1 slots=1\nlocalhost:1\n");
        Run r = command(new TlcCommand.Options(List.of(temporal.name()), false, null, 0, false, m.specsDir(),
                new TlcCommand.Distributed(hosts, null)));
        assertEquals(2, r.code, r.err);
        assertTrue(r.err.contains("refusing to run with --distributed") && r.err.contains(temporal.name()), r.err);
        Path bad = Files.writeString(dir.resolve("bad"), "node1 max_slots=2\n");
        r = command(new TlcCommand.Options(List.of("probe_false_match"), false, null, 0, false, m.specsDir(),
                new TlcCommand.Distributed(bad, null)));
        assertEquals(2, r.code, r.err);
        assertTrue(r.err.contains(bad + " line 1: 'node1 max_slots=2' is neither 'host', 'host:slots' nor 'host slots=N'"), r.err);
    }

    @Test
    void workersGetTheServersPortAndTheirSlotsAsThreadsAndRemoteHostsGoThroughSsh() {
        ModelSpec noDeadlockCheck = manifest().model("mpi_probe_program");
        List<String> server = DistributedTlc.serverCommand(noDeadlockCheck, "127.0.0.1", 12345, 2, Path.of("/tmp/m"));
        assertTrue(server.contains("-D" + DistributedTlc.PORT_PROPERTY + "=12345"), server.toString());
        assertTrue(server.contains("-D" + DistributedTlc.FP_COUNT_PROPERTY + "=2"), server.toString());
        assertTrue(server.contains("-deadlock"), "the server ignores CHECK_DEADLOCK FALSE of the configuration: " + server);
        List<String> local = DistributedTlc.workerCommand(new HostFile.Host("localhost", 3), "127.0.0.1", 12345, Path.of("/tmp/w"));
        assertEquals(TlcProcess.javaExecutable(), local.getFirst());
        assertTrue(local.contains("-D" + DistributedTlc.THREADS_PROPERTY + "=3") && local.getLast().equals("127.0.0.1"), local.toString());
        List<String> remote = DistributedTlc.workerCommand(new HostFile.Host("node1", 2), "head", 12345, Path.of("/tmp/w"));
        assertEquals(List.of("ssh", "-o", "BatchMode=yes", "-o", "ConnectTimeout=15", "node1", "--"), remote.subList(0, 7));
        assertTrue(remote.getLast().contains("-Djava.rmi.server.hostname=node1") && remote.getLast().endsWith(" head")
                && !remote.getLast().contains("java.io.tmpdir"), remote.getLast());
    }

    @Test
    void theNextStateActionIsFoundThroughTheFormulaTheSpecificationNames() {
        Manifest m = manifest();
        // Probe: Spec == Init /\ [][Next]_vars; MpiProbe: Spec == SafetySpec /\ WF_vars(...), SafetySpec == ... [][Next]_vars
        assertEquals(Optional.of("Next"), ModelModules.of(m.model("probe_false_match"), m.specsDir()).nextStateAction("Spec"));
        assertEquals(Optional.of("Next"), ModelModules.of(m.model("mpi_probe_program"), m.specsDir()).nextStateAction("Spec"));
        ModelSpec nb = m.models().stream().filter(x -> x.specification().equals("NbSpec")).findFirst().orElseThrow();
        assertEquals(Optional.of("NbNext"), ModelModules.of(nb, m.specsDir()).nextStateAction("NbSpec"));
    }

    private record Run(int code, String out, String err) {}

    private static Run command(TlcCommand.Options o) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = TlcCommand.run(o, Console.of(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8)));
        return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }
}
