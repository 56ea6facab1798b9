package org.mpiverify.trace.matching;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.mpiverify.core.trace.RecordedEvent;
import org.mpiverify.core.trace.TraceRecorder.Algorithm;
import org.mpiverify.mpi.JobConfig;
import org.mpiverify.trace.spi.TraceModel;
import org.mpiverify.trace.spi.TraceTranslator;

/** One trace per rank: the steps of that rank's matching engine, all its contexts together. */
public final class MatchingTranslator implements TraceTranslator {
    @Override
    public Algorithm algorithm() {
        return Algorithm.MATCHING;
    }

    @Override
    public List<TraceModel> models(String run, List<RecordedEvent> events, Map<String, Object> facts,
                                   JobConfig config) {
        String variant = config.overrides() != null && config.overrides().matching() != null
                ? config.overrides().name() : config.matching().name();
        List<TraceModel> out = new ArrayList<>();
        for (int rank : MatchingTraces.ranks(events)) {
            out.add(new MatchingTraces(run + "/rank" + rank, variant, rank, events));
        }
        return out;
    }
}
