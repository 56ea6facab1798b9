package org.mpiverify.specs;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
        TlcOutputParser p = new TlcOutputParser(progress::add);
        LIVENESS.lines().forEach(p::accept);
        TlcResult r = p.result(13);
        assertEquals(Outcome.LIVENESS, r.outcome());
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
        TlcOutputParser p = new TlcOutputParser(x -> {});
        p.accept("***Parse Error***");
        assertEquals(Outcome.ERROR, p.result(150).outcome());
    }
}
