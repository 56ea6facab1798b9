package org.mpiverify.lincheck;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationTargetException;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.mpiverify.results.Workspace;
import org.mpiverify.testkit.twins.TwinClassLoader;
import org.mpiverify.testkit.twins.TwinCompiler;
import org.mpiverify.testkit.twins.TwinHome;
import org.mpiverify.testkit.twins.TwinPatch;

/**
 * The core loaded again with a known-bad twin that keeps its original's name ({@link TwinPatch#keepsName()}) in
 * that original's place: the twin of a class the core makes itself deep inside a job and that cannot compile
 * under another name ({@code Comm}, made by {@code dup}, passes itself where a {@code Comm} is expected). The
 * twin is compiled from its patch in {@code twins/patches/lincheck} against the original's classes
 * ({@link TwinCompiler}, kept under {@code lincheck/target/compiled-twins} until either changes), and a
 * {@link TwinClassLoader} defines the core, and the suite's door to it, again with the twin read first.
 *
 * <p>A suite's twin makes its door in this loader ({@link #newInstance}) and calls it through a JDK type (a
 * {@code Function<String, String>}, say): the door's classes here are other classes than the test's of the
 * same name. One loader per twin and JVM, made on first use and safe to share: Lincheck makes an instance of
 * the twin per invocation, and each makes a job of its own in it.
 */
public final class CoreWithTwin {
    private CoreWithTwin() {}

    private static final Map<String, TwinClassLoader> LOADERS = new ConcurrentHashMap<>();

    /** The core with the twin of {@code twins/patches/lincheck/<twin>.patch} in its original's place. */
    public static TwinClassLoader loader(String twin) {
        return LOADERS.computeIfAbsent(twin, CoreWithTwin::load);
    }

    /**
     * A new instance of {@code className} (public, with a public constructor of no arguments) as
     * {@link #loader(String)} defines it, seen as {@code type}, a JDK type.
     */
    public static <T> T newInstance(String twin, String className, Class<T> type) {
        try {
            return type.cast(Class.forName(className, true, loader(twin)).getConstructor().newInstance());
        } catch (InvocationTargetException e) {
            throw new IllegalStateException(className + " with twin " + twin + " failed to start", e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(className + " with twin " + twin + ": " + e, e);
        }
    }

    private static TwinClassLoader load(String twin) {
        Path root = Workspace.root();
        try {
            Path patchFile = TwinHome.patch("lincheck", twin);
            TwinPatch p = TwinPatch.read(patchFile);
            if (!p.keepsName()) {
                throw new IllegalArgumentException(patchFile + ": its twin has a name of its own: the build compiles "
                        + "it beside its original; use it directly");
            }
            String original = p.original().substring(p.original().indexOf("/java/") + "/java/".length())
                    .replace(".java", "").replace('/', '.');
            Path originalClasses = Path.of(Class.forName(original).getProtectionDomain().getCodeSource()
                    .getLocation().toURI());
            Path classes = TwinCompiler.classesOf(root, patchFile, List.of(originalClasses),
                    root.resolve("lincheck/target/compiled-twins"));
            return new TwinClassLoader(CoreWithTwin.class.getClassLoader(), List.of("org.mpiverify."),
                    List.of("org.mpiverify.testkit.", "org.mpiverify.results."), Map.of(), List.of(classes));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (ClassNotFoundException | URISyntaxException e) {
            throw new IllegalStateException(twin + ": " + e, e);
        }
    }
}
