package org.mpiverify.locks.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.mpiverify.locks.report.CycleAnalysis;
import org.mpiverify.locks.report.CycleAnalysis.Verdict;

/**
 * GoodLock with gate locks on hand-made graphs: which cycles are potential deadlocks and why the others
 * are not. Each rule has a case that must be reported and one that must not.
 */
class CycleAnalysisTest {
    private final LockNode a = node(1);
    private final LockNode b = node(2);
    private final LockNode c = node(3);
    private final LockNode gate = node(4);
    private final List<Edge> edges = new ArrayList<>();

    private static LockNode node(int id) {
        return new LockNode(id, LockNode.Kind.LOCK, "Lock" + id, id);
    }

    /** Thread {@code t} took {@code to} (in {@code toMode}) holding {@code from} (in {@code fromMode}) and {@code gates}. */
    private void edge(LockNode from, LockNode to, long t, int fromMode, int toMode, int[] gates, int[] gateModes) {
        Edge e = edges.stream().filter(x -> x.from == from && x.to == to).findFirst().orElseGet(() -> {
            Edge n = new Edge(from, to);
            edges.add(n);
            return n;
        });
        e.labels.add(new EdgeLabel(t, "t" + t, fromMode, toMode, gates, gateModes, 0, 0, 0, List.of()));
    }

    private void edge(LockNode from, LockNode to, long t) {
        edge(from, to, t, LockNode.EXCLUSIVE, LockNode.EXCLUSIVE, new int[0], new int[0]);
    }

    private CycleAnalysis.Cycle only() {
        List<CycleAnalysis.Cycle> cs = new CycleAnalysis(edges).cycles();
        assertEquals(1, cs.size(), cs.toString());
        return cs.get(0);
    }

    @Test
    void twoThreadsInOppositeOrdersArePotentialDeadlock() {
        edge(a, b, 1);
        edge(b, a, 2);
        assertEquals(Verdict.POTENTIAL_DEADLOCK, only().verdict());
    }

    @Test
    void oneThreadInBothOrdersIsNot() {
        edge(a, b, 1);
        edge(b, a, 1);
        assertEquals(Verdict.SINGLE_THREAD, only().verdict());
    }

    @Test
    void aSecondThreadOnOneEdgeMakesItADeadlock() {
        edge(a, b, 1);
        edge(b, a, 1);
        edge(b, a, 2);
        assertEquals(Verdict.POTENTIAL_DEADLOCK, only().verdict());
    }

    @Test
    void aCommonExclusiveGateGuardsTheCycle() {
        int[] g = {gate.id};
        int[] ex = {LockNode.EXCLUSIVE};
        edge(a, b, 1, LockNode.EXCLUSIVE, LockNode.EXCLUSIVE, g, ex);
        edge(b, a, 2, LockNode.EXCLUSIVE, LockNode.EXCLUSIVE, g, ex);
        CycleAnalysis.Cycle cycle = only();
        assertEquals(Verdict.GUARDED, cycle.verdict());
        assertEquals(List.of(gate.id), cycle.gates());
    }

    @Test
    void aGateOnOnlyOneSideOrHeldSharedByBothGuardsNothing() {
        int[] g = {gate.id};
        edge(a, b, 1, LockNode.EXCLUSIVE, LockNode.EXCLUSIVE, g, new int[] {LockNode.EXCLUSIVE});
        edge(b, a, 2);
        assertEquals(Verdict.POTENTIAL_DEADLOCK, only().verdict());
        edges.clear();
        int[] sh = {LockNode.SHARED};
        edge(a, b, 1, LockNode.EXCLUSIVE, LockNode.EXCLUSIVE, g, sh);
        edge(b, a, 2, LockNode.EXCLUSIVE, LockNode.EXCLUSIVE, g, sh);
        assertEquals(Verdict.POTENTIAL_DEADLOCK, only().verdict(), "two readers of the gate both get in");
    }

    @Test
    void readersDoNotBlockReaders() {
        edge(a, b, 1, LockNode.SHARED, LockNode.SHARED, new int[0], new int[0]);
        edge(b, a, 2, LockNode.SHARED, LockNode.SHARED, new int[0], new int[0]);
        assertEquals(Verdict.SHARED_ONLY, only().verdict());
        edges.clear();
        edge(a, b, 1, LockNode.SHARED, LockNode.EXCLUSIVE, new int[0], new int[0]);
        edge(b, a, 2, LockNode.SHARED, LockNode.EXCLUSIVE, new int[0], new int[0]);
        assertEquals(Verdict.POTENTIAL_DEADLOCK, only().verdict(), "a writer waits for a reader");
    }

    @Test
    void threeThreadsInACycleOfThreeLocks() {
        edge(a, b, 1);
        edge(b, c, 2);
        edge(c, a, 3);
        assertEquals(Verdict.POTENTIAL_DEADLOCK, only().verdict());
        edges.clear();
        edge(a, b, 1);
        edge(b, c, 2);
        edge(c, a, 1);
        assertEquals(Verdict.SINGLE_THREAD, only().verdict(), "thread 1 would need to wait in two places");
    }

    @Test
    void aChainIsNoCycle() {
        edge(a, b, 1);
        edge(b, c, 2);
        assertEquals(0, new CycleAnalysis(edges).cycles().size());
    }
}
