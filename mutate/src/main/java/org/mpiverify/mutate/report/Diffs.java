package org.mpiverify.mutate.report;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.util.Textifier;
import org.objectweb.asm.util.TraceMethodVisitor;

/**
 * What a survivor changed, for a reader: the source lines around the mutated line, and the exact change
 * as a diff of the method's bytecode before and after (the mutant is made in bytecode, so that diff is
 * the truth; the source context says where).
 */
public final class Diffs {
    private Diffs() {}

    /** Source lines {@code line-3 .. line+3} of the class's source file, the mutated line marked with {@code >}. */
    public static String sourceContext(Path sourceRoot, String className, int line, String description) throws IOException {
        String outer = className.contains("$") ? className.substring(0, className.indexOf('$')) : className;
        Path f = sourceRoot.resolve(outer.replace('.', '/') + ".java");
        if (!Files.isRegularFile(f) || line <= 0) return "";
        List<String> lines = Files.readAllLines(f);
        StringBuilder sb = new StringBuilder();
        for (int i = Math.max(1, line - 3); i <= Math.min(lines.size(), line + 3); i++) {
            String text = lines.get(i - 1);
            if (i == line) {
                sb.append(String.format("-%5d  %s%n", i, text));
                String indent = text.substring(0, text.length() - text.stripLeading().length());
                sb.append(String.format("+%5d  %s// mutant: %s%n", i, indent, description));
            } else {
                sb.append(String.format(" %5d  %s%n", i, text));
            }
        }
        return sb.toString();
    }

    /** A unified-style diff of one method's bytecode text in two class files. */
    public static String bytecode(byte[] original, byte[] mutant, String method, String descriptor) {
        List<String> a = text(original, method, descriptor), b = text(mutant, method, descriptor);
        return diff(a, b);
    }

    static List<String> text(byte[] bytes, String method, String descriptor) {
        ClassNode c = new ClassNode();
        new ClassReader(bytes).accept(c, ClassReader.SKIP_FRAMES);
        for (MethodNode m : c.methods) {
            if (!m.name.equals(method) || !m.desc.equals(descriptor)) continue;
            Textifier t = new Textifier();
            m.accept(new TraceMethodVisitor(t));
            StringWriter sw = new StringWriter();
            t.print(new PrintWriter(sw));
            List<String> out = new ArrayList<>();
            for (String l : sw.toString().split("\n")) {
                if (l.isBlank() || l.strip().startsWith("LOCALVARIABLE") || l.strip().startsWith("MAXSTACK")
                        || l.strip().startsWith("MAXLOCALS") || l.strip().startsWith("FRAME")) continue;
                out.add(l.stripTrailing());
            }
            return out;
        }
        return List.of();
    }


    /** Lines of {@code b} against {@code a}: changed lines with 3 lines of context, by longest common subsequence. */
    static String diff(List<String> a, List<String> b) {
        int n = a.size(), m = b.size();
        int[][] lcs = new int[n + 1][m + 1];
        for (int i = n - 1; i >= 0; i--) {
            for (int j = m - 1; j >= 0; j--) {
                lcs[i][j] = a.get(i).equals(b.get(j)) ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
            }
        }
        List<String> out = new ArrayList<>();
        int i = 0, j = 0;
        while (i < n || j < m) {
            if (i < n && j < m && a.get(i).equals(b.get(j))) {
                out.add("  " + a.get(i));
                i++;
                j++;
            } else if (j < m && (i == n || lcs[i][j + 1] >= lcs[i + 1][j])) {
                out.add("+ " + b.get(j++));
            } else {
                out.add("- " + a.get(i++));
            }
        }
        StringBuilder sb = new StringBuilder();
        for (int k = 0; k < out.size(); k++) {
            boolean near = false;
            for (int d = -3; d <= 3 && !near; d++) {
                int x = k + d;
                near = x >= 0 && x < out.size() && !out.get(x).startsWith("  ");
            }
            if (near) sb.append(out.get(k)).append('\n');
            else if (sb.length() > 0 && !sb.toString().endsWith("...\n")) sb.append("...\n");
        }
        return sb.toString();
    }
}
