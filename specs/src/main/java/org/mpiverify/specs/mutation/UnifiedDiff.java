package org.mpiverify.specs.mutation;

import java.util.ArrayList;
import java.util.List;

/** The unified diff ({@code diff -u}) of two texts, by a longest common subsequence of their lines. */
public final class UnifiedDiff {
    private static final int CONTEXT = 3;

    private UnifiedDiff() {}

    /** {@code --- a/<name>}, {@code +++ b/<name>} and the hunks; empty if the texts are equal. */
    public static String of(String name, String before, String after) {
        List<String> a = lines(before), b = lines(after);
        int n = a.size(), m = b.size();
        // common prefix and suffix first: a mutant changes a few lines of a long module
        int pre = 0;
        while (pre < n && pre < m && a.get(pre).equals(b.get(pre))) pre++;
        int suf = 0;
        while (suf < n - pre && suf < m - pre && a.get(n - 1 - suf).equals(b.get(m - 1 - suf))) suf++;
        List<String> ops = new ArrayList<>();   // ' ', '-', '+' followed by the line
        for (int i = 0; i < pre; i++) ops.add(" " + a.get(i));
        List<String> midA = a.subList(pre, n - suf), midB = b.subList(pre, m - suf);
        int[][] lcs = new int[midA.size() + 1][midB.size() + 1];
        for (int i = midA.size() - 1; i >= 0; i--) {
            for (int j = midB.size() - 1; j >= 0; j--) {
                lcs[i][j] = midA.get(i).equals(midB.get(j)) ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
            }
        }
        int i = 0, j = 0;
        while (i < midA.size() || j < midB.size()) {
            if (i < midA.size() && j < midB.size() && midA.get(i).equals(midB.get(j))) {
                ops.add(" " + midA.get(i++));
                j++;
            } else if (i < midA.size() && (j == midB.size() || lcs[i + 1][j] >= lcs[i][j + 1])) {
                ops.add("-" + midA.get(i++));
            } else {
                ops.add("+" + midB.get(j++));
            }
        }
        for (int k = n - suf; k < n; k++) ops.add(" " + a.get(k));
        StringBuilder out = new StringBuilder();
        int k = 0;
        while (k < ops.size()) {
            if (ops.get(k).charAt(0) == ' ') {
                k++;
                continue;
            }
            int start = Math.max(0, k - CONTEXT);
            int end = k;
            int lastChange = k;
            while (end < ops.size()) {
                if (ops.get(end).charAt(0) != ' ') lastChange = end;
                else if (end - lastChange > 2 * CONTEXT) break;
                end++;
            }
            end = Math.min(ops.size(), lastChange + CONTEXT + 1);
            int aStart = 1, bStart = 1;
            for (int x = 0; x < start; x++) {
                if (ops.get(x).charAt(0) != '+') aStart++;
                if (ops.get(x).charAt(0) != '-') bStart++;
            }
            int aLen = 0, bLen = 0;
            for (int x = start; x < end; x++) {
                if (ops.get(x).charAt(0) != '+') aLen++;
                if (ops.get(x).charAt(0) != '-') bLen++;
            }
            if (out.isEmpty()) out.append("--- a/").append(name).append("\n+++ b/").append(name).append('\n');
            out.append("@@ -").append(aLen == 0 ? aStart - 1 : aStart).append(',').append(aLen)
               .append(" +").append(bLen == 0 ? bStart - 1 : bStart).append(',').append(bLen).append(" @@\n");
            for (int x = start; x < end; x++) out.append(ops.get(x)).append('\n');
            k = end;
        }
        return out.toString();
    }

    private static List<String> lines(String s) {
        List<String> out = new ArrayList<>(List.of(s.split("\n", -1)));
        if (!out.isEmpty() && out.getLast().isEmpty()) out.removeLast();
        return out;
    }
}
