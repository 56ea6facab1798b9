package org.mpiverify.audit.race;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where in a stripped library a race's variable lives. Valgrind says only "Address A is in the BSS segment of LIB"
 * (Helgrind) or "Allocation context: BSS section of LIB" with the address in the access (DRD) for a static variable of
 * a library without symbols; this adds its offset in the library file, which is the same in
 * every process and run of that build and which a build with symbols of the same version maps to a name. The load
 * address comes from a frame of the same race in an exported function of that library: the function's offset ({@code
 * nm -D}) subtracted from the frame's address, rounded down to the page (a library is mapped page-aligned and the
 * frame lies within the function, less than a page past its start for all but the longest functions). Not
 * thread-safe: one auditing thread uses an instance.
 */
public final class LibraryOffsets {
    /** Helgrind's words for a static variable of a library without symbols. */
    private static final Pattern SEGMENT = Pattern.compile("Address (0x[0-9a-fA-F]+) is in the (\\S+) segment of (\\S+)");
    /** DRD's: the section in the variable text, the address in the access ("Conflicting load by thread 4 at 0x... size 8"). */
    private static final Pattern SECTION = Pattern.compile("Allocation context: (\\S+) section of (\\S+)");
    private static final Pattern AT = Pattern.compile(" at (0x[0-9a-fA-F]+)");
    private static final Path NM = Path.of("/usr/bin/nm");
    private static final long PAGE = 0x1000;

    private final Map<String, Map<String, Long>> exported = new HashMap<>();

    /** {@code race}'s variable text with {@code " (offset 0x... in LIB)"} added where it can be worked out. */
    public String describe(Race race) {
        long address;
        String lib;
        Matcher m = SEGMENT.matcher(race.variable());
        Matcher d = SECTION.matcher(race.variable());
        Matcher at = AT.matcher(race.first().what());
        if (m.find()) {
            address = Long.decode(m.group(1));
            lib = m.group(3);
        } else if (d.find() && at.find()) {
            address = Long.decode(at.group(1));
            lib = d.group(2);
        } else {
            return race.variable();
        }
        Optional<Long> base = base(race, lib);
        if (base.isEmpty()) return race.variable();
        String name = lib.substring(lib.lastIndexOf('/') + 1);
        return race.variable() + " (offset 0x" + Long.toHexString(address - base.get()) + " in " + name + ")";
    }

    private Optional<Long> base(Race race, String lib) {
        Map<String, Long> symbols = symbols(lib);
        for (Access a : race.accesses()) {
            for (Frame f : a.stack()) {
                if (lib.equals(f.obj()) && f.fn() != null && symbols.containsKey(f.fn())) {
                    long ip = Long.decode(f.ip());
                    return Optional.of((ip - symbols.get(f.fn())) & ~(PAGE - 1));
                }
            }
        }
        return Optional.empty();
    }

    /** The exported functions of {@code lib} and their offsets; empty when {@code nm} is missing or fails. */
    private Map<String, Long> symbols(String lib) {
        return exported.computeIfAbsent(lib, l -> {
            Map<String, Long> m = new HashMap<>();
            if (!Files.isExecutable(NM)) return m;
            try {
                Path file = Files.createTempFile("nm", ".txt");
                String out;
                try {
                    Process p = new ProcessBuilder(List.of(NM.toString(), "-D", "--defined-only", l)).redirectErrorStream(true)
                            .redirectOutput(file.toFile()).start();
                    if (!p.waitFor(30, TimeUnit.SECONDS)) {
                        p.destroyForcibly();
                        return m;
                    }
                    if (p.exitValue() != 0) return m;
                    out = Files.readString(file, StandardCharsets.UTF_8);
                } finally {
                    Files.deleteIfExists(file);
                }
                for (String line : out.lines().toList()) {
                    String[] w = line.trim().split("\\s+");
                    if (w.length == 3 && (w[1].equals("T") || w[1].equals("W"))) m.putIfAbsent(w[2], Long.parseUnsignedLong(w[0], 16));
                }
            } catch (IOException e) {
                return m;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return m;
        });
    }
}
