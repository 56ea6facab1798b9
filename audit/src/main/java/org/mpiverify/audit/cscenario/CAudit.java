package org.mpiverify.audit.cscenario;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.mpiverify.audit.race.ObjectSymbolizer;
import org.mpiverify.audit.race.PairSuppressions;
import org.mpiverify.audit.race.Race;
import org.mpiverify.audit.race.RaceLedger;
import org.mpiverify.audit.race.RaceTool;
import org.mpiverify.audit.race.Suppressions;
import org.mpiverify.audit.race.ValgrindXml;
import org.mpiverify.audit.scenario.ScenarioCatalog;
import org.mpiverify.harness.nativempi.CProgram;
import org.mpiverify.harness.scenario.Scenario;
import org.mpiverify.harness.scenario.Verdict;
import org.mpiverify.results.Json;

/**
 * The audit of a native library through the C scenarios ({@code ./mpiverify audit --target mpich|openmpi --c [--race
 * helgrind|drd|tsan]}): each C scenario is built with the library's {@code mpicc}, run once under its {@code mpiexec} with
 * the Java scenario's rank count and deadline and judged ({@link COutcomes}); with a race detector, run again under it
 * (the scenario's race rounds), and once more with one user thread per rank, and its races read from the ranks' XML
 * reports into one {@link RaceLedger}. The library's suppression file ({@link Suppressions}) applies to every run under
 * Valgrind, its pinned pairs ({@link PairSuppressions}) to every run under TSan, and each must keep its rules, or
 * nothing runs.
 *
 * <p>Thread safety: an instance runs one audit on the calling thread.
 */
public final class CAudit {
    /** A detector's run is 50–100 times slower and a loaded machine slower still: its bound, whatever the scenario's. */
    static final Duration RACE_DEADLINE = Duration.ofSeconds(240);

    private final CProgram program;
    private final Path repoRoot;
    private final PrintStream out;
    /** Names TSan's frames in objects opened by a bare name, found under the library's folder ({@code --lib}'s). */
    private final ObjectSymbolizer symbolizer;

    public CAudit(CProgram program, Path repoRoot, PrintStream out) {
        this.program = program;
        this.repoRoot = repoRoot;
        this.out = out;
        this.symbolizer = new ObjectSymbolizer(program.lib() == null ? List.of()
                : List.of(program.lib().toAbsolutePath().getParent()));
    }

    /** A race run of one scenario: its verdict, its races, what suppressions hid, other errors, unreadable reports. */
    public record RaceRun(Verdict verdict, List<Race> races, Map<String, Integer> suppressed, Map<String, Integer> otherErrors,
                          List<String> problems) { }

    /** One row: the scenario, its verdict, and with a detector the run with the scenario's threads and with one. */
    public record Row(CScenario scenario, Verdict verdict, RaceRun threads, RaceRun oneThread) { }

    /** The rows, the detector (null: none) and the ledger of its distinct races. */
    public record Result(String library, RaceTool tool, List<Row> rows, RaceLedger ledger) { }

    /** Audits {@code scenarios} (each an entry of {@code scenarios.json}) with {@code tool} (null: no race detector). */
    public Result run(List<CScenario> scenarios, RaceTool tool, Path workDir) throws IOException, InterruptedException {
        return run(scenarios, tool, true, workDir);
    }

    /**
     * As {@link #run(List, RaceTool, Path)}; without {@code plainRun} (only with a detector) the scenario runs under the
     * detector only, and a row's verdict is that of its run with the scenario's threads.
     */
    public Result run(List<CScenario> scenarios, RaceTool tool, boolean plainRun, Path workDir)
            throws IOException, InterruptedException {
        if (!plainRun && tool == null) throw new IllegalArgumentException("a run needs a detector or a plain run");
        List<Path> supp = List.of();
        java.util.Set<String> ours = new java.util.HashSet<>();
        // Valgrind's tools take the library's .supp file; TSan's runs its -tsan.json of pinned pairs, applied here
        PairSuppressions pairs = PairSuppressions.NONE;
        if (tool == RaceTool.TSAN) {
            pairs = PairSuppressions.load(repoRoot, program.library());
            if (!pairs.problems().isEmpty()) {
                throw new IllegalArgumentException(PairSuppressions.of(repoRoot, program.library()) + " breaks the rules: " + pairs.problems());
            }
            pairs.entries().forEach(e -> ours.add(e.name()));
        }
        if (tool != null && tool.valgrind()) {
            Path file = Suppressions.of(repoRoot, program.library());
            if (Files.exists(file)) {
                List<String> problems = Suppressions.problems(file);
                if (!problems.isEmpty()) throw new IllegalArgumentException(file + " breaks the rules: " + problems);
                supp = List.of(file);
                Suppressions.entries(file).forEach(e -> ours.add(e.name()));
            }
        }
        RaceLedger ledger = new RaceLedger();
        List<Row> rows = new ArrayList<>();
        Path sources = CScenarios.dir(repoRoot);
        for (CScenario c : scenarios) {
            Scenario java = ScenarioCatalog.byId(c.id());
            Path exe = c.compile(program, sources, workDir.resolve("bin"), tool == null ? List.of() : tool.compileFlags());
            Verdict v = null;
            if (plainRun) {
                // a TSan program reports even outside a race run: its reports go to a folder nobody reads, its exit
                // code stays the program's
                Map<String, String> plainEnv = tool == null ? Map.of()
                        : tool.environment(Files.createTempDirectory(workDir, c.id() + "-plain"), List.of());
                CProgram.Result r = program.launch(exe, java.ranks(), List.of(), List.of(), plainEnv, workDir, java.deadline());
                v = COutcomes.verdict(r, java.ranks(), java.deadline().toSeconds() + " s");
                out.println("audit " + program.library() + " --c: " + c.id() + ": " + v.outcome() + " (" + v.summary() + ")");
            }
            RaceRun threads = null;
            RaceRun one = null;
            if (tool != null) {
                threads = raceRun(c, exe, java, tool, supp, pairs, false, workDir);
                // a scenario whose threads need each other would only hang with one: its row says why it has no such run
                one = c.noOneThread() == null ? raceRun(c, exe, java, tool, supp, pairs, true, workDir)
                        : new RaceRun(new Verdict(org.mpiverify.results.Outcome.UNSUPPORTED, "no run with one thread: "
                                + c.noOneThread(), List.of()), List.of(), Map.of(), Map.of(), List.of());
                ledger.add(c.id(), false, threads.races());
                ledger.add(c.id(), true, one.races());
                out.println("audit " + program.library() + " --c --race " + tool.id() + ": " + c.id() + ": "
                        + ledger.of(c.id()).size() + " distinct races (" + threads.races().size() + " reports with "
                        + "the scenario's threads, " + one.races().size() + " with one), "
                        + suppressedBy(threads, ours, true) + " reports suppressed by " + program.library()
                        + (tool.valgrind() ? ".supp, " : "-tsan.json, ")
                        + suppressedBy(threads, ours, false) + " by the tool's default suppressions");
            }
            rows.add(new Row(c, v != null ? v : threads.verdict(), threads, one));
        }
        return new Result(program.library(), tool, rows, ledger);
    }

    /** Reports suppressed by the library's own file ({@code ours}: its entries' names), or by Valgrind's defaults. */
    static int suppressedBy(RaceRun run, java.util.Set<String> ours, boolean own) {
        return run.suppressed().entrySet().stream().filter(e -> ours.contains(e.getKey()) == own)
                .mapToInt(Map.Entry::getValue).sum();
    }

    private RaceRun raceRun(CScenario c, Path exe, Scenario java, RaceTool tool, List<Path> supp, PairSuppressions pairs,
                            boolean oneThread, Path workDir) throws IOException, InterruptedException {
        Path xml = Files.createTempDirectory(workDir, c.id() + "-" + tool.id() + (oneThread ? "-1" : "-n"));
        Map<String, String> env = new java.util.HashMap<>(tool.environment(xml, supp));
        if (oneThread) env.put("MVS_ONE_THREAD", "1");
        CProgram.Result r = program.launch(exe, java.ranks(), tool.prefix(xml, supp), List.of(Integer.toString(c.raceRounds())),
                env, workDir, RACE_DEADLINE);
        Verdict v = COutcomes.verdict(r, java.ranks(), RACE_DEADLINE.toSeconds() + " s under " + tool.id());
        List<Race> races = new ArrayList<>();
        Map<String, Integer> suppressed = new LinkedHashMap<>();
        Map<String, Integer> other = new LinkedHashMap<>();
        List<String> problems = new ArrayList<>();
        try (Stream<Path> files = Files.list(xml)) {
            for (Path f : files.sorted(Comparator.naturalOrder()).toList()) {
                ValgrindXml.Report rep = tool.read(f, c.id() + (oneThread ? " (one thread) " : " ") + f.getFileName());
                List<Race> read = tool.valgrind() ? rep.races() : symbolizer.name(rep.races());
                for (Race race : read) {
                    var pinned = pairs.match(race);
                    if (pinned.isPresent()) suppressed.merge(pinned.get().name(), 1, Integer::sum);
                    else races.add(race);
                }
                rep.suppressed().forEach((k, n) -> suppressed.merge(k, n, Integer::sum));
                rep.otherErrors().forEach((k, n) -> other.merge(k, n, Integer::sum));
                if (rep.problem() != null) problems.add(rep.problem());
            }
        }
        return new RaceRun(v, races, suppressed, other, problems);
    }

    /** What the Java binding's audit records for {@code id} on {@code target} ({@code audit/expected-verdicts.json}). */
    public static String recorded(Path repoRoot, String id, String target) {
        Map<String, Object> cell = cell(repoRoot, id, target);
        return cell == null ? "PASS" : Json.str(cell, "shows", "PASS");
    }

    /** What a single run of the Java binding may give for {@code id} on {@code target}: the recorded cell's outcomes. */
    public static java.util.Set<String> allowed(Path repoRoot, String id, String target) {
        Map<String, Object> cell = cell(repoRoot, id, target);
        if (cell == null) return java.util.Set.of("PASS");
        return Json.list(cell, "allows").stream().map(String::valueOf).collect(java.util.stream.Collectors.toUnmodifiableSet());
    }

    private static Map<String, Object> cell(Path repoRoot, String id, String target) {
        try {
            Map<String, Object> m = Json.parseObject(Files.readString(repoRoot.resolve("audit/expected-verdicts.json"),
                    StandardCharsets.UTF_8));
            return Json.objs(m, "scenarios").stream().filter(s -> id.equals(Json.str(s, "id", null))).findFirst()
                    .map(s -> Json.obj(Json.obj(s, "cells"), target)).orElse(null);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
