package org.mpiverify.specs.mutation;

import java.util.Arrays;
import tla2sany.st.Location;

/**
 * The text of one TLA+ module file and the mapping from SANY's locations (1-based line and column,
 * end column inclusive, a tab advancing to the next multiple of 8 as SANY's tokenizer counts it) to
 * offsets in that text. Immutable.
 */
public final class ModuleSource {
    private final String module;
    private final String text;
    private final int[] lineStarts;

    /**
     * @param module the module's name
     * @param text   the file's text as read (UTF-8)
     */
    public ModuleSource(String module, String text) {
        this.module = module;
        this.text = text;
        int[] starts = new int[16];
        int n = 0;
        starts[n++] = 0;
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) != '\n') continue;
            if (n == starts.length) starts = Arrays.copyOf(starts, n * 2);
            starts[n++] = i + 1;
        }
        this.lineStarts = Arrays.copyOf(starts, n);
    }

    public String module() {
        return module;
    }

    public String text() {
        return text;
    }

    /** The offset of the character SANY puts at {@code line}, {@code column}. */
    public int offset(int line, int column) {
        if (line < 1 || line > lineStarts.length) throw new IllegalArgumentException(module + ": no line " + line);
        int i = lineStarts[line - 1];
        int col = 1;
        while (col < column) {
            if (i >= text.length() || text.charAt(i) == '\n') {
                throw new IllegalArgumentException(module + ": line " + line + " has no column " + column);
            }
            col = text.charAt(i) == '\t' ? ((col - 1) / 8 + 1) * 8 + 1 : col + 1;
            i++;
        }
        return i;
    }

    /** The first offset of {@code loc}. */
    public int start(Location loc) {
        return offset(loc.beginLine(), loc.beginColumn());
    }

    /** The offset just after {@code loc}. */
    public int end(Location loc) {
        return offset(loc.endLine(), loc.endColumn()) + 1;
    }

    /** The text {@code loc} covers. */
    public String slice(Location loc) {
        return text.substring(start(loc), end(loc));
    }

    /** The 1-based column of {@code offset} (tabs as SANY counts them). */
    public int column(int offset) {
        int lineStart = lineStarts[line(offset) - 1];
        int col = 1;
        for (int i = lineStart; i < offset; i++) col = text.charAt(i) == '\t' ? ((col - 1) / 8 + 1) * 8 + 1 : col + 1;
        return col;
    }

    /** The 1-based line of {@code offset}. */
    public int line(int offset) {
        int i = Arrays.binarySearch(lineStarts, offset);
        return i >= 0 ? i + 1 : -i - 1;
    }

    /** The offset at which line {@code line} starts. */
    public int lineStart(int line) {
        return lineStarts[line - 1];
    }

    /** {@code s} on one line with runs of white space as one space (for mutant names and descriptions). */
    public static String oneLine(String s) {
        return s.strip().replaceAll("\\s+", " ");
    }
}
