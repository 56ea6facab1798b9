package org.mpiverify.reports;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Assumptions;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * Headless Chromium driven by the system's chromedriver (Debian packages {@code chromium} and
 * {@code chromium-driver}). Without them the calling test is skipped, except under CI ({@code CI=true}),
 * where it fails: the dashboard test must not pass vacuously on the machine that guards the build.
 */
final class Browser {
    static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
    static final String MISSING = "headless Chromium is needed to test the dashboard as a person would: "
            + "install the Debian packages chromium and chromium-driver (apt-get install chromium chromium-driver)";

    private Browser() {}

    /** Skips (or, under CI, fails) the test when Chromium or its driver is missing. */
    static void requireChromium() {
        requireChromium(CHROMIUM, CHROMEDRIVER, System.getenv("CI"));
    }

    static void requireChromium(Path chromium, Path driver, String ci) {
        boolean present = Files.isExecutable(chromium) && Files.isExecutable(driver);
        if (!present && "true".equals(ci)) throw new AssertionError(MISSING + " (CI=true)");
        Assumptions.assumeTrue(present, MISSING);
    }

    /**
     * A new headless browser with a fresh profile under {@code profile}. The background-networking
     * flags keep Chromium from opening connections that are refused here (and that a file:// page
     * never needs); --no-sandbox because the suites run as root in CI.
     */
    static ChromeDriver start(Path profile) {
        ChromeOptions o = new ChromeOptions();
        o.setBinary(CHROMIUM.toString());
        o.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-dev-shm-usage", "--window-size=1500,1100", "--user-data-dir=" + profile);
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(CHROMEDRIVER.toFile()).usingAnyFreePort().build();
        ChromeDriver d = new ChromeDriver(service, o);
        d.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(30)).scriptTimeout(Duration.ofSeconds(10));
        return d;
    }
}
