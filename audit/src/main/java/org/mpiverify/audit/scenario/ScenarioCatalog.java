package org.mpiverify.audit.scenario;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.List;
import java.util.NoSuchElementException;

/** Every scenario the audit knows, in report order; looked up by id in rank processes too. */
public final class ScenarioCatalog {
    private static final List<Scenario> ALL = org.mpiverify.audit.scenario.catalog.Catalog.scenarios();

    private ScenarioCatalog() { }

    /** Scenarios are stateless and their parameters fixed, so one instance of each serves every run. */
    public static List<Scenario> all() {
        return ALL;
    }

    public static Scenario byId(String id) {
        return all().stream().filter(s -> s.id().equals(id)).findFirst()
                .orElseThrow(() -> new NoSuchElementException("no audit scenario '" + id + "'; known: "
                        + all().stream().map(Scenario::id).toList()));
    }

    /**
     * The scenario a rank process is told to run: a catalog id, or a class built with its public
     * no-argument constructor or, with a {@code spec} ({@link Scenario#spec()}), its public static
     * {@code fromSpec(String)} factory. Loaded through {@code loader} (MPJ's multicore ranks each have
     * their own). Bad arguments give an IllegalArgumentException that says what is wrong.
     */
    public static Scenario resolve(String id, String className, String spec, ClassLoader loader) {
        if (id != null) {
            if (spec != null) throw new IllegalArgumentException("--scenario-spec goes with --scenario-class, not --scenario");
            return byId(id);
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
