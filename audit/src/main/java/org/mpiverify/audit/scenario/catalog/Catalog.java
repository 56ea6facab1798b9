package org.mpiverify.audit.scenario.catalog;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import org.mpiverify.results.Json;

/**
 * The scenarios of the catalog, in report order (see {@link org.mpiverify.audit.scenario.ScenarioCatalog}), found
 * rather than listed: every concrete {@link CatalogScenario} of this package is one, built with its no-argument
 * constructor, or, for a class that stands for several scenarios (one per parameter), every instance its
 * {@code static List<CatalogScenario> variants()} returns. So a new scenario is its class in this folder and its row
 * in {@code audit/expected-verdicts.json}, whose rows give the report order (the build copies the file into this
 * module's jar, {@value #ORDER}); a scenario without a row comes last, in id order, and {@code VerdictMatrixTest}
 * fails until it has one.
 *
 * <p>Thread safety: stateless; each call builds new instances.
 */
public final class Catalog {
    /**
     * The deadline of the error-path, cancel, cross-thread-completion, send-to-self and shared-tag scenarios: a run
     * takes 1.5-4.2 s on the native targets (JVM start included) of a 2-core machine while another build runs beside
     * it, and 0.1-0.6 s on the core; every library that hangs one costs this much per CI run (the other scenarios
     * have 20 s).
     */
    static final Duration SHORT_DEADLINE = Duration.ofSeconds(12);

    /** The resource holding the report order: a copy of {@code audit/expected-verdicts.json}. */
    static final String ORDER = "/org/mpiverify/audit/expected-verdicts.json";

    private static final String PACKAGE = Catalog.class.getPackageName().replace('.', '/') + "/";

    private Catalog() { }

    /** The scenarios in report order. */
    public static List<CatalogScenario> scenarios() {
        return inReportOrder(found());
    }

    /** {@code scenarios} (the catalog's, as {@link #found()} gives them) in report order. */
    public static List<CatalogScenario> inReportOrder(List<CatalogScenario> scenarios) {
        List<CatalogScenario> all = new ArrayList<>(scenarios);
        Map<String, Integer> place = reportOrder();
        all.sort(Comparator.comparing((CatalogScenario s) -> place.getOrDefault(s.id(), Integer.MAX_VALUE))
                .thenComparing(CatalogScenario::id));
        return List.copyOf(all);
    }

    /**
     * The scenarios in no particular order (by class name): what a lookup by id needs, without reading the report
     * order (a rank process looks its scenario up once, at its start).
     */
    public static List<CatalogScenario> found() {
        List<CatalogScenario> all = new ArrayList<>();
        for (Class<?> c : scenarioClasses()) all.addAll(instances(c));
        return List.copyOf(all);
    }

    /** The concrete scenario classes of this package, found beside this class (a folder or a jar). */
    static List<Class<?>> scenarioClasses() {
        List<Class<?>> found = new ArrayList<>();
        for (String name : classNames()) {
            Class<?> c;
            try {
                c = Class.forName(name, false, Catalog.class.getClassLoader());
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException("a class file of the catalog that does not load: " + name, e);
            }
            if (CatalogScenario.class.isAssignableFrom(c) && !Modifier.isAbstract(c.getModifiers())) found.add(c);
        }
        found.sort(Comparator.comparing(Class::getName));
        return found;
    }

    /** The scenarios a class stands for: its {@code variants()}, or the one its no-argument constructor builds. */
    private static List<CatalogScenario> instances(Class<?> c) {
        try {
            Method variants = null;
            for (Method m : c.getDeclaredMethods()) {
                if (m.getName().equals("variants") && m.getParameterCount() == 0 && Modifier.isStatic(m.getModifiers())) variants = m;
            }
            if (variants == null) return List.of((CatalogScenario) c.getDeclaredConstructor().newInstance());
            List<CatalogScenario> out = new ArrayList<>();
            for (Object o : (List<?>) variants.invoke(null)) out.add((CatalogScenario) o);
            return out;
        } catch (ReflectiveOperationException | ClassCastException e) {
            throw new IllegalStateException(c.getName() + " is a catalog scenario, so it needs a no-argument constructor"
                    + " or a static List<CatalogScenario> variants()", e);
        }
    }

    /** The names of the top-level classes of this package in the folder or jar this class was loaded from. */
    private static List<String> classNames() {
        Path location;
        try {
            location = Path.of(Catalog.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException | NullPointerException e) {
            throw new IllegalStateException("cannot tell where the catalog's classes are", e);
        }
        List<String> entries = new ArrayList<>();
        try {
            if (Files.isDirectory(location)) {
                try (Stream<Path> files = Files.list(location.resolve(PACKAGE))) {
                    files.forEach(f -> entries.add(PACKAGE + f.getFileName()));
                }
            } else {
                try (JarFile jar = new JarFile(location.toFile())) {
                    jar.stream().map(JarEntry::getName).filter(n -> n.startsWith(PACKAGE)).forEach(entries::add);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the catalog's classes in " + location, e);
        }
        return entries.stream()
                .filter(n -> n.endsWith(".class") && !n.contains("$") && n.indexOf('/', PACKAGE.length()) < 0)
                .map(n -> n.substring(0, n.length() - ".class".length()).replace('/', '.'))
                .filter(n -> !n.endsWith(".package-info"))
                .toList();
    }

    /** Each scenario id's place in the report, from the rows of the expected verdicts. */
    private static Map<String, Integer> reportOrder() {
        try (InputStream in = Catalog.class.getResourceAsStream(ORDER)) {
            if (in == null) throw new IllegalStateException("the catalog's order, " + ORDER + ", is not on the class path");
            Map<String, Integer> place = new HashMap<>();
            for (Map<String, Object> row : Json.objs(Json.parseObject(new String(in.readAllBytes(), StandardCharsets.UTF_8)), "scenarios")) {
                place.putIfAbsent(Json.str(row, "id", ""), place.size());
            }
            return place;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the catalog's order " + ORDER, e);
        }
    }
}
