package org.mpiverify.lincheck.core.matching;

import java.util.HashMap;
import java.util.Map;

/**
 * Sequential specification of the Dang–Snir–Gropp table H (§2.2): a map from keys to values where an
 * absent key holds ⊥.
 * <ul>
 *   <li>(1) insert(k, v): if k holds ⊥, k := v and the insert succeeds; else it returns the value held.
 *   <li>(2) empty(k): k := ⊥ (returns what it held, -1 for ⊥).
 *   <li>(3) at most one value per key: a map.
 * </ul>
 * The owned operations model insertEntry + Entry.empty(): a thread (id from ThreadIdGen) that inserted
 * through an entry owns the key's value until it empties it; a thread owns at most one value.
 */
public class MatchTableSpec {
    private final Map<Integer, Integer> values = new HashMap<>();
    private final int[] owned = {-1, -1, -1, -1, -1, -1, -1, -1};

    public String insert(int k, int v) {
        Integer held = values.putIfAbsent(k, v);
        return held == null ? "inserted" : "held " + held;
    }

    public int empty(int k) {
        Integer held = values.remove(k);
        return held == null ? -1 : held;
    }

    public int get(int k) {
        Integer held = values.get(k);
        return held == null ? -1 : held;
    }

    public String insertOwned(int t, int k, int v) {
        if (owned[t] != -1) return "busy";
        if (values.containsKey(k)) return "held";
        values.put(k, v);
        owned[t] = k;
        return "inserted";
    }

    public int emptyOwned(int t) {
        int k = owned[t];
        if (k == -1) return -1;
        values.remove(k);
        owned[t] = -1;
        return k;
    }
}
