package org.mpiverify.trace.progress;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.mpiverify.core.trace.RecordedEvent;
import org.mpiverify.core.trace.TraceRecorder.Algorithm;
import org.mpiverify.mpi.JobConfig;
import org.mpiverify.trace.spi.TraceModel;
import org.mpiverify.trace.spi.TraceTranslator;

/** One progress trace per rank whose engine took a step (each rank has an engine of its own). */
public final class ProgressTranslator implements TraceTranslator {
    @Override
    public Algorithm algorithm() {
        return Algorithm.PROGRESS;
    }

    @Override
    public List<TraceModel> models(String run, List<RecordedEvent> events, Map<String, Object> facts,
                                   JobConfig config) {
        String twin = config.overrides() != null ? config.overrides().name() : null;
        String variant = twin != null && ProgressTwins.isTwin(twin) ? twin : "ProgressEngine";
        List<TraceModel> out = new ArrayList<>();
        for (int rank : ProgressTraces.ranks(events)) {
            // "progress-": a rank's matching trace is run/rankN, and each trace needs a TLC folder and report page of its own
            out.add(new ProgressTraces(run + "/progress-rank" + rank, events, rank, variant));
        }
        return out;
    }
}
