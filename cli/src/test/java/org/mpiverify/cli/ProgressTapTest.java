package org.mpiverify.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpiverify.results.ProgressLine;

/** The live progress line (results.ProgressLine) and the tap that feeds it from a component's lines. */
@Timeout(30)
class ProgressTapTest {
    private static final Pattern TRIAL = Pattern.compile("trial (\\d+)/\\d+ done");

    @Test
    void stepLinesMoveTheCountAndOtherLinesPassThrough() {
        var bytes = new ByteArrayOutputStream();
        PrintStream sink = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        try (ProgressLine p = new ProgressLine(sink, "bench core", 4, "trials", false)) {
            PrintStream tap = new PrintStream(new ProgressTap(p, TRIAL), true, StandardCharsets.UTF_8);
            tap.println("  trial 0/4 done (warm-up, dropped)");
            tap.println("machine: AMD EPYC");
            tap.println("  trial 1/4 done");
            tap.println("  trial 2/4 done");
            assertTrue(p.text().startsWith("bench core: 2/4 trials"), p.text());
            assertTrue(p.text().contains("s left") || p.text().contains(", 0 s"), p.text());
        }
        List<String> lines = bytes.toString(StandardCharsets.UTF_8).lines().toList();
        assertTrue(lines.contains("machine: AMD EPYC"), lines.toString());
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("bench core: 1/4 trials")), lines.toString());
        assertFalse(lines.stream().anyMatch(l -> l.contains("trial 1/4 done")), "step lines become the progress line");
        assertFalse(bytes.toString(StandardCharsets.UTF_8).contains("\r"), "no carriage returns in a log");
        assertEquals(1, lines.stream().filter(l -> l.startsWith("bench core: 2/4")).count(), "one line per count");
    }

    @Test
    void onATerminalTheLineIsRedrawnInPlace() {
        var bytes = new ByteArrayOutputStream();
        PrintStream sink = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        try (ProgressLine p = new ProgressLine(sink, "tlc", 3, "models", true)) {
            p.advance();
            p.detail("ctx_impl_2p");
            p.println("== ctx_impl_2p done");
            p.advance();
        }
        String s = bytes.toString(StandardCharsets.UTF_8);
        assertTrue(s.contains("\rtlc: 1/3 models"), s);
        assertTrue(s.contains("— ctx_impl_2p"), s);
        assertTrue(s.contains("\r== ctx_impl_2p done") || s.contains("\n== ctx_impl_2p done")
                || s.contains("\r" + " ".repeat(5)), s);
        assertTrue(s.endsWith("\n"), "the final line ends the live line");
        assertEquals(1, s.lines().filter(l -> l.contains("== ctx_impl_2p done")).count());
    }
}
