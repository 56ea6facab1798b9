package org.mpiverify.cli;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.mpiverify.results.ProgressLine;

/**
 * Sits between a long-running component that prints a line per step ("trial 3/8 done") and the
 * terminal: step lines move the {@link ProgressLine}, every other line is printed through it so the
 * live line is not torn. The component keeps printing plain lines and needs to know nothing of this.
 * Not thread-safe: one writer (the component's thread), like the PrintStream it sits under.
 */
final class ProgressTap extends OutputStream {
    private final ProgressLine progress;
    private final Pattern step;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();

    /** @param step a pattern whose group 1 is the count of steps done */
    ProgressTap(ProgressLine progress, Pattern step) {
        this.progress = progress;
        this.step = step;
    }

    @Override
    public void write(int b) {
        if (b == '\n') {
            String text = line.toString(StandardCharsets.UTF_8);
            line.reset();
            Matcher m = step.matcher(text);
            if (m.find()) progress.set(Long.parseLong(m.group(1)));
            else progress.println(text);
        } else {
            line.write(b);
        }
    }

    @Override
    public void flush() {
        // partial lines wait for their newline: the live line owns the cursor until then
    }
}
