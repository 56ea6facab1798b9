package org.mpiverify.audit.scenario;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.mpiverify.results.Json;

/**
 * {@link RankReport} as one line of JSON, so a rank in another JVM (under {@code mpiexec}) can hand
 * its report to the driver: {@code {"rank":0,"facts":{"k":"v"},"evidence":["..."],"error":null}}.
 * Only strings and one integer, so the format is small enough to parse here without a library.
 */
public final class ReportCodec {
    private ReportCodec() { }

    public static String encode(RankReport r) {
        StringBuilder sb = new StringBuilder(256).append("{\"rank\":").append(r.rank()).append(",\"facts\":{");
        boolean first = true;
        for (Map.Entry<String, String> e : r.facts().entrySet()) {
            if (!first) sb.append(',');
            first = false;
            quote(sb, e.getKey()).append(':');
            quote(sb, e.getValue());
        }
        sb.append("},\"evidence\":[");
        for (int i = 0; i < r.evidence().size(); i++) {
            if (i > 0) sb.append(',');
            quote(sb, r.evidence().get(i));
        }
        sb.append("],\"error\":");
        if (r.error() == null) sb.append("null"); else quote(sb, r.error());
        return sb.append('}').toString();
    }

    public static RankReport decode(String json) {
        Parser p = new Parser(json);
        p.expect('{');
        int rank = -1;
        Map<String, String> facts = new LinkedHashMap<>();
        List<String> evidence = new ArrayList<>();
        String error = null;
        do {
            String key = p.string();
            p.expect(':');
            switch (key) {
                case "rank" -> rank = p.integer();
                case "facts" -> {
                    p.expect('{');
                    if (!p.consume('}')) {
                        do {
                            String k = p.string();
                            p.expect(':');
                            facts.put(k, p.string());
                        } while (p.consume(','));
                        p.expect('}');
                    }
                }
                case "evidence" -> {
                    p.expect('[');
                    if (!p.consume(']')) {
                        do { evidence.add(p.string()); } while (p.consume(','));
                        p.expect(']');
                    }
                }
                case "error" -> error = p.consumeNull() ? null : p.string();
                default -> throw new IllegalArgumentException("unknown key " + key + " in " + json);
            }
        } while (p.consume(','));
        p.expect('}');
        return new RankReport(rank, facts, evidence, error);
    }

    private static StringBuilder quote(StringBuilder sb, String s) {
        return sb.append(Json.quote(s));
    }

    private static final class Parser {
        private final String s;
        private int i;

        Parser(String s) { this.s = s; }

        void skip() { while (i < s.length() && Character.isWhitespace(s.charAt(i))) i++; }

        void expect(char c) {
            skip();
            if (i >= s.length() || s.charAt(i) != c)
                throw new IllegalArgumentException("expected '" + c + "' at " + i + " in " + s);
            i++;
        }

        boolean consume(char c) {
            skip();
            if (i < s.length() && s.charAt(i) == c) { i++; return true; }
            return false;
        }

        boolean consumeNull() {
            skip();
            if (s.startsWith("null", i)) { i += 4; return true; }
            return false;
        }

        int integer() {
            skip();
            int start = i;
            if (i < s.length() && s.charAt(i) == '-') i++;
            while (i < s.length() && Character.isDigit(s.charAt(i))) i++;
            return Integer.parseInt(s.substring(start, i));
        }

        String string() {
            expect('"');
            StringBuilder sb = new StringBuilder();
            while (true) {
                char c = s.charAt(i++);
                if (c == '"') return sb.toString();
                if (c != '\\') { sb.append(c); continue; }
                char e = s.charAt(i++);
                switch (e) {
                    case 'n' -> sb.append('\n');
                    case 'r' -> sb.append('\r');
                    case 't' -> sb.append('\t');
                    case 'u' -> { sb.append((char) Integer.parseInt(s.substring(i, i + 4), 16)); i += 4; }
                    default -> sb.append(e);
                }
            }
        }
    }
}
