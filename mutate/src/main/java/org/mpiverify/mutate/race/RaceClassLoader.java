package org.mpiverify.mutate.race;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Loads the core and the tests that drive it child-first, so that the tests link against the
 * instrumented core: the core's classes ({@code org.mpiverify.core}) are rewritten by
 * {@link RaceInstrumenter}, the tests ({@code org.mpiverify.jcstress}) are loaded as they are. A
 * mutant's class folder, if given, is read before the class path, as in the jcstress stage.
 * Everything else, the detector itself included, comes from the parent.
 */
public final class RaceClassLoader extends ClassLoader {
    static {
        registerAsParallelCapable();
    }

    private static final String CORE = "org.mpiverify.core.";
    private static final String TESTS = "org.mpiverify.jcstress.";

    private final Path mutant;

    public RaceClassLoader(ClassLoader parent, Path mutant) {
        super("race-detector", parent);
        this.mutant = mutant;
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        if (!name.startsWith(CORE) && !name.startsWith(TESTS)) return super.loadClass(name, resolve);
        synchronized (getClassLoadingLock(name)) {
            Class<?> c = findLoadedClass(name);
            if (c == null) {
                byte[] bytes = bytes(name);
                if (bytes == null) throw new ClassNotFoundException(name);
                if (name.startsWith(CORE)) bytes = RaceInstrumenter.instrument(bytes);
                c = defineClass(name, bytes, 0, bytes.length);
            }
            if (resolve) resolveClass(c);
            return c;
        }
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
