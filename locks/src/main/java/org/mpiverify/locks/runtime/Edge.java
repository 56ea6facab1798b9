package org.mpiverify.locks.runtime;

import java.util.ArrayList;
import java.util.List;

/**
 * An edge {@code from → to} of the lock-order graph: some thread acquired {@code to} while holding
 * {@code from}. Keeps every distinct label (thread, gate set, modes) up to {@link #MAX_LABELS}; past that
 * it counts the labels it dropped, and the report says so, since a dropped label could have completed a
 * cycle. Guarded by the {@link LockGraph}'s lock.
 */
public final class Edge {
    static final int MAX_LABELS = 64;

    final LockNode from;
    final LockNode to;
    final List<EdgeLabel> labels = new ArrayList<>(2);
    int droppedLabels;

    Edge(LockNode from, LockNode to) {
        this.from = from;
        this.to = to;
    }

    public LockNode from() {
        return from;
    }

    public LockNode to() {
        return to;
    }

    public List<EdgeLabel> labels() {
        return labels;
    }

    public int droppedLabels() {
        return droppedLabels;
    }
}
