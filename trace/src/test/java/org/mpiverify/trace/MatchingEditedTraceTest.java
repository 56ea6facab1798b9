package org.mpiverify.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mpiverify.core.trace.MatchingStep;
import org.mpiverify.core.trace.MatchingStep.Kind;
import org.mpiverify.core.trace.TraceRecorder;
import org.mpiverify.mpi.JobConfig;
import org.mpiverify.mpi.JobResult;
import org.mpiverify.testkit.ThreadDumpOnFailure;
import org.mpiverify.trace.matching.MatchingTraces;
import org.mpiverify.trace.matching.MatchingWorkload;

/** A recorded matching trace edited by hand, one event dropped or two swapped: TLC rejects it at the edit. */
@ExtendWith(ThreadDumpOnFailure.class)
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class MatchingEditedTraceTest {
    private static MatchingTraces model;
    private static List<MatchingStep> steps;

    @BeforeAll
    static void record() {
        TraceRecorder rec = TraceRecorder.create(EnumSet.of(TraceRecorder.Algorithm.MATCHING), false);
        JobResult r = MatchingWorkload.run(JobConfig.of(2).withTrace(rec), 2, 4, Duration.ofMinutes(1));
        assertTrue(r.ok(), r.describe());
        model = new MatchingTraces("edited/rank0", "QUEUES", 0, rec.events());
        steps = MatchingReplay.steps(rec.events(), 0);
        assertEquals(0, MatchingReplay.firstDisagreement(steps));
    }

    /** Index (0-based) of the arrival of {@code message}, or -1. */
    private static int arrivalOf(long message) {
        for (int i = 0; i < steps.size(); i++) {
            if (steps.get(i).kind() == Kind.ARRIVE && steps.get(i).message() == message) return i;
        }
        return -1;
    }

    @Test
    void aTraceWithoutTheArrivalOfAReceivedMessageIsRejectedWhereItIsReceived() {
        int post = -1;
        for (int i = 0; i < steps.size() && post < 0; i++) {
            if (steps.get(i).kind() == Kind.POST && steps.get(i).message() != 0) post = i;
        }
        assertTrue(post > 0, "the workload receives an unexpected message");
        int arrival = arrivalOf(steps.get(post).message());
        TraceVerdict v = MatchingTraceTest.checker("edited").check(EditedTrace.dropping(model, arrival + 1));
        System.out.println(v.summary());
        assertEquals(TraceVerdict.Status.REJECTED, v.status(), v.summary());
        assertEquals(post, v.firstBad(), "rejected at the receive of the message whose arrival is gone (event "
                + post + " after the drop)");
        assertEquals(model.steps().get(post).tla(), v.badStep().tla());
    }

    @Test
    void aTraceWithAnArrivalSwappedBeforeThePostOfItsReceiveIsRejectedThere() {
        int post = -1, arrival = -1;
        for (int i = 0; i < steps.size() && arrival < 0; i++) {
            MatchingStep s = steps.get(i);
            if (s.kind() == Kind.ARRIVE && s.receive() != 0) {
                for (int j = 0; j < i; j++) {
                    if (steps.get(j).kind() == Kind.POST && steps.get(j).receive() == s.receive()) post = j;
                }
                arrival = i;
            }
        }
        assertTrue(post >= 0 && arrival > post, "the workload matches a posted receive");
        TraceVerdict v = MatchingTraceTest.checker("edited").check(EditedTrace.swapping(model, post + 1, arrival + 1));
        System.out.println(v.summary());
        assertEquals(TraceVerdict.Status.REJECTED, v.status(), v.summary());
        assertEquals(post + 1, v.firstBad(), "rejected where the arrival now comes before its receive's post");
        assertEquals(model.steps().get(arrival).tla(), v.badStep().tla());
    }
}
