package org.mpiverify.trace.completion;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.mpiverify.core.trace.CompletionStep;
import org.mpiverify.core.trace.RecordedEvent;
import org.mpiverify.core.trace.TraceRecorder.Algorithm;
import org.mpiverify.mpi.JobConfig;
import org.mpiverify.trace.spi.TraceModel;
import org.mpiverify.trace.spi.TraceTranslator;

/**
 * One completion trace per run: every request of every rank (a request's waiter and completer are often
 * on different ranks, and requests share nothing else, so one trace holds them all; windows keep each
 * TLC run to the lanes that have steps in it). And one table trace per match table that recorded its
 * inserts and empties ({@link TableTraces}, against {@code AtomicMapTrace.tla}).
 */
public final class CompletionTranslator implements TraceTranslator {
    @Override
    public Algorithm algorithm() {
        return Algorithm.COMPLETION;
    }

    @Override
    public List<TraceModel> models(String run, List<RecordedEvent> events, Map<String, Object> facts,
                                   JobConfig config) {
        String twin = config.overrides() != null ? config.overrides().name() : null;
        List<TraceModel> models = new ArrayList<>();
        if (events.stream().anyMatch(e -> e.step() instanceof CompletionStep)) {
            boolean completionTwin = twin != null && CompletionTwins.tableClassOf(twin) == null;
            models.add(new CompletionTraces(run + "/completions", events, completionTwin ? twin : "Completion"));
        }
        List<Long> tables = TableTraces.tables(events);
        for (int i = 0; i < tables.size(); i++) {
            String unit = tables.size() == 1 ? "/table" : "/table" + (i + 1);
            boolean tableTwin = twin != null && CompletionTwins.tableClassOf(twin) != null;
            models.add(new TableTraces(run + unit, events, tables.get(i), tableTwin ? twin : "MatchTable"));
        }
        return models;
    }
}
