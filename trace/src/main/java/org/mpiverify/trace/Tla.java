package org.mpiverify.trace;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** TLA+ literals for generated trace modules: strings, integer sets as intervals, records, functions, tuples. */
public final class Tla {
    private Tla() {}

    /** A TLA+ string literal. */
    public static String str(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    public static String bool(boolean b) {
        return b ? "TRUE" : "FALSE";
    }

    /**
     * A set of integers (ascending, no duplicates) as a union of intervals: {@code {}}, {@code {5}},
     * {@code 2..63 \cup 65..1023}. Masks of context ids are mostly runs, so this keeps a module small.
     */
    public static String intSet(int[] sorted) {
        if (sorted.length == 0) return "{}";
        StringBuilder b = new StringBuilder();
        StringBuilder singles = new StringBuilder();
        int i = 0;
        while (i < sorted.length) {
            int j = i;
            while (j + 1 < sorted.length && sorted[j + 1] == sorted[j] + 1) j++;
            if (j - i >= 2) {
                if (!b.isEmpty()) b.append(" \\cup ");
                b.append(sorted[i]).append("..").append(sorted[j]);
            } else {
                for (int k = i; k <= j; k++) {
                    if (!singles.isEmpty()) singles.append(", ");
                    singles.append(sorted[k]);
                }
            }
            i = j + 1;
        }
        if (!singles.isEmpty()) {
            if (!b.isEmpty()) b.append(" \\cup ");
            b.append('{').append(singles).append('}');
        }
        return b.isEmpty() ? "{}" : "(" + b + ")";
    }

    /** A set of already formatted elements. */
    public static String set(Collection<String> elements) {
        return "{" + String.join(", ", elements) + "}";
    }

    /** A record {@code [a |-> x, b |-> y]} of already formatted values, in the map's order. */
    public static String record(Map<String, String> fields) {
        return fields.entrySet().stream().map(e -> e.getKey() + " |-> " + e.getValue())
                .collect(Collectors.joining(", ", "[", "]"));
    }

    /**
     * A function from formatted keys to formatted values: {@code (k1 :> v1 @@ k2 :> v2)}, or the empty
     * function for an empty map.
     */
    public static String function(Map<String, String> entries) {
        if (entries.isEmpty()) return "[x \\in {} |-> 0]";
        return entries.entrySet().stream().map(e -> e.getKey() + " :> " + e.getValue())
                .collect(Collectors.joining(" @@ ", "(", ")"));
    }

    /** A tuple (sequence) of formatted elements, one per line from the second on. */
    public static String tuple(List<String> elements) {
        if (elements.isEmpty()) return "<<>>";
        return "<<" + String.join(",\n  ", elements) + ">>";
    }
}
