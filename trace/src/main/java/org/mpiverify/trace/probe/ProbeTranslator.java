package org.mpiverify.trace.probe;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.mpiverify.core.trace.ProbeStep;
import org.mpiverify.core.trace.ProbeStep.Kind;
import org.mpiverify.core.trace.RecordedEvent;
import org.mpiverify.core.trace.TraceRecorder.Algorithm;
import org.mpiverify.mpi.JobConfig;
import org.mpiverify.trace.spi.TraceModel;
import org.mpiverify.trace.spi.TraceTranslator;

/**
 * One trace per rank and context that saw a probe or matched probe (the spec models one unexpected queue
 * and the threads that probe it); contexts with sends and receives only are not the probe spec's business
 * (the matching trace checks them).
 */
public final class ProbeTranslator implements TraceTranslator {
    @Override
    public Algorithm algorithm() {
        return Algorithm.PROBE;
    }

    @Override
    public List<TraceModel> models(String run, List<RecordedEvent> events, Map<String, Object> facts,
                                   JobConfig config) {
        Map<Long, List<RecordedEvent>> byUnit = new TreeMap<>();
        Map<Long, Boolean> probed = new TreeMap<>();
        for (RecordedEvent e : events) {
            if (!(e.step() instanceof ProbeStep s)) continue;
            long unit = ((long) s.rank() << 32) | (s.context() & 0xFFFF_FFFFL);
            byUnit.computeIfAbsent(unit, k -> new ArrayList<>()).add(e);
            if (s.kind() == Kind.PROBE || s.kind() == Kind.MPROBE) probed.put(unit, true);
        }
        String variant = config.overrides() != null ? config.overrides().name() : config.matching().name();
        List<TraceModel> out = new ArrayList<>();
        byUnit.forEach((unit, es) -> {
            if (probed.getOrDefault(unit, false)) {
                out.add(new ProbeTraces(run + "/rank" + (unit >> 32) + "-context" + (int) (long) unit, es, variant));
            }
        });
        return out;
    }
}
