package org.mpiverify.locks.report;

import java.util.Arrays;
import java.util.Collection;

/**
 * A minimal JSON writer: objects, arrays, strings (escaped as RFC 8259 requires), numbers and booleans,
 * with commas placed automatically. The agent has its own because it may share no classes with the
 * program under test (which may be this project's own code).
 */
final class JsonWriter {
    private final StringBuilder sb = new StringBuilder(4096);
    /** Per nesting level: whether the next value needs a comma before it. */
    private boolean[] comma = new boolean[32];
    private int depth;

    JsonWriter beginObject() {
        value();
        sb.append('{');
        push();
        return this;
    }

    JsonWriter endObject() {
        depth--;
        sb.append('}');
        return this;
    }

    JsonWriter beginArray() {
        value();
        sb.append('[');
        push();
        return this;
    }

    JsonWriter endArray() {
        depth--;
        sb.append(']');
        return this;
    }

    JsonWriter name(String name) {
        value();
        string(name);
        sb.append(':');
        comma[depth] = false;
        return this;
    }

    JsonWriter value(String s) {
        value();
        if (s == null) {
            sb.append("null");
        } else {
            string(s);
        }
        return this;
    }

    JsonWriter value(long v) {
        value();
        sb.append(v);
        return this;
    }

    JsonWriter value(double v) {
        value();
        if (Double.isFinite(v)) {
            sb.append(Math.round(v * 1000.0) / 1000.0);
        } else {
            sb.append("null");
        }
        return this;
    }

    JsonWriter value(boolean v) {
        value();
        sb.append(v);
        return this;
    }

    JsonWriter field(String name, String v) {
        return name(name).value(v);
    }

    JsonWriter field(String name, long v) {
        return name(name).value(v);
    }

    JsonWriter field(String name, double v) {
        return name(name).value(v);
    }

    JsonWriter field(String name, boolean v) {
        return name(name).value(v);
    }

    JsonWriter strings(String name, Collection<String> values) {
        name(name).beginArray();
        for (String v : values) {
            value(v);
        }
        return endArray();
    }

    private void push() {
        depth++;
        if (depth == comma.length) {
            comma = Arrays.copyOf(comma, depth * 2);
        }
        comma[depth] = false;
    }

    private void value() {
        if (comma[depth]) {
            sb.append(',');
        }
        comma[depth] = true;
    }

    private void string(String s) {
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> {
                    if (c < 0x20) {
                        sb.append(String.format("\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        sb.append('"');
    }

    @Override
    public String toString() {
        return sb.toString();
    }
}
