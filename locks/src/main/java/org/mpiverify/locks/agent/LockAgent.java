package org.mpiverify.locks.agent;

import java.io.IOException;
import java.lang.instrument.Instrumentation;
import java.lang.instrument.UnmodifiableClassException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.mpiverify.locks.LockAudit;
import org.mpiverify.locks.runtime.PinningMonitor;
import org.mpiverify.locks.runtime.Stacks;

/**
 * The lock auditor's entry point: {@code -javaagent:locks-agent.jar[=OPTIONS]} ({@link #premain}) or a
 * dynamic attach ({@link #agentmain}, which also rewrites the watched classes already loaded). See
 * {@link AgentOptions} for the options. It installs the {@link LockTransformer}, enables the JFR pinning
 * monitor (which starts with the first MPI call on a virtual thread) and, if asked, a thread that rewrites the report every few seconds, and writes the report when
 * the JVM exits.
 */
public final class LockAgent {
    private LockAgent() { }

    public static void premain(String args, Instrumentation inst) {
        start(args, inst, false);
    }

    public static void agentmain(String args, Instrumentation inst) {
        start(args, inst, true);
    }

    private static synchronized void start(String args, Instrumentation inst, boolean attached) {
        if (LockAudit.active()) {
            System.err.println("locks agent: already running in this JVM; ignoring the second start");
            return;
        }
        long startNanos = System.nanoTime();
        AgentOptions options;
        EntryPoints entries;
        try {
            options = AgentOptions.parse(args);
            entries = new EntryPoints(options.calls());
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage().startsWith("locks agent") ? e.getMessage() : "locks agent: " + e.getMessage());
            throw e;
        }
        Stacks.maxFrames(options.stackFrames());
        LockTransformer transformer = new LockTransformer(options, entries);
        LockAudit.configure(new LockAudit.Config(options.out(), options.name(), options.raw(), options.commit(), options.dirty(),
                Instant.now(), startNanos, transformer::summary));
        inst.addTransformer(transformer, true);
        if (attached && !options.watchNothing()) {
            retransformLoaded(inst, options, entries);
        }
        if (options.pinning() && !options.watchNothing()) {
            PinningMonitor.enable();
        }
        if (options.snapshotSeconds() > 0) {
            long period = TimeUnit.SECONDS.toNanos(options.snapshotSeconds());
            Thread.ofPlatform().daemon().name("locks-agent-snapshot").start(() -> {
                while (true) {
                    LockSupport.parkNanos(period);
                    try {
                        LockAudit.writeReport(false);
                    } catch (IOException | RuntimeException e) {
                        System.err.println("locks agent: snapshot failed: " + e);
                    }
                }
            });
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> finish(options), "locks-agent-report"));
    }

    private static void finish(AgentOptions options) {
        try {
            LockAudit.Written w = LockAudit.writeReport(true);
            if (!options.quiet()) {
                System.err.println("locks agent: " + (w.findings() == 0 ? "no findings" : w.findings() + " finding(s)")
                        + "; report " + w.markdown());
            }
        } catch (IOException | RuntimeException e) {
            System.err.println("locks agent: could not write the report: " + e);
        }
    }

    private static void retransformLoaded(Instrumentation inst, AgentOptions options, EntryPoints entries) {
        List<Class<?>> todo = new ArrayList<>();
        for (Class<?> c : inst.getAllLoadedClasses()) {
            String n = c.getName().replace('.', '/');
            if (inst.isModifiableClass(c) && c.getClassLoader() != null
                    && (options.watches(n) || entries.hasClass(n))) {
                todo.add(c);
            }
        }
        if (todo.isEmpty()) {
            return;
        }
        try {
            inst.retransformClasses(todo.toArray(new Class<?>[0]));
        } catch (UnmodifiableClassException | RuntimeException e) {
            System.err.println("locks agent: could not rewrite classes already loaded: " + e);
        }
    }
}
