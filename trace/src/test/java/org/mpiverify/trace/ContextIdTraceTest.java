package org.mpiverify.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumSet;
import org.junit.jupiter.api.Test;
import org.mpiverify.core.contextid.ContextIdAlgorithm;
import org.mpiverify.core.trace.TraceRecorder;
import org.mpiverify.mpi.JobConfig;
import org.mpiverify.mpi.JobResult;
import org.mpiverify.results.Workspace;
import org.mpiverify.trace.contextid.ContextIdTraces;
import org.mpiverify.trace.contextid.DupWorkload;

class ContextIdTraceTest {
    @Test
    void aDupWorkloadIsAccepted() {
        TraceRecorder rec = TraceRecorder.create(EnumSet.of(TraceRecorder.Algorithm.CONTEXT_ID), false);
        JobResult r = DupWorkload.run(JobConfig.of(4).withContextIdCapacity(Integer.getInteger("capacity", 1024)).withTrace(rec), 4, Integer.getInteger("rounds", 10),
                Duration.ofMinutes(2));
        assertTrue(r.ok(), r.describe());
        ContextIdTraces model = new ContextIdTraces("dup-workload", rec.events(), ContextIdAlgorithm.MULTITHREADED, "MULTITHREADED", 4,
                rec.facts());
        Path root = Workspace.root();
        TraceChecker checker = new TraceChecker(root.resolve("specs"), Workspace.outputDir(root).resolve("trace/test"),
                Integer.getInteger("window", 1000), Duration.ofMinutes(10));
        TraceVerdict v = checker.check(model);
        System.out.println(v.summary() + " " + v.eventsPerSecond() + " ev/s " + v.reason());
        assertEquals(TraceVerdict.Status.ACCEPTED, v.status(), v.toString());
    }
}
