package org.mpiverify.trace;

import java.util.EnumMap;
import java.util.Map;
import org.mpiverify.core.trace.TraceRecorder.Algorithm;
import org.mpiverify.trace.contextid.ContextIdTranslator;
import org.mpiverify.trace.probe.ProbeTranslator;

/** The translator of each algorithm that has a trace spec. */
public final class Translators {
    private static final Map<Algorithm, TraceTranslator> BY_ALGORITHM = new EnumMap<>(Algorithm.class);

    static {
        register(new ContextIdTranslator());
        register(new ProbeTranslator());
    }

    private Translators() {}

    private static void register(TraceTranslator t) {
        BY_ALGORITHM.put(t.algorithm(), t);
    }

    /** The translator of {@code a}, or null if {@code a} has no trace spec yet. */
    public static TraceTranslator of(Algorithm a) {
        return BY_ALGORITHM.get(a);
    }
}
