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
 * frame lies within the function, less than a page past its start for all but the longest functions).
 *
 * <p>It also names the object of a data symbol in a build with symbols. Helgrind says only "Address A is N bytes
 * inside data symbol "lock.0"", and a name can be defined by several objects of one process (GCC names a
 * function-scope static {@code lock} {@code lock.0} in every file that has one: Open MPI's {@code libopen-pal},
 * {@code mca_btl_vader.so} and {@code mca_pml_ucx.so} each do). Each object a frame of the race lies in is a candidate:
 * it defines the symbol at value {@code v} ({@code nm -S}, local symbols included), its load address would be {@code A -
 * N - v}, which must be page-aligned, and every frame of that object whose function it defines must then lie inside
 * that function. The object is named only when exactly one candidate symbol passes; TSan names it itself ({@link
 * TsanText}). Not thread-safe: one auditing thread uses an instance.
 */
public final class LibraryOffsets {
    /** Helgrind's words for a static variable of a library without symbols. */
    private static final Pattern SEGMENT = Pattern.compile("Address (0x[0-9a-fA-F]+) is in the (\\S+) segment of (\\S+)");
    /** DRD's: the section in the variable text, the address in the access ("Conflicting load by thread 4 at 0x... size 8"). */
    private static final Pattern SECTION = Pattern.compile("Allocation context: (\\S+) section of (\\S+)");
    private static final Pattern AT = Pattern.compile(" at (0x[0-9a-fA-F]+)");
    private static final Path NM = Path.of("/usr/bin/nm");
    private static final long PAGE = 0x1000;

    /** Helgrind's words for a data symbol of a build with symbols. */
    private static final Pattern DATA_SYMBOL = Pattern.compile("Address (0x[0-9a-fA-F]+) is (\\d+) bytes inside data symbol \"([^\"]+)\"");
    /** What {@link #objectNote} appends: the object a data symbol is of. */
    private static final Pattern OBJECT_NOTE = Pattern.compile(" \\(a data symbol of (\\S+)\\)");

    private final Map<String, Map<String, Long>> exported = new HashMap<>();
    private final Map<String, List<Symbol>> allSymbols = new HashMap<>();

    /** One line of {@code nm -S}: a symbol's value, size, kind letter and name. */
    record Symbol(long value, long size, char kind, String name) {
        boolean function() { return "tTwW".indexOf(kind) >= 0; }
        boolean data() { return "bBdDgGsS".indexOf(kind) >= 0; }
    }

    /** The words the variable text gets for the object ({@code mca_btl_vader.so}) a data symbol is of. */
    public static String objectNote(String object) {
        return " (a data symbol of " + object.substring(object.lastIndexOf('/') + 1) + ")";
    }

    /**
     * The words a race's variable text gets for an access at {@code address}, {@code inside} bytes into the data symbol
     * {@code symbol} of {@code object} (null: not said), as Valgrind words it and {@link #describe} reads it.
     */
    public static String dataSymbolWords(String address, long inside, String symbol, String object) {
        return "Address " + address + " is " + inside + " bytes inside data symbol \"" + symbol + "\""
                + (object == null ? "" : objectNote(object));
    }

    /** The data symbol of {@code obj} whose extent holds {@code offset} ({@code nm -S}), if there is one. */
    Optional<Symbol> dataSymbolAt(String obj, long offset) {
        return allSymbols(obj).stream().filter(y -> y.data() && offset >= y.value() && offset < y.value() + y.size()).findFirst();
    }

    /** The object a described variable's data symbol is of, as {@link #objectNote} wrote it, if it says. */
    public static Optional<String> objectOf(String described) {
        Matcher m = OBJECT_NOTE.matcher(described);
        return m.find() ? Optional.of(m.group(1)) : Optional.empty();
    }

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
            return race.variable() + dataSymbolObject(race).map(LibraryOffsets::objectNote).orElse("");
        }
        Optional<Long> base = base(race, lib);
        if (base.isEmpty()) return race.variable();
        String name = lib.substring(lib.lastIndexOf('/') + 1);
        return race.variable() + " (offset 0x" + Long.toHexString(address - base.get()) + " in " + name + ")";
    }

    /**
     * The object (its path) of the data symbol a Helgrind race names, when exactly one object among the race's frames
     * defines a symbol of that name at an address its frames agree with; empty when the variable is no data symbol, the
     * object is already named, or the candidates are none or several.
     */
    public Optional<String> dataSymbolObject(Race race) {
        Matcher d = DATA_SYMBOL.matcher(race.variable());
        if (!d.find() || OBJECT_NOTE.matcher(race.variable()).find()) return Optional.empty();
        long start = Long.decode(d.group(1)) - Long.parseLong(d.group(2));
        String name = d.group(3);
        java.util.Set<String> objects = new java.util.LinkedHashSet<>();
        for (Access a : race.accesses()) for (Frame f : a.stack()) if (f.obj() != null && f.obj().startsWith("/")) objects.add(f.obj());
        String found = null;
        int passing = 0;
        for (String obj : objects) {
            List<Symbol> symbols = allSymbols(obj);
            for (Symbol s : symbols) {
                if (!s.name().equals(name) || s.function()) continue;
                long base = start - s.value();
                if ((base & (PAGE - 1)) != 0 || !framesAgree(race, obj, base, symbols)) continue;
                passing++;
                found = obj;
            }
        }
        return passing == 1 ? Optional.of(found) : Optional.empty();
    }

    /** Whether every frame of {@code obj} whose function {@code obj} defines lies inside it, loaded at {@code base}. */
    private static boolean framesAgree(Race race, String obj, long base, List<Symbol> symbols) {
        boolean any = false;
        for (Access a : race.accesses()) {
            for (Frame f : a.stack()) {
                if (!obj.equals(f.obj()) || f.fn() == null) continue;
                long offset = Long.decode(f.ip()) - base;
                boolean defined = false;
                boolean inside = false;
                for (Symbol s : symbols) {
                    if (!s.function() || !s.name().equals(f.fn())) continue;
                    defined = true;
                    if (offset >= s.value() && offset < s.value() + Math.max(1, s.size())) inside = true;
                }
                if (defined && !inside) return false;
                any |= defined;
            }
        }
        return any;
    }

    /** Every defined symbol of {@code obj} with its size ({@code nm -S}, the symbol table, local ones too). */
    private List<Symbol> allSymbols(String obj) {
        return allSymbols.computeIfAbsent(obj, o -> {
            List<Symbol> l = new java.util.ArrayList<>();
            for (String line : nm(List.of("-S", "--defined-only", o)).lines().toList()) {
                String[] w = line.trim().split("\\s+");
                if (w.length == 4 && w[2].length() == 1) {
                    l.add(new Symbol(Long.parseUnsignedLong(w[0], 16), Long.parseUnsignedLong(w[1], 16), w[2].charAt(0), w[3]));
                }
            }
            return l;
        });
    }

    /** {@code nm}'s output with {@code args}; empty when {@code nm} is missing, fails or takes over 30 s. */
    private static String nm(List<String> args) {
        if (!Files.isExecutable(NM)) return "";
        try {
            Path file = Files.createTempFile("nm", ".txt");
            try {
                List<String> cmd = new java.util.ArrayList<>(List.of(NM.toString()));
                cmd.addAll(args);
                Process p = new ProcessBuilder(cmd).redirectErrorStream(false).redirectError(ProcessBuilder.Redirect.DISCARD)
                        .redirectOutput(file.toFile()).start();
                if (!p.waitFor(30, TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                    return "";
                }
                return p.exitValue() == 0 ? Files.readString(file, StandardCharsets.UTF_8) : "";
            } finally {
                Files.deleteIfExists(file);
            }
        } catch (IOException e) {
            return "";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "";
        }
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
            for (String line : nm(List.of("-D", "--defined-only", l)).lines().toList()) {
                String[] w = line.trim().split("\\s+");
                if (w.length == 3 && (w[1].equals("T") || w[1].equals("W"))) m.putIfAbsent(w[2], Long.parseUnsignedLong(w[0], 16));
            }
            return m;
        });
    }
}
