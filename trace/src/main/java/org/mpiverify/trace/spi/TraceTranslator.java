package org.mpiverify.trace.spi;

import java.util.List;
import java.util.Map;
import org.mpiverify.core.trace.RecordedEvent;
import org.mpiverify.core.trace.TraceRecorder.Algorithm;
import org.mpiverify.mpi.JobConfig;

/**
 * Turns one run's recorded events of one algorithm into traces TLC can check: the bridge between what
 * {@code org.mpiverify.core.trace.TraceRecorder} recorded and an algorithm's {@code ...Trace.tla}.
 * One per algorithm, in that algorithm's package ({@code org.mpiverify.trace.Translators} lists them); the
 * {@code trace} command and the tests use nothing else.
 */
public interface TraceTranslator {
    /** The algorithm whose events this translates. */
    Algorithm algorithm();

    /**
     * The traces of one run: one per unit the spec models (one job's allocators, one rank's matching, ...),
     * each named {@code run + "/" + unit}. Events of other algorithms are ignored. An empty list means the
     * run took no step of this algorithm.
     *
     * @param run    the run's name (scenario and configuration)
     * @param events every event the run recorded, in global order
     * @param facts  the recorder's facts
     * @param config the job's configuration (ranks, engine, context-id algorithm, ...)
     */
    List<TraceModel> models(String run, List<RecordedEvent> events, Map<String, Object> facts, JobConfig config);
}
