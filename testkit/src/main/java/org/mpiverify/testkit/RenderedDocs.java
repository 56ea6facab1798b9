package org.mpiverify.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The drift check of a page rendered from a data file: the page (or the part of it between two markers) must be
 * the rendering, or the test fails; with system property {@value #WRITE} set to {@code true} the rendering is
 * written into the page instead. So a data file stays the one copy, and a page can never show what the code no
 * longer produces.
 */
public final class RenderedDocs {
    /** The system property that writes the renderings instead of checking them. */
    public static final String WRITE = "mpiverify.writeDocs";

    private RenderedDocs() {}

    /** Whether this run writes the renderings ({@code -Dmpiverify.writeDocs=true}). */
    public static boolean writing() {
        return Boolean.getBoolean(WRITE);
    }

    /**
     * The file {@code root/name} must be {@code rendered} (a missing file is empty); {@code mismatch} says what
     * differs and how to regenerate it.
     */
    public static void assertFile(Path root, Path name, String rendered, String mismatch) throws IOException {
        Path file = root.resolve(name);
        String shown = Files.isRegularFile(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
        if (!shown.equals(rendered) && writing()) {
            Files.writeString(file, rendered, StandardCharsets.UTF_8);
            return;
        }
        assertEquals(rendered, shown, mismatch);
    }

    /**
     * Between the markers {@code begin} and {@code end} of {@code root/name}, the page must show {@code block} as a
     * Markdown block of its own (a blank line before it, a line end after it).
     */
    public static void assertRegion(Path root, Path name, String begin, String end, String block, String mismatch)
            throws IOException {
        Path page = root.resolve(name);
        String text = Files.readString(page, StandardCharsets.UTF_8);
        int from = text.indexOf(begin), to = text.indexOf(end);
        assertTrue(from >= 0 && to > from, name + " needs the markers " + begin + " and " + end + ", in that order");
        String rendered = "\n\n" + block + "\n";
        String shown = text.substring(from + begin.length(), to);
        if (!shown.equals(rendered) && writing()) {
            Files.writeString(page, text.substring(0, from + begin.length()) + rendered + text.substring(to),
                    StandardCharsets.UTF_8);
            return;
        }
        assertEquals(rendered, shown, mismatch);
    }
}
