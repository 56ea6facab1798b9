package org.mpiverify.locks.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.mpiverify.core.sync.Granularity;
import org.mpiverify.locks.programs.CoreProgram;

/**
 * The core under the agent, one JVM per granularity ({@link CoreProgram}): the agent must report
 * {@code LOCK_AROUND_CALL} as holding the rank mutex across a blocking wait in Gropp &amp; Thakur's Fig. 2,
 * and nothing for the four safe granularities, whose receivers blocked too; and its acquisitions per call
 * in Balaji et al.'s Table 1 program must equal the core's own lock counters, which must be
 * {@code LockCountTable1Test}'s numbers.
 */
class CoreUnderAgentIT {
    /** LockCountTable1Test's rows: per send to PROC_NULL, per blocking send, per isend, per send's share of waitAll. */
    private static final Map<String, int[]> TABLE1 = Map.of(
            "GLOBAL true true", new int[] {1, 1, 1, 0},
            "BRIEF_GLOBAL false false", new int[] {0, 1, 2, 2},
            "PER_OBJECT false false", new int[] {0, 1, 2, 2},
            "PER_OBJECT true false", new int[] {0, 1, 1, 1},
            "PER_OBJECT true true", new int[] {0, 1, 1, 0},
            "LOCK_FREE true true", new int[] {0, 0, 0, 0});

    @ParameterizedTest
    @EnumSource(Granularity.class)
    void coreUnderTheAgent(Granularity g) throws Exception {
        AgentRun r = AgentRun.run("core-" + g, "watch=org.mpiverify.mpi:org.mpiverify.core,calls=core,pinning=false",
                CoreProgram.class, g.name());
        r.assertCleanInstrumentation();
        checkTable1(g, r);
        JsonNode held = r.report().get("findings").get("heldAcrossBlocking");
        if (g == Granularity.LOCK_AROUND_CALL) {
            assertTrue(r.stdout().contains("FIG2 hung"), r.describe());
            JsonNode f = find(held, "Comm.recv");
            // a wait inside a job parks without a timeout, registered in the job's BlockedThreads
            assertEquals("LockSupport.park", f.get("blockedIn").asText());
            assertTrue(r.lock(f.get("lock").asInt()).get("allocatedAt").asText()
                    .startsWith("org.mpiverify.core.sync.CriticalSections.<init>"), "the rank mutex: " + f);
            assertTrue(f.get("acquiredAt").asText().startsWith("org.mpiverify.core.sync.CriticalSections.acquire"), f.toString());
        } else {
            assertTrue(r.stdout().contains("FIG2 ok"), r.describe());
            assertEquals(0, held.size(), g + ": " + held);
            assertTrue(r.call("Comm.recv").get("blockedNanos").asLong() > 0, "the receivers did block");
            assertEquals(0, r.summary().get("potentialDeadlocks").asInt(), r.report().get("cycles").toString());
            assertEquals(0, r.summary().get("leaked").asInt(), r.report().get("findings").get("leaked").toString());
        }
    }

    private static JsonNode find(JsonNode findings, String call) {
        for (JsonNode f : findings) {
            if (f.get("call").asText().equals(call)) {
                return f;
            }
        }
        throw new AssertionError("no finding in " + call + ": " + findings);
    }

    /** Lines {@code TABLE1 g tlp atomic phase calls core agent}: agent == core == the test's table. */
    private static void checkTable1(Granularity g, AgentRun r) {
        List<String> lines = new ArrayList<>();
        for (String line : r.stdout().split("\n")) {
            if (line.startsWith("TABLE1 ")) {
                lines.add(line);
            }
        }
        if (g.isExperimental()) {
            assertEquals(0, lines.size());
            return;
        }
        assertTrue(lines.size() >= 10, r.describe());
        for (String line : lines) {
            String[] f = line.split(" ");
            String row = f[1] + " " + f[2] + " " + f[3];
            int[] expected = TABLE1.get(row);
            long calls = Long.parseLong(f[5]);
            long core = Long.parseLong(f[6]);
            long agent = Long.parseLong(f[7]);
            assertEquals(core, agent, "agent and core counters differ: " + line);
            long want = switch (f[4]) {
                case "procnull" -> expected[0] * (long) CoreProgram.BATCH;
                case "blocking" -> expected[1] * (long) CoreProgram.BATCH;
                case "isend" -> expected[2] * (long) CoreProgram.BATCH;
                default -> expected[3] * (long) CoreProgram.BATCH + (g == Granularity.GLOBAL ? 1 : 0);
            };
            assertEquals(want, agent, "Table 1 count: " + line);
            assertEquals(f[4].equals("waitAll") ? 1 : CoreProgram.BATCH, calls, "calls counted: " + line);
        }
    }
}
