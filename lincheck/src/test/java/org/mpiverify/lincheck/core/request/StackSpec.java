package org.mpiverify.lincheck.core.request;

import java.util.ArrayDeque;

/** Sequential specification of a LIFO stack: an {@link ArrayDeque} used from its head. */
public class StackSpec {
    private final ArrayDeque<Integer> items = new ArrayDeque<>();

    public void push(int v) {
        items.push(v);
    }

    public Integer pop() {
        return items.poll();
    }

    public boolean isEmpty() {
        return items.isEmpty();
    }
}
