package org.mpiverify.locks.runtime;

import java.util.ArrayList;
import java.util.List;

/** Stack traces of the program under test, without the agent's own frames. */
public final class Stacks {
    private static final String RUNTIME = "org.mpiverify.locks.runtime.";
    private static final String AGENT = "org.mpiverify.locks.agent.";
    private static final StackWalker WALKER = StackWalker.getInstance();
    private static volatile int maxFrames = 24;

    private Stacks() { }

    public static void maxFrames(int n) {
        maxFrames = Math.max(4, n);
    }

    /** The calling thread's stack, innermost first, as {@code class.method(File:line)} strings. */
    public static List<String> current() {
        int max = maxFrames;
        return WALKER.walk(s -> s.filter(f -> !isAgent(f.getClassName()))
                .limit(max)
                .map(f -> f.getClassName() + "." + f.getMethodName() + "(" + f.getFileName() + ":"
                        + f.getLineNumber() + ")")
                .toList());
    }

    static boolean isAgent(String className) {
        return className.startsWith(RUNTIME) || className.startsWith(AGENT);
    }

    /** The stack of {@code t}, where it was thrown. */
    static List<String> of(Throwable t) {
        List<String> out = new ArrayList<>();
        int max = maxFrames;
        for (StackTraceElement e : t.getStackTrace()) {
            if (isAgent(e.getClassName())) {
                continue;
            }
            if (out.size() == max) {
                break;
            }
            out.add(e.getClassName() + "." + e.getMethodName() + "(" + e.getFileName() + ":" + e.getLineNumber() + ")");
        }
        return out;
    }
}
