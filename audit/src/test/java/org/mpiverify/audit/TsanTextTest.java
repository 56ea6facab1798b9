package org.mpiverify.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.mpiverify.audit.race.Access;
import org.mpiverify.audit.race.Attributions;
import org.mpiverify.audit.race.Race;
import org.mpiverify.audit.race.RaceTool;
import org.mpiverify.audit.race.TsanText;
import org.mpiverify.audit.race.ValgrindXml;
import org.mpiverify.results.Workspace;

/**
 * ThreadSanitizer's logs read into the race audit's races, from logs TSan wrote here ({@code
 * audit/src/test/resources/tsan/}: the known-bad library's counter, a heap block, a matched suppression, a report cut
 * off), and the audit refuses {@code --race tsan} on a library not built with it. Quick: no build, no run.
 */
class TsanTextTest {
    private static final Path LOGS = Workspace.root().resolve("audit/src/test/resources/tsan");

    @Test
    void aGlobalsRaceHasBothStacksItsSymbolAndItsCalls() {
        ValgrindXml.Report r = TsanText.read(LOGS.resolve("global.txt"), "knownbad");
        assertEquals(null, r.problem());
        assertEquals(1, r.races().size(), r.races().toString());
        Race race = r.races().get(0);
        assertEquals("tsan", race.tool());
        assertEquals("Read of size 4 at 0x7efce39cb030 by thread T2", race.first().what());
        assertEquals(2, race.first().thread());
        assertEquals(1, race.second().thread());
        assertEquals("MPIX_Comm_dup_fake fakempi.c:18", race.first().location());
        assertEquals("MPIX_Comm_dup_fake fakempi.c:19", race.second().location());
        assertEquals("libfakempi.so", race.first().top().obj());
        assertEquals("0x1168", race.first().top().ip(), "the offset in the object, the same in every process");
        assertEquals("MPIX_Comm_dup_fake vs MPIX_Comm_dup_fake", race.calls());
        assertTrue(race.variable().startsWith("Address 0x7efce39cb030 is 0 bytes inside data symbol \"next_context_id\""),
                race.variable());
        // TSan names the object of the global ("(libfakempi.so+0x4030)"), which an attribution's object matches
        assertEquals(Optional.of("libfakempi.so"), org.mpiverify.audit.race.LibraryOffsets.objectOf(race.variable()), race.variable());
    }

    @Test
    void aHeapBlocksRaceNamesItsAllocationAndMatchesAnAttributionByIt() {
        ValgrindXml.Report r = TsanText.read(LOGS.resolve("heap.txt"), "heap");
        Race race = r.races().get(0);
        assertEquals(0, race.first().thread(), "TSan's main thread");
        assertEquals("main heap.c:11 <> work heap.c:6", race.key());
        assertEquals(Access.USER_CODE + " vs " + Access.USER_CODE, race.calls());
        assertTrue(race.variable().startsWith("Address 0x7b0400000001 is 1 bytes inside a block of size 7 alloc'd; allocated at "
                + "[__GI___strdup (strdup.c:42), main (heap.c:8)]"), race.variable());
        // the attributions' heap form reads TSan's allocation stack as it reads Valgrind's
        assertEquals(Optional.of("mpich-info-list-unlocked"), Attributions.load(Workspace.root(), "mpich")
                .causeOf(race.variable().replace("main (heap.c:8)", "MPIR_Info_set_impl (info_impl.c:213)"))
                .map(Attributions.Cause::id));
    }

    @Test
    void matchedSuppressionsAreCountedAndACutReportIsAProblem() {
        ValgrindXml.Report s = TsanText.read(LOGS.resolve("suppressed.txt"), "heap");
        assertEquals(List.of(), s.races());
        assertEquals(Map.of("race:work", 1), s.suppressed());
        ValgrindXml.Report cut = TsanText.read(LOGS.resolve("cut.txt"), "cut");
        assertEquals(List.of(), cut.races());
        assertTrue(cut.problem() != null && cut.problem().contains("no SUMMARY line"), String.valueOf(cut.problem()));
    }

    @Test
    void tsanIsRefusedOnALibraryNotBuiltWithIt() {
        AuditTesting.requireAvailable(RaceTool.TSAN.unavailable());
        assertTrue(RaceTool.TSAN.unavailableFor(null).orElseThrow().contains("build-lib LIBRARY --tsan"));
        Path stock = Path.of("/usr/lib/x86_64-linux-gnu/libmpich.so.12");
        AuditTesting.requireAvailable(Files.exists(stock) ? Optional.empty()
                : Optional.of(stock + " is missing; install it with: apt-get install libmpich-dev"));
        String why = RaceTool.TSAN.unavailableFor(stock).orElseThrow();
        assertTrue(why.contains("is not built with ThreadSanitizer") && why.contains("libucp.so.0"), why);
        assertEquals(Optional.empty(), RaceTool.HELGRIND.unavailableFor(null).filter(m -> !m.contains("valgrind")));
        assertEquals(List.of(), RaceTool.HELGRIND.compileFlags());
        assertEquals(List.of("-fsanitize=thread"), RaceTool.TSAN.compileFlags());
        Map<String, String> env = RaceTool.TSAN.environment(Path.of("/reports"), List.of());
        assertTrue(env.get("TSAN_OPTIONS").startsWith("log_path=/reports/rank exitcode=0"), env.toString());
        assertEquals("no", env.get("UCX_MEM_EVENTS"), "UCX's memory hooks crash TSan as a thread ends");
        assertEquals(Map.of(), RaceTool.HELGRIND.environment(Path.of("/reports"), List.of()));
    }

    /**
     * A pinned pair of code locations hides that race, in either order, and no other: not a race that shares one of its
     * locations; and an entry with a wildcard, a location without its line or no reason is refused.
     */
    @Test
    void aPinnedPairHidesThatRaceOnly() throws Exception {
        Race race = TsanText.read(LOGS.resolve("global.txt"), "knownbad").races().get(0);
        Path root = Files.createTempDirectory("pairs");
        try {
            Path file = org.mpiverify.audit.race.PairSuppressions.of(root, "x");
            Files.createDirectories(file.getParent());
            Files.writeString(file, """
                    {"about": "test", "entries": [
                      {"name": "other", "reason": "a pair that shares one location only", "first": "MPIX_Comm_dup_fake fakempi.c:18",
                       "second": "MPIX_Comm_dup_fake fakempi.c:20"},
                      {"name": "counter", "reason": "the known-bad counter, pinned for the test", "first": "MPIX_Comm_dup_fake fakempi.c:19",
                       "second": "MPIX_Comm_dup_fake fakempi.c:18"}]}
                    """);
            var pairs = org.mpiverify.audit.race.PairSuppressions.load(root, "x");
            assertEquals(List.of(), pairs.problems());
            assertEquals(Optional.of("counter"), pairs.match(race).map(org.mpiverify.audit.race.PairSuppressions.Entry::name));
            Files.writeString(file, """
                    {"about": "test", "entries": [
                      {"name": "wild", "reason": "every race in the function", "first": "MPIX_Comm_dup_fake fakempi.c:*",
                       "second": "MPIX_Comm_dup_fake"},
                      {"name": "terse", "reason": "benign", "first": "f a.c:1", "second": "g b.c:2"}]}
                    """);
            assertEquals(List.of("wild: 'MPIX_Comm_dup_fake fakempi.c:*' is not one code location (function file:line, no wildcard)",
                    "wild: 'MPIX_Comm_dup_fake' is not one code location (function file:line, no wildcard)",
                    "terse: no reason (of a sentence)"), org.mpiverify.audit.race.PairSuppressions.load(root, "x").problems());
        } finally {
            try (var w = Files.walk(root)) {
                for (Path p : w.sorted(java.util.Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
            }
        }
    }
}
