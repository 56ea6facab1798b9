package org.mpiverify.harness.nativempi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Reports and dumps through a launcher's output: whole texts back, damaged or partial ones left out. */
@Timeout(10)
class RankOutputTest {
    private static List<String> lines(RankOutput.Kind kind, int rank, String text) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        RankOutput.write(new PrintStream(b, true, StandardCharsets.UTF_8), kind, rank, text);
        return b.toString(StandardCharsets.UTF_8).lines().toList();
    }

    @Test
    void textsOfSeveralRanksInterleavedLineByLineComeBackWhole() {
        String big = "report of rank 0 \"quoted\"\n" + "x".repeat(5000) + " é ✓";
        List<String> a = lines(RankOutput.Kind.REPORT, 0, big), b = lines(RankOutput.Kind.REPORT, 1, "short");
        assertTrue(a.size() > 5 && a.stream().allMatch(l -> l.length() < 1100), "chunks of a line each, under a pipe's atomic write");
        List<String> mixed = new ArrayList<>(List.of("[proxy] some launcher line"));
        for (int i = 0; i < a.size(); i++) {
            mixed.add("[1,0]<stdout>:" + a.get(i)); // a launcher's own prefix is allowed
            if (i < b.size()) mixed.add(b.get(i));
        }
        mixed.addAll(lines(RankOutput.Kind.DUMP, 1, "dump"));
        assertEquals(Map.of(0, big, 1, "short"), RankOutput.read(mixed, RankOutput.Kind.REPORT));
        assertEquals(Map.of(1, "dump"), RankOutput.read(mixed, RankOutput.Kind.DUMP));
        assertEquals(List.of("[proxy] some launcher line"), RankOutput.withoutChunks(mixed));
    }

    @Test
    void aMissingOrDamagedChunkLeavesTheTextOut() {
        List<String> a = new ArrayList<>(lines(RankOutput.Kind.REPORT, 2, "y".repeat(3000)));
        List<String> missing = new ArrayList<>(a);
        missing.remove(1);
        assertEquals(Map.of(), RankOutput.read(missing, RankOutput.Kind.REPORT));
        List<String> damaged = new ArrayList<>(a);
        String line = damaged.get(1);
        damaged.set(1, line.substring(0, line.length() - 4) + "AAAA"); // still Base64, other bytes: the CRC tells
        assertEquals(Map.of(), RankOutput.read(damaged, RankOutput.Kind.REPORT));
    }
}
