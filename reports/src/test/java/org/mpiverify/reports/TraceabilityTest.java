package org.mpiverify.reports;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.mpiverify.results.ScenarioAlgorithmsFile;

class TraceabilityTest {
    private static List<Traceability.Row> rows() throws Exception {
        return Traceability.read(FixtureRepo.MODULE.getParent()).rows();
    }

    @Test
    void readsTheTable() throws Exception {
        List<Traceability.Row> rows = rows();
        assertTrue(rows.size() >= 9, "rows: " + rows.size());
        Traceability.Row ctx = rows.get(0);
        assertEquals("Context ids (Gropp & Thakur §5.1–5.3, Fig. 3; eager first round as MPICH, cut into 16 segments)",
                ctx.algorithm(), "the dashboard's heading: the name, the papers and the note");
        for (String model : List.of("ctx_impl_2p", "ctx_impl_3p_sim", "ctx_published_3p_creategroup", "ctx_naive_2p")) {
            assertTrue(ctx.names(CheckKind.TLC).stream().anyMatch(c -> Summary.covers(CheckKind.TLC, c, model)),
                    model + " not covered by " + ctx.names(CheckKind.TLC));
        }
        assertFalse(Summary.covers(CheckKind.TLC, "ctx_*", "probe_2p"));
        assertFalse(ctx.names(CheckKind.TLC).stream().anyMatch(n -> n.contains(".tla")), "spec files are not models");
        assertTrue(ctx.names(CheckKind.LINCHECK).contains("MaskNotTakenContextIdAllocator"), "a suite's twin is a name of its column");
        assertEquals(List.of("core", "fig4-gt"), List.copyOf(ctx.names(CheckKind.BENCHMARK)));
        assertTrue(ctx.names(CheckKind.AUDIT).contains("comm-dup-cyclic"), ctx.names(CheckKind.AUDIT).toString());
        assertEquals(List.of("contextid", "MaskNotTakenContextIdAllocator"), List.copyOf(ctx.names(CheckKind.TRACE)),
                "the trace column names the algorithm's traces and its twin, not the spec files");
        Traceability.Row collectives = rows.stream().filter(r -> r.algorithm().startsWith("Collectives")).findFirst().orElseThrow();
        assertFalse(collectives.claims(CheckKind.TRACE), "an empty column claims nothing");
        assertTrue(collectives.names(CheckKind.LINCHECK).contains("LostPollSchedule"), "the nonblocking schedules' twin");
        Traceability.Row granularity = rows.stream().filter(r -> r.algorithm().startsWith("Critical-section")).findFirst().orElseThrow();
        assertFalse(granularity.claims(CheckKind.AUDIT), "a prose item (\"every scenario\") names no result");
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
    void expandsBraceListsOfModels() {
        assertEquals(List.of("a_x_z", "a_y_z"), Traceability.expand("a_{x,y}_z"));
        assertEquals(List.of("plain"), Traceability.expand("plain"));
        Traceability.Table t = Traceability.parse("""
                {"about": "x", "algorithms": [{"name": "A", "models": [{"name": "m_{2p,3p}"}],
                 "lincheck": [{"name": "S", "twins": ["T"]}], "benchmarks": [{"note": "prose only"}]}]}
                """, "inline");
        Traceability.Row a = t.rows().get(0);
        assertEquals(List.of("m_2p", "m_3p"), List.copyOf(a.names(CheckKind.TLC)));
        assertEquals(List.of("S", "T"), List.copyOf(a.names(CheckKind.LINCHECK)));
        assertFalse(a.claims(CheckKind.BENCHMARK));
        assertEquals("A", a.algorithm(), "no papers, no note: the name alone");
    }

    @Test
    void theAuditColumnIsTheScenariosThatNameTheAlgorithm() {
        Traceability.Table t = Traceability.parse("""
                {"about": "x", "algorithms": [{"name": "A", "audit": [{"note": "every scenario"}]}, {"name": "B"}]}
                """, "inline");
        ScenarioAlgorithmsFile audit = Traceability.parseAudit("""
                {"about": "y", "scenarios": [{"id": "s1", "algorithms": [{"name": "B"}]},
                 {"id": "s2", "algorithms": [{"name": "A", "note": "the core's columns"}, {"name": "B"}]},
                 {"id": "s3", "algorithms": []}]}
                """, "audit.json");
        Traceability.Table merged = t.withAudit(audit, "audit.json");
        assertEquals(List.of(new Traceability.Item("s2", List.of(), List.of(), "the core's columns"),
                        new Traceability.Item(null, List.of(), List.of(), "every scenario")),
                merged.algorithms().get(0).audit(), "the scenarios first, in their order, then the table's prose");
        assertEquals(List.of("s1", "s2"), List.copyOf(merged.rows().get(1).names(CheckKind.AUDIT)));
        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class, () -> t.withAudit(
                Traceability.parseAudit("{\"about\": \"y\", \"scenarios\": [{\"id\": \"s\", \"algorithms\": [{\"name\": \"C\"}]}]}",
                        "audit.json"), "audit.json"));
        assertTrue(unknown.getMessage().contains("scenario s names the algorithm 'C'"), unknown.getMessage());
        IllegalArgumentException named = assertThrows(IllegalArgumentException.class, () -> Traceability.parse(
                "{\"about\": \"x\", \"algorithms\": [{\"name\": \"A\", \"audit\": [{\"name\": \"s1\"}]}]}", "t.json"));
        assertTrue(named.getMessage().contains("names the audit scenario s1"), named.getMessage());
    }

    @Test
    void aMalformedTableIsAClearError() {
        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
                () -> Traceability.parse("{\"about\": \"x\", \"algorithms\": [{\"name\": \"A\", \"lincheks\": []}]}", "t.json"));
        assertTrue(unknown.getMessage().startsWith("t.json: ") && unknown.getMessage().contains("lincheks"), unknown.getMessage());
        IllegalArgumentException empty = assertThrows(IllegalArgumentException.class,
                () -> Traceability.parse("{\"about\": \"x\", \"algorithms\": [{\"name\": \"A\", \"audit\": [{}]}]}", "t.json"));
        assertTrue(empty.getMessage().contains("a name, or at least a note"), empty.getMessage());
    }
}
