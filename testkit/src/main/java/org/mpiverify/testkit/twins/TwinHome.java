package org.mpiverify.testkit.twins;

import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.FileSystemAlreadyExistsException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The one home of the repository's known-bad twins: the {@code mpiverify-twins} artifact (module {@code twins}),
 * whose jar carries every patch ({@link TwinPatch}) under {@value #RESOURCES}{@code /<module>/}, one folder per
 * module whose build generates those twins ({@code impl}, {@code lincheck}, {@code jcstress}, {@code trace},
 * {@code audit}). A module reads them through its class path (testkit depends on the artifact), never through
 * another module's folder, so a module that reuses another's twins (trace runs the suites' twins of the core in
 * its jobs) names the folder, not a relative path.
 *
 * <p>In a reactor build the artifact is the module's {@code target/classes} folder; once packaged or installed,
 * a jar: both are read as a {@link Path}.
 */
public final class TwinHome {
    /** Where the patches are on the class path. */
    public static final String RESOURCES = "org/mpiverify/twins";
    /** Where they are in the repository: the {@code twins} module's sources. */
    public static final String SOURCES = "twins/patches";

    private TwinHome() {}

    /** The folder of {@code module}'s twins, from the class path; fails if the home has no such folder. */
    public static Path folder(String module) throws IOException {
        String name = RESOURCES + "/" + module;
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        URL url = loader == null ? null : loader.getResource(name);
        if (url == null) url = TwinHome.class.getClassLoader().getResource(name);
        if (url == null) {
            throw new IllegalArgumentException("no folder " + name + " on the class path: is mpiverify-twins a dependency,"
                    + " and does twins/patches/" + module + " exist?");
        }
        try {
            URI uri = url.toURI();
            if (!"jar".equals(uri.getScheme())) return Path.of(uri);
            try {
                return FileSystems.newFileSystem(uri, Map.of()).provider().getPath(uri);
            } catch (FileSystemAlreadyExistsException e) {
                return FileSystems.getFileSystem(uri).provider().getPath(uri);
            }
        } catch (URISyntaxException e) {
            throw new IOException("not a path: " + url, e);
        }
    }

    /** The patches of {@code module}'s folder, in name order. */
    public static List<TwinPatch> patches(String module) throws IOException {
        return TwinGenerator.patches(folder(module));
    }

    /** The patch file of twin {@code name} in {@code module}'s folder. */
    public static Path patch(String module, String name) throws IOException {
        Path p = folder(module).resolve(name + ".patch");
        if (!Files.isRegularFile(p)) throw new IllegalArgumentException("no twin " + name + " in " + folder(module));
        return p;
    }
}
