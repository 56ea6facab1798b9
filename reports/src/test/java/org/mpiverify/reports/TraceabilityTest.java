package org.mpiverify.reports;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.Test;

class TraceabilityTest {
    private static List<Traceability.Row> readme() throws Exception {
        return Traceability.parse(Files.readString(FixtureRepo.MODULE.resolveSibling("README.md")));
    }

    @Test
    void readsTheReadmesTable() throws Exception {
        List<Traceability.Row> rows = readme();
        assertTrue(rows.size() >= 9, "rows: " + rows.size());
        Traceability.Row ctx = rows.get(0);
        assertTrue(ctx.algorithm().startsWith("Context ids"));
        for (String model : List.of("ctx_impl_2p", "ctx_impl_3p_sim", "ctx_published_3p_creategroup", "ctx_naive_2p")) {
            assertTrue(ctx.names(CheckKind.TLC).stream().anyMatch(c -> Summary.covers(CheckKind.TLC, c, model)),
                    model + " not covered by " + ctx.names(CheckKind.TLC));
        }
        assertFalse(Summary.covers(CheckKind.TLC, "ctx_*", "probe_2p"));
        assertFalse(ctx.names(CheckKind.TLC).stream().anyMatch(n -> n.contains(".tla")), "spec paths are not models");
        assertTrue(ctx.names(CheckKind.LINCHECK).contains("MaskNotTakenContextIdAllocator"));
        assertEquals(List.of("core", "fig4-gt"), List.copyOf(ctx.names(CheckKind.BENCHMARK)));
        assertTrue(ctx.names(CheckKind.AUDIT).contains("comm-dup-cyclic"), ctx.names(CheckKind.AUDIT).toString());
        assertEquals(List.of("contextid", "MaskNotTakenContextIdAllocator"), List.copyOf(ctx.names(CheckKind.TRACE)),
                "the trace column names the algorithm's traces and its twin, not the spec files");
        Traceability.Row collectives = rows.stream().filter(r -> r.algorithm().startsWith("Collectives")).findFirst().orElseThrow();
        assertFalse(collectives.claims(CheckKind.TRACE), "a '—' cell claims nothing");
        assertTrue(collectives.names(CheckKind.LINCHECK).contains("LostPollSchedule"), "the nonblocking schedules' twin");
    }

    @Test
    void jcstressNestedTestsAndTwinsGoWithTheirTopLevelClass() {
        assertEquals("ReceiveCancelVsMatchRace.HashTable",
                JcstressResults.withoutPackage("org.mpiverify.jcstress.core.matching.ReceiveCancelVsMatchRace.HashTable"));
        assertEquals("Race", JcstressResults.withoutPackage("a.b.Race"));
        JcstressResults.Test twin = new JcstressResults.Test("PayloadPublicationRaceBrokenTwin.Eager", "x", true, "FAILED",
                true, 1, 1, List.of(), List.of(), null);
        assertEquals("PayloadPublicationRace", twin.testedName());
    }

    @Test
    void expandsBraceLists() {
        assertEquals(List.of("a_x_z", "a_y_z"), Traceability.expand("a_{x,y}_z"));
        assertEquals(List.of("plain"), Traceability.expand("plain"));
    }

    @Test
    void placesAuditScenariosByTheirOrigin() throws Exception {
        List<Traceability.Row> rows = readme();
        Traceability.Row ctx = rows.get(0), locking = rows.get(1);
        assertTrue(Traceability.matchesOrigin(locking, "Gropp & Thakur Fig. 2"));
        assertFalse(Traceability.matchesOrigin(ctx, "Gropp & Thakur Fig. 2"));
        assertTrue(Traceability.matchesOrigin(ctx, "Gropp & Thakur §5.2"));
        assertFalse(Traceability.matchesOrigin(locking, "Hoefler et al. Fig. 2"), "same figure, other paper");
        assertFalse(Traceability.matchesOrigin(locking, ""));
        Traceability.Row pools = rows.stream().filter(r -> r.algorithm().startsWith("Request pools")).findFirst().orElseThrow();
        assertFalse(Traceability.matchesOrigin(pools, "Gropp & Thakur §5.2"),
                "the row cites Gropp & Thakur §4.1 and Balaji et al. §5.3: §5 is Balaji's there");
        assertTrue(Traceability.matchesOrigin(pools, "Gropp & Thakur §4.1"));
        // the audit's own origins
        assertTrue(Traceability.matchesOrigin(ctx, "Gropp & Thakur §5; MPICH test/mpi/threads/comm/"));
        Traceability.Row queues = rows.stream().filter(r -> r.algorithm().startsWith("Posted/unexpected")).findFirst().orElseThrow();
        assertTrue(Traceability.matchesOrigin(queues, "Gropp & Thakur §3; MPI-3.1 §3.5 (non-overtaking)"));
        assertFalse(Traceability.matchesOrigin(queues, "MPI-3.1 §12.4 (any thread may call at THREAD_MULTIPLE)"));
        Traceability.Row probe = rows.stream().filter(r -> r.algorithm().startsWith("Probe")).findFirst().orElseThrow();
        assertTrue(Traceability.matchesOrigin(probe, "Hoefler et al. §2, Listings 1.3/1.4"));
    }

    @Test
    void aReadmeWithoutTheTableIsAClearError() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Traceability.parse("# title\n\nno table here\n"));
        assertTrue(e.getMessage().contains("traceability"), e.getMessage());
    }
}
