package org.mpiverify.audit.run;

import java.io.PrintStream;
import java.util.EnumMap;
import java.util.Map;
import org.mpiverify.results.Outcome;

/**
 * The live progress line: runs done of planned, rate, counts per outcome, and what runs now. On a
 * terminal it is redrawn in place; otherwise (logs, Maven) one line is printed per finished cell's
 * last run and whenever a run is not a PASS. Used by the runner's one thread only.
 */
final class Progress {
    private final PrintStream out;
    private final boolean terminal = System.console() != null;
    private final Map<Outcome, Integer> counts = new EnumMap<>(Outcome.class);
    private String target = "";
    private int planned;
    private int done;
    private long startNanos;
    private String current = "";
    private int lastRepeat;
    private int repeatsOfCurrent;

    Progress(PrintStream out) {
        this.out = out;
    }

    void start(String target, int planned) {
        this.target = target;
        this.planned = planned;
        this.done = 0;               // one runner may audit several targets (--target all): counts are per target
        this.counts.clear();
        this.startNanos = System.nanoTime();
        if (out != null) out.println("audit " + target + ": " + planned + " runs planned");
    }

    void running(String column, String scenario, int repeat, int repeats) {
        current = column + " " + scenario + " (" + repeat + "/" + repeats + ")";
        lastRepeat = repeat;
        repeatsOfCurrent = repeats;
        if (terminal) draw();
    }

    void done(Outcome o) {
        done++;
        counts.merge(o, 1, Integer::sum);
        if (terminal) {
            draw();
        } else if (out != null && (o != Outcome.PASS || lastRepeat == repeatsOfCurrent)) {
            out.println(line() + " -> " + o);
        }
    }

    /** Runs planned but not made (a cell stopped early). */
    void skip(int n) {
        planned -= n;
    }

    void finish() {
        if (out == null) return;
        if (terminal) out.print("\r");
        out.println(line().replace(" | " + current, "") + " -- done");
    }

    private void draw() {
        if (out == null) return;
        String l = line();
        out.print("\r" + (l.length() > 150 ? l.substring(0, 150) : l) + "\u001b[K");
        out.flush();
    }

    private String line() {
        double s = (System.nanoTime() - startNanos) / 1e9;
        StringBuilder sb = new StringBuilder("[").append(target).append("] ").append(done).append('/').append(planned)
                .append(" runs, ").append(String.format("%.1f", s <= 0 ? 0 : done / s)).append(" runs/s");
        counts.forEach((k, v) -> sb.append(' ').append(k).append(' ').append(v));
        return sb.append(" | ").append(current).toString();
    }
}
