package org.mpiverify.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpiverify.core.trace.TraceRecorder.Algorithm;
import org.mpiverify.results.Console;
import org.mpiverify.results.TraceResultsFile;
import org.mpiverify.results.Workspace;

/**
 * {@code mvn verify}'s sample of trace validation, through the {@code trace} command itself: the audit's
 * concurrent scenarios of each algorithm on a quarter of the safe core columns (one granularity with both engines;
 * every column by one algorithm but LOCK_FREE/QUEUES, whose traces {@code AuditTraceTest}'s quick cell validates;
 * the progress engine's on two columns, the first and the last), every trace accepted. The samples are trace commands
 * run as one ({@link TraceCommand#runAll}): every job first, then their traces together, in one warm TLC JVM per core
 * instead of one JVM per trace. Each writes {@code out/trace/sample/<algorithm>-<column>/results.json} for the
 * dashboard. Under {@code -Pfull}, every scenario of the sample on every column.
 */
@Timeout(value = 8, unit = TimeUnit.MINUTES)
class TraceQuickTest {
    /** Events of each trace validated in the quick run (a prefix; -Pfull validates every event). */
    static final int QUICK_EVENTS = 500;

    /**
     * Per algorithm, audit scenarios of its concurrent calls (context-id-exhaustion's first 500 events hold its
     * ERR_OTHER rounds).
     */
    static List<Sample> samples() {
        return List.of(new Sample(Algorithm.CONTEXT_ID,
                List.of("comm-create-group-concurrent", "comm-split-concurrent", "comm-create-concurrent",
                        "context-id-exhaustion")),
                // the quick run's matching sample is on LOCK_FREE/HASH_TABLE only (index 7 % 3: the wildcards);
                // LOCK_FREE/QUEUES's traces are AuditTraceTest's quick cell
                new Sample(Algorithm.MATCHING, List.of("p2p-nonblocking", "wildcard-many-threads", "mprobe-exactly-once"),
                        false, AuditTraceTest.QUICK_COLUMN.name()),
                new Sample(Algorithm.PROBE, List.of("mprobe-exactly-once", "mprobe-sendrecv")),
                new Sample(Algorithm.COMPLETION, List.of("p2p-synchronous", "p2p-nonblocking", "p2p-blocking")),
                // comm-idup-concurrent runs out of the sample's 64 context ids, so the progress engine's sample is the
                // nonblocking collectives' (idups in its set-up, then eleven collectives outstanding per thread)
                new Sample(Algorithm.PROGRESS, List.of("coll-nonblocking-distinct-comms"), true));
    }

    /**
     * {@code edges}: in the quick run, the first and the last safe column only (else a granularity's pair of them);
     * {@code notQuick}: a column of that pair the quick run leaves out (another quick test traces it), or null.
     */
    record Sample(Algorithm algorithm, List<String> scenarios, boolean edges, String notQuick) {
        Sample(Algorithm algorithm, List<String> scenarios) {
            this(algorithm, scenarios, false, null);
        }

        Sample(Algorithm algorithm, List<String> scenarios, boolean edges) {
            this(algorithm, scenarios, edges, null);
        }

        boolean quick(int column, List<String> columns, int turn) {
            if (columns.get(column).equals(notQuick)) return false;
            int n = columns.size();
            return edges ? column == 0 || column == n - 1 : (column / 2 + turn) % (n / 2) == 0;
        }
    }


    @Test
    void everySafeColumnsTracesAreAccepted() throws Exception {
        boolean full = Boolean.parseBoolean(System.getProperty("mpiverify.full", "false"));
        Path out = Workspace.outputDir(Workspace.root()).resolve("trace");
        List<String> columns = TraceCommand.safeColumns();
        List<String> verdicts = new ArrayList<>();
        List<Sample> samples = samples();
        List<TraceCommand.Options> commands = new ArrayList<>();
        for (int a = 0; a < samples.size(); a++) {
            Sample s = samples.get(a);
            // Quick: a quarter of the columns per algorithm, one granularity with both engines, the algorithms
            // taking turns so that every column runs one of them (CI time); the scenarios take turns too.
            // Full: every scenario on every column.
            for (int c = 0; c < columns.size(); c++) {
                if (!full && !s.quick(c, columns, a)) continue;
                List<String> scenarios = full ? s.scenarios() : List.of(s.scenarios().get(c % s.scenarios().size()));
                commands.add(new TraceCommand.Options(scenarios, false, EnumSet.of(s.algorithm()), null,
                        List.of(columns.get(c)), 500, out.resolve("sample/" + s.algorithm().id() + "-" + c), false, 64,
                        full ? 0 : QUICK_EVENTS, null));
            }
        }
        // every sample's runs, then their traces together: short traces of one spec several to a TLC run
        ByteArrayOutputStream text = new ByteArrayOutputStream();
        PrintStream print = new PrintStream(text, true, StandardCharsets.UTF_8);
        long t0 = System.nanoTime();
        List<Integer> exits = TraceCommand.runAll(commands, Console.of(print, print));
        String printed = text.toString(StandardCharsets.UTF_8);
        System.out.print(printed);
        System.out.printf("%d samples: %.1f s%n", commands.size(), (System.nanoTime() - t0) / 1e9);
        for (int i = 0; i < commands.size(); i++) {
            TraceCommand.Options o = commands.get(i);
            assertEquals(0, exits.get(i), o.algorithms() + " on " + o.columns() + "\n" + printed);
            for (var t : TraceResultsFile.read(o.out().resolve("results.json")).traces()) {
                verdicts.add(t.name() + " " + t.status());
            }
        }
        assertFalse(verdicts.isEmpty());
        assertEquals(List.of(), verdicts.stream().filter(v -> !v.endsWith(" ACCEPTED")).toList());
    }
}
