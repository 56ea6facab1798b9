package org.mpiverify.results;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The one small JSON reader and writer of the toolkit, for the manifest, the result files and the
 * reports (every module depends on impl, and impl on nothing but the JDK, so no JSON library).
 * Objects read as {@link LinkedHashMap} (key order kept, so a rewritten manifest diffs cleanly and
 * tables come out in the producer's order), arrays as {@link List}, numbers as {@link Long} when
 * integral else {@link Double}. The typed getters return a default for a missing key or a value of
 * another type, because producers add fields over time and a report must still render older files.
 */
public final class Json {
    /** Writes a value (maps, lists, strings, numbers, booleans, null) as indented JSON. */
    public static String write(Object v) {
        StringBuilder b = new StringBuilder();
        write(b, v, "");
        return b.append('\n').toString();
    }

    private static void write(StringBuilder b, Object v, String indent) {
        switch (v) {
            case null -> b.append("null");
            case Map<?, ?> m -> {
                if (m.isEmpty()) {
                    b.append("{}");
                    return;
                }
                b.append("{\n");
                int i = 0;
                for (Map.Entry<?, ?> e : m.entrySet()) {
                    b.append(indent).append("  ");
                    quote(b, String.valueOf(e.getKey()));
                    b.append(": ");
                    write(b, e.getValue(), indent + "  ");
                    b.append(++i < m.size() ? ",\n" : "\n");
                }
                b.append(indent).append('}');
            }
            case List<?> l -> {
                boolean flat = l.stream().allMatch(x -> !(x instanceof Map) && !(x instanceof List));
                if (flat) {
                    b.append('[');
                    for (int i = 0; i < l.size(); i++) {
                        if (i > 0) b.append(", ");
                        write(b, l.get(i), indent);
                    }
                    b.append(']');
                    return;
                }
                b.append("[\n");
                for (int i = 0; i < l.size(); i++) {
                    b.append(indent).append("  ");
                    write(b, l.get(i), indent + "  ");
                    b.append(i + 1 < l.size() ? ",\n" : "\n");
                }
                b.append(indent).append(']');
            }
            case String s -> quote(b, s);
            case Double d -> b.append(Math.round(d * 100) / 100.0);
            case Number n -> b.append(n);
            case Boolean x -> b.append(x);
            default -> quote(b, v.toString());
        }
    }

    /** {@code s} as a JSON string literal (quotes, escapes, control characters as {@code \\uXXXX}); null as {@code null}. */
    public static String quote(String s) {
        if (s == null) return "null";
        StringBuilder b = new StringBuilder(s.length() + 2);
        quote(b, s);
        return b.toString();
    }

    private static void quote(StringBuilder b, String s) {
        b.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                default -> {
                    if (c < 0x20) b.append(String.format("\\u%04x", (int) c));
                    else b.append(c);
                }
            }
        }
        b.append('"');
    }

    private final String text;
    private int pos;

    private Json(String text) {
        this.text = text;
    }

    /** Parses one JSON value; malformed input is an {@link IllegalArgumentException} naming the line. */
    public static Object parse(String text) {
        Json p = new Json(text);
        Object v = p.value();
        p.space();
        if (p.pos != text.length()) throw p.error("trailing text after the value");
        return v;
    }

    /** Parses a JSON object; anything else is an error. */
    public static Map<String, Object> parseObject(String text) {
        if (parse(text) instanceof Map<?, ?> m) return cast(m);
        throw new IllegalArgumentException("JSON: expected an object at the top level");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> cast(Map<?, ?> m) {
        return (Map<String, Object>) m;
    }

    public static Map<String, Object> obj(Map<String, Object> m, String key) {
        return m != null && m.get(key) instanceof Map<?, ?> v ? cast(v) : null;
    }

    public static List<Map<String, Object>> objs(Map<String, Object> m, String key) {
        List<Map<String, Object>> r = new ArrayList<>();
        if (m != null && m.get(key) instanceof List<?> l) {
            for (Object o : l) if (o instanceof Map<?, ?> e) r.add(cast(e));
        }
        return r;
    }

    public static List<Object> list(Map<String, Object> m, String key) {
        if (m != null && m.get(key) instanceof List<?> l) return Collections.unmodifiableList(new ArrayList<>(l));
        return List.of();
    }

    public static String str(Map<String, Object> m, String key, String def) {
        if (m == null) return def;
        Object v = m.get(key);
        return v instanceof String s ? s : v instanceof Number || v instanceof Boolean ? v.toString() : def;
    }

    public static double num(Map<String, Object> m, String key, double def) {
        return m != null && m.get(key) instanceof Number n ? n.doubleValue() : def;
    }

    public static long integer(Map<String, Object> m, String key, long def) {
        return m != null && m.get(key) instanceof Number n ? n.longValue() : def;
    }

    public static boolean bool(Map<String, Object> m, String key, boolean def) {
        return m != null && m.get(key) instanceof Boolean b ? b : def;
    }

    private IllegalArgumentException error(String what) {
        int line = 1;
        for (int i = 0; i < pos && i < text.length(); i++) if (text.charAt(i) == '\n') line++;
        return new IllegalArgumentException("JSON: " + what + " at line " + line);
    }

    private void space() {
        while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) pos++;
    }

    private Object value() {
        space();
        if (pos >= text.length()) throw error("unexpected end of input");
        return switch (text.charAt(pos)) {
            case '{' -> object();
            case '[' -> array();
            case '"' -> string();
            case 't' -> literal("true", Boolean.TRUE);
            case 'f' -> literal("false", Boolean.FALSE);
            case 'n' -> literal("null", null);
            default -> number();
        };
    }

    private Map<String, Object> object() {
        Map<String, Object> m = new LinkedHashMap<>();
        pos++;
        space();
        if (peek() == '}') {
            pos++;
            return m;
        }
        while (true) {
            space();
            if (peek() != '"') throw error("expected a string key");
            String k = string();
            space();
            expect(':');
            if (m.containsKey(k)) throw error("duplicate key \"" + k + "\"");
            m.put(k, value());
            space();
            char c = next();
            if (c == '}') return m;
            if (c != ',') throw error("expected ',' or '}' in an object");
        }
    }

    private List<Object> array() {
        List<Object> l = new ArrayList<>();
        pos++;
        space();
        if (peek() == ']') {
            pos++;
            return l;
        }
        while (true) {
            l.add(value());
            space();
            char c = next();
            if (c == ']') return l;
            if (c != ',') throw error("expected ',' or ']' in an array");
        }
    }

    private String string() {
        expect('"');
        StringBuilder b = new StringBuilder();
        while (true) {
            char c = next();
            if (c == '"') return b.toString();
            if (c != '\\') {
                b.append(c);
                continue;
            }
            char e = next();
            switch (e) {
                case '"', '\\', '/' -> b.append(e);
                case 'b' -> b.append('\b');
                case 'f' -> b.append('\f');
                case 'n' -> b.append('\n');
                case 'r' -> b.append('\r');
                case 't' -> b.append('\t');
                case 'u' -> {
                    if (pos + 4 > text.length()) throw error("short \\u escape");
                    try {
                        b.append((char) Integer.parseInt(text.substring(pos, pos + 4), 16));
                    } catch (NumberFormatException x) {
                        throw error("bad \\u escape");
                    }
                    pos += 4;
                }
                default -> throw error("bad escape \\" + e);
            }
        }
    }

    private Object number() {
        int start = pos;
        while (pos < text.length() && "+-0123456789.eE".indexOf(text.charAt(pos)) >= 0) pos++;
        String s = text.substring(start, pos);
        if (s.isEmpty()) throw error("unexpected character '" + text.charAt(pos) + "'");
        try {
            if (s.contains(".") || s.contains("e") || s.contains("E")) return Double.parseDouble(s);
            return Long.parseLong(s);
        } catch (NumberFormatException e) {
            throw error("bad number '" + s + "'");
        }
    }

    private Object literal(String word, Object v) {
        if (!text.startsWith(word, pos)) throw error("unexpected text");
        pos += word.length();
        return v;
    }

    private char peek() {
        if (pos >= text.length()) throw error("unexpected end of input");
        return text.charAt(pos);
    }

    private char next() {
        char c = peek();
        pos++;
        return c;
    }

    private void expect(char c) {
        if (next() != c) {
            pos--;
            throw error("expected '" + c + "'");
        }
    }
}
