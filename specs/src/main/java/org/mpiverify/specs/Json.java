package org.mpiverify.specs;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A small JSON reader and writer, enough for the manifest and the result files.
 *
 * <p>Objects read as {@link LinkedHashMap} (key order kept, so a rewritten manifest diffs cleanly),
 * arrays as {@link List}, numbers as {@link Long} when integral else {@link Double}. The module has no
 * JSON dependency on purpose: the specs module depends on TLC and nothing else.
 */
public final class Json {
    private final String text;
    private int pos;

    private Json(String text) {
        this.text = text;
    }

    /** Parses one JSON value; trailing non-space text is an error. */
    public static Object parse(String text) {
        Json p = new Json(text);
        Object v = p.value();
        p.space();
        if (p.pos != text.length()) {
            throw p.error("trailing text");
        }
        return v;
    }

    private IllegalArgumentException error(String what) {
        int line = 1;
        for (int i = 0; i < pos && i < text.length(); i++) {
            if (text.charAt(i) == '\n') line++;
        }
        return new IllegalArgumentException("JSON: " + what + " at line " + line);
    }

    private void space() {
        while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) pos++;
    }

    private Object value() {
        space();
        if (pos >= text.length()) throw error("unexpected end");
        char c = text.charAt(pos);
        return switch (c) {
            case '{' -> object();
            case '[' -> array();
            case '"' -> string();
            case 't' -> literal("true", Boolean.TRUE);
            case 'f' -> literal("false", Boolean.FALSE);
            case 'n' -> literal("null", null);
            default -> number();
        };
    }

    private Object literal(String word, Object v) {
        if (!text.startsWith(word, pos)) throw error("expected " + word);
        pos += word.length();
        return v;
    }

    private Map<String, Object> object() {
        Map<String, Object> m = new LinkedHashMap<>();
        pos++;
        space();
        if (text.charAt(pos) == '}') {
            pos++;
            return m;
        }
        while (true) {
            space();
            String k = string();
            space();
            if (text.charAt(pos++) != ':') throw error("expected ':'");
            m.put(k, value());
            space();
            char c = text.charAt(pos++);
            if (c == '}') return m;
            if (c != ',') throw error("expected ',' or '}'");
        }
    }

    private List<Object> array() {
        List<Object> l = new ArrayList<>();
        pos++;
        space();
        if (text.charAt(pos) == ']') {
            pos++;
            return l;
        }
        while (true) {
            l.add(value());
            space();
            char c = text.charAt(pos++);
            if (c == ']') return l;
            if (c != ',') throw error("expected ',' or ']'");
        }
    }

    private String string() {
        if (text.charAt(pos) != '"') throw error("expected string");
        pos++;
        StringBuilder b = new StringBuilder();
        while (true) {
            char c = text.charAt(pos++);
            if (c == '"') return b.toString();
            if (c == '\\') {
                char e = text.charAt(pos++);
                switch (e) {
                    case 'n' -> b.append('\n');
                    case 't' -> b.append('\t');
                    case 'r' -> b.append('\r');
                    case 'b' -> b.append('\b');
                    case 'f' -> b.append('\f');
                    case 'u' -> {
                        b.append((char) Integer.parseInt(text.substring(pos, pos + 4), 16));
                        pos += 4;
                    }
                    default -> b.append(e);
                }
            } else {
                b.append(c);
            }
        }
    }

    private Number number() {
        int start = pos;
        while (pos < text.length() && "+-0123456789.eE".indexOf(text.charAt(pos)) >= 0) pos++;
        String s = text.substring(start, pos);
        if (s.isEmpty()) throw error("unexpected character '" + text.charAt(pos) + "'");
        if (s.contains(".") || s.contains("e") || s.contains("E")) return Double.parseDouble(s);
        return Long.parseLong(s);
    }

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
}
