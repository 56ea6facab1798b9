package org.mpiverify.reports;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.opentest4j.TestAbortedException;

/** Without Chromium the dashboard test is skipped with the packages to install, and fails under CI. */
class BrowserTest {
    private static final Path NOWHERE = Path.of("/nonexistent/chromium");

    @Test
    void missingChromiumSkipsNamingThePackages() {
        TestAbortedException e = assertThrows(TestAbortedException.class,
                () -> Browser.requireChromium(NOWHERE, NOWHERE, null));
        assertTrue(e.getMessage().contains("chromium chromium-driver"), e.getMessage());
    }

    @Test
    void missingChromiumFailsUnderCi() {
        AssertionError e = assertThrows(AssertionError.class, () -> Browser.requireChromium(NOWHERE, NOWHERE, "true"));
        assertTrue(e.getMessage().contains("CI=true"), e.getMessage());
    }
}
