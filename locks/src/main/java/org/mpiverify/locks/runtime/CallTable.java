package org.mpiverify.locks.runtime;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The MPI calls the agent recognizes, by name ({@code Comm.send}), each with its {@link CallStats}. Ids
 * are dense; id {@link #OUTSIDE} is the pseudo-call for what happens outside every MPI call. Also maps
 * each entry-point method ({@code org.foo.Comm.send}) to its call, so a JFR stack can be attributed.
 *
 * <p>Memory consistency effects: a call is registered (under this class's lock) before the class whose
 * method it is gets defined, so hooks that carry its id find its stats through the volatile array.
 */
public final class CallTable {
    public static final int OUTSIDE = 0;

    private static final Map<String, Integer> ids = new HashMap<>();
    private static final Map<String, Integer> byMethod = new HashMap<>();
    private static volatile CallStats[] stats = { new CallStats("(outside MPI calls)") };

    private CallTable() { }

    /** Registers the entry point {@code owner.method} as the call {@code name}; returns the call's id. */
    public static synchronized int register(String name, String owner, String method) {
        Integer id = ids.get(name);
        if (id == null) {
            CallStats[] s = stats;
            id = s.length;
            CallStats[] bigger = Arrays.copyOf(s, s.length + 1);
            bigger[id] = new CallStats(name);
            ids.put(name, id);
            stats = bigger;
        }
        byMethod.putIfAbsent(owner + "." + method, id);
        return id;
    }

    /** Fresh counters for every call (see {@link AuditState#reset()}). */
    static synchronized void resetStats() {
        CallStats[] s = stats;
        CallStats[] fresh = new CallStats[s.length];
        for (int i = 0; i < s.length; i++) {
            fresh[i] = new CallStats(s[i].name);
        }
        stats = fresh;
    }

    static CallStats stats(int id) {
        return stats[id];
    }

    /** The call whose entry point is {@code owner.method}, or -1. */
    static synchronized int byMethod(String owner, String method) {
        Integer id = byMethod.get(owner + "." + method);
        return id == null ? -1 : id;
    }

    public static String name(int id) {
        CallStats[] s = stats;
        return id >= 0 && id < s.length ? s[id].name : "?";
    }

    /** Every call's stats, {@link #OUTSIDE} first. */
    public static List<CallStats> all() {
        return new ArrayList<>(Arrays.asList(stats));
    }
}
