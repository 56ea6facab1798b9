package org.mpiverify.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.mpiverify.audit.cscenario.CAudit;
import org.mpiverify.harness.nativempi.CProgram;
import org.mpiverify.audit.cscenario.CScenario;
import org.mpiverify.audit.cscenario.CScenarios;
import org.mpiverify.audit.race.Access;
import org.mpiverify.audit.race.Attributions;
import org.mpiverify.audit.race.LibraryOffsets;
import org.mpiverify.audit.race.Race;
import org.mpiverify.audit.race.RaceLedger;
import org.mpiverify.audit.race.RaceTool;
import org.mpiverify.audit.race.Suppressions;
import org.mpiverify.audit.race.ValgrindXml;
import org.mpiverify.results.Outcome;
import org.mpiverify.results.Workspace;
import org.mpiverify.testkit.FullBuild;

/**
 * The race audit can see a race and does not invent one. A known-bad library of our own ({@code
 * audit/race/knownbad/fakempi.c}: an MPI-like call handing out context ids from a counter with no lock), loaded by a
 * program through {@code LD_LIBRARY_PATH} as the audit loads a {@code --lib} build, must show its race under Helgrind
 * and DRD — on the counter, with both stacks in the call, named with file and line — and the same library built with
 * the lock must show none. Then the quick sample of the race audit on a stock library: {@code comm-dup-concurrent} on
 * MPICH under Helgrind, with the scenario's threads and with one, whose reports must all be read, each race with both
 * stacks, and every access made from a scenario's thread naming the MPI call it was in or its own code. The suppression files keep
 * their rules (a reason per entry, no library suppressed wholesale), and the rules can refuse an entry. Under {@code
 * -Pfull}, each attributed cause's reproduction shows races of that cause with two threads and none with one (MPICH's
 * owner field; Open MPI's two unlocked reads), and MPICH's info list's with threads sharing one info object and none
 * with one object per thread (on the build of {@code audit build-lib mpich}, whose symbols name the nodes).
 */
class RaceAuditTest {
    private static final Path ROOT = Workspace.root();
    private static final Path KNOWN_BAD = ROOT.resolve("audit/race/knownbad");
    private static final Path GCC = Path.of("/usr/bin/gcc");

    @ParameterizedTest
    @EnumSource(value = RaceTool.class, names = {"HELGRIND", "DRD"})
    void theUnlockedCounterShowsItsRaceAndTheLockedOneNone(RaceTool tool) throws Exception {
        unlockedCounter(tool);
    }

    /**
     * {@code -Pfull}: the same known-bad check under ThreadSanitizer, the library and the program built with {@code
     * -fsanitize=thread} (three compiles, kept out of the quick suite): the race on the counter in both threads' calls,
     * and the library taken as instrumented by the audit; with the lock, no race.
     */
    @TestFactory
    Stream<DynamicTest> theUnlockedCounterShowsItsRaceUnderTsan() {
        return FullBuild.only("tsan", Duration.ofMinutes(3), () -> unlockedCounter(RaceTool.TSAN));
    }

    private static void unlockedCounter(RaceTool tool) throws Exception {
        AuditTesting.requireAvailable(tool.unavailable().or(() -> Files.isExecutable(GCC) ? Optional.empty()
                : Optional.of(GCC + " is missing; install it with: apt-get install gcc")));
        Path work = Files.createTempDirectory("knownbad");
        try {
            Path racy = library(work, "racy", false, tool);
            Path locked = library(work, "locked", true, tool);
            Path exe = work.resolve("knownbad_dup");
            List<String> cc = new ArrayList<>(List.of(GCC.toString(), "-g", "-O1"));
            cc.addAll(tool.compileFlags());
            cc.addAll(List.of("-o", exe.toString(), KNOWN_BAD.resolve("knownbad_dup.c").toString(), "-L", racy.toString(),
                    "-lfakempi", "-lpthread"));
            sh(work, cc.toArray(String[]::new));
            assertEquals(tool == RaceTool.TSAN, RaceTool.instrumented(racy.resolve("libfakempi.so")), "built with TSan or not");

            List<Race> unlocked = races(tool, exe, racy, work);
            Race counter = unlocked.stream().filter(r -> r.variable().contains("next_context_id") || tool == RaceTool.DRD)
                    .filter(r -> r.first().top() != null && "MPIX_Comm_dup_fake".equals(r.first().top().fn()))
                    .findFirst().orElseThrow(() -> new AssertionError(tool.id() + " did not report the counter's race: " + unlocked));
            assertEquals("fakempi.c", counter.first().top().file(), counter.toString());
            assertEquals("MPIX_Comm_dup_fake", counter.first().mpiCall());
            if (tool != RaceTool.DRD) {
                assertEquals("MPIX_Comm_dup_fake vs MPIX_Comm_dup_fake", counter.calls(), "both threads were in the call");
                assertTrue(counter.variable().contains("data symbol \"next_context_id\""), counter.variable());
                assertEquals("MPIX_Comm_dup_fake", counter.second().top().fn());
            }
            assertEquals(List.of(), races(tool, exe, locked, work), "the locked build has no race");
        } finally {
            CScenarioTesting.deleteTree(work);
        }
    }

    /**
     * In a stripped build Helgrind and DRD name no variable, only a segment of the library: the report adds the variable's
     * offset in the library file, which must be where the unstripped build's symbol table puts {@code next_context_id}.
     */
    @ParameterizedTest
    @EnumSource(value = RaceTool.class, names = {"HELGRIND", "DRD"})
    void aStrippedLibrarysVariableGetsItsOffset(RaceTool tool) throws Exception {
        AuditTesting.requireAvailable(tool.unavailable().or(() -> Files.isExecutable(GCC) ? Optional.empty()
                : Optional.of(GCC + " is missing; install it with: apt-get install gcc")));
        Path work = Files.createTempDirectory("knownbad-stripped");
        try {
            Path racy = library(work, "racy", false, tool);
            Path stripped = Files.createDirectories(work.resolve("stripped"));
            sh(work, "/usr/bin/strip", "--strip-unneeded", "-o", stripped.resolve("libfakempi.so").toString(),
                    racy.resolve("libfakempi.so").toString());
            Path exe = work.resolve("knownbad_dup");
            sh(work, GCC.toString(), "-g", "-O1", "-o", exe.toString(), KNOWN_BAD.resolve("knownbad_dup.c").toString(),
                    "-L", racy.toString(), "-lfakempi", "-lpthread");
            Path nmOut = work.resolve("nm.txt");
            Process nm = new ProcessBuilder("/usr/bin/nm", racy.resolve("libfakempi.so").toString()).redirectOutput(nmOut.toFile()).start();
            assertTrue(nm.waitFor(60, java.util.concurrent.TimeUnit.SECONDS), "nm ends");
            String symbols = Files.readString(nmOut, StandardCharsets.UTF_8);
            long offset = Long.parseLong(symbols.lines().filter(l -> l.endsWith(" next_context_id")).findFirst()
                    .orElseThrow().split(" ")[0], 16);
            List<Race> races = races(tool, exe, stripped, work);
            Race race = races.stream().filter(r -> r.variable().contains(" of " + stripped.resolve("libfakempi.so"))).findFirst()
                    .orElseThrow(() -> new AssertionError("no race on a segment of the stripped library: " + races));
            String described = new LibraryOffsets().describe(race);
            assertTrue(described.endsWith("(offset 0x" + Long.toHexString(offset) + " in libfakempi.so)"), described);
        } finally {
            CScenarioTesting.deleteTree(work);
        }
    }

    private static Path library(Path work, String name, boolean locked, RaceTool tool) throws Exception {
        Path dir = Files.createDirectories(work.resolve(name));
        List<String> cmd = new ArrayList<>(List.of(GCC.toString(), "-g", "-O1", "-shared", "-fPIC"));
        cmd.addAll(tool.compileFlags());
        if (locked) cmd.add("-DLOCKED");
        cmd.addAll(List.of("-o", dir.resolve("libfakempi.so").toString(), KNOWN_BAD.resolve("fakempi.c").toString(), "-lpthread"));
        sh(work, cmd.toArray(String[]::new));
        return dir;
    }

    /** The races of one run of {@code exe} under {@code tool}, loading libfakempi.so from {@code libDir}. */
    private static List<Race> races(RaceTool tool, Path exe, Path libDir, Path work) throws Exception {
        Path xml = Files.createTempDirectory(work, "xml");
        List<String> cmd = new ArrayList<>(tool.prefix(xml, List.of()));
        cmd.add(exe.toString());
        Path log = Files.createTempFile(work, "run", ".txt");
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(work.toFile()).redirectErrorStream(true).redirectOutput(log.toFile());
        pb.environment().put("LD_LIBRARY_PATH", libDir.toString());
        pb.environment().putAll(tool.environment(xml, List.of()));
        Process p = pb.start();
        boolean ended = p.waitFor(60, java.util.concurrent.TimeUnit.SECONDS);
        if (!ended) p.destroyForcibly();
        String out = Files.readString(log, StandardCharsets.UTF_8);
        assertTrue(ended, "the program ends within 60 s: " + out);
        assertTrue(out.contains("done: rank 0"), out);
        List<Race> races = new ArrayList<>();
        try (Stream<Path> files = Files.list(xml)) {
            for (Path f : files.toList()) {
                ValgrindXml.Report r = tool.read(f, "knownbad");
                assertEquals(null, r.problem());
                races.addAll(r.races());
            }
        }
        return races;
    }

    private static void sh(Path dir, String... cmd) throws Exception {
        Path log = Files.createTempFile(dir, "sh", ".txt");
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        boolean ended = p.waitFor(120, java.util.concurrent.TimeUnit.SECONDS);
        if (!ended) p.destroyForcibly();
        assertTrue(ended && p.exitValue() == 0, String.join(" ", cmd) + " (within 120 s):\n" + Files.readString(log, StandardCharsets.UTF_8));
    }

    @Test
    void mpichUnderHelgrindTheSampleIsReadWhole() throws Exception {
        CProgram program = new CProgram("mpich", null, null);
        AuditTesting.requireAvailable(program.unavailable().or(RaceTool.HELGRIND::unavailable));
        CScenario sample = CScenarios.byId(ROOT, "comm-dup-concurrent").orElseThrow();
        Path work = Files.createTempDirectory("race-sample");
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        long start = System.nanoTime();
        try {
            CAudit.Result r = AuditTesting.within(Duration.ofSeconds(300), "the race sample", () ->
                    new CAudit(program, ROOT, new PrintStream(log, true, StandardCharsets.UTF_8)).run(List.of(sample), RaceTool.HELGRIND, false, work));
            System.out.println(log.toString(StandardCharsets.UTF_8) + "race sample: " + (System.nanoTime() - start) / 1_000_000 + " ms");
            CAudit.Row row = r.rows().get(0);
            for (CAudit.RaceRun run : List.of(row.threads(), row.oneThread())) {
                assertEquals(Outcome.PASS, run.verdict().outcome(), "the run under Helgrind: " + run.verdict());
                assertEquals(List.of(), run.problems(), "every rank's report is complete");
            }
            List<RaceLedger.Entry> entries = r.ledger().entries();
            assertFalse(row.threads().races().isEmpty() && entries.isEmpty());
            assertTrue(entries.size() <= row.threads().races().size() + row.oneThread().races().size(), "deduplicated");
            assertEquals(entries.size(), entries.stream().map(e -> e.race().key()).distinct().count());
            for (RaceLedger.Entry e : entries) {
                Race race = e.race();
                assertTrue(race.second() != null && !race.first().stack().isEmpty() && !race.second().stack().isEmpty(),
                        "Helgrind gives both stacks: " + race);
                for (Access a : race.accesses()) {
                    boolean fromScenario = a.stack().stream().anyMatch(f -> "work".equals(f.fn()) || "main".equals(f.fn()));
                    // a scenario's thread is in an MPI call or in its own code, never taken for a thread of the library
                    if (fromScenario) assertFalse(a.mpiCall().equals(Access.NO_MPI_CALL), "a scenario's thread: " + a);
                }
            }
            Path md = org.mpiverify.audit.cscenario.CAuditReport.write(r, ROOT, work.resolve("out"));
            String page = Files.readString(md);
            assertTrue(page.contains("| `comm-dup-concurrent` | PASS | PASS |"), page);
            // the races on the global critical section's owner field are all of their cause, and the page groups them
            Attributions causes = Attributions.load(ROOT, "mpich");
            List<RaceLedger.Entry> onOwner = entries.stream()
                    .filter(e -> new LibraryOffsets().describe(e.race()).endsWith("(offset 0x27c8728 in libmpich.so.12.2.2)")).toList();
            assertFalse(onOwner.isEmpty(), "two threads entering MPI race on the global critical section's owner: " + page);
            for (RaceLedger.Entry e : onOwner) {
                assertEquals(Optional.of(OWNER_READ), causes.causeOf(new LibraryOffsets().describe(e.race())).map(Attributions.Cause::id),
                        e.race().key());
            }
            assertTrue(page.contains("- `" + OWNER_READ + "` (race): " + onOwner.size() + " distinct races on "), page);
            // a stripped library's variable is placed by its offset in the library, where a frame allows it
            for (RaceLedger.Entry e : entries) {
                boolean placeable = e.race().variable().contains("segment of /usr/lib/x86_64-linux-gnu/libmpich.so")
                        && e.race().accesses().stream().flatMap(a -> a.stack().stream())
                        .anyMatch(f -> f.obj() != null && f.obj().contains("libmpich.so") && f.fn() != null && f.fn().startsWith("PMPI_"));
                if (placeable) {
                    String described = new LibraryOffsets().describe(e.race());
                    assertTrue(described.contains(" (offset 0x") && described.endsWith(" in libmpich.so.12.2.2)")
                            && page.contains(described), described);
                }
            }
        } finally {
            CScenarioTesting.deleteTree(work);
        }
    }

    /**
     * {@code -Pfull}: the race audit of every C scenario on both stock libraries under Helgrind, written to {@code
     * out/audit/c-<library>-helgrind.{md,json}}; every run that ended has every rank's report complete, and every race
     * its first stack.
     */
    @TestFactory
    Stream<DynamicTest> fullRaceMatrix() {
        return FullBuild.eachOf(Duration.ofMinutes(65), RaceAuditTest::raceMatrixOf, "mpich", "openmpi");
    }

    private static void raceMatrixOf(String library) throws Exception {
        CProgram program = new CProgram(library, null, null);
        AuditTesting.requireAvailable(program.unavailable().or(RaceTool.HELGRIND::unavailable));
        Path work = Files.createTempDirectory("race-full-" + library);
        try {
            CAudit.Result r = AuditTesting.within(Duration.ofMinutes(60), "the race audit of " + library, () ->
                    new CAudit(program, ROOT, System.out).run(CScenarios.load(ROOT), RaceTool.HELGRIND, false, work));
            Path md = org.mpiverify.audit.cscenario.CAuditReport.write(r, ROOT, org.mpiverify.audit.run.AuditOutput.auditDir());
            System.out.println("wrote " + md);
            for (CAudit.Row row : r.rows()) {
                for (CAudit.RaceRun run : List.of(row.threads(), row.oneThread())) {
                    if (run.verdict().outcome() == Outcome.PASS) {
                        assertEquals(List.of(), run.problems(), row.scenario().id() + ": every rank's report is complete");
                    }
                }
            }
            for (RaceLedger.Entry e : r.ledger().entries()) assertFalse(e.race().first().stack().isEmpty(), e.race().toString());
        } finally {
            CScenarioTesting.deleteTree(work);
        }
    }

    private static final String OWNER_READ = "mpich-global-cs-owner-read";
    private static final Path LIBMPICH = Path.of("/usr/lib/x86_64-linux-gnu/libmpich.so.12.2.2");

    /**
     * A cause holds only where it says: in a build with symbols at its symbol's byte (the owner field, not the count
     * beside it), in a stripped build at its offset in the file with the recorded build ID, never in another file of the
     * same name.
     */
    @Test
    void aCauseHoldsOnlyForItsBuildAndByte() throws Exception {
        Attributions causes = Attributions.load(ROOT, "mpich");
        String symbol = "Address 0x4d2a728 is %d bytes inside data symbol \"MPIR_THREAD_GLOBAL_ALLFUNC_MUTEX\"";
        assertEquals(Optional.of(OWNER_READ), causes.causeOf(symbol.formatted(40)).map(Attributions.Cause::id));
        assertEquals(Optional.empty(), causes.causeOf(symbol.formatted(48)), "the count beside the owner is another variable");
        assertEquals(Optional.empty(), Attributions.load(ROOT, "openmpi").causeOf(symbol.formatted(40)));
        String stripped = "Address 0x5087728 is in the BSS segment of %s (offset %s in libmpich.so.12.2.2)";
        Path work = Files.createTempDirectory("attributions");
        try {
            Path other = Files.createDirectories(work.resolve("lib")).resolve("libmpich.so.12.2.2");
            Files.copy(Path.of("/bin/true"), other);
            assertEquals(Optional.empty(), causes.causeOf(stripped.formatted(other, "0x27c8728")), "another build of that name");
            AuditTesting.requireAvailable(Files.exists(LIBMPICH) ? Optional.empty()
                    : Optional.of(LIBMPICH + " is missing; install it with: apt-get install libmpich-dev"));
            assertEquals(Optional.of(OWNER_READ), causes.causeOf(stripped.formatted(LIBMPICH, "0x27c8728")).map(Attributions.Cause::id),
                    "Debian's build of MPICH 4.0.2 (its build ID is the recorded one)");
            assertEquals(Optional.empty(), causes.causeOf(stripped.formatted(LIBMPICH, "0x27c8730")));
        } finally {
            CScenarioTesting.deleteTree(work);
        }
    }

    /**
     * {@code -Pfull}: the reproduction of {@value #OWNER_READ} ({@code audit/repro/global_cs_owner_read.c}) under
     * Helgrind: with two threads calling {@code MPI_Iprobe}, races on MPICH's global critical section's owner, all of
     * that cause; with one thread, none.
     */
    @TestFactory
    Stream<DynamicTest> theOwnerReadReproducesWithTwoThreadsOnly() {
        return FullBuild.only("mpich", Duration.ofMinutes(10), RaceAuditTest::ownerReadReproduction);
    }

    private static void ownerReadReproduction() throws Exception {
        CProgram program = new CProgram("mpich", null, null);
        AuditTesting.requireAvailable(program.unavailable().or(RaceTool.HELGRIND::unavailable));
        Path work = Files.createTempDirectory("repro-owner");
        try {
            Path exe = work.resolve("gcs");
            sh(work, "/usr/bin/mpicc.mpich", "-g", "-O1", "-Wall", "-Werror", "-o", exe.toString(),
                    ROOT.resolve("audit/repro/global_cs_owner_read.c").toString(), "-lpthread");
            Attributions causes = Attributions.load(ROOT, "mpich");
            for (int threads : new int[] {2, 1}) {
                Path xml = Files.createTempDirectory(work, "xml");
                CProgram.Result r = program.launch(exe, 1, RaceTool.HELGRIND.prefix(xml, List.of(Suppressions.of(ROOT, "mpich"))),
                        List.of(Integer.toString(threads)), java.util.Map.of(), work, Duration.ofSeconds(240));
                assertEquals(Outcome.PASS, org.mpiverify.audit.cscenario.COutcomes.verdict(r, 1, "240 s").outcome(), r.toString());
                List<String> owner = new ArrayList<>();
                try (Stream<Path> files = Files.list(xml)) {
                    for (Path f : files.toList()) {
                        ValgrindXml.Report rep = ValgrindXml.read(f, "repro");
                        assertEquals(null, rep.problem());
                        for (Race race : rep.races()) {
                            String described = new LibraryOffsets().describe(race);
                            if (causes.causeOf(described).isPresent()) owner.add(race.calls());
                        }
                    }
                }
                if (threads == 2) assertFalse(owner.isEmpty(), "two threads race on the owner");
                else assertEquals(List.of(), owner, "one thread has nobody to race with");
            }
        } finally {
            CScenarioTesting.deleteTree(work);
        }
    }

    private static final String INFO_LIST = "mpich-info-list-unlocked";

    /**
     * MPICH's info-list cause holds on the list's fields of every node of the info pool's static array (next, key,
     * value: bytes 8, 16, 24 of each 32-byte {@code MPIR_Info}) and on the strings {@code MPIR_Info_set_impl}
     * allocates, not on a node's handle or reference count, another symbol, or a block another function allocated.
     */
    @Test
    void theInfoListCauseHoldsOnTheListFieldsOfEveryNode() {
        Attributions causes = Attributions.load(ROOT, "mpich");
        String symbol = "Address 0x70d9b88 is %d bytes inside data symbol \"%s\"";
        for (int b : new int[] {8, 16, 24, 40, 48, 168}) {
            assertEquals(Optional.of(INFO_LIST), causes.causeOf(symbol.formatted(b, "MPIR_Info_direct")).map(Attributions.Cause::id),
                    "byte " + b);
        }
        for (int b : new int[] {0, 4, 32, 36}) {
            assertEquals(Optional.empty(), causes.causeOf(symbol.formatted(b, "MPIR_Info_direct")), "byte " + b + ": handle, ref_count");
        }
        assertEquals(Optional.empty(), causes.causeOf(symbol.formatted(8, "MPIR_Info_builtin")), "another symbol");
        String block = "Address 0x771ef90 is 0 bytes inside a block of size 6 alloc'd; allocated at [malloc "
                + "(vgpreload_helgrind-amd64-linux.so), strdup (strdup.c:42), %s (info_impl.c:213), internal_Info_set "
                + "(info_set.c:69)]; Block was alloc'd by thread #5";
        assertEquals(Optional.of(INFO_LIST), causes.causeOf(block.formatted("MPIR_Info_set_impl")).map(Attributions.Cause::id));
        assertEquals(Optional.empty(), causes.causeOf(block.formatted("MPIR_Info_set_impl_other")), "another function");
        assertEquals(Optional.empty(), causes.causeOf("Address 0x1 is 0 bytes inside a block of size 6 alloc'd"),
                "no allocation stack");
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> new Attributions.Where(null, null, null, null, null, 32, "MPIR_Info_set_impl", null), "a size without a symbol");
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> new Attributions.Where(null, null, null, "MPIR_Info_direct", 40, 32, null, null), "a field beyond the element");
    }

    /**
     * {@code -Pfull}, with MPICH built by {@code audit build-lib mpich} (its cache; skipped without it, nothing is
     * built): the reproduction of {@value #INFO_LIST} ({@code audit/repro/info_set_shared.c}) under Helgrind shows races
     * of that cause with four threads on one info object, and none with one info object per thread (the handle pool the
     * nodes come from is locked) or with one thread.
     */
    @TestFactory
    Stream<DynamicTest> theInfoListRaceNeedsOneSharedInfoObject() {
        return FullBuild.only("mpich", Duration.ofMinutes(10), RaceAuditTest::infoListReproduction);
    }

    private static void infoListReproduction() throws Exception {
        var plan = new org.mpiverify.audit.buildlib.BuildLib.Plan(org.mpiverify.audit.buildlib.BuildLib.Library.MPICH, "mpich",
                "4.0.2-3", false, org.mpiverify.audit.buildlib.BuildLib.cacheRoot(System.getenv()));
        AuditTesting.requireAvailable(Files.isRegularFile(plan.libraryFile()) ? Optional.empty()
                : Optional.of(plan.libraryFile() + " is missing; build it with: ./mpiverify audit build-lib mpich"));
        CProgram program = new CProgram("mpich", plan.libraryFile(), plan.mpiexec());
        AuditTesting.requireAvailable(program.unavailable().or(RaceTool.HELGRIND::unavailable));
        Path work = Files.createTempDirectory("repro-info");
        try {
            Path exe = work.resolve("iss");
            sh(work, "/usr/bin/mpicc.mpich", "-g", "-O1", "-Wall", "-Werror", "-o", exe.toString(),
                    ROOT.resolve("audit/repro/info_set_shared.c").toString(), "-lpthread");
            Attributions causes = Attributions.load(ROOT, "mpich");
            for (List<String> args : List.of(List.of("4"), List.of("4", "own"), List.of("1"))) {
                Path xml = Files.createTempDirectory(work, "xml");
                CProgram.Result r = program.launch(exe, 1, RaceTool.HELGRIND.prefix(xml, List.of(Suppressions.of(ROOT, "mpich"))),
                        args, java.util.Map.of(), work, Duration.ofSeconds(240));
                assertFalse(r.killed(), r.toString());
                List<String> list = new ArrayList<>();
                try (Stream<Path> files = Files.list(xml)) {
                    for (Path f : files.toList()) {
                        ValgrindXml.Report rep = ValgrindXml.read(f, "repro");
                        assertEquals(null, rep.problem());
                        for (Race race : rep.races()) {
                            if (causes.causeOf(new LibraryOffsets().describe(race)).isPresent()) list.add(race.calls());
                        }
                    }
                }
                if (args.size() == 1 && args.get(0).equals("4")) assertFalse(list.isEmpty(), "four threads on one info object race");
                else assertEquals(List.of(), list, args + ": no shared list, no race on one");
            }
        } finally {
            CScenarioTesting.deleteTree(work);
        }
    }

    private static final String VADER_LOCK = "openmpi-vader-progress-lock-unordered";

    /**
     * {@code -Pfull}, with Open MPI built by {@code audit build-lib openmpi} (its cache; skipped without it, nothing is
     * built): the reproduction of {@value #VADER_LOCK} ({@code audit/repro/vader_progress_lock.c}, two ranks over vader)
     * under Helgrind shows races of that cause with two polling threads a rank and none with one, and the cause holds
     * for {@code lock.0} of {@code mca_btl_vader.so} only: the same reports' {@code lock.0} of {@code libopen-pal} (the
     * other progress lock, which the two threads also race on) is not of it.
     */
    @TestFactory
    Stream<DynamicTest> theVaderProgressLockRacesWithTwoPollingThreadsOnly() {
        return FullBuild.only("openmpi", Duration.ofMinutes(10), RaceAuditTest::vaderLockReproduction);
    }

    private static void vaderLockReproduction() throws Exception {
        var plan = new org.mpiverify.audit.buildlib.BuildLib.Plan(org.mpiverify.audit.buildlib.BuildLib.Library.OPENMPI,
                "openmpi", "4.1.4-3", false, org.mpiverify.audit.buildlib.BuildLib.cacheRoot(System.getenv()));
        AuditTesting.requireAvailable(Files.isRegularFile(plan.libraryFile()) ? Optional.empty()
                : Optional.of(plan.libraryFile() + " is missing; build it with: ./mpiverify audit build-lib openmpi"));
        CProgram program = new CProgram("openmpi", plan.libraryFile(), plan.mpiexec());
        AuditTesting.requireAvailable(program.unavailable().or(RaceTool.HELGRIND::unavailable));
        Path work = Files.createTempDirectory("repro-vader");
        try {
            Path exe = work.resolve("vpl");
            sh(work, "/usr/bin/mpicc.openmpi", "-g", "-O1", "-Wall", "-Werror", "-o", exe.toString(),
                    ROOT.resolve("audit/repro/vader_progress_lock.c").toString(), "-lpthread");
            Attributions causes = Attributions.load(ROOT, "openmpi");
            for (String threads : List.of("2", "1")) {
                Path xml = Files.createTempDirectory(work, "xml");
                CProgram.Result r = program.launch(exe, 2, RaceTool.HELGRIND.prefix(xml, List.of(Suppressions.of(ROOT, "openmpi"))),
                        List.of(threads), java.util.Map.of(), work, Duration.ofSeconds(240));
                assertEquals(Outcome.PASS, org.mpiverify.audit.cscenario.COutcomes.verdict(r, 2, "240 s").outcome(), r.toString());
                java.util.Map<String, Integer> lockWords = new java.util.TreeMap<>();
                int ofCause = 0;
                LibraryOffsets offsets = new LibraryOffsets();
                try (Stream<Path> files = Files.list(xml)) {
                    for (Path f : files.toList()) {
                        ValgrindXml.Report rep = ValgrindXml.read(f, "repro");
                        assertEquals(null, rep.problem());
                        for (Race race : rep.races()) {
                            String described = offsets.describe(race);
                            boolean cause = causes.causeOf(described).map(c -> c.id().equals(VADER_LOCK)).orElse(false);
                            if (cause) ofCause++;
                            if (described.contains("data symbol \"lock.0\"")) {
                                String object = LibraryOffsets.objectOf(described).orElse("(no object)");
                                lockWords.merge(object, 1, Integer::sum);
                                assertEquals(object.equals("mca_btl_vader.so"), cause, described);
                            }
                        }
                    }
                }
                if (threads.equals("2")) assertTrue(ofCause > 0 && lockWords.containsKey("mca_btl_vader.so"), "two polling threads race on vader's lock: " + lockWords);
                else assertEquals(0, ofCause, "one thread has nobody to race with: " + lockWords);
            }
        } finally {
            CScenarioTesting.deleteTree(work);
        }
    }

    private static final String LOWEST_FREE = "openmpi-cid-lowest-free-read";
    private static final String PROGRESS_CALLBACKS = "openmpi-progress-callbacks-unlocked-read";
    private static final String WAIT_SYNC_LIST = "openmpi-wait-sync-list-unlocked-read";
    private static final Path LIBOPEN_PAL = Path.of("/usr/lib/x86_64-linux-gnu/libopen-pal.so.40.30.2");

    /**
     * {@code -Pfull}: Open MPI's two attributed causes hold only where they say (the table's {@code lowest_free} at byte
     * 80 of {@code ompi_mpi_communicators}, not the {@code number_free} beside it; {@code callbacks_len} and {@code
     * callbacks} at their offsets of Debian's {@code libopen-pal}, not the racy-by-comment {@code num_calls} at {@code
     * 0xb0310}, nor in another file of that name), and their reproduction ({@code
     * audit/repro/comm_dup_self_unlocked_reads.c}) under Helgrind, with Open MPI's suppressions, shows races of both
     * causes with two threads (and at times of the third it reproduces, the waiters' ring, when both threads wait at
     * once) and of none with one.
     */
    @TestFactory
    Stream<DynamicTest> openMpisUnlockedReadsReproduceWithTwoThreadsOnly() {
        return FullBuild.only("openmpi", Duration.ofMinutes(10), RaceAuditTest::openMpiUnlockedReadsReproduction);
    }

    private static void openMpiUnlockedReadsReproduction() throws Exception {
        Attributions causes = Attributions.load(ROOT, "openmpi");
        String symbol = "Address 0x4993170 is %d bytes inside data symbol \"ompi_mpi_communicators\"";
        assertEquals(Optional.of(LOWEST_FREE), causes.causeOf(symbol.formatted(80)).map(Attributions.Cause::id));
        assertEquals(Optional.empty(), causes.causeOf(symbol.formatted(84)), "number_free is another variable");
        assertEquals(Optional.empty(), Attributions.load(ROOT, "mpich").causeOf(symbol.formatted(80)));
        String stripped = "Address 0x4cf5348 is in the BSS segment of %s (offset %s in libopen-pal.so.40.30.2)";
        CProgram program = new CProgram("openmpi", null, null);
        AuditTesting.requireAvailable(program.unavailable().or(RaceTool.HELGRIND::unavailable));
        Path work = Files.createTempDirectory("repro-ompi");
        try {
            Path other = Files.createDirectories(work.resolve("lib")).resolve("libopen-pal.so.40.30.2");
            Files.copy(Path.of("/bin/true"), other);
            assertEquals(Optional.empty(), causes.causeOf(stripped.formatted(other, "0xb0348")), "another build of that name");
            for (String offset : List.of("0xb0348", "0xb0350")) {
                assertEquals(Optional.of(PROGRESS_CALLBACKS), causes.causeOf(stripped.formatted(LIBOPEN_PAL, offset))
                        .map(Attributions.Cause::id), offset + " of Debian's build");
            }
            assertEquals(Optional.empty(), causes.causeOf(stripped.formatted(LIBOPEN_PAL, "0xb0310")), "num_calls");
            Path exe = work.resolve("cdsur");
            sh(work, "/usr/bin/mpicc.openmpi", "-g", "-O1", "-Wall", "-Werror", "-o", exe.toString(),
                    ROOT.resolve("audit/repro/comm_dup_self_unlocked_reads.c").toString(), "-lpthread");
            for (int threads : new int[] {2, 1}) {
                Path xml = Files.createTempDirectory(work, "xml");
                CProgram.Result r = program.launch(exe, 1, RaceTool.HELGRIND.prefix(xml, List.of(Suppressions.of(ROOT, "openmpi"))),
                        List.of(Integer.toString(threads)), java.util.Map.of(), work, Duration.ofSeconds(240));
                assertEquals(Outcome.PASS, org.mpiverify.audit.cscenario.COutcomes.verdict(r, 1, "240 s").outcome(), r.toString());
                java.util.Set<String> seen = new java.util.TreeSet<>();
                try (Stream<Path> files = Files.list(xml)) {
                    for (Path f : files.toList()) {
                        ValgrindXml.Report rep = ValgrindXml.read(f, "repro");
                        assertEquals(null, rep.problem());
                        for (Race race : rep.races()) {
                            causes.causeOf(new LibraryOffsets().describe(race)).ifPresent(c -> seen.add(c.id()));
                        }
                    }
                }
                if (threads == 2) {
                    // the waiters' ring shows when both threads wait at once, which a schedule gives or not
                    assertTrue(seen.containsAll(java.util.Set.of(LOWEST_FREE, PROGRESS_CALLBACKS)), "two threads race on both: " + seen);
                    assertTrue(java.util.Set.of(LOWEST_FREE, PROGRESS_CALLBACKS, WAIT_SYNC_LIST).containsAll(seen), "no other cause: " + seen);
                }
                else assertEquals(java.util.Set.of(), seen, "one thread has nobody to race with");
            }
        } finally {
            CScenarioTesting.deleteTree(work);
        }
    }

    @Test
    void theSuppressionFilesKeepTheirRules() throws Exception {
        try (Stream<Path> files = Files.list(ROOT.resolve(Suppressions.DIR))) {
            List<Path> l = files.filter(f -> f.toString().endsWith(".supp")).toList();
            assertFalse(l.isEmpty());
            for (Path f : l) assertEquals(List.of(), Suppressions.problems(f), f.toString());
        }
        for (String library : List.of("mpich", "openmpi")) {
            assertEquals(List.of(), org.mpiverify.audit.race.PairSuppressions.load(ROOT, library).problems(), library + "-tsan.json");
        }
        Path bad = Files.createTempFile("blanket", ".supp");
        try {
            Files.writeString(bad, """
                    {
                       no-reason
                       Helgrind:Race
                       fun:ucs_async_dispatch_handlers
                    }
                    # reason: MPICH is not our problem, so every race in it goes
                    {
                       blanket
                       Helgrind:Race
                       ...
                       obj:*/libmpich.so*
                    }
                    """);
            assertEquals(List.of("no-reason: no '# reason:' line (of a sentence) before it",
                    "blanket: names no function (fun:...): it would suppress a library wholesale"), Suppressions.problems(bad));
        } finally {
            Files.delete(bad);
        }
    }

}
