package org.mpiverify.locks.report;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.mpiverify.locks.runtime.Edge;
import org.mpiverify.locks.runtime.EdgeLabel;
import org.mpiverify.locks.runtime.LockNode;

/**
 * Finds the cycles of a lock-order graph and decides, GoodLock-style, which are potential deadlocks.
 *
 * <p>The elementary cycles of each strongly connected component are enumerated (Johnson 1975), up to
 * {@link #MAX_CYCLES} cycles of at most {@link #MAX_LENGTH} locks. A cycle {@code l0 → l1 → … → l0} is a
 * potential deadlock if one label can be chosen per edge such that (Havelund 2000; Bensalem &amp; Havelund
 * 2005, "guard locks"):
 * <ol>
 *   <li>the labels come from pairwise distinct threads;</li>
 *   <li>their lock sets (the edge's source lock and the gate locks) share no lock held in conflicting
 *       modes: a common gate lock, held exclusively, serializes the acquisitions;</li>
 *   <li>at every lock of the cycle the mode one thread wants conflicts with the mode the next thread holds
 *       it in (two readers of a read-write lock do not block each other).</li>
 * </ol>
 * A cycle that fails is kept with the reason: {@link Verdict#SINGLE_THREAD} (no choice of distinct
 * threads), {@link Verdict#SHARED_ONLY} (every choice meets only shared holds), or {@link Verdict#GUARDED}
 * (every choice shares a gate lock, named in the result).
 */
public final class CycleAnalysis {
    static final int MAX_CYCLES = 200;
    static final int MAX_LENGTH = 8;
    private static final int MAX_STEPS = 200_000;

    /** What a cycle is. */
    public enum Verdict { POTENTIAL_DEADLOCK, GUARDED, SINGLE_THREAD, SHARED_ONLY, UNDECIDED }

    /**
     * A cycle of the graph: its edges in order, the labels that make it a deadlock (or, for the others,
     * the first label of each edge), the verdict, and for {@code GUARDED} the gate locks that guard it.
     */
    public record Cycle(List<Edge> edges, List<EdgeLabel> labels, Verdict verdict, List<Integer> gates) {
        public List<LockNode> locks() {
            return edges.stream().map(Edge::from).toList();
        }
    }

    private final Map<Integer, List<Edge>> out = new HashMap<>();
    private final Map<Integer, LockNode> nodes = new HashMap<>();
    private int steps;
    private boolean truncated;

    public CycleAnalysis(List<Edge> edges) {
        for (Edge e : edges) {
            out.computeIfAbsent(e.from().id(), k -> new ArrayList<>()).add(e);
            nodes.put(e.from().id(), e.from());
            nodes.put(e.to().id(), e.to());
        }
        for (List<Edge> l : out.values()) {
            l.sort((a, b) -> Integer.compare(a.to().id(), b.to().id()));
        }
    }

    /** True if the enumeration stopped at {@link #MAX_CYCLES}. */
    public boolean truncated() {
        return truncated;
    }

    /** Every cycle found, potential deadlocks first. */
    public List<Cycle> cycles() {
        List<Cycle> found = new ArrayList<>();
        for (Set<Integer> scc : components()) {
            if (scc.size() > 1) {
                enumerate(scc, found);
            }
        }
        List<Cycle> judged = new ArrayList<>();
        for (Cycle c : found) {
            judged.add(judge(c.edges()));
        }
        judged.sort((a, b) -> Integer.compare(a.verdict().ordinal(), b.verdict().ordinal()));
        return judged;
    }

    // ---- strongly connected components (Tarjan, iterative) -----------------------------------------

    private List<Set<Integer>> components() {
        Map<Integer, Integer> index = new HashMap<>();
        Map<Integer, Integer> low = new HashMap<>();
        Deque<Integer> stack = new ArrayDeque<>();
        Set<Integer> onStack = new HashSet<>();
        List<Set<Integer>> result = new ArrayList<>();
        int[] counter = {0};
        List<Integer> ids = new ArrayList<>(nodes.keySet());
        ids.sort(null);
        for (int start : ids) {
            if (index.containsKey(start)) {
                continue;
            }
            Deque<int[]> work = new ArrayDeque<>();      // {node, next edge index}
            work.push(new int[] {start, 0});
            index.put(start, counter[0]);
            low.put(start, counter[0]++);
            stack.push(start);
            onStack.add(start);
            while (!work.isEmpty()) {
                int[] top = work.peek();
                int v = top[0];
                List<Edge> es = out.getOrDefault(v, List.of());
                if (top[1] < es.size()) {
                    int w = es.get(top[1]++).to().id();
                    if (!index.containsKey(w)) {
                        index.put(w, counter[0]);
                        low.put(w, counter[0]++);
                        stack.push(w);
                        onStack.add(w);
                        work.push(new int[] {w, 0});
                    } else if (onStack.contains(w)) {
                        low.put(v, Math.min(low.get(v), index.get(w)));
                    }
                } else {
                    work.pop();
                    if (!work.isEmpty()) {
                        int u = work.peek()[0];
                        low.put(u, Math.min(low.get(u), low.get(v)));
                    }
                    if (low.get(v).equals(index.get(v))) {
                        Set<Integer> scc = new LinkedHashSet<>();
                        int w;
                        do {
                            w = stack.pop();
                            onStack.remove(w);
                            scc.add(w);
                        } while (w != v);
                        result.add(scc);
                    }
                }
            }
        }
        return result;
    }

    // ---- elementary cycles within one component ----------------------------------------------------

    /** Cycles through each start node using only nodes with larger ids (so each cycle is found once). */
    private void enumerate(Set<Integer> scc, List<Cycle> found) {
        List<Integer> ids = new ArrayList<>(scc);
        ids.sort(null);
        for (int start : ids) {
            Deque<Edge> path = new ArrayDeque<>();
            Set<Integer> onPath = new HashSet<>();
            onPath.add(start);
            dfs(start, start, scc, path, onPath, found);
            if (found.size() >= MAX_CYCLES) {
                truncated = true;
                return;
            }
        }
    }

    private void dfs(int start, int v, Set<Integer> scc, Deque<Edge> path, Set<Integer> onPath, List<Cycle> found) {
        if (found.size() >= MAX_CYCLES || path.size() >= MAX_LENGTH) {
            return;
        }
        for (Edge e : out.getOrDefault(v, List.of())) {
            int w = e.to().id();
            if (!scc.contains(w) || w < start) {
                continue;
            }
            if (w == start) {
                List<Edge> cycle = new ArrayList<>(path);
                cycle.add(e);
                found.add(new Cycle(cycle, List.of(), Verdict.UNDECIDED, List.of()));
            } else if (onPath.add(w)) {
                path.addLast(e);
                dfs(start, w, scc, path, onPath, found);
                path.removeLast();
                onPath.remove(w);
            }
        }
    }

    // ---- GoodLock with gate locks ------------------------------------------------------------------

    Cycle judge(List<Edge> cycle) {
        List<EdgeLabel> first = cycle.stream().map(e -> e.labels().get(0)).toList();
        steps = 0;
        EdgeLabel[] chosen = new EdgeLabel[cycle.size()];
        if (assign(cycle, chosen, 0, true, true)) {
            return new Cycle(cycle, List.of(chosen.clone()), Verdict.POTENTIAL_DEADLOCK, List.of());
        }
        boolean undecided = steps >= MAX_STEPS;
        steps = 0;
        EdgeLabel[] byThreads = new EdgeLabel[cycle.size()];
        if (!assign(cycle, byThreads, 0, false, false)) {
            return new Cycle(cycle, first, steps >= MAX_STEPS || undecided ? Verdict.UNDECIDED : Verdict.SINGLE_THREAD,
                    List.of());
        }
        steps = 0;
        EdgeLabel[] byModes = new EdgeLabel[cycle.size()];
        if (!assign(cycle, byModes, 0, true, false)) {
            return new Cycle(cycle, List.of(byThreads), steps >= MAX_STEPS || undecided ? Verdict.UNDECIDED
                    : Verdict.SHARED_ONLY, List.of());
        }
        return new Cycle(cycle, List.of(byModes), undecided ? Verdict.UNDECIDED : Verdict.GUARDED,
                commonGates(cycle, byModes));
    }

    /** Backtracking choice of one label per edge: distinct threads, and optionally modes and gates. */
    private boolean assign(List<Edge> cycle, EdgeLabel[] chosen, int i, boolean modes, boolean gates) {
        if (++steps > MAX_STEPS) {
            return false;
        }
        if (i == cycle.size()) {
            return !modes || conflicts(chosen[i - 1], chosen[0]);
        }
        for (EdgeLabel l : cycle.get(i).labels()) {
            if (!compatible(cycle, chosen, i, l, modes, gates)) {
                continue;
            }
            chosen[i] = l;
            if (assign(cycle, chosen, i + 1, modes, gates)) {
                return true;
            }
            if (steps > MAX_STEPS) {
                return false;
            }
        }
        chosen[i] = null;
        return false;
    }

    private boolean compatible(List<Edge> cycle, EdgeLabel[] chosen, int i, EdgeLabel l, boolean modes, boolean gates) {
        for (int j = 0; j < i; j++) {
            if (chosen[j].threadId() == l.threadId()) {
                return false;
            }
            if (gates && shareGate(cycle.get(j), chosen[j], cycle.get(i), l)) {
                return false;
            }
        }
        return !modes || i == 0 || conflicts(chosen[i - 1], l);
    }

    /** True if the thread of {@code wanting} cannot get its lock while the thread of {@code holding} holds it. */
    private static boolean conflicts(EdgeLabel wanting, EdgeLabel holding) {
        return !(wanting.toMode() == LockNode.SHARED && holding.fromMode() == LockNode.SHARED);
    }

    /** True if the two labels' lock sets have a lock in common that excludes one from the other. */
    private static boolean shareGate(Edge ea, EdgeLabel a, Edge eb, EdgeLabel b) {
        return !commonLocks(ea, a, eb, b).isEmpty();
    }

    private static List<Integer> commonLocks(Edge ea, EdgeLabel a, Edge eb, EdgeLabel b) {
        int[] la = lockSet(ea, a);
        int[] ma = modeSet(a);
        int[] lb = lockSet(eb, b);
        int[] mb = modeSet(b);
        List<Integer> common = new ArrayList<>();
        for (int x = 0; x < la.length; x++) {
            for (int y = 0; y < lb.length; y++) {
                if (la[x] == lb[y] && !(ma[x] == LockNode.SHARED && mb[y] == LockNode.SHARED)) {
                    common.add(la[x]);
                }
            }
        }
        return common;
    }

    private static int[] lockSet(Edge e, EdgeLabel l) {
        int[] s = Arrays.copyOf(l.gates(), l.gates().length + 1);
        s[l.gates().length] = e.from().id();
        return s;
    }

    private static int[] modeSet(EdgeLabel l) {
        int[] s = Arrays.copyOf(l.gateModes(), l.gateModes().length + 1);
        s[l.gateModes().length] = l.fromMode();
        return s;
    }

    private static List<Integer> commonGates(List<Edge> cycle, EdgeLabel[] chosen) {
        Set<Integer> gates = new LinkedHashSet<>();
        for (int i = 0; i < cycle.size(); i++) {
            for (int j = i + 1; j < cycle.size(); j++) {
                gates.addAll(commonLocks(cycle.get(i), chosen[i], cycle.get(j), chosen[j]));
            }
        }
        return new ArrayList<>(gates);
    }
}
