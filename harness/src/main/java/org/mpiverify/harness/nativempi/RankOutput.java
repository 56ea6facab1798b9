package org.mpiverify.harness.nativempi;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.CRC32;

/**
 * A rank's report or thread dump sent back to the driver through the launcher's standard output, for ranks on
 * other hosts, whose files the driver cannot read: the text in Base64 chunks of at most {@value #CHUNK} characters,
 * one per line ({@code @@mpiverify KIND RANK PART/TOTAL CRC CHUNK}), each line written with one {@code write}
 * (shorter than a pipe's atomic size), so a launcher that interleaves the ranks' output between lines cannot mix
 * two chunks. Open MPI's mpirun does not keep even that (it forwards what it reads in blocks, and cuts lines of
 * ranks writing at once), so with it the driver also reads each rank's stream from the files mpirun keeps
 * ({@link NativeAbi#rankOutputOptions}). A text is taken back only when every chunk arrived and the CRC-32 of the
 * whole matches; anything else on the output is left alone.
 */
public final class RankOutput {
    /** What a text is: a rank's report, its report before {@code MPI_Finalize}, or its thread dump. */
    public enum Kind { REPORT, RAN, DUMP }

    static final int CHUNK = 900;
    private static final String TAG = "@@mpiverify ";
    private static final Pattern LINE = Pattern.compile(
            Pattern.quote(TAG) + "(REPORT|RAN|DUMP) (\\d+) (\\d+)/(\\d+) ([0-9a-f]{8}) ([A-Za-z0-9+/=]*)");

    private RankOutput() { }

    /** Writes {@code text} as chunk lines to {@code out}. */
    public static void write(PrintStream out, Kind kind, int rank, String text) {
        String b64 = Base64.getEncoder().encodeToString(text.getBytes(StandardCharsets.UTF_8));
        String crc = crc(text);
        int total = Math.max(1, (b64.length() + CHUNK - 1) / CHUNK);
        for (int i = 0; i < total; i++) {
            String chunk = b64.substring(Math.min(b64.length(), i * CHUNK), Math.min(b64.length(), (i + 1) * CHUNK));
            out.println(TAG + kind + " " + rank + " " + (i + 1) + "/" + total + " " + crc + " " + chunk);
        }
        out.flush();
    }

    /** The complete texts of {@code kind} in a launcher's output, by rank; ranks with a chunk missing or damaged are left out. */
    public static Map<Integer, String> read(List<String> output, Kind kind) {
        Map<Integer, Map<Integer, String>> parts = new HashMap<>();
        Map<Integer, int[]> totals = new HashMap<>();
        Map<Integer, String> crcs = new HashMap<>();
        for (String line : output) {
            int at = line.indexOf(TAG);
            if (at < 0) continue;
            Matcher m = LINE.matcher(line.substring(at).strip());
            if (!m.matches() || !m.group(1).equals(kind.name())) continue;
            int rank = Integer.parseInt(m.group(2));
            // a rank's latest text wins: a later chunk 1 starts it over
            if (m.group(3).equals("1")) parts.remove(rank);
            parts.computeIfAbsent(rank, r -> new TreeMap<>()).put(Integer.parseInt(m.group(3)), m.group(6));
            totals.put(rank, new int[] {Integer.parseInt(m.group(4))});
            crcs.put(rank, m.group(5));
        }
        Map<Integer, String> texts = new TreeMap<>();
        for (var e : parts.entrySet()) {
            int total = totals.get(e.getKey())[0];
            if (e.getValue().size() != total) continue;
            String text;
            try {
                text = new String(Base64.getDecoder().decode(String.join("", e.getValue().values())), StandardCharsets.UTF_8);
            } catch (IllegalArgumentException bad) {
                continue;
            }
            if (crc(text).equals(crcs.get(e.getKey()))) texts.put(e.getKey(), text);
        }
        return texts;
    }

    /** {@code output} without the chunk lines: what a reader of the launcher's output wants to see. */
    public static List<String> withoutChunks(List<String> output) {
        List<String> l = new ArrayList<>();
        for (String line : output) if (!line.contains(TAG)) l.add(line);
        return l;
    }

    private static String crc(String text) {
        CRC32 c = new CRC32();
        c.update(text.getBytes(StandardCharsets.UTF_8));
        return String.format("%08x", c.getValue());
    }
}
