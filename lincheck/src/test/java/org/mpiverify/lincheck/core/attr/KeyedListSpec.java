package org.mpiverify.lincheck.core.attr;

import java.util.LinkedHashMap;

/**
 * Sequential specification of {@code KeyedList}: a map that keeps keys in the order they were first put (a
 * replacement keeps its key's place; a key removed and put again goes last), as {@link LinkedHashMap} does.
 */
public class KeyedListSpec {
    private final LinkedHashMap<Integer, Integer> map = new LinkedHashMap<>();

    public Integer put(int k, int v) {
        return map.put(k, v);
    }

    public Integer get(int k) {
        return map.get(k);
    }

    public Integer remove(int k) {
        return map.remove(k);
    }

    public boolean putIfAbsent(int k, int v) {
        return map.putIfAbsent(k, v) == null;
    }

    public int size() {
        return map.size();
    }

    public Integer firstKey() {
        return map.isEmpty() ? null : map.keySet().iterator().next();
    }
}
