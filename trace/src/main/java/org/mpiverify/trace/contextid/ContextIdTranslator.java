package org.mpiverify.trace.contextid;

import java.util.List;
import java.util.Map;
import org.mpiverify.core.trace.ContextIdStep;
import org.mpiverify.core.trace.RecordedEvent;
import org.mpiverify.core.trace.TraceRecorder.Algorithm;
import org.mpiverify.mpi.JobConfig;
import org.mpiverify.trace.spi.TraceModel;
import org.mpiverify.trace.spi.TraceTranslator;

/** One trace per run: every process's allocator together (the spec models all processes of a job). */
public final class ContextIdTranslator implements TraceTranslator {
    @Override
    public Algorithm algorithm() {
        return Algorithm.CONTEXT_ID;
    }

    @Override
    public List<TraceModel> models(String run, List<RecordedEvent> events, Map<String, Object> facts,
                                   JobConfig config) {
        if (events.stream().noneMatch(e -> e.step() instanceof ContextIdStep)) return List.of();
        // A twin is checked against the spec of the algorithm it stands in for (the job's context-id algorithm).
        String variant = config.overrides() != null && config.overrides().contextIds() != null
                ? config.overrides().name() : config.contextIds().name();
        return List.of(new ContextIdTraces(run + "/allocators", events, config.contextIds(), variant, config.ranks(),
                facts));
    }
}
