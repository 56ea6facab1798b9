package org.mpiverify.bench.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A strict JSON reader for the tests: objects become maps, arrays lists; any syntax error throws. */
public final class JsonReader {
    private final String s;
    private int i;

    private JsonReader(String s) {
        this.s = s;
    }

    public static Object parse(String json) {
        JsonReader r = new JsonReader(json);
        Object v = r.value();
        r.ws();
        if (r.i != json.length()) {
            throw new IllegalArgumentException("trailing text at " + r.i);
        }
        return v;
    }

    private void ws() {
        while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
            i++;
        }
    }

    private IllegalArgumentException err(String what) {
        return new IllegalArgumentException(what + " at " + i + ": ..." + s.substring(Math.max(0, i - 30),
                Math.min(s.length(), i + 30)) + "...");
    }

    private Object value() {
        ws();
        if (i >= s.length()) {
            throw err("unexpected end");
        }
        char c = s.charAt(i);
        if (c == '{') {
            i++;
            Map<String, Object> m = new LinkedHashMap<>();
            ws();
            if (s.charAt(i) == '}') {
                i++;
                return m;
            }
            while (true) {
                ws();
                String k = string();
                ws();
                expect(':');
                if (m.put(k, value()) != null) {
                    throw err("duplicate key " + k);
                }
                ws();
                if (s.charAt(i) == ',') {
                    i++;
                } else {
                    expect('}');
                    return m;
                }
            }
        }
        if (c == '[') {
            i++;
            List<Object> l = new ArrayList<>();
            ws();
            if (s.charAt(i) == ']') {
                i++;
                return l;
            }
            while (true) {
                l.add(value());
                ws();
                if (s.charAt(i) == ',') {
                    i++;
                } else {
                    expect(']');
                    return l;
                }
            }
        }
        if (c == '"') {
            return string();
        }
        for (String lit : new String[] {"true", "false", "null"}) {
            if (s.startsWith(lit, i)) {
                i += lit.length();
                return lit.equals("null") ? null : Boolean.valueOf(lit);
            }
        }
        int start = i;
        while (i < s.length() && "+-0123456789.eE".indexOf(s.charAt(i)) >= 0) {
            i++;
        }
        if (start == i) {
            throw err("unexpected character '" + c + "'");
        }
        return Double.parseDouble(s.substring(start, i));
    }

    private void expect(char c) {
        if (i >= s.length() || s.charAt(i) != c) {
            throw err("expected '" + c + "'");
        }
        i++;
    }

    private String string() {
        expect('"');
        StringBuilder sb = new StringBuilder();
        while (true) {
            if (i >= s.length()) {
                throw err("unterminated string");
            }
            char c = s.charAt(i++);
            if (c == '"') {
                return sb.toString();
            }
            if (c < 0x20) {
                throw err("control character in string");
            }
            if (c != '\\') {
                sb.append(c);
                continue;
            }
            char e = s.charAt(i++);
            switch (e) {
                case 'n' -> sb.append('\n');
                case 'r' -> sb.append('\r');
                case 't' -> sb.append('\t');
                case '"', '\\', '/' -> sb.append(e);
                case 'u' -> {
                    sb.append((char) Integer.parseInt(s.substring(i, i + 4), 16));
                    i += 4;
                }
                default -> throw err("bad escape \\" + e);
            }
        }
    }
}
