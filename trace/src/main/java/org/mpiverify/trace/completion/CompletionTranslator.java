package org.mpiverify.trace.completion;

import java.util.List;
import java.util.Map;
import org.mpiverify.core.trace.CompletionStep;
import org.mpiverify.core.trace.RecordedEvent;
import org.mpiverify.core.trace.TraceRecorder.Algorithm;
import org.mpiverify.mpi.JobConfig;
import org.mpiverify.trace.TraceModel;
import org.mpiverify.trace.TraceTranslator;

/**
 * One completion trace per run: every request of every rank (a request's waiter and completer are often
 * on different ranks, and requests share nothing else, so one trace holds them all; windows keep each
 * TLC run to the lanes that have steps in it).
 */
public final class CompletionTranslator implements TraceTranslator {
    @Override
    public Algorithm algorithm() {
        return Algorithm.COMPLETION;
    }

    @Override
    public List<TraceModel> models(String run, List<RecordedEvent> events, Map<String, Object> facts,
                                   JobConfig config) {
        if (events.stream().noneMatch(e -> e.step() instanceof CompletionStep)) return List.of();
        String variant = config.overrides() != null ? config.overrides().name() : "Completion";
        return List.of(new CompletionTraces(run + "/completions", events, variant));
    }
}
