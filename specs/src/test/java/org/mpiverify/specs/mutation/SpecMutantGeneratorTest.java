package org.mpiverify.specs.mutation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each spec mutation operator on a known-good module ({@code toy/Toy.tla}): the mutants it makes, their
 * ids and diffs (all of them in {@code toy/toy-mutants.txt}, which this test compares exactly; set
 * {@code -Dmpiverify.regenerate=true} to rewrite it after a deliberate change, then read its diff), what
 * it leaves alone, and the dropping of identical and ill-formed mutants. SANY only, no TLC.
 */
class SpecMutantGeneratorTest {
    @TempDir
    static Path dir;
    static Path root;
    static Sany sany;
    static FamilyWorkspace ws;
    static SpecGraph graph;
    static List<SpecMutant> mutants;

    @BeforeAll
    static void generate() throws IOException {
        root = ToySpecs.create(dir.resolve("repo"), List.of("toy_strong", "toy_weak"), null);
        sany = new Sany(dir.resolve("scratch"));
        ws = ToySpecs.workspace(root, sany);
        graph = ToySpecs.graph(root, sany, ws);
        mutants = MutantGenerator.generate(graph, EnumSet.allOf(SpecOperator.class));
    }

    static SpecMutant mutant(String id) {
        return mutants.stream().filter(m -> m.id().equals(id)).findFirst()
                .orElseThrow(() -> new AssertionError("no mutant " + id + " among\n" + ids()));
    }

    static String ids() {
        return mutants.stream().map(SpecMutant::id).collect(Collectors.joining("\n"));
    }

    static String diff(String id) {
        return mutant(id).diff(graph.sources());
    }

    @Test
    void everyMutantAndDiffIsTheExpectedOne() throws IOException {
        StringBuilder sb = new StringBuilder();
        for (SpecMutant m : mutants) {
            sb.append("== ").append(m.id()).append("\n# ").append(m.description()).append('\n').append(m.diff(graph.sources()));
        }
        String expected = ToySpecs.resource("toy-mutants.txt");
        if (Boolean.getBoolean("mpiverify.regenerate")) {
            Path f = Path.of("src/test/resources" + ToySpecs.DIR + "toy-mutants.txt");
            Files.writeString(f, sb.toString());
        }
        assertEquals(expected, sb.toString(), "the toy's mutants changed (-Dmpiverify.regenerate=true rewrites the file)");
    }

    @Test
    void everyOperatorHasASiteInTheToy() {
        Set<SpecOperator> used = mutants.stream().map(SpecMutant::operator).collect(Collectors.toSet());
        assertEquals(EnumSet.allOf(SpecOperator.class), used);
    }

    @Test
    void dropConjunctReplacesAGuardByTrue() {
        String d = diff("Toy!Take/DROP_CONJUNCT/q # <<>>#1");
        assertTrue(d.contains("-Take == /\\ q # <<>>\n+Take == /\\ TRUE\n"), d);
        assertTrue(mutants.stream().noneMatch(m -> m.operator() == SpecOperator.DROP_CONJUNCT && m.definition().equals("Init")),
                "an initial predicate's assignments are not dropped");
    }

    @Test
    void swapComparisonMakesTheBoundaryAndTheNegation() {
        assertTrue(diff("Toy!Publish/SWAP_COMPARISON/count < N: < -> <=#1").contains("+           /\\ count <= N\n"));
        assertTrue(diff("Toy!Publish/SWAP_COMPARISON/count < N: < -> >=#1").contains("+           /\\ count >= N\n"));
        assertTrue(diff("Toy!Take/SWAP_COMPARISON/q # <<>>: # -> =#1").contains("+Take == /\\ q = <<>>\n"));
    }

    @Test
    void updateToUnchangedLeavesHistoryVariablesAlone() {
        assertTrue(diff("Toy!Publish/UPDATE_TO_UNCHANGED/data' = count + 1#1").contains("+           /\\ UNCHANGED data\n"));
        assertTrue(mutants.stream().noneMatch(m -> m.id().contains("event'")),
                "event is outside the VIEW and no oracle reads it: its updates are not mutated");
        assertTrue(mutants.stream().noneMatch(m -> m.id().startsWith("Toy!Publish/OFF_BY_ONE/ToString")),
                "nor what its update computes");
    }

    @Test
    void offByOneOnNumbersAndNumericConstants() {
        assertTrue(diff("Toy!Publish/OFF_BY_ONE/count < N: N -> (N + 1)#1").contains("+           /\\ count < (N + 1)\n"));
        assertTrue(diff("Toy!Consume/OFF_BY_ONE/count + 1: 1 -> 2#1").contains("+           /\\ count' = count + 2\n"));
        assertTrue(diff("Toy!Init/OFF_BY_ONE/count = 0: 0 -> -1#1").contains("+        /\\ count = -1\n"));
    }

    @Test
    void setQuantifierSequenceAndMembershipSwaps() {
        assertTrue(diff("Toy!Take/SWAP_SET_OPERATOR/got \\cup {Head(q)}: \\cup -> \\cap#1").contains("got' = got \\cap {Head(q)}"));
        assertTrue(diff("Toy!Take/SWAP_QUANTIFIER/\\A v \\in got : v < Head(q): \\A -> \\E#1").contains("+        /\\ \\E v \\in got : v < Head(q)\n"));
        assertTrue(diff("Toy!Take/SWAP_SEQUENCE_END/Tail(q) -> SubSeq(q, 1, Len(q) - 1)#1").contains("q' = SubSeq(q, 1, Len(q) - 1)"));
        assertTrue(diff("Toy!Consume/SWAP_SEQUENCE_END/Append(q, data) -> (<<data>> \\o (q))#1").contains("q' = (<<data>> \\o (q))"));
        assertTrue(diff("Toy!Take/SWAP_SEQUENCE_END/Head(q) -> (q)[Len(q)]#1").contains("+        /\\ (q)[Len(q)] \\notin got\n"));
        assertTrue(diff("Toy!Last/SWAP_SEQUENCE_END/Max(got): Max -> Min#1").contains("ELSE Min(got)"));
        assertTrue(diff("Toy!Take/SWAP_MEMBERSHIP/Head(q) \\notin got: \\notin -> \\in#1").contains("+        /\\ Head(q) \\in got\n"));
    }

    @Test
    void splitAndReorderAddAHalfDoneVariableEverywhereItMustBe() {
        String split = diff("Toy!Publish/SPLIT_ACTION/{data} | {event, flag}#1");
        for (String part : List.of("+VARIABLE mutPending", "+        /\\ mutPending = {}\n",
                "-vars == <<data, flag, q, count, got, event>>\n+VARIABLE mutPending",
                "+vars == <<data, flag, q, count, got, event, mutPending>>",
                "+View == <<data, flag, q, count, got, mutPending>>",
                "+Publish == \\/ /\\ <<>> \\notin mutPending\n+              /\\ ~flag\n+              /\\ count < N\n"
                        + "+              /\\ UNCHANGED <<event, flag>>\n+              /\\ UNCHANGED <<q, count, got>>\n"
                        + "+              /\\ data' = count + 1\n+              /\\ mutPending' = mutPending \\cup {<<>>}\n"
                        + "+           \\/ /\\ <<>> \\in mutPending\n+              /\\ UNCHANGED data\n"
                        + "+              /\\ UNCHANGED <<q, count, got>>\n+              /\\ flag' = TRUE\n",
                "            /\\ UNCHANGED <<data, got>>\n+           /\\ UNCHANGED mutPending\n",
                "         /\\ UNCHANGED vars\n+        /\\ UNCHANGED mutPending\n")) {
            assertTrue(split.contains(part), part + "\nnot in\n" + split);
        }
        String reorder = diff("Toy!Publish/REORDER_HANDOVER/{event, flag} before {data}#1");
        assertTrue(reorder.contains("+Publish == \\/ /\\ <<>> \\notin mutPending\n+              /\\ ~flag\n+              /\\ count < N\n"
                + "+              /\\ UNCHANGED data\n+              /\\ UNCHANGED <<q, count, got>>\n+              /\\ flag' = TRUE\n"), reorder);
        assertTrue(reorder.contains("+           \\/ /\\ <<>> \\in mutPending\n+              /\\ UNCHANGED <<event, flag>>\n"
                + "+              /\\ UNCHANGED <<q, count, got>>\n+              /\\ data' = count + 1\n"), reorder);
    }

    @Test
    void propertiesAndTheFormulaAreNotMutated() {
        Set<String> defs = mutants.stream().map(SpecMutant::definition).collect(Collectors.toCollection(TreeSet::new));
        assertEquals(Set.of("Consume", "Done", "Init", "Last", "Max", "Publish", "Take"), defs,
                "the behaviour's definitions only (Min is unused; InOrder, AllTaken, Taken, Weak are oracles; Spec is the formula)");
    }

    @Test
    void idsAreStableAcrossRunsAndUnrelatedEdits() throws IOException {
        Path other = ToySpecs.create(dir.resolve("edited"), List.of("toy_strong", "toy_weak"), null);
        Path toy = other.resolve("specs/toy/Toy.tla");
        Files.writeString(toy, Files.readString(toy).replace("CONSTANT N\n", "CONSTANT N\n\nUnused(x) == x + 1   \\* a new definition\n\n"));
        FamilyWorkspace ws2 = ToySpecs.workspace(other, sany);
        List<SpecMutant> again = MutantGenerator.generate(ToySpecs.graph(other, sany, ws2), EnumSet.allOf(SpecOperator.class));
        assertEquals(ids(), again.stream().map(SpecMutant::id).collect(Collectors.joining("\n")));
        assertEquals(mutants.getFirst().line() + 3, again.getFirst().line(), "the line moved, the id did not");
    }

    @Test
    void sanyRejectsAnIllFormedMutantAndIdenticalOnesAreDropped() {
        SpecMutant good = mutant("Toy!Take/DROP_CONJUNCT/q # <<>>#1");
        Edit e = good.edits().getFirst();
        SpecMutant broken = new SpecMutant("broken", "toy", "Toy", "Take", SpecOperator.DROP_CONJUNCT, "not TLA+", good.line(),
                List.of(new Edit("Toy", e.start(), e.end(), "q #")), good.models(), good.sharedWith());
        SpecMutant same = new SpecMutant("same", "toy", "Toy", "Take", SpecOperator.DROP_CONJUNCT, "no change", good.line(),
                List.of(new Edit("Toy", e.start(), e.end(), "q # <<>>")), good.models(), good.sharedWith());
        SpecMutant twin = good.withId("twin");
        MutantFilter.Kept kept = MutantFilter.filter(List.of(good, broken, same, twin), graph, ws);
        assertEquals(List.of(good), kept.mutants());
        assertEquals(2, kept.identical(), "the unchanged text and the second copy of a text");
        assertEquals(1, kept.rejected().size());
        assertTrue(kept.rejected().getFirst().startsWith("broken: "), kept.rejected().toString());
        assertNull(ws.sanyRejects(ws.write(good, good.apply(graph.sources())), List.copyOf(graph.views().stream().map(SpecGraph.ModelView::model).toList())));
    }

    @Test
    void theGraphKnowsTheBehaviourTheOraclesAndTheHistory() {
        SpecGraph.Definition take = graph.definitions().get(new SpecGraph.DefKey("Toy", "Take"));
        assertNotNull(take);
        assertEquals(Set.of("toy_strong", "toy_weak"), take.models());
        assertTrue(take.oracles().isEmpty());
        assertEquals(Set.of("event"), graph.history(Set.of("toy_strong")));
        assertFalse(graph.definitions().containsKey(new SpecGraph.DefKey("Toy", "InOrder")));
        Map<SpecGraph.DefKey, ?> actions = graph.views().getFirst().actions();
        assertEquals(Set.of("Publish", "Consume", "Take"), actions.keySet().stream().map(SpecGraph.DefKey::name).collect(Collectors.toSet()));
    }
}
