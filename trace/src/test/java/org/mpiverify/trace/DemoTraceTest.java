package org.mpiverify.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mpiverify.core.trace.TraceRecorder.Algorithm;
import org.mpiverify.results.Console;
import org.mpiverify.results.TraceResultsFile;
import org.mpiverify.results.Workspace;
import org.mpiverify.testkit.ThreadDumpOnFailure;

/**
 * {@code ./mpiverify trace --demo}: the command runs the core's demo program itself, with recording on, and TLC
 * accepts the prefix of its context-id trace (a quick check: the first events only).
 */
@ExtendWith(ThreadDumpOnFailure.class)
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class DemoTraceTest {

    @Test
    void theDemoRunsRecordedAndItsTraceIsAccepted() throws Exception {
        Path dir = Workspace.outputDir(Workspace.root()).resolve("trace/test/demo");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        TraceCommand.Options o = new TraceCommand.Options(List.of(), true, EnumSet.of(Algorithm.CONTEXT_ID), null,
                List.of(), 500, dir, false, 64, 60, null);
        int exit = TraceCommand.run(o, Console.of(new PrintStream(out, true, StandardCharsets.UTF_8), System.err));
        String text = out.toString(StandardCharsets.UTF_8);
        System.out.println(text);
        assertEquals(0, exit, text);
        assertTrue(text.contains("mpiverify demo: ") && text.contains("job finished"), "the demo ran and said so: " + text);
        List<TraceResultsFile.Trace> traces = TraceResultsFile.read(dir.resolve("results.json")).traces();
        assertTrue(!traces.isEmpty() && traces.stream().allMatch(t -> t.name().startsWith("demo/PER_OBJECT/QUEUES")
                && t.status().equals("ACCEPTED")), traces.toString());
    }
}
