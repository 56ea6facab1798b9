package org.mpiverify.specs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The parser on output captured from TLC 2.18 in -tool mode (trimmed). */
class TlcOutputParserTest {
    private static final String LIVENESS = """
            @!@!@STARTMSG 2262:0 @!@!@
            TLC2 Version 2.18 of 20 March 2023
            @!@!@ENDMSG 2262 @!@!@
            @!@!@STARTMSG 2116:1 @!@!@
            Temporal properties were violated.

            @!@!@ENDMSG 2116 @!@!@
            @!@!@STARTMSG 2217:4 @!@!@
            1: <Initial predicate>
            /\\ x = 0
            /\\ f = ( <<"p1", "c1">> :> 0 @@
              <<"p2", "c1">> :> 0 )

            @!@!@ENDMSG 2217 @!@!@
            @!@!@STARTMSG 2217:4 @!@!@
            2: <Next line 5, col 12 to line 5, col 45 of module T>
            /\\ x = 1
            /\\ f = ( <<"p1", "c1">> :> 0 @@
              <<"p2", "c1">> :> 0 )

            @!@!@ENDMSG 2217 @!@!@
            @!@!@STARTMSG 2122:4 @!@!@
            2: Back to state: <Next line 5, col 12 to line 5, col 45 of module T>
            @!@!@ENDMSG 2122 @!@!@
            @!@!@STARTMSG 2200:0 @!@!@
            Progress(6) at 2026-11-22 05:10:17: 18 states generated (1,648 s/min), 12 distinct states found (1,099 ds/min), 0 states left on queue.
            @!@!@ENDMSG 2200 @!@!@
            @!@!@STARTMSG 2199:0 @!@!@
            18 states generated, 12 distinct states found, 0 states left on queue.
            @!@!@ENDMSG 2199 @!@!@
            """;

    @Test
    void readsOutcomeTraceCountsAndProgress() {
        List<TlcOutputParser.Progress> progress = new ArrayList<>();
        TlcOutputParser p = new TlcOutputParser(progress::add, false);
        LIVENESS.lines().forEach(p::accept);
        TlcResult r = p.result(13);
        assertEquals(TlcOutcome.LIVENESS, r.outcome());
        assertEquals("2.18 of 20 March 2023", r.tlcVersion());
        assertEquals(12, r.distinctStates());
        assertEquals(18, r.generatedStates());
        assertEquals(2, r.trace().size());
        assertEquals("Next", r.trace().get(1).action());
        assertEquals("( <<\"p1\", \"c1\">> :> 0 @@ <<\"p2\", \"c1\">> :> 0 )", r.trace().get(0).variables().get("f"));
        assertEquals(List.of("x"), List.copyOf(r.trace().get(1).changedSince(r.trace().get(0)).keySet()));
        assertEquals(2, r.backToState());
        assertEquals(1, progress.size());
        assertEquals(27, progress.getFirst().generatedPerSecond());
    }

    @Test
    void noResultIsAnError() {
        TlcOutputParser p = new TlcOutputParser(x -> {}, false);
        p.accept("***Parse Error***");
        assertEquals(TlcOutcome.ERROR, p.result(150).outcome());
    }

    /**
     * The failure once seen as "ctx_naive_2p: a violation without a counterexample" (state count -1):
     * TLC 2.18 announced the liveness violation, then its counterexample search crashed. Captured from a
     * real run (one in about 40 of the old model with 2 workers; an OutOfMemoryError with 1 worker).
     */
    @Test
    void aCrashAfterAnAnnouncedViolationIsAnErrorWorthAnotherAttempt() throws IOException {
        TlcOutputParser p = new TlcOutputParser(x -> {}, false);
        try (InputStream in = getClass().getResourceAsStream("tlc-2.18-liveness-crash.txt")) {
            new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().forEach(p::accept);
        }
        TlcResult r = p.result(1);
        assertEquals(TlcOutcome.ERROR, r.outcome());
        assertTrue(r.crashedAfterViolation());
        assertTrue(r.message().contains("liveness failure") && r.message().contains("arraycopy"), r.message());
    }

    /**
     * TLC's distributed server (captured from a real run of probe_false_match, two loopback workers, two fingerprint
     * servers): it prints the behavior but not what it violates, and exits with 0. Unnamed, the counterexample is an
     * error; named, it is the violation; a server's exit code other than 0 is an error whatever it printed.
     */
    @Test
    void theDistributedServersCounterexampleIsAnErrorUntilItIsNamed() throws IOException {
        String out;
        try (InputStream in = getClass().getResourceAsStream("tlc-2.18-distributed-server-violation.txt")) {
            out = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        TlcOutputParser unnamed = TlcOutputParser.forDistributedServer(x -> {});
        out.lines().forEach(unnamed::accept);
        assertTrue(unnamed.unnamedCounterexample());
        TlcResult r = unnamed.result(0);
        assertEquals(TlcOutcome.ERROR, r.outcome());
        assertTrue(r.message().contains("not what it violates"), r.message());

        TlcOutputParser named = TlcOutputParser.forDistributedServer(x -> {});
        out.lines().forEach(named::accept);
        named.nameViolation(TlcOutcome.SAFETY, "NoFalseMatch", "Invariant NoFalseMatch is violated.", List.of(named.lastState()));
        r = named.result(0);
        assertEquals(TlcOutcome.SAFETY, r.outcome());
        assertEquals("NoFalseMatch", r.violated());
        assertEquals(184, r.distinctStates());
        assertEquals(TlcOutcome.ERROR, named.result(12).outcome(), "the distributed server exits with 0");
        // a local run's parser does not take a bare behavior for a violation
        TlcOutputParser local = new TlcOutputParser(x -> {}, false);
        out.lines().forEach(local::accept);
        assertEquals(TlcOutcome.ERROR, local.result(0).outcome());
    }

    @Test
    void aViolationWithoutCounterexampleOrCountsIsAnError() {
        TlcOutputParser p = new TlcOutputParser(x -> {}, false);
        LIVENESS.lines().filter(l -> !l.contains("2199") && !l.contains("states generated, 12")).forEach(p::accept);
        assertEquals(TlcOutcome.ERROR, p.result(13).outcome(), "no final counts");
        TlcOutputParser q = new TlcOutputParser(x -> {}, false);
        q.accept("@!@!@STARTMSG 2116:1 @!@!@");
        q.accept("Temporal properties were violated.");
        q.accept("@!@!@ENDMSG 2116 @!@!@");
        TlcResult r = q.result(13);
        assertEquals(TlcOutcome.ERROR, r.outcome());
        assertTrue(r.message().contains("no counterexample"), r.message());
    }

    @Test
    void anExitCodeThatDoesNotFitTheOutcomeIsAnError() {
        TlcOutputParser p = new TlcOutputParser(x -> {}, false);
        LIVENESS.lines().forEach(p::accept);
        assertEquals(TlcOutcome.ERROR, p.result(0).outcome());
    }

    @Test
    void readsCoverageAndUnnamedActionProperties() {
        TlcOutputParser p = new TlcOutputParser(x -> {}, false);
        String text = """
                @!@!@STARTMSG 2112:1 @!@!@
                Action property line 29, col 17 to line 29, col 37 of module AtomicMap is violated.
                @!@!@ENDMSG 2112 @!@!@
                @!@!@STARTMSG 2772:0 @!@!@
                <Lock line 120, col 5 to line 126, col 101 of module MatchTable>: 75:103
                @!@!@ENDMSG 2772 @!@!@
                @!@!@STARTMSG 2772:0 @!@!@
                <Lock line 120, col 5 to line 126, col 101 of module MatchTable>: 3:4
                @!@!@ENDMSG 2772 @!@!@
                @!@!@STARTMSG 2772:0 @!@!@
                <Rdma line 280, col 5 to line 286, col 101 of module MatchTable>: 0:0
                @!@!@ENDMSG 2772 @!@!@
                """;
        text.lines().forEach(p::accept);
        TlcResult r = p.result(13);
        assertEquals(null, r.violated());
        assertEquals(107L, r.coverage().get("Lock"));
        assertEquals(0L, r.coverage().get("Rdma"));
    }

    /** TLC 2.18 prints the initial state that violates a property (here a refinement's Init) inside the message. */
    private static final String PROPERTY_INITIAL = """
            @!@!@STARTMSG 2262:0 @!@!@
            TLC2 Version 2.18 of 20 March 2023
            @!@!@ENDMSG 2262 @!@!@
            @!@!@STARTMSG 2189:0 @!@!@
            Computing initial states...
            @!@!@ENDMSG 2189 @!@!@
            @!@!@STARTMSG 2108:1 @!@!@
            Property line 36, col 12 to line 36, col 37 of module CompletionPromise is violated by the initial state:
            /\\ flag = [r1 |-> FALSE]
            /\\ pc = [w1 |-> "wait", w2 |-> "wait", r1 |-> "signal"]
            /\\ ix = [w1 |-> 1, w2 |-> 1]
            @!@!@ENDMSG 2108 @!@!@
            @!@!@STARTMSG 2186:0 @!@!@
            Finished in 2682ms at (2026-12-06 09:35:44)
            @!@!@ENDMSG 2186 @!@!@
            """;

    @Test
    void aPropertyViolatedByAnInitialStateIsASafetyFailureWithThatStateAsItsCounterexample() {
        TlcOutputParser p = new TlcOutputParser(x -> {}, false);
        PROPERTY_INITIAL.lines().forEach(p::accept);
        TlcResult r = p.result(13);
        assertEquals(TlcOutcome.SAFETY, r.outcome(), r.message());
        assertEquals(1, r.trace().size());
        assertEquals("Initial predicate", r.trace().getFirst().action());
        assertEquals("[w1 |-> \"wait\", w2 |-> \"wait\", r1 |-> \"signal\"]", r.trace().getFirst().variables().get("pc"));
    }
}
