package org.mpiverify.audit.race;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads one ThreadSanitizer log ({@code TSAN_OPTIONS=log_path=DIR/rank}: one file per process, {@code rank.PID}) into
 * the same races as {@link ValgrindXml} gives, so that the ledger, the attributions and the report take both.
 *
 * <p>A report is a block between lines of {@code =}, opened by {@code WARNING: ThreadSanitizer: data race (pid=N)}:
 * the access ({@code Write of size 8 at 0x... by thread T2:}, or {@code by main thread}) and its stack, the previous
 * conflicting access ({@code Previous read of size 8 ...}) and its stack, then {@code Location is global 'name' of
 * size S at 0x... (lib+0x...)} or {@code Location is heap block of size S at 0x... allocated by thread T1:} with the
 * allocation stack, the threads' creation stacks and a {@code SUMMARY:} line. A frame is {@code #0 fn file:line[:col]
 * (object+0xoffset)}, with {@code <null>} for what is unknown; its offset in the object stands for the address (the
 * same in every process, unlike a randomised load address). The variable is written in Valgrind's words ({@code
 * Address A is N bytes inside data symbol "name" (a data symbol of OBJECT)}, the object TSan names for the global,
 * as {@link LibraryOffsets} names it for Helgrind; {@code ... inside a block of size S alloc'd; allocated at [...]})
 * so that an attribution made under Helgrind holds for a race TSan reports on the same field. Other warnings (lock
 * order inversion, use after free, a thread leak) are counted by kind; {@code print_suppressions=1}'s "Matched N
 * suppressions" block gives the suppressions that matched. Thread safety: stateless.
 */
public final class TsanText {
    private static final Pattern WARNING = Pattern.compile("^WARNING: ThreadSanitizer: (.+?) \\(pid=\\d+\\)");
    private static final Pattern ACCESS = Pattern.compile(
            "^  ((?:Previous )?(?:[Aa]tomic )?(?:[Rr]ead|[Ww]rite) of size \\d+ at (0x[0-9a-f]+) by (main thread|thread T(\\d+)).*?):$");
    private static final Pattern FRAME = Pattern.compile("^    #\\d+ (.+) (\\S+) \\((.+)\\+(0x[0-9a-f]+)\\)$");
    private static final Pattern GLOBAL = Pattern.compile(
            "^  Location is global '(.+)' of size (\\d+) at (0x[0-9a-f]+)(?: \\((.+)\\+0x[0-9a-f]+\\))?");
    private static final Pattern HEAP = Pattern.compile("^  Location is heap block of size (\\d+) at (0x[0-9a-f]+)");
    private static final Pattern MATCHED = Pattern.compile("^ThreadSanitizer: Matched \\d+ suppressions");
    private static final Pattern SUPPRESSION = Pattern.compile("^\\s*(\\d+) (\\S+:\\S+)\\s*$");
    private static final Pattern LOCATION = Pattern.compile("^(.*?):(\\d+)(?::\\d+)?$");

    private TsanText() { }

    /** Parses {@code file}; a report cut off before its {@code SUMMARY} line (a killed rank) is the file's problem. */
    public static ValgrindXml.Report read(Path file, String origin) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return new ValgrindXml.Report(List.of(), Map.of(), Map.of(), file.getFileName() + " cannot be read: " + e.getMessage());
        }
        List<Race> races = new ArrayList<>();
        Map<String, Integer> other = new LinkedHashMap<>();
        Map<String, Integer> suppressed = new LinkedHashMap<>();
        String problem = null;
        for (int i = 0; i < lines.size(); i++) {
            Matcher w = WARNING.matcher(lines.get(i));
            if (w.find()) {
                int end = i + 1;
                while (end < lines.size() && !lines.get(end).startsWith("SUMMARY: ThreadSanitizer")) end++;
                if (end == lines.size()) {
                    problem = file.getFileName() + ": the report opened at line " + (i + 1) + " has no SUMMARY line (the rank was killed?)";
                    break;
                }
                if (w.group(1).startsWith("data race")) races.add(race(lines.subList(i + 1, end), origin));
                else other.merge(w.group(1), 1, Integer::sum);
                i = end;
            } else if (MATCHED.matcher(lines.get(i)).find()) {
                for (i++; i < lines.size(); i++) {
                    Matcher s = SUPPRESSION.matcher(lines.get(i));
                    if (!s.matches()) break;
                    suppressed.merge(s.group(2), Integer.parseInt(s.group(1)), Integer::sum);
                }
            }
        }
        return new ValgrindXml.Report(races, other, suppressed, problem);
    }

    private static Race race(List<String> block, String origin) {
        List<Access> accesses = new ArrayList<>();
        List<String> variable = new ArrayList<>();
        String firstAddress = null;
        for (int i = 0; i < block.size(); i++) {
            String line = block.get(i);
            Matcher a = ACCESS.matcher(line);
            Matcher g = GLOBAL.matcher(line);
            Matcher h = HEAP.matcher(line);
            if (a.find() && accesses.size() < 2) {
                List<Frame> stack = frames(block, i + 1);
                accesses.add(new Access(a.group(1), a.group(4) == null ? 0 : Integer.parseInt(a.group(4)), stack));
                if (firstAddress == null) firstAddress = a.group(2);
                i += stack.size();
            } else if (g.find()) {
                variable.add(LibraryOffsets.dataSymbolWords(firstAddress, Long.decode(firstAddress) - Long.decode(g.group(3)),
                        g.group(1), g.group(4)));
                variable.add(line.strip());
            } else if (h.find()) {
                List<Frame> stack = frames(block, i + 1);
                variable.add("Address " + firstAddress + " is " + (Long.decode(firstAddress) - Long.decode(h.group(2)))
                        + " bytes inside a block of size " + h.group(1) + " alloc'd");
                variable.add("allocated at " + stack.stream().filter(f -> !f.objName().startsWith("libtsan")).limit(6)
                        .map(Frame::describe).toList());
                i += stack.size();
            } else if (line.startsWith("  Location is ")) {
                variable.add(line.strip());
            }
        }
        if (accesses.isEmpty()) accesses.add(new Access("data race", -1, List.of()));
        return new Race("tsan", accesses.get(0), accesses.size() > 1 ? accesses.get(1) : null, String.join("; ", variable), origin);
    }

    /** The frames from {@code from} on, up to the first line that is not one. */
    private static List<Frame> frames(List<String> block, int from) {
        List<Frame> l = new ArrayList<>();
        for (int i = from; i < block.size(); i++) {
            Matcher f = FRAME.matcher(block.get(i));
            if (!f.matches()) break;
            String fn = f.group(1).equals("<null>") ? null : f.group(1);
            Matcher loc = LOCATION.matcher(f.group(2));
            boolean known = !f.group(2).equals("<null>") && loc.matches();
            // the file's name alone, as Valgrind's XML gives it (its folder apart), so that locations read alike
            String file = known ? loc.group(1).substring(loc.group(1).lastIndexOf('/') + 1) : null;
            l.add(new Frame(f.group(4), f.group(3), fn, file, known ? Integer.parseInt(loc.group(2)) : 0));
        }
        return l;
    }
}
