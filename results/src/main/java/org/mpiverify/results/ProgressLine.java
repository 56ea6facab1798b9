package org.mpiverify.results;

import java.io.PrintStream;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The {@link Progress} of long commands, drawn as a live line: {@code "label: 3/8 trials, 0.21 trials/s, 14 s, about 24 s left — detail"}.
 * On a terminal the line is redrawn in place ({@code \r}) every second and on every update; otherwise
 * (a log, a pipe, CI) it prints a plain line on a count change at most once per {@link #PLAIN_STEP_SECONDS},
 * one heartbeat line per {@link #PLAIN_HEARTBEAT_SECONDS} without a change, and the final line on
 * {@link #close()}, so logs stay readable when steps are many and short. Other output goes through
 * {@link #println(String)}, which clears the live line first and redraws it after.
 *
 * <p>Thread safety: {@link #advance()}, {@link #set(long)}, {@link #detail(String)} and
 * {@link #println(String)} may be called from any thread. The monitor guards only the text of the line
 * and the moment of the last plain print; it is held while writing one line to the stream, never while
 * waiting for anything else. The ticker is a daemon thread, stopped by {@link #close()}.
 */
public final class ProgressLine implements Progress, AutoCloseable {
    static final long PLAIN_HEARTBEAT_SECONDS = 10;
    static final long PLAIN_STEP_SECONDS = 1;

    private final PrintStream out;
    private final String label;
    private long total;
    private final String unit;
    private final boolean live;
    private final long startNanos = System.nanoTime();
    private final ScheduledExecutorService ticker;
    private long done;
    private String detail = "";
    private int drawnWidth;
    private long lastPlainNanos = System.nanoTime();
    private String plainText = "";
    private boolean closed;

    /**
     * @param total the count at which the work is done, or 0 when unknown (no ETA then)
     * @param live  redraw in place: true for a terminal (see {@link #isTerminal()})
     */
    public ProgressLine(PrintStream out, String label, long total, String unit, boolean live) {
        this.out = out;
        this.label = label;
        this.total = total;
        this.unit = unit;
        this.live = live;
        this.ticker = Executors.newSingleThreadScheduledExecutor(
                Thread.ofPlatform().daemon().name("progress-" + label).factory());
        synchronized (this) {
            if (live) draw();
        }
        ticker.scheduleAtFixedRate(this::tick, 1, 1, TimeUnit.SECONDS);
    }

    /** Is standard output an interactive terminal (not a file, a pipe or CI's log)? */
    public static boolean isTerminal() {
        java.io.Console c = System.console();
        return c != null && c.isTerminal();
    }

    public synchronized void advance() {
        set(done + 1);
    }

    @Override
    public synchronized void set(long count) {
        if (closed || count == done) return;
        done = count;
        if (live) draw();
        else if (System.nanoTime() - lastPlainNanos >= TimeUnit.SECONDS.toNanos(PLAIN_STEP_SECONDS)) plain();
    }

    /** The count at which the work is done, when part of it turns out not to be needed (0: unknown). */
    public synchronized void total(long total) {
        this.total = total;
    }

    /** Text after the counts (what is running now); shown with the next redraw. */
    @Override
    public synchronized void detail(String text) {
        detail = text == null ? "" : text;
        if (live && !closed) draw();
    }

    /** Prints an ordinary line without tearing the live one. */
    @Override
    public synchronized void println(String line) {
        if (live && !closed) {
            clear();
            out.println(line);
            draw();
        } else {
            out.println(line);
        }
    }

    /** The line as it reads now. */
    public synchronized String text() {
        double seconds = (System.nanoTime() - startNanos) / 1e9;
        StringBuilder b = new StringBuilder(label).append(": ").append(done);
        if (total > 0) b.append('/').append(total);
        b.append(' ').append(unit);
        if ((seconds >= 1 || closed) && done > 0 && seconds > 0) {
            double rate = done / seconds;
            b.append(String.format(Locale.ROOT, rate >= 10 ? ", %.0f %s/s" : ", %.2f %s/s", rate, unit));
        }
        b.append(String.format(Locale.ROOT, ", %d s", (long) seconds));
        if (total > 0 && done > 0 && done < total) {
            b.append(String.format(Locale.ROOT, ", about %d s left", (long) (seconds / done * (total - done))));
        }
        if (!detail.isEmpty()) b.append(" — ").append(detail);
        return b.toString();
    }

    private synchronized void tick() {
        if (closed) return;
        if (live) draw();
        else if (System.nanoTime() - lastPlainNanos >= TimeUnit.SECONDS.toNanos(PLAIN_HEARTBEAT_SECONDS)) plain();
    }

    private void draw() {
        String t = text();
        out.print("\r" + t + " ".repeat(Math.max(0, drawnWidth - t.length())));
        out.flush();
        drawnWidth = t.length();
    }

    private void clear() {
        out.print("\r" + " ".repeat(drawnWidth) + "\r");
        drawnWidth = 0;
    }

    private void plain() {
        plainText = text();
        out.println(plainText);
        lastPlainNanos = System.nanoTime();
    }

    /** Prints the final line and stops the ticker. */
    @Override
    public void close() {
        synchronized (this) {
            if (closed) return;
            closed = true; // the final line: its rate even when the work took less than a second
            if (live) {
                draw();
                out.println();
            } else if (!text().equals(plainText)) {
                plain(); // unless a log already has this very line
            }
        }
        ticker.shutdownNow();
    }
}
