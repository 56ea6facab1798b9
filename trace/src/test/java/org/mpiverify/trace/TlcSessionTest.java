package org.mpiverify.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpiverify.core.trace.TraceRecorder;
import org.mpiverify.core.trace.TraceRecorder.Algorithm;
import org.mpiverify.mpi.JobConfig;
import org.mpiverify.mpi.JobResult;
import org.mpiverify.results.Workspace;
import org.mpiverify.trace.contextid.DupWorkload;
import org.mpiverify.trace.spi.TraceModel;
import org.mpiverify.trace.tlc.TlcSession;

/**
 * One TLC JVM checks different windows one after another and answers as a JVM per window would: the windows of a
 * context-id trace, checked again in one session in an order in which each follows other modules (an interned
 * name still bound to another run's variable or definition made TLC compare records field by field in the wrong
 * order, or fail).
 */
@Timeout(value = 4, unit = TimeUnit.MINUTES)
class TlcSessionTest {
    private static final Pattern REACHED = Pattern.compile("^<<\"TRACE-REACHED\", (\\d+)>>$");

    @Test
    void windowsCheckedInAnyOrderInOneJvmGiveTheirOwnAnswers() {
        TraceRecorder rec = TraceRecorder.create(EnumSet.of(Algorithm.CONTEXT_ID), false);
        JobConfig config = JobConfig.of(3).withContextIdCapacity(64).withTrace(rec);
        JobResult run = DupWorkload.run(config, 3, 6, Duration.ofMinutes(1));
        assertTrue(run.ok(), run.describe());
        TraceModel model = TracePrefix.of(Translators.of(Algorithm.CONTEXT_ID)
                .models("session", rec.events(), rec.facts(), config).getFirst(), 120);
        Path work = Workspace.outputDir(Workspace.root()).resolve("trace/test/session");
        TraceVerdict v = new TraceChecker(Workspace.root().resolve("specs"), work, 40, Duration.ofMinutes(2))
                .check(model);
        assertEquals(TraceVerdict.Status.ACCEPTED, v.status(), v.summary());
        assertTrue(v.windows() >= 3, "windows: " + v.windows());

        Path dir = work.resolve(TraceChecker.safe(model.name()));
        List<String> order = new ArrayList<>();
        for (int w = v.windows(); w >= 1; w--) order.add("MC_w" + w);
        // the first window again after the others: without the reset of interned names TLC failed there
        order.addAll(List.of("MC_w1", "MC_w" + v.windows(), "MC_w2"));
        Map<String, Integer> reached = new HashMap<>();
        try (TlcSession session = new TlcSession(Workspace.root().resolve("specs/" + model.specFolder()), true)) {
            for (String module : order) {
                assertTrue(Files.isRegularFile(dir.resolve(module + ".tla")), module);
                StringBuilder errors = new StringBuilder();
                int[] furthest = {0};
                TlcSession.Outcome o = session.check(dir, module, Duration.ofMinutes(1), line -> {
                    Matcher m = REACHED.matcher(line.strip());
                    if (m.matches()) furthest[0] = Math.max(furthest[0], Integer.parseInt(m.group(1)));
                    if (line.contains("STARTMSG 1000") || line.contains("Attempted to")) errors.append(line).append('\n');
                });
                assertEquals(Integer.valueOf(0), o.exitCode(), module + ": " + o.failure() + "\n" + errors);
                Integer before = reached.putIfAbsent(module, furthest[0]);
                if (before != null) assertEquals(before, furthest[0], module + " checked again");
            }
        }
    }
}
