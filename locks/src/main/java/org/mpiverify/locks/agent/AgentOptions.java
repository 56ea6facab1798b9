package org.mpiverify.locks.agent;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The agent's options, from {@code -javaagent:locks-agent.jar=key=value,key=value}; list values are
 * separated by {@code :}.
 * <ul>
 *   <li>{@code watch=} package or class-name prefixes to instrument ({@code org.foo:com.bar.Baz}),
 *       {@code app} (default: every class not from the JDK, the agent or the test runner) or
 *       {@code none} (attached, instrumenting nothing);</li>
 *   <li>{@code exclude=} prefixes never instrumented;</li>
 *   <li>{@code calls=} the MPI entry points: {@code core}, {@code mpj}, {@code none} or
 *       {@code Class#method}/{@code Class#*} entries (default {@code core:mpj});</li>
 *   <li>{@code spinlocks=} methods that acquire a hand-made lock (a CAS loop that backs off with
 *       {@code park}/{@code parkNanos}): a park inside one is a wait for that lock, not a blocking wait,
 *       so holding another lock across it is lock nesting, not a lock held across a blocking call.
 *       {@code core} (the core's match-table bucket lock), {@code none} or {@code Class#method} entries
 *       (default {@code core});</li>
 *   <li>{@code out=} report directory (default {@code out/locks}); {@code name=} report base name
 *       ({@code %p} is the process id; default {@code locks-%p});</li>
 *   <li>{@code pinning=false} turns off virtual-thread pinning detection (JFR);
 *       {@code snapshot=N} rewrites the report every N seconds (so a process killed at a deadline
 *       leaves its state); {@code stack=N} frames per stack (default 24); {@code commit=} the commit
 *       the report's provenance names and {@code dirty=true} that the work tree had changes; {@code quiet=true} prints nothing (by default one line on
 *       stderr at exit says where the report is).</li>
 * </ul>
 */
public record AgentOptions(List<String> watch, boolean watchApp, boolean watchNothing, List<String> exclude,
                           List<String> calls, List<String> spinLocks, Path out, String name, boolean pinning, int snapshotSeconds,
                           int stackFrames, String commit, boolean dirty, boolean quiet, String raw) {

    /** Class-name prefixes (internal form) the agent never instruments. */
    static final List<String> NEVER = List.of("java/", "javax/", "jdk/", "sun/", "com/sun/",
            "org/mpiverify/locks/agent/", "org/mpiverify/locks/runtime/", "org/mpiverify/locks/report/",
            "org/mpiverify/locks/shaded/", "org/mpiverify/locks/LockAudit");
    /** Prefixes {@code watch=app} leaves out: the test runners. */
    static final List<String> NOT_APP = List.of("org/junit/", "org/opentest4j/", "org/apiguardian/",
            "org/apache/maven/", "worker/org/gradle/");

    public static AgentOptions parse(String args) {
        List<String> watch = new ArrayList<>();
        boolean app = true;
        boolean nothing = false;
        List<String> exclude = new ArrayList<>();
        List<String> calls = new ArrayList<>(List.of("core", "mpj"));
        List<String> spinLocks = new ArrayList<>(List.of("core"));
        Path out = Path.of("out", "locks");
        String name = "locks-%p";
        boolean pinning = true;
        int snapshot = 0;
        int stack = 24;
        String commit = "unknown";
        boolean quiet = false;
        boolean dirty = false;
        if (args != null && !args.isBlank()) {
            for (String opt : args.split(",")) {
                int eq = opt.indexOf('=');
                if (eq <= 0) {
                    throw new IllegalArgumentException("locks agent: option '" + opt + "' is not key=value");
                }
                String key = opt.substring(0, eq).strip();
                String value = opt.substring(eq + 1).strip();
                switch (key) {
                    case "watch" -> {
                        watch.clear();
                        app = false;
                        nothing = false;
                        for (String w : list(value)) {
                            switch (w) {
                                case "app" -> app = true;
                                case "none" -> nothing = true;
                                default -> watch.add(w.replace('.', '/'));
                            }
                        }
                    }
                    case "exclude" -> list(value).forEach(e -> exclude.add(e.replace('.', '/')));
                    case "calls" -> calls = list(value);
                    case "spinlocks" -> spinLocks = list(value);
                    case "out" -> out = Path.of(value);
                    case "name" -> name = value;
                    case "pinning" -> pinning = Boolean.parseBoolean(value);
                    case "snapshot" -> snapshot = Integer.parseInt(value);
                    case "stack" -> stack = Integer.parseInt(value);
                    case "commit" -> commit = value;
                    case "quiet" -> quiet = Boolean.parseBoolean(value);
                    case "dirty" -> dirty = Boolean.parseBoolean(value);
                    default -> throw new IllegalArgumentException("locks agent: unknown option '" + key
                            + "' (known: watch, exclude, calls, spinlocks, out, name, pinning, snapshot, stack, commit, dirty, quiet)");
                }
            }
        }
        name = name.replace("%p", Long.toString(ProcessHandle.current().pid()));
        return new AgentOptions(List.copyOf(watch), app && !nothing, nothing, List.copyOf(exclude),
                List.copyOf(calls), List.copyOf(spinLocks), out, name, pinning, snapshot, stack, commit, dirty, quiet, args == null ? "" : args);
    }

    private static List<String> list(String v) {
        return Arrays.stream(v.split(":")).map(String::strip).filter(s -> !s.isEmpty()).toList();
    }

    /** True if classes named {@code internalName} are instrumented for locks and blocking. */
    boolean watches(String internalName) {
        if (watchNothing || startsWithAny(internalName, NEVER) || startsWithAny(internalName, exclude)) {
            return false;
        }
        if (watchApp) {
            return !startsWithAny(internalName, NOT_APP);
        }
        return startsWithAny(internalName, watch);
    }

    /** True if the class may be rewritten at all (for its MPI entry points, even if not watched). */
    boolean mayRewrite(String internalName) {
        return !watchNothing && !startsWithAny(internalName, NEVER);
    }

    private static boolean startsWithAny(String s, List<String> prefixes) {
        for (String p : prefixes) {
            if (s.startsWith(p)) {
                return true;
            }
        }
        return false;
    }
}
