package org.mpiverify.specs;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Just enough of TLA+'s printed value syntax to say which entry of a function or record changed:
 * a step that moves one thread's program counter should show {@code pc[<<"p1", "c1">>] = "wait"},
 * not the whole function.
 */
final class TlaValues {
    private TlaValues() {}

    /**
     * The entries of a printed function {@code ( k1 :> v1 @@ k2 :> v2 )} or record
     * {@code [a |-> x, b |-> y]}, key to value in printed form; null for any other value.
     */
    static Map<String, String> entries(String value) {
        String v = value.strip();
        String sep;
        String arrow;
        if (v.startsWith("(") && v.endsWith(")") && v.contains(":>")) {
            sep = "@@";
            arrow = ":>";
        } else if (v.startsWith("[") && v.endsWith("]") && v.contains("|->")) {
            sep = ",";
            arrow = "|->";
        } else {
            return null;
        }
        Map<String, String> out = new LinkedHashMap<>();
        for (String part : split(v.substring(1, v.length() - 1), sep)) {
            List<String> kv = split(part, arrow);
            if (kv.size() != 2) return null;
            out.put(kv.get(0).strip(), kv.get(1).strip());
        }
        return out;
    }

    /** Splits at top-level occurrences of {@code sep} (outside brackets and strings). */
    private static List<String> split(String s, String sep) {
        List<String> parts = new ArrayList<>();
        int depth = 0;
        boolean quoted = false;
        int start = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (quoted) {
                if (c == '\\') i++;
                else if (c == '"') quoted = false;
                continue;
            }
            if (c == '"') {
                quoted = true;
            } else if (depth == 0 && s.startsWith(sep, i)) {
                parts.add(s.substring(start, i));
                i += sep.length() - 1;
                start = i + 1;
            } else if (s.startsWith("<<", i)) {
                depth++;
                i++;
            } else if (s.startsWith(">>", i)) {
                depth--;
                i++;
            } else if (s.startsWith(":>", i) || s.startsWith("|->", i)) {
                i += s.charAt(i) == ':' ? 1 : 2;
            } else if (c == '(' || c == '[' || c == '{') {
                depth++;
            } else if (c == ')' || c == ']' || c == '}') {
                depth--;
            }
        }
        parts.add(s.substring(start));
        return parts;
    }

    /**
     * What changed from {@code before} to {@code after} of variable {@code name}, as
     * "name[key] = value" lines for functions and records (one level deep), else "name = value".
     */
    static List<String> changes(String name, String before, String after) {
        if (before != null) {
            Map<String, String> b = entries(before);
            Map<String, String> a = entries(after);
            if (b != null && a != null && b.keySet().equals(a.keySet())) {
                List<String> out = new ArrayList<>();
                a.forEach((k, v) -> {
                    if (!v.equals(b.get(k))) out.add(name + "[" + k + "] = " + v);
                });
                return out;
            }
        }
        return List.of(name + " = " + after);
    }
}
