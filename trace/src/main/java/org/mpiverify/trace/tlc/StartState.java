package org.mpiverify.trace.tlc;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.mpiverify.trace.spi.Tla;

/**
 * Rewrites a state as TLC prints it into TLA+ that TLC evaluates once when a window starts from it: every function
 * TLC printed as {@code (k1 :> v1 @@ k2 :> v2 @@ ...)} becomes a constructor ({@link Tla#function}), the rest is
 * kept as printed. TLC evaluates a constant built with {@code :>} and {@code @@} again on every access, and a
 * window's initial predicate reads its start state once per thread: with a few hundred threads that was most of a
 * window's time.
 *
 * <p>The printed forms read: records {@code [a |-> v, ...]}, tuples {@code <<v, ...>>}, sets {@code {v, ...}},
 * functions {@code (k :> v @@ ...)}, strings, integers, intervals {@code a..b}, {@code TRUE}, {@code FALSE} and
 * model values (names). Anything else is refused with the offset where it was found. Stateless, thread-safe.
 */
public final class StartState {
    private final String text;
    private int at;

    private StartState(String text) {
        this.text = text;
    }

    /** The state {@code printed} (TLC's {@code PrintT} of a value) in constructor form. */
    public static String constructorForm(String printed) {
        StartState p = new StartState(printed);
        String value = p.value();
        p.skipSpace();
        if (p.at != printed.length()) throw p.error("end of the value");
        return value;
    }

    private String value() {
        skipSpace();
        if (at >= text.length()) throw error("a value");
        char c = text.charAt(at);
        if (c == '[') return record();
        if (text.startsWith("<<", at)) return sequence("<<", ">>");
        if (c == '{') return sequence("{", "}");
        if (c == '(') return function();
        if (c == '"') return string();
        if (c == '-' || Character.isDigit(c)) return number();
        if (Character.isLetter(c) || c == '_') return name();
        throw error("a value");
    }

    private String record() {
        expect("[");
        Map<String, String> fields = new LinkedHashMap<>();
        skipSpace();
        if (peek("]")) {
            at++;
            return "[x \\in {} |-> 0]";
        }
        do {
            String field = name();
            expect("|->");
            fields.put(field, value());
        } while (comma());
        expect("]");
        return Tla.record(fields);
    }

    private String sequence(String open, String close) {
        expect(open);
        List<String> elements = new ArrayList<>();
        skipSpace();
        if (!peek(close)) {
            do {
                elements.add(value());
            } while (comma());
        }
        expect(close);
        return open + String.join(", ", elements) + close;
    }

    private String function() {
        expect("(");
        Map<String, String> entries = new LinkedHashMap<>();
        do {
            String key = value();
            expect(":>");
            entries.put(key, value());
            skipSpace();
        } while (consume("@@"));
        expect(")");
        return Tla.function(entries);
    }

    private String string() {
        int start = at++;
        while (at < text.length() && text.charAt(at) != '"') {
            if (text.charAt(at) == '\\') at++;
            at++;
        }
        if (at >= text.length()) throw error("the end of a string");
        at++;
        return text.substring(start, at);
    }

    private String number() {
        int start = at;
        if (text.charAt(at) == '-') at++;
        while (at < text.length() && Character.isDigit(text.charAt(at))) at++;
        if (at == start || (at == start + 1 && text.charAt(start) == '-')) throw error("a number");
        String n = text.substring(start, at);
        if (text.startsWith("..", at)) {
            at += 2;
            return "(" + n + ".." + number() + ")";
        }
        return n;
    }

    private String name() {
        skipSpace();
        int start = at;
        while (at < text.length() && (Character.isLetterOrDigit(text.charAt(at)) || text.charAt(at) == '_')) at++;
        if (at == start) throw error("a name");
        return text.substring(start, at);
    }

    private boolean comma() {
        return consume(",");
    }

    private boolean consume(String token) {
        skipSpace();
        if (peek(token)) {
            at += token.length();
            return true;
        }
        return false;
    }

    private boolean peek(String token) {
        return text.startsWith(token, at);
    }

    private void expect(String token) {
        if (!consume(token)) throw error("'" + token + "'");
    }

    private void skipSpace() {
        while (at < text.length() && Character.isWhitespace(text.charAt(at))) at++;
    }

    private IllegalArgumentException error(String wanted) {
        int from = Math.max(0, at - 20);
        return new IllegalArgumentException("cannot read TLC's printed state: expected " + wanted + " at offset "
                + at + ": ..." + text.substring(from, Math.min(text.length(), at + 20)) + "...");
    }
}
