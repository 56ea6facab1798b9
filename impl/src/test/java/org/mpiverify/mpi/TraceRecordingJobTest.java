package org.mpiverify.mpi;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.mpiverify.core.trace.MatchingStep;
import org.mpiverify.core.trace.ProbeStep;
import org.mpiverify.core.trace.RecordedEvent;
import org.mpiverify.core.trace.TraceRecorder;
import org.mpiverify.core.trace.TraceRecorder.Algorithm;

/** A job records every algorithm at once, as {@code ./mpiverify trace} does by default. */
class TraceRecordingJobTest {
    @Test
    void aJobRecordsMatchingAndProbeTogether() {
        for (MatchingKind m : MatchingKind.values()) {
            TraceRecorder rec = TraceRecorder.create(EnumSet.allOf(Algorithm.class), false);
            JobResult r = Job.run(JobConfig.of(2).withMatching(m).withTrace(rec), mpi -> {
                mpi.initThread(ThreadLevel.MULTIPLE);
                Comm world = mpi.commWorld();
                int[] buf = new int[1];
                if (world.rank() == 0) {
                    world.send(new int[] {7}, 0, 1, Datatype.INT, 1, 3);
                } else {
                    world.mprobe(0, 3, null).mrecv(buf, 0, 1, Datatype.INT);
                }
                mpi.finalizeMpi();
            }, Duration.ofSeconds(30));
            assertTrue(r.ok(), m + ": " + r.describe());
            List<RecordedEvent> events = rec.events();
            assertTrue(events.stream().anyMatch(e -> e.step() instanceof MatchingStep), m + ": matching steps");
            assertTrue(events.stream().anyMatch(e -> e.step() instanceof ProbeStep), m + ": probe steps");
        }
    }
}
