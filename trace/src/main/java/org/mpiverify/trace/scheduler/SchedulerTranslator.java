package org.mpiverify.trace.scheduler;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.mpiverify.core.trace.RecordedEvent;
import org.mpiverify.core.trace.SchedulerStep;
import org.mpiverify.core.trace.TraceRecorder.Algorithm;
import org.mpiverify.mpi.JobConfig;
import org.mpiverify.trace.spi.TraceModel;
import org.mpiverify.trace.spi.TraceTranslator;

/** One scheduler trace per worker that took a step (each worker has a bit-vector of its own). */
public final class SchedulerTranslator implements TraceTranslator {
    @Override
    public Algorithm algorithm() {
        return Algorithm.SCHEDULER;
    }

    @Override
    public List<TraceModel> models(String run, List<RecordedEvent> events, Map<String, Object> facts,
                                   JobConfig config) {
        return models(run, events, facts, "DangScheduler");
    }

    /** The traces of a run whose scheduler is {@code variant} (a twin's name, or {@code DangScheduler}). */
    public static List<TraceModel> models(String run, List<RecordedEvent> events, Map<String, Object> facts,
                                          String variant) {
        boolean closed = Boolean.TRUE.equals(facts.get(SchedulerWorkload.CLOSED));
        List<TraceModel> out = new ArrayList<>();
        for (String worker : workers(events)) {
            out.add(new SchedulerTraces(run + "/" + worker, events, worker, variant, closed));
        }
        return out;
    }

    /** The workers that took a step, in order of their first. */
    public static Set<String> workers(List<RecordedEvent> events) {
        Set<String> ws = new LinkedHashSet<>();
        for (RecordedEvent e : events) {
            if (e.step() instanceof SchedulerStep s) ws.add(s.worker());
        }
        return ws;
    }
}
