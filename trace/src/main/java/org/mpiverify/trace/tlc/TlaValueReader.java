package org.mpiverify.trace.tlc;

import java.util.ArrayList;
import java.util.List;
import tlc2.value.impl.BoolValue;
import tlc2.value.impl.IntValue;
import tlc2.value.impl.ModelValue;
import tlc2.value.impl.RecordValue;
import tlc2.value.impl.SetEnumValue;
import tlc2.value.impl.StringValue;
import tlc2.value.impl.TupleValue;
import tlc2.value.impl.Value;
import util.UniqueString;

/**
 * Reads the TLA+ constant values a translator writes for an event ({@code org.mpiverify.trace.spi.Tla}) into TLC's
 * values: records {@code [a |-> v, ...]}, tuples {@code <<v, ...>>}, enumerated sets {@code {v, ...}}, integers,
 * strings, {@code TRUE}/{@code FALSE}, and the names of the run's model values ({@code Wild}, which its
 * configuration declares {@code Wild = Wild}). Anything else (an operator, an interval, any other name, such as a
 * definition's) is refused with its position: a trace read as data holds values only.
 *
 * <p>Thread safety: each {@link #read} has its own reader.
 */
final class TlaValueReader {
    private final String s;
    private int i;

    private TlaValueReader(String s) {
        this.s = s;
    }

    /** The value {@code text} denotes. */
    static Value read(String text) {
        TlaValueReader r = new TlaValueReader(text);
        Value v = r.value();
        r.blanks();
        if (r.i != text.length()) throw r.error("text after the value");
        return v;
    }

    private Value value() {
        blanks();
        if (i >= s.length()) throw error("a value expected");
        char c = s.charAt(i);
        if (c == '[') return record();
        if (c == '{') return set();
        if (c == '"') return string();
        if (c == '<' && s.startsWith("<<", i)) return tuple();
        if (c == '-' || Character.isDigit(c)) return integer();
        if (s.startsWith("TRUE", i)) {
            i += 4;
            return BoolValue.ValTrue;
        }
        if (s.startsWith("FALSE", i)) {
            i += 5;
            return BoolValue.ValFalse;
        }
        if (Character.isLetter(c)) {
            int start = i;
            while (i < s.length() && (Character.isLetterOrDigit(s.charAt(i)) || s.charAt(i) == '_')) i++;
            ModelValue[] declared = ModelValue.mvs;
            String name = s.substring(start, i);
            if (declared != null) {
                for (ModelValue mv : declared) if (mv.val.toString().equals(name)) return mv;
            }
            i = start;
            throw error("not a value (nor a model value of this run)");
        }
        throw error("not a value");
    }

    private Value record() {
        i++;
        List<UniqueString> names = new ArrayList<>();
        List<Value> values = new ArrayList<>();
        blanks();
        if (peek(']')) throw error("an empty record");
        do {
            blanks();
            int start = i;
            while (i < s.length() && (Character.isLetterOrDigit(s.charAt(i)) || s.charAt(i) == '_')) i++;
            if (start == i) throw error("a field name expected");
            names.add(UniqueString.uniqueStringOf(s.substring(start, i)));
            blanks();
            if (!s.startsWith("|->", i)) throw error("|-> expected");
            i += 3;
            values.add(value());
            blanks();
        } while (comma());
        expect(']');
        // normalized (fields sorted) as TLC leaves a record literal it evaluated: compared and fingerprinted alike
        RecordValue r = new RecordValue(names.toArray(UniqueString[]::new), values.toArray(Value[]::new), false);
        r.normalize();
        return r;
    }

    private Value tuple() {
        i += 2;
        List<Value> elements = new ArrayList<>();
        blanks();
        if (s.startsWith(">>", i)) {
            i += 2;
            return TupleValue.EmptyTuple;
        }
        do {
            elements.add(value());
            blanks();
        } while (comma());
        if (!s.startsWith(">>", i)) throw error(">> expected");
        i += 2;
        return new TupleValue(elements.toArray(Value[]::new));
    }

    private Value set() {
        i++;
        List<Value> elements = new ArrayList<>();
        blanks();
        if (peek('}')) {
            i++;
            return SetEnumValue.EmptySet;
        }
        do {
            elements.add(value());
            blanks();
        } while (comma());
        expect('}');
        SetEnumValue set = new SetEnumValue(elements.toArray(Value[]::new), false);
        set.normalize();
        return set;
    }

    private Value string() {
        i++;
        StringBuilder b = new StringBuilder();
        while (i < s.length() && s.charAt(i) != '"') {
            char c = s.charAt(i++);
            if (c == '\\') {
                if (i >= s.length()) break;
                c = s.charAt(i++);
            }
            b.append(c);
        }
        expect('"');
        return new StringValue(b.toString());
    }

    private Value integer() {
        int start = i;
        if (s.charAt(i) == '-') i++;
        while (i < s.length() && Character.isDigit(s.charAt(i))) i++;
        try {
            return IntValue.gen(Integer.parseInt(s.substring(start, i)));
        } catch (NumberFormatException e) {
            i = start;
            throw error("not a 32-bit integer");
        }
    }

    private boolean comma() {
        if (peek(',')) {
            i++;
            return true;
        }
        return false;
    }

    private boolean peek(char c) {
        return i < s.length() && s.charAt(i) == c;
    }

    private void expect(char c) {
        if (!peek(c)) throw error(c + " expected");
        i++;
    }

    private void blanks() {
        while (i < s.length() && Character.isWhitespace(s.charAt(i))) i++;
    }

    private IllegalArgumentException error(String what) {
        return new IllegalArgumentException(what + " at column " + (i + 1) + " of " + s);
    }
}
