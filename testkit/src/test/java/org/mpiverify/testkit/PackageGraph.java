package org.mpiverify.testkit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The dependencies between the packages of a set of source trees, read from the sources as the compiler
 * reads them: every {@code import} (static, single-type or on demand) and every qualified name in the code,
 * with comments and string, character and text-block literals left out, so that a Javadoc link or a class
 * name in a message is no dependency while a compile-time constant (inlined by javac, so absent from the
 * class files) is one. A package {@code org.mpiverify.a.b} is named by the part of a qualified name before
 * its first segment that starts with an upper-case letter.
 *
 * <p>Its {@link #cycles()} are the strongly connected components of more than one package (Tarjan's
 * algorithm): a set of packages each of which reaches every other.
 */
final class PackageGraph {
    private static final Pattern PACKAGE = Pattern.compile("(?m)^\\s*package\\s+([\\w.]+)\\s*;");
    private static final Pattern REFERENCE = Pattern.compile("\\b(org\\.mpiverify(?:\\.[a-z_][a-z0-9_]*)*)\\.([A-Z]\\w*|\\*)");
    private static final Pattern SIMPLE_NAME = Pattern.compile("\\b[A-Z]\\w*\\b");

    private final Map<String, String> nodeOfType;
    /** Package to the packages it uses, each with the files that use it. */
    private final Map<String, Map<String, Set<String>>> edges = new TreeMap<>();

    /**
     * @param nodeOfType types ({@code org.mpiverify.mpi.Datatype}) counted as a node of their own, named by the
     *                   value, instead of as part of their package: leaf types that a package and the packages
     *                   it uses both name (see {@code PackageCyclesTest}). Their uses of their own package's
     *                   types, which need no import, are read by simple name, so one that is no leaf still
     *                   closes the loop.
     */
    private PackageGraph(Map<String, String> nodeOfType) {
        this.nodeOfType = Map.copyOf(nodeOfType);
    }

    /** The graph of the {@code .java} files under {@code roots}; file names in reports are relative to {@code base}. */
    static PackageGraph of(Path base, List<Path> roots, Map<String, String> nodeOfType) throws IOException {
        PackageGraph g = new PackageGraph(nodeOfType);
        Map<Path, String> code = new TreeMap<>();
        Map<Path, String> packageOf = new HashMap<>();
        Set<String> packages = new HashSet<>();
        Set<String> types = new HashSet<>();
        for (Path root : roots) {
            if (!Files.isDirectory(root)) continue;
            try (Stream<Path> files = Files.walk(root)) {
                for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                    String stripped = codeOnly(Files.readString(f));
                    Matcher m = PACKAGE.matcher(stripped);
                    if (!m.find()) continue;
                    code.put(f, stripped);
                    packageOf.put(f, m.group(1));
                    packages.add(m.group(1));
                    types.add(m.group(1) + "." + f.getFileName().toString().replaceFirst("\\.java$", ""));
                }
            }
        }
        for (var e : code.entrySet()) {
            Path f = e.getKey();
            String pkg = packageOf.get(f);
            String type = pkg + "." + f.getFileName().toString().replaceFirst("\\.java$", "");
            String from = g.nodeOfType.getOrDefault(type, pkg);
            g.edges.computeIfAbsent(from, k -> new TreeMap<>());
            if (!from.equals(pkg)) {
                // a type counted apart names its package's types without an import: each such use is an edge
                Matcher n = SIMPLE_NAME.matcher(e.getValue());
                while (n.find()) {
                    String used = pkg + "." + n.group();
                    if (!used.equals(type) && types.contains(used)) {
                        String to = g.nodeOfType.getOrDefault(used, pkg);
                        if (!to.equals(from)) {
                            g.edges.get(from).computeIfAbsent(to, k -> new TreeSet<>()).add(base.relativize(f).toString());
                        }
                    }
                }
            }
            Matcher m = REFERENCE.matcher(e.getValue());
            while (m.find()) {
                String to = m.group(1);
                if (!packages.contains(to)) continue;   // a library's package, or a prefix of ours
                to = g.nodeOfType.getOrDefault(to + "." + m.group(2), to);
                if (!to.equals(from)) {
                    g.edges.get(from).computeIfAbsent(to, k -> new TreeSet<>()).add(base.relativize(f).toString());
                }
            }
        }
        return g;
    }

    /** Every package and the packages it uses. */
    Map<String, Set<String>> uses() {
        Map<String, Set<String>> out = new TreeMap<>();
        edges.forEach((p, to) -> out.put(p, Set.copyOf(to.keySet())));
        return out;
    }

    /** The package cycles, each as its sorted packages; empty if the packages form layers. */
    List<List<String>> cycles() {
        return new Tarjan().components();
    }

    /** A cycle with, for every use inside it, the files that make it: what a failing test prints. */
    String describe(List<String> cycle) {
        StringBuilder b = new StringBuilder("cycle: ").append(String.join(", ", cycle)).append('\n');
        for (String from : cycle) {
            edges.getOrDefault(from, Map.of()).forEach((to, files) -> {
                if (cycle.contains(to)) b.append("  ").append(from).append(" -> ").append(to).append(": ").append(files).append('\n');
            });
        }
        return b.toString();
    }

    /** {@code source} with comments and literals blanked (lines kept, so nothing else moves). */
    static String codeOnly(String source) {
        StringBuilder b = new StringBuilder(source.length());
        int i = 0;
        int n = source.length();
        while (i < n) {
            char c = source.charAt(i);
            if (c == '/' && i + 1 < n && source.charAt(i + 1) == '/') {
                while (i < n && source.charAt(i) != '\n') i++;
            } else if (c == '/' && i + 1 < n && source.charAt(i + 1) == '*') {
                int end = source.indexOf("*/", i + 2);
                i = blank(source, i, end < 0 ? n : end + 2, b);
            } else if (source.startsWith("\"\"\"", i)) {
                int j = i + 3;
                while (j < n && !source.startsWith("\"\"\"", j)) j += source.charAt(j) == '\\' ? 2 : 1;
                i = blank(source, i, Math.min(n, j + 3), b);
            } else if (c == '"' || c == '\'') {
                int j = i + 1;
                while (j < n && source.charAt(j) != c && source.charAt(j) != '\n') j += source.charAt(j) == '\\' ? 2 : 1;
                i = blank(source, i, Math.min(n, j + 1), b);
            } else {
                b.append(c);
                i++;
            }
        }
        return b.toString();
    }

    private static int blank(String s, int from, int to, StringBuilder b) {
        for (int k = from; k < to; k++) b.append(s.charAt(k) == '\n' ? '\n' : ' ');
        return to;
    }

    /** Tarjan's strongly connected components (recursive: as deep as the longest chain of packages). */
    private final class Tarjan {
        private final Map<String, Integer> index = new HashMap<>();
        private final Map<String, Integer> low = new HashMap<>();
        private final List<String> stack = new ArrayList<>();
        private final Set<String> onStack = new HashSet<>();
        private final List<List<String>> components = new ArrayList<>();

        List<List<String>> components() {
            for (String p : edges.keySet()) if (!index.containsKey(p)) visit(p);
            components.sort((a, b) -> a.getFirst().compareTo(b.getFirst()));
            return components;
        }

        private void visit(String p) {
            index.put(p, index.size());
            low.put(p, index.get(p));
            stack.add(p);
            onStack.add(p);
            for (String q : edges.getOrDefault(p, Map.of()).keySet()) {
                if (!index.containsKey(q)) {
                    visit(q);
                    low.put(p, Math.min(low.get(p), low.get(q)));
                } else if (onStack.contains(q)) {
                    low.put(p, Math.min(low.get(p), index.get(q)));
                }
            }
            if (low.get(p).equals(index.get(p))) {
                List<String> component = new ArrayList<>();
                String q;
                do {
                    q = stack.removeLast();
                    onStack.remove(q);
                    component.add(q);
                } while (!q.equals(p));
                if (component.size() > 1) {
                    component.sort(null);
                    components.add(component);
                }
            }
        }
    }
}
