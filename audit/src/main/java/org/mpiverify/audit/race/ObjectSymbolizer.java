package org.mpiverify.audit.race;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Names the frames of ThreadSanitizer's races that it printed with their object and offset but no name, from the
 * object's own symbols and line table ({@code addr2line -a -f -i -C}). TSan prints {@code <null> <null>
 * (mca_btl_vader.so+0x4ff6)} for an object the program opened by its bare name (Open MPI's components): its
 * symbolizer has no path to open. The object is found by that name under the given folders (the audited library's
 * own, to a depth of 2); a frame whose object is found nowhere, or has no symbols ({@code ??}), stays unnamed. Of an
 * address in inlined code the innermost function is taken, as TSan's own first frame for it would be. A global
 * it left unnamed the same way is named from the object's symbol table ({@code nm -S}).
 *
 * <p>Only for TSan's frames, whose {@code ip} is the offset in the object; Valgrind's are run-time addresses.
 * Thread safety: not thread-safe (it keeps what it found); one per audit run.
 */
public final class ObjectSymbolizer {
    private static final Path ADDR2LINE = Path.of("/usr/bin/addr2line");
    private static final int DEPTH = 2;
    private final List<Path> roots;
    private final Map<String, Optional<Path>> objects = new HashMap<>();
    /** Object name and offset to the frame named from it (the input frame itself if it could not be named). */
    private final Map<String, Frame> frames = new HashMap<>();
    /** The objects' symbol tables, read once each. */
    private final LibraryOffsets symbols = new LibraryOffsets();

    /** Looks for objects under {@code roots}, each to a depth of 2. */
    public ObjectSymbolizer(List<Path> roots) {
        this.roots = List.copyOf(roots);
    }

    /** {@code races} with each unnamed frame named where its object is found and has symbols. */
    public List<Race> name(List<Race> races) throws IOException, InterruptedException {
        Map<String, Set<String>> wanted = new TreeMap<>();
        for (Race r : races) {
            for (Access a : accesses(r)) {
                for (Frame f : a.stack()) {
                    if (unnamed(f) && !frames.containsKey(key(f))) {
                        wanted.computeIfAbsent(f.objName(), k -> new LinkedHashSet<>()).add(f.ip());
                    }
                }
            }
        }
        for (Map.Entry<String, Set<String>> w : wanted.entrySet()) {
            Optional<Path> object = find(w.getKey());
            Map<String, Frame> named = object.isPresent() ? addr2line(object.get(), List.copyOf(w.getValue())) : Map.of();
            for (String ip : w.getValue()) {
                frames.put(w.getKey() + "+" + ip, named.get(ip));
            }
        }
        List<Race> out = new ArrayList<>(races.size());
        for (Race r : races) {
            out.add(new Race(r.tool(), rename(r.first()), r.second() == null ? null : rename(r.second()), variable(r),
                    r.origin()));
        }
        return out;
    }

    private static final Pattern UNNAMED_GLOBAL = Pattern.compile(
            "Location is global '<null>' at 0x[0-9a-f]+ \\((\\S+)\\+(0x[0-9a-f]+)\\)");
    private static final Pattern ADDRESS = Pattern.compile(" at (0x[0-9a-f]+)");

    /**
     * The race's variable, with a global TSan left unnamed ({@code global '<null>' at 0x0 (obj+0xoff)}) described as
     * a named one is ({@link TsanText}): the data symbol of the object whose extent holds the offset ({@code nm -S}),
     * how far into it the access is, and the object.
     */
    private String variable(Race r) throws IOException {
        Matcher g = UNNAMED_GLOBAL.matcher(r.variable());
        Matcher a = ADDRESS.matcher(r.first().what());
        if (!g.find() || !a.find()) return r.variable();
        Optional<Path> object = find(g.group(1).substring(g.group(1).lastIndexOf('/') + 1));
        if (object.isEmpty()) return r.variable();
        long offset = Long.decode(g.group(2));
        String obj = object.get().toString();
        return symbols.dataSymbolAt(obj, offset)
                .map(y -> LibraryOffsets.dataSymbolWords(a.group(1), offset - y.value(), y.name(), obj) + "; " + r.variable())
                .orElse(r.variable());
    }

    private static String run(List<String> cmd) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IOException(cmd.get(0) + " did not finish within 60 s on " + cmd.get(cmd.size() - 1));
        }
        return text;
    }

    private static List<Access> accesses(Race r) {
        return r.second() == null ? List.of(r.first()) : List.of(r.first(), r.second());
    }

    private static boolean unnamed(Frame f) {
        return !f.named() && f.obj() != null && f.ip() != null && f.ip().startsWith("0x");
    }

    private static String key(Frame f) {
        return f.objName() + "+" + f.ip();
    }

    private Access rename(Access a) {
        List<Frame> stack = new ArrayList<>(a.stack().size());
        for (Frame f : a.stack()) {
            Frame named = unnamed(f) ? frames.get(key(f)) : null;
            stack.add(named != null ? new Frame(f.ip(), f.obj(), named.fn(), named.file(), named.line()) : f);
        }
        return new Access(a.what(), a.thread(), stack);
    }

    /** The first file named {@code name} under the roots, by breadth (the roots in order). */
    private Optional<Path> find(String name) throws IOException {
        Optional<Path> known = objects.get(name);
        if (known != null) return known;
        Optional<Path> found = Optional.empty();
        for (Path root : roots) {
            if (!Files.isDirectory(root)) continue;
            try (Stream<Path> s = Files.find(root, DEPTH, (p, attr) -> attr.isRegularFile() && p.getFileName().toString().equals(name))) {
                found = s.sorted((x, y) -> Integer.compare(x.getNameCount(), y.getNameCount())).findFirst();
            }
            if (found.isPresent()) break;
        }
        objects.put(name, found);
        return found;
    }

    /** The frames {@code addr2line} names at {@code offsets} of {@code object}; offsets it cannot name are absent. */
    static Map<String, Frame> addr2line(Path object, List<String> offsets) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(ADDR2LINE.toString(), "-a", "-f", "-i", "-C", "-e", object.toString()));
        cmd.addAll(offsets);
        return parse(run(cmd), object.getFileName().toString(), offsets);
    }

    /**
     * Reads {@code addr2line -a -f -i} output: per address its line ({@code 0x...}), then a function and a
     * {@code file:line} per inlining level, innermost first; the innermost is kept, {@code ??} is no name.
     */
    static Map<String, Frame> parse(String text, String objName, List<String> offsets) {
        Map<String, Frame> out = new HashMap<>();
        List<String> lines = text.lines().toList();
        int k = -1;
        for (int i = 0; i < lines.size(); i++) {
            if (!lines.get(i).startsWith("0x")) continue;
            k++;
            if (k >= offsets.size() || i + 2 >= lines.size()) break;
            String fn = lines.get(i + 1), loc = lines.get(i + 2);
            if (fn.equals("??")) continue;
            int colon = loc.lastIndexOf(':');
            String file = colon > 0 ? loc.substring(0, colon) : "??";
            String n = colon > 0 ? loc.substring(colon + 1).replaceAll("\\s.*$", "") : "";
            int line = n.matches("\\d+") ? Integer.parseInt(n) : 0;
            boolean known = !file.startsWith("??") && line > 0;
            out.put(offsets.get(k), new Frame(offsets.get(k), objName, fn,
                    known ? file.substring(file.lastIndexOf('/') + 1) : null, known ? line : 0));
        }
        return out;
    }
}
