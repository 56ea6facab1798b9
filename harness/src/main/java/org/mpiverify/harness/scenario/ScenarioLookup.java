package org.mpiverify.harness.scenario;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * How a rank process rebuilds the scenario its driver runs: by catalog id (every {@link ScenarioSource} on the class
 * path), or by class name, with the class's public no-argument constructor or, for a scenario with parameters, its
 * {@code public static fromSpec(String)} factory ({@link Scenario#spec()}). The targets ask {@link #findableById}
 * which of the two to put on a rank's command line.
 *
 * <p>Thread safety: stateless; every call reads the service files of the loader it is given.
 */
public final class ScenarioLookup {
    private ScenarioLookup() { }

    /** Every scenario of every catalog {@code loader} sees, catalog by catalog. */
    public static List<Scenario> catalogued(ClassLoader loader) {
        List<Scenario> all = new ArrayList<>();
        for (ScenarioSource s : ServiceLoader.load(ScenarioSource.class, loader)) all.addAll(s.scenarios());
        return all;
    }

    /** The catalogued scenario with this id, if a catalog that {@code loader} sees has one. */
    public static Optional<Scenario> byId(String id, ClassLoader loader) {
        return catalogued(loader).stream().filter(s -> s.id().equals(id)).findFirst();
    }

    /**
     * Whether a rank process can rebuild {@code scenario} from its id alone: a catalog on the scenario's class path
     * has this very class under that id. A scenario with parameters ({@link Scenario#spec()} not null) goes by class
     * and spec even then.
     */
    public static boolean findableById(Scenario scenario) {
        return byId(scenario.id(), scenario.getClass().getClassLoader())
                .map(s -> s.getClass() == scenario.getClass()).orElse(false);
    }

    /**
     * The scenario a rank process is told to run: a catalog id, or a class built with its public
     * no-argument constructor or, with a {@code spec} ({@link Scenario#spec()}), its public static
     * {@code fromSpec(String)} factory. Loaded through {@code loader} (MPJ's multicore ranks each have
     * their own). Bad arguments give an IllegalArgumentException that says what is wrong; an id no catalog has, a
     * NoSuchElementException naming the ids there are.
     */
    public static Scenario resolve(String id, String className, String spec, ClassLoader loader) {
        if (id != null) {
            if (spec != null) throw new IllegalArgumentException("--scenario-spec goes with --scenario-class, not --scenario");
            return byId(id, loader).orElseThrow(() -> new NoSuchElementException("no audit scenario '" + id + "'; known: "
                    + catalogued(loader).stream().map(Scenario::id).toList()));
        }
        Class<?> c;
        try {
            c = Class.forName(className, true, loader);
        } catch (ClassNotFoundException | LinkageError e) {
            throw new IllegalArgumentException("cannot load scenario class " + className + " (it needs a public "
                    + (spec == null ? "no-argument constructor" : "static fromSpec(String) factory")
                    + " and must be on the rank's class path): " + e);
        }
        if (!Scenario.class.isAssignableFrom(c)) throw new IllegalArgumentException(className + " is not a Scenario");
        if (spec == null) {
            try {
                return (Scenario) c.getDeclaredConstructor().newInstance();
            } catch (ReflectiveOperationException e) {
                throw new IllegalArgumentException("cannot instantiate scenario class " + className
                        + " (it needs a public no-argument constructor): " + e);
            }
        }
        Method factory;
        try {
            factory = c.getMethod("fromSpec", String.class);
        } catch (NoSuchMethodException e) {
            throw new IllegalArgumentException(className + " has no public static fromSpec(String) factory for --scenario-spec");
        }
        if (!Modifier.isStatic(factory.getModifiers()) || !Scenario.class.isAssignableFrom(factory.getReturnType())) {
            throw new IllegalArgumentException(className + ".fromSpec(String) must be static and return a Scenario");
        }
        try {
            Scenario s = (Scenario) factory.invoke(null, spec);
            if (s == null) throw new IllegalArgumentException(className + ".fromSpec(\"" + spec + "\") returned null");
            return s;
        } catch (InvocationTargetException e) {
            throw new IllegalArgumentException(className + ".fromSpec(\"" + spec + "\") rejected the spec: " + e.getCause(), e.getCause());
        } catch (IllegalAccessException e) {
            throw new IllegalArgumentException("cannot call " + className + ".fromSpec(String): " + e);
        }
    }
}
