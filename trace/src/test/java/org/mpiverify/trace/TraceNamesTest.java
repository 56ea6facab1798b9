package org.mpiverify.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpiverify.audit.run.AuditRunner;
import org.mpiverify.audit.scenario.ScenarioCatalog;
import org.mpiverify.core.trace.TraceRecorder;
import org.mpiverify.core.trace.TraceRecorder.Algorithm;
import org.mpiverify.harness.core.CoreTarget;
import org.mpiverify.harness.scenario.Scenario;
import org.mpiverify.harness.scenario.Verdict;
import org.mpiverify.mpi.JobConfig;
import org.mpiverify.results.Outcome;
import org.mpiverify.results.Workspace;
import org.mpiverify.trace.spi.TraceModel;

/**
 * Every trace of one run has a name of its own, and so a TLC folder and a report page of its own: the {@code trace}
 * command validates a run's traces of every algorithm side by side in {@code tlc/<name>/} and writes a rejected one's
 * page to {@code rejected/<name>.md}, so two traces of one name (a rank's matching trace and its progress engine's,
 * say) would overwrite each other's files. No TLC run: the names come from the translators.
 */
@Timeout(value = 1, unit = TimeUnit.MINUTES)
class TraceNamesTest {
    @Test
    void aRunsTracesOfEveryAlgorithmHaveFoldersOfTheirOwn() throws Exception {
        // the nonblocking collectives record matching, probe-free point-to-point, completion and the progress engine
        Scenario scenario = ScenarioCatalog.byId("coll-nonblocking-distinct-comms");
        String run = scenario.id() + "/PER_OBJECT/QUEUES";
        Set<Algorithm> algorithms = EnumSet.copyOf(TraceCommand.checkable());
        TraceRecorder rec = TraceRecorder.create(algorithms, false);
        JobConfig config = TraceCommand.column("PER_OBJECT/QUEUES").withRanks(scenario.ranks())
                .withContextIdCapacity(64).withTrace(rec);
        Verdict v = AuditRunner.runOnce(new CoreTarget(run, config), scenario);
        assertTrue(v.outcome() == Outcome.PASS || v.outcome() == Outcome.HAZARD, v.summary());
        TraceChecker checker = new TraceChecker(Workspace.root().resolve("specs"), Path.of("tlc"), 500,
                Duration.ofMinutes(1));
        Map<Path, List<String>> byFolder = new HashMap<>();
        List<Algorithm> seen = new ArrayList<>();
        for (Algorithm a : algorithms) {
            List<TraceModel> models = Translators.of(a).models(run, rec.events(), rec.facts(), config);
            if (!models.isEmpty()) seen.add(a);
            for (TraceModel m : models) {
                byFolder.computeIfAbsent(checker.folderOf(m), k -> new ArrayList<>()).add(a.id() + " " + m.name());
            }
        }
        assertTrue(seen.containsAll(List.of(Algorithm.MATCHING, Algorithm.PROGRESS)),
                "the run recorded matching and progress traces: " + seen);
        List<List<String>> shared = byFolder.values().stream().filter(l -> l.size() > 1).toList();
        assertEquals(List.of(), shared, "traces that share a TLC folder and a report page");
    }
}
