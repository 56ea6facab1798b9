package org.mpiverify.mutate.race;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Loads the core and the tests that drive it child-first, so that the tests link against the
 * instrumented core: the core's classes ({@code org.mpiverify.core}) are rewritten by
 * {@link RaceInstrumenter}, the tests ({@code org.mpiverify.jcstress} and the detector's own scenarios) are loaded as they are. A
 * mutant's class folder, if given, is read before the class path, as in the jcstress stage.
 * Everything else, the detector itself included, comes from the parent.
 */
public final class RaceClassLoader extends ClassLoader {
    static {
        registerAsParallelCapable();
    }

    /** The packages the detector instruments, and those it loads as they are, for the core's tests. */
    public static final List<String> CORE = List.of("org.mpiverify.core."), TESTS = List.of("org.mpiverify.jcstress.",
            "org.mpiverify.mutate.race.scenarios.");

    private final Path mutant;
    private final List<String> instrumented;
    private final List<String> plain;
    private final List<String> synchronisation;

    /** The core instrumented, its jcstress tests linked against it. */
    public RaceClassLoader(ClassLoader parent, Path mutant) {
        this(parent, mutant, CORE, TESTS);
    }

    public RaceClassLoader(ClassLoader parent, Path mutant, List<String> instrumented, List<String> plain) {
        this(parent, mutant, instrumented, plain, List.of());
    }

    /**
     * Also loads child-first, with only their synchronisation rewritten ({@link
     * RaceInstrumenter#instrumentSynchronisation}), the classes of {@code synchronisation}: code that drives the core
     * from threads it starts and tasks it hands off, whose own accesses are not under test.
     */
    public RaceClassLoader(ClassLoader parent, Path mutant, List<String> instrumented, List<String> plain,
                           List<String> synchronisation) {
        super("race-detector", parent);
        this.mutant = mutant;
        this.instrumented = List.copyOf(instrumented);
        this.plain = List.copyOf(plain);
        this.synchronisation = List.copyOf(synchronisation);
    }

    private static boolean under(String name, List<String> prefixes) {
        for (String p : prefixes) if (name.startsWith(p)) return true;
        return false;
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        boolean instrument = under(name, instrumented) && !under(name, plain); // a plain package inside an instrumented one
        boolean sync = !instrument && under(name, synchronisation);
        if (!instrument && !sync && !under(name, plain)) return super.loadClass(name, resolve);
        synchronized (getClassLoadingLock(name)) {
            Class<?> c = findLoadedClass(name);
            if (c == null) {
                byte[] bytes = bytes(name);
                if (bytes == null) throw new ClassNotFoundException(name);
                if (instrument) bytes = RaceInstrumenter.instrument(bytes);
                else if (sync) bytes = RaceInstrumenter.instrumentSynchronisation(bytes);
                c = defineClass(name, bytes, 0, bytes.length, domain(name));
            }
            if (resolve) resolveClass(c);
            return c;
        }
    }

    private final java.util.Map<String, java.security.ProtectionDomain> domains = new java.util.concurrent.ConcurrentHashMap<>();

    /**
     * The protection domain whose code source is the folder or jar the class's bytes come from, as the parent would
     * have given it: code that finds its own classes beside itself (the audit's catalog) reads it.
     */
    private java.security.ProtectionDomain domain(String name) {
        String resource = name.replace('.', '/') + ".class";
        java.net.URL url = getParent().getResource(resource);
        if (url == null) return null;
        String u = url.toString();
        String location = u.startsWith("jar:") ? u.substring(4, u.indexOf("!/"))
                : u.endsWith(resource) ? u.substring(0, u.length() - resource.length()) : null;
        if (location == null) return null;
        return domains.computeIfAbsent(location, l -> {
            try {
                return new java.security.ProtectionDomain(new java.security.CodeSource(java.net.URI.create(l).toURL(),
                        (java.security.cert.Certificate[]) null), null, this, null);
            } catch (java.net.MalformedURLException e) {
                throw new IllegalStateException(e);
            }
        });
    }

    private byte[] bytes(String name) throws ClassNotFoundException {
        String resource = name.replace('.', '/') + ".class";
        try {
            if (mutant != null && Files.isRegularFile(mutant.resolve(resource))) {
                return Files.readAllBytes(mutant.resolve(resource));
            }
            try (InputStream in = getParent().getResourceAsStream(resource)) {
                return in == null ? null : in.readAllBytes();
            }
        } catch (IOException e) {
            throw new ClassNotFoundException(name, e);
        }
    }
}
