package org.mpiverify.mutate.race;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Signal;

/**
 * Runs jcstress tests (their {@code @Actor}, {@code @Signal} and {@code @Arbiter} methods on a fresh
 * state each round) on the instrumented core and reports the data races {@link HappensBefore} sees.
 * The harness's own happens-before is explicit: the state's construction is released to every actor
 * thread before it starts, and every actor is released to the arbiter, as jcstress orders them.
 *
 * <p>Output, one line each: {@code RACE <tab> test <tab> key <tab> description} (after the test that saw it), {@code HANG <tab> test} (an actor
 * still running after the bound; the test's remaining rounds are skipped), {@code ERROR <tab> test
 * <tab> exception}, and {@code DONE <tab> test <tab> rounds}.
 *
 * <pre>java org.mpiverify.mutate.race.RaceHarness [--mutant DIR] [--rounds N] test-class...</pre>
 */
public final class RaceHarness {
    private RaceHarness() {}

    public static final long ACTOR_BOUND_MILLIS = 10_000;

    public static void main(String[] args) throws Exception {
        Path mutant = null;
        int rounds = 200;
        List<String> tests = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--mutant" -> mutant = Path.of(args[++i]);
                case "--rounds" -> rounds = Integer.parseInt(args[++i]);
                default -> tests.add(args[i]);
            }
        }
        ClassLoader loader = new RaceClassLoader(RaceHarness.class.getClassLoader(), mutant);
        HappensBefore.reset();
        for (String test : tests) {
            String outcome = run(loader.loadClass(test), rounds);
            System.out.println(outcome + "\t" + test + (outcome.equals("DONE") ? "\t" + rounds : ""));
            HappensBefore.races().forEach((key, description) ->
                    System.out.println("RACE\t" + test + "\t" + key + "\t" + description));
            HappensBefore.clearRaces();
            System.out.flush();
        }
        System.exit(0); // a hung actor must not keep the JVM alive
    }

    /** Runs one test for {@code rounds} rounds; returns DONE, HANG or ERROR (with the exception). */
    static String run(Class<?> test, int rounds) throws ReflectiveOperationException {
        List<Method> actors = new ArrayList<>();
        Method arbiter = null;
        for (Method m : test.getMethods()) {
            if (m.isAnnotationPresent(Actor.class) || m.isAnnotationPresent(Signal.class)) actors.add(m);
            if (m.isAnnotationPresent(Arbiter.class)) arbiter = m;
        }
        actors.sort((a, b) -> a.getName().compareTo(b.getName()));
        for (int round = 0; round < rounds; round++) {
            HappensBefore.forgetVariables();
            Object state = newInstance(test);
            Map<Class<?>, Object> extra = new HashMap<>();
            Object start = new Object();
            HappensBefore.release(start);
            List<Thread> threads = new ArrayList<>();
            List<Object> done = new ArrayList<>();
            Throwable[] failure = new Throwable[1];
            for (Method actor : actors) {
                Object[] params = params(actor, state, extra);
                Object finished = new Object();
                done.add(finished);
                Thread t = Thread.ofPlatform().daemon().name("race-" + actor.getName()).unstarted(() -> {
                    HappensBefore.acquire(start);
                    try {
                        actor.invoke(state, params);
                    } catch (InvocationTargetException e) {
                        failure[0] = e.getCause();
                    } catch (ReflectiveOperationException e) {
                        failure[0] = e;
                    }
                    HappensBefore.release(finished);
                });
                threads.add(t);
            }
            threads.forEach(Thread::start);
            long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(ACTOR_BOUND_MILLIS);
            for (Thread t : threads) {
                long left = deadline - System.nanoTime();
                try {
                    if (left <= 0 || !t.join(java.time.Duration.ofNanos(left))) return "HANG";
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return "HANG";
                }
            }
            done.forEach(HappensBefore::acquire);
            if (failure[0] != null) return "ERROR\t" + failure[0];
            if (arbiter != null) {
                try {
                    arbiter.invoke(state, params(arbiter, state, extra));
                } catch (InvocationTargetException e) {
                    return "ERROR\t" + e.getCause();
                }
            }
        }
        return "DONE";
    }

    private static Object newInstance(Class<?> c) throws ReflectiveOperationException {
        var ctor = c.getDeclaredConstructor();
        ctor.setAccessible(true);
        return ctor.newInstance();
    }

    /** An actor's arguments: the round's result object (shared by the round's actors, as in jcstress). */
    private static Object[] params(Method m, Object state, Map<Class<?>, Object> extra) throws ReflectiveOperationException {
        Class<?>[] types = m.getParameterTypes();
        Object[] values = new Object[types.length];
        for (int i = 0; i < types.length; i++) {
            Class<?> type = types[i];
            if (type.isInstance(state)) {
                values[i] = state;
                continue;
            }
            Object v = extra.get(type);
            if (v == null) {
                v = newInstance(type);
                extra.put(type, v);
            }
            values[i] = v;
        }
        return values;
    }
}
