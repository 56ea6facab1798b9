package org.mpiverify.audit.race;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.mpiverify.results.Json;

/**
 * A library's races attributed to a root cause, {@code audit/race/attributions/<library>.json}: per cause, the
 * variable it races on — in a stripped build by its offset in the library file together with that file's GNU build
 * ID (an offset means nothing in another build), in a build with symbols by the data symbol and the byte inside it
 * (or, for an array of objects, the byte inside each element), with the object that defines it where the name alone
 * is ambiguous, or a heap block by a function that allocated it —
 * what the variable is, the functions and the lock, the verdict, the reproduction in {@code audit/repro/} and the
 * release that changed it. A race is of a cause when its variable is where the cause says; races the audit
 * deduplicated by their code locations are grouped by it in the report. Not thread-safe: one auditing thread uses an
 * instance (it caches the build IDs it read).
 */
public final class Attributions {
    /** The folder, relative to the repository root. */
    public static final Path DIR = Path.of("audit", "race", "attributions");

    private static final Pattern OFFSET = Pattern.compile("\\(offset (0x[0-9a-f]+) in (\\S+)\\)$");
    private static final Pattern LIBRARY = Pattern.compile("(?:segment|section) of (\\S+)");
    private static final Pattern SYMBOL = Pattern.compile("(\\d+) bytes inside data symbol \"([^\"]+)\"");
    /** The allocation stack {@link ValgrindXml} appends to a heap block's description. */
    private static final Pattern ALLOCATED = Pattern.compile("allocated at \\[([^\\]]*)\\]");

    /** The file's content. */
    public record File(String about, List<Cause> causes) {
        public File {
            causes = causes == null ? List.of() : List.copyOf(causes);
        }
    }

    /**
     * One root cause.
     *
     * @param id           its name in the report
     * @param verdict      {@code race}: a data race of the library's, reproduced by {@code reproduction}
     * @param variable     what the variable is
     * @param functions    the functions (or macros) whose accesses race
     * @param inlinedInto  where those are expanded, when they are macros or inline functions
     * @param lock         the lock that covers or should cover the variable
     * @param reproduction the minimal program, relative to the repository root
     * @param fixedIn      the release that changed it, as far as could be checked
     * @param where        where the variable is, per build
     */
    public record Cause(String id, String verdict, String variable, List<String> functions, String inlinedInto, String lock,
                        String reproduction, String fixedIn, List<Where> where) {
        public Cause {
            Objects.requireNonNull(id, "id");
            if (!"race".equals(verdict)) throw new IllegalArgumentException(id + ": verdict must be 'race', not " + verdict);
            Objects.requireNonNull(reproduction, id + ": reproduction");
            functions = List.copyOf(functions);
            where = List.copyOf(where);
            if (where.isEmpty()) throw new IllegalArgumentException(id + ": where is empty");
        }
    }

    /**
     * Where a cause's variable is in one build: {@code library} (file name), its {@code buildId} and the {@code offset}
     * (hex) for a stripped build; or {@code symbol} and {@code bytesInside} for a build with symbols, where {@code
     * elementSize}, when given, says the symbol is an array of objects of that size and {@code bytesInside} is the
     * field's offset in each (a race on that field of any element), and {@code object}, when given, the file name of
     * the object that defines the symbol ({@code mca_btl_vader.so}): required where several objects of the process
     * define a symbol of that name (a function-scope static such as {@code lock.0}), and matched only when the race's
     * variable names its object ({@link LibraryOffsets#objectNote}: TSan says it, Helgrind's is worked out from the
     * frames); or {@code allocatedBy}, a function the heap block's allocation stack passes through (the detector's
     * first frames of it).
     */
    public record Where(String library, String buildId, String offset, String symbol, Integer bytesInside,
                        Integer elementSize, String allocatedBy, String object) {
        public Where {
            boolean stripped = library != null && buildId != null && offset != null;
            boolean named = symbol != null && bytesInside != null;
            boolean allocated = allocatedBy != null;
            if ((stripped ? 1 : 0) + (named ? 1 : 0) + (allocated ? 1 : 0) != 1) {
                throw new IllegalArgumentException("a place is library, buildId and offset, or symbol and bytesInside, "
                        + "or allocatedBy: " + this);
            }
            if (object != null && !named) throw new IllegalArgumentException("object goes with a symbol: " + this);
            if (object != null && object.contains("/")) throw new IllegalArgumentException("object is a file name, no folder: " + this);
            if (elementSize != null && (!named || elementSize <= bytesInside)) {
                throw new IllegalArgumentException("elementSize goes with a symbol and a bytesInside below it: " + this);
            }
        }
    }

    private final List<Cause> causes;
    private final Map<String, Optional<String>> buildIds = new HashMap<>();

    private Attributions(List<Cause> causes) {
        this.causes = causes;
    }

    /** The file of {@code library} under {@code repoRoot}. */
    public static Path of(Path repoRoot, String library) {
        return repoRoot.resolve(DIR).resolve(library + ".json");
    }

    /** The causes of {@code library} (none when it has no file); a malformed file is an error. */
    public static Attributions load(Path repoRoot, String library) {
        Path file = of(repoRoot, library);
        if (!Files.exists(file)) return new Attributions(List.of());
        try {
            return new Attributions(Json.readFile(file, File.class).causes());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    /** Every cause, in file order. */
    public List<Cause> causes() {
        return causes;
    }

    /**
     * The cause of a race whose variable reads {@code described} ({@link LibraryOffsets#describe}: the detector's text
     * with a stripped library's offset added), if one matches.
     */
    public Optional<Cause> causeOf(String described) {
        for (Cause c : causes) {
            for (Where w : c.where()) if (matches(w, described)) return Optional.of(c);
        }
        return Optional.empty();
    }

    private boolean matches(Where w, String described) {
        if (w.symbol() != null) {
            Matcher m = SYMBOL.matcher(described);
            if (!m.find() || !m.group(2).equals(w.symbol())) return false;
            if (w.object() != null && !LibraryOffsets.objectOf(described).map(w.object()::equals).orElse(false)) return false;
            int byteInside = Integer.parseInt(m.group(1));
            return (w.elementSize() == null ? byteInside : byteInside % w.elementSize()) == w.bytesInside();
        }
        if (w.allocatedBy() != null) {
            Matcher a = ALLOCATED.matcher(described);
            if (!a.find()) return false;
            for (String frame : a.group(1).split(", ")) if (frame.equals(w.allocatedBy()) || frame.startsWith(w.allocatedBy() + " (")) return true;
            return false;
        }
        Matcher o = OFFSET.matcher(described);
        Matcher l = LIBRARY.matcher(described);
        if (!o.find() || !l.find() || !o.group(1).equals(w.offset()) || !o.group(2).equals(w.library())) return false;
        String path = l.group(1);
        return buildIds.computeIfAbsent(path, p -> ElfBuildId.of(Path.of(p))).map(w.buildId()::equals).orElse(false);
    }
}
