package org.mpiverify.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The live progress line, the one {@link Progress} of the commands: in a log and on a terminal. */
@Timeout(30)
class ProgressLineTest {

    @Test
    void inALogStepsArePlainLinesAndOtherLinesPassThrough() {
        var bytes = new ByteArrayOutputStream();
        PrintStream sink = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        Console console = Console.of(sink, sink);
        try (ProgressLine p = console.progress("bench core", 4, "trials")) {
            p.set(0);
            p.println("machine: AMD EPYC");
            p.set(1);
            p.set(2);
            assertTrue(p.text().startsWith("bench core: 2/4 trials"), p.text());
            assertTrue(p.text().contains("s left") || p.text().contains(", 0 s"), p.text());
        }
        List<String> lines = bytes.toString(StandardCharsets.UTF_8).lines().toList();
        assertTrue(lines.contains("machine: AMD EPYC"), lines.toString());
        assertFalse(bytes.toString(StandardCharsets.UTF_8).contains("\r"), "no carriage returns in a log");
        String last = lines.get(lines.size() - 1);
        assertTrue(last.startsWith("bench core: 2/4 trials, ") && last.contains(" trials/s"),
                "the final line, with its rate even under a second: " + lines);
        assertTrue(lines.stream().filter(l -> l.startsWith("bench core: ")).count() <= 2,
                "steps closer than a second apart print no line of their own in a log: " + lines);
    }

    @Test
    void onATerminalTheLineIsRedrawnInPlace() {
        var bytes = new ByteArrayOutputStream();
        PrintStream sink = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        try (ProgressLine p = new Console(sink, sink, true).progress("tlc", 3, "models")) {
            p.advance();
            p.detail("ctx_impl_2p");
            p.println("== ctx_impl_2p done");
            p.advance();
            p.total(2);
        }
        String s = bytes.toString(StandardCharsets.UTF_8);
        assertTrue(s.contains("\rtlc: 1/3 models"), s);
        assertTrue(s.contains("— ctx_impl_2p"), s);
        assertTrue(s.contains("\r== ctx_impl_2p done") || s.contains("\n== ctx_impl_2p done")
                || s.contains("\r" + " ".repeat(5)), s);
        assertTrue(s.contains("\rtlc: 2/2 models"), "a total cut short: " + s);
        assertTrue(s.endsWith("\n"), "the final line ends the live line");
        assertEquals(1, s.lines().filter(l -> l.contains("== ctx_impl_2p done")).count());
    }
}
