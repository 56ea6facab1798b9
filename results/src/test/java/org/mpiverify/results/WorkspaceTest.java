package org.mpiverify.results;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WorkspaceTest {
    @Test
    void theRootIsTheNearestFolderWithTheLauncherAndOutIsBelowIt(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("mpiverify"), "#!/bin/sh\n");
        Path deep = Files.createDirectories(dir.resolve("a/b"));
        String root = System.clearProperty(Workspace.ROOT_PROPERTY), out = System.clearProperty(Workspace.OUT_PROPERTY);
        try {
            assertEquals(Optional.of(dir.toAbsolutePath().normalize()), Workspace.findRoot(deep));
            assertEquals(dir.resolve("out"), Workspace.outputDir(dir));
            System.setProperty(Workspace.OUT_PROPERTY, "${mpiverify.out}");      // Maven's unresolved placeholder
            assertEquals(dir.resolve("out"), Workspace.outputDir(dir));
            System.setProperty(Workspace.OUT_PROPERTY, dir.resolve("elsewhere").toString());
            assertEquals(dir.resolve("elsewhere"), Workspace.outputDir(dir));
            System.setProperty(Workspace.ROOT_PROPERTY, deep.toString());
            assertEquals(Optional.of(deep), Workspace.findRoot(Path.of("/")));
        } finally {
            restore(Workspace.ROOT_PROPERTY, root);
            restore(Workspace.OUT_PROPERTY, out);
        }
    }

    private static void restore(String name, String value) {
        if (value == null) System.clearProperty(name); else System.setProperty(name, value);
    }
}
