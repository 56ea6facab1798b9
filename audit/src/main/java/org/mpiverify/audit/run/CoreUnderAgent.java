package org.mpiverify.audit.run;

import java.io.IOException;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;
import org.mpiverify.locks.command.LockSegments;
import org.mpiverify.locks.command.LocksOption;
import org.mpiverify.results.Console;

/**
 * {@code audit --target core --locks}: the core's audit in a child JVM started with the lock auditor, so
 * the core's classes are rewritten as they load; the child writes a lock report per configuration
 * ({@link LockSegments}). {@link #main} is the child's entry point, with the audit's options as
 * {@code --scenarios ID,ID|- --repeats N --full true|false} (a process's arguments, not a user's command line:
 * the parent writes them, so they are read without a parser).
 */
public final class CoreUnderAgent {
    private CoreUnderAgent() { }

    /** Runs the core's audit under the agent in a child JVM; returns its exit status. */
    public static int run(LocksOption locks, List<String> scenarios, int repeats, boolean full, PrintStream out)
            throws IOException, InterruptedException {
        List<String> cmd = locks.childJvm(LocksOption.CORE_WATCH, "core", "audit-core/_exit", CoreUnderAgent.class.getName(),
                List.of("--scenarios", scenarios.isEmpty() ? "-" : String.join(",", scenarios),
                        "--repeats", Integer.toString(repeats), "--full", Boolean.toString(full)));
        out.println("audit core: under the lock auditor, in a child JVM");
        out.flush();
        return new ProcessBuilder(cmd).inheritIO().start().waitFor();
    }

    /** The child: the core's audit, in this JVM (which runs under the agent). */
    public static void main(String[] args) {
        List<String> a = Arrays.asList(args);
        String s = a.get(a.indexOf("--scenarios") + 1);
        List<String> scenarios = s.equals("-") ? List.of() : List.of(s.split(","));
        int repeats = Integer.parseInt(a.get(a.indexOf("--repeats") + 1));
        boolean full = Boolean.parseBoolean(a.get(a.indexOf("--full") + 1));
        System.exit(AuditCommand.run(new AuditCommand.Options("core", scenarios, repeats > 0 ? repeats : null, full, false,
                AuditTargets.NativeOptions.DEFAULTS, false), Console.system()));
    }
}
