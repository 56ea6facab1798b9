package org.mpiverify.locks.runtime;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The lock-order graph of a whole run, across threads (GoodLock, Havelund 2000): an edge
 * {@code a → b} for every acquisition of {@code b} by a thread holding {@code a}, labelled with the thread
 * and its gate locks ({@link EdgeLabel}). Edges are never removed: the graph is the history of lock
 * orders, so a cycle is reported even when the run did not deadlock. Cycles are looked for when the
 * report is written ({@code report.CycleAnalysis}), not on every acquisition.
 *
 * <p>Threads remember which labels they already added ({@link ThreadState}), so this lock is taken only
 * the first time a thread takes a pair of locks in a given context, not on every acquisition.
 *
 * <p>Memory consistency effects: adding a label happens-before a later {@link #snapshot()} that contains
 * it (both under this object's lock); a label is immutable once built.
 */
public final class LockGraph {
    private final Map<Long, Edge> edges = new HashMap<>();

    /** Adds {@code label} to the edge {@code from → to} unless an equal label is there. */
    synchronized void add(LockNode from, LockNode to, EdgeLabel label) {
        Edge e = edges.computeIfAbsent(((long) from.id << 32) | (to.id & 0xffffffffL), k -> new Edge(from, to));
        for (EdgeLabel l : e.labels) {
            if (l.threadId() == label.threadId() && l.fromMode() == label.fromMode() && l.toMode() == label.toMode()
                    && Arrays.equals(l.gates(), label.gates()) && Arrays.equals(l.gateModes(), label.gateModes())) {
                return;
            }
        }
        if (e.labels.size() < Edge.MAX_LABELS) {
            e.labels.add(label);
        } else {
            e.droppedLabels++;
        }
    }

    /** A copy of the edges, each with a copy of its labels. */
    public synchronized List<Edge> snapshot() {
        List<Edge> out = new ArrayList<>(edges.size());
        for (Edge e : edges.values()) {
            Edge c = new Edge(e.from, e.to);
            c.labels.addAll(e.labels);
            c.droppedLabels = e.droppedLabels;
            out.add(c);
        }
        return out;
    }
}
