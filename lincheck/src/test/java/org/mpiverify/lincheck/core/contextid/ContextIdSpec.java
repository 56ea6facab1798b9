package org.mpiverify.lincheck.core.contextid;

import java.util.ArrayDeque;
import java.util.TreeSet;

/**
 * Sequential specification of one process's context-id allocation (Gropp &amp; Thakur §5.3) with the
 * other members fixed: a set of locally free ids {2..5} and a remote set in which id 3 is taken.
 * allocate returns the lowest id free on both and takes it locally, or "out of ids" when none is
 * common; release(t) returns thread t's most recently allocated id to the local set.
 */
public class ContextIdSpec {
    static final int CAPACITY = 6;
    static final int REMOTE_TAKEN = 3;

    private final TreeSet<Integer> free = new TreeSet<>();
    @SuppressWarnings("unchecked")
    private final ArrayDeque<Integer>[] held = new ArrayDeque[8];

    public ContextIdSpec() {
        for (int id = 2; id < CAPACITY; id++) free.add(id);
        for (int i = 0; i < held.length; i++) held[i] = new ArrayDeque<>();
    }

    public String allocate(int t, int parent) {
        for (int id : free) {
            if (id != REMOTE_TAKEN) {
                free.remove(id);
                held[t].push(id);
                return "id " + id;
            }
        }
        return "out of ids";
    }

    public int release(int t) {
        Integer id = held[t].poll();
        if (id == null) return -1;
        free.add(id);
        return id;
    }

    public int freeCount() {
        return free.size();
    }
}
