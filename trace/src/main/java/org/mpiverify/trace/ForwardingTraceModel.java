package org.mpiverify.trace;

import java.util.List;
import java.util.Map;
import org.mpiverify.core.trace.TraceRecorder.Algorithm;
import org.mpiverify.trace.spi.TraceModel;

/** A trace that is another one changed in its events: everything but what a subclass overrides is the original's. */
abstract class ForwardingTraceModel implements TraceModel {
    protected final TraceModel original;

    ForwardingTraceModel(TraceModel original) {
        this.original = original;
    }

    @Override public String name() { return original.name(); }

    @Override public Algorithm algorithm() { return original.algorithm(); }

    @Override public String variant() { return original.variant(); }

    @Override public String specFolder() { return original.specFolder(); }

    @Override public String traceModule() { return original.traceModule(); }

    @Override public List<String> invariants() { return original.invariants(); }

    @Override public List<String> properties() { return original.properties(); }

    @Override public Map<String, String> constants(int from, int to) { return original.constants(from, to); }

    @Override public Map<String, String> definitions() { return original.definitions(); }

    @Override public List<String> modelValues() { return original.modelValues(); }

    @Override public Map<String, String> substitutions() { return original.substitutions(); }

    @Override public String truncation() { return original.truncation(); }

    @Override public boolean readsTraceAsData() { return original.readsTraceAsData(); }

    @Override public Map<String, String> dataConstants() { return original.dataConstants(); }

    @Override public String view() { return original.view(); }

    @Override public boolean batchesAcrossConstants() { return original.batchesAcrossConstants(); }
}
