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
 * One TLC JVM checks different runs one after another and answers as a JVM per run would: prefixes of a context-id
 * trace (each read as data from its own file), checked again in one session in an order in which each follows
 * other runs (an interned name still bound to another run's variable or definition made TLC compare records field
 * by field in the wrong order, or fail; a file kept by TraceLog from another run must not answer for this one).
 */
@Timeout(value = 4, unit = TimeUnit.MINUTES)
class TlcSessionTest {
    private static final Pattern REACHED = Pattern.compile("^<<\"TRACE-REACHED\", (\\d+)>>$");

    @Test
    void runsCheckedInAnyOrderInOneJvmGiveTheirOwnAnswers() {
        TraceRecorder rec = TraceRecorder.create(EnumSet.of(Algorithm.CONTEXT_ID), false);
        JobConfig config = JobConfig.of(3).withContextIdCapacity(64).withTrace(rec);
        JobResult run = DupWorkload.run(config, 3, 6, Duration.ofMinutes(1));
        assertTrue(run.ok(), run.describe());
        TraceModel whole = Translators.of(Algorithm.CONTEXT_ID).models("session", rec.events(), rec.facts(), config)
                .getFirst();
        Path work = Workspace.outputDir(Workspace.root()).resolve("trace/test/session");
        Map<Integer, Path> dirs = new HashMap<>();
        for (int events : List.of(40, 120)) {
            TraceModel model = TracePrefix.of(whole, events);
            Path out = work.resolve("prefix" + events);
            TraceVerdict v = new TraceChecker(Workspace.root().resolve("specs"), out, 40, Duration.ofMinutes(2))
                    .check(model);
            assertEquals(TraceVerdict.Status.ACCEPTED, v.status(), v.summary());
            assertEquals(1, v.windows(), "read as data: one run");
            dirs.put(events, out.resolve(TraceChecker.safe(model.name())));
        }
        // each prefix again after the others: without the reset of interned names TLC failed there
        List<Integer> order = List.of(120, 40, 40, 120);
        Map<Integer, Integer> reached = new HashMap<>();
        try (TlcSession session = new TlcSession(Workspace.root().resolve("specs/" + whole.specFolder()), true)) {
            for (int events : order) {
                Path dir = dirs.get(events);
                assertTrue(Files.isRegularFile(dir.resolve("MC_w1.tla")), dir.toString());
                StringBuilder errors = new StringBuilder();
                int[] furthest = {0};
                TlcSession.Outcome o = session.check(dir, "MC_w1", Duration.ofMinutes(1), line -> {
                    Matcher m = REACHED.matcher(line.strip());
                    if (m.matches()) furthest[0] = Math.max(furthest[0], Integer.parseInt(m.group(1)));
                    if (line.contains("STARTMSG 1000") || line.contains("Attempted to")) errors.append(line).append('\n');
                });
                assertEquals(Integer.valueOf(0), o.exitCode(), events + " events: " + o.failure() + "\n" + errors);
                assertEquals(events + 1, furthest[0], "the prefix of " + events + " events, read from its own file");
                Integer before = reached.putIfAbsent(events, furthest[0]);
                if (before != null) assertEquals(before, furthest[0], events + " events checked again");
            }
        }
    }
}
