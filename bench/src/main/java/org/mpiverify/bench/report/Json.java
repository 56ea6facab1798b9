package org.mpiverify.bench.report;

import java.util.Locale;

/** The two JSON primitives the writers need: quoted strings and numbers (non-finite numbers become null). */
final class Json {
    private Json() {
    }

    static String str(String s) {
        return org.mpiverify.results.Json.quote(s);
    }

    static String num(double v) {
        if (!Double.isFinite(v)) {
            return "null";
        }
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        return String.format(Locale.ROOT, "%.6g", v);
    }
}
