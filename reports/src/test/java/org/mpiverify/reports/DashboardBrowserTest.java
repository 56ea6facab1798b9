package org.mpiverify.reports;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.mpiverify.mpi.Job;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;

/**
 * Opens the dashboard in headless Chromium as a reader would: every link must resolve and every image
 * load ({@link LinkChecker}); a dashboard with a broken link and a missing image must be rejected (the
 * checker's known-bad twin); and the summary page's screenshot goes to {@code target/dashboard.png}, and
 * to the README's {@code docs/dashboard.png} with {@code -Dmpiverify.updateScreenshot=true}.
 */
@ExtendWith(DashboardBrowserTest.ThreadDumpOnFailure.class)
class DashboardBrowserTest {
    private static final Duration DEADLINE = Duration.ofMinutes(4);

    @TempDir
    Path dir;

    @BeforeEach
    void needsChromium() {
        Browser.requireChromium();
    }

    private static Path generate(FixtureRepo repo) throws Exception {
        return ReportCommand.generate(repo.root, repo.out, new PrintStream(new ByteArrayOutputStream()), true);
    }

    @Test
    void everyLinkResolvesAndEveryImageLoads() {
        assertTimeoutPreemptively(DEADLINE, () -> {
            Path index = generate(new FixtureRepo(dir.resolve("repo"), "real", "synthetic"));
            ChromeDriver browser = Browser.start(dir.resolve("profile"));
            try {
                List<String> problems = new LinkChecker(browser).check(index);
                assertEquals(List.of(), problems, "the dashboard has broken links or images");
                // the checker did look: the pages reached hold the diagrams and plots
                browser.get(index.resolveSibling("tlc.html").toUri().toString());
                Number loaded = (Number) browser.executeScript(
                        "return Array.from(document.images).filter(i => i.naturalWidth > 0).length");
                assertTrue(loaded.intValue() >= 5, "sequence diagrams rendered on the TLC page: " + loaded);
            } finally {
                browser.quit();
            }
        });
    }

    /**
     * What a reader sees at a glance: the summary's audit cell of a row on which the core's unsafe variant
     * hangs (and is so rejected) shows the safe columns' verdict; a cell without result names the command
     * that produces it; the audit page is the scenario-by-target matrix, and a click on a cell brings its
     * evidence into view.
     */
    @Test
    void theSummaryAndTheAuditMatrixTellTheTruth() {
        assertTimeoutPreemptively(DEADLINE, () -> {
            Path index = generate(new FixtureRepo(dir.resolve("repo"), "real", "synthetic"));
            ChromeDriver browser = Browser.start(dir.resolve("profile"));
            try {
                browser.get(index.toUri().toString());
                WebElement locking = browser.findElement(By.xpath(
                        "//table[@id='summary']//tr[th[starts-with(normalize-space(.), 'Locking for blocking calls')]]"));
                WebElement audit = locking.findElements(By.tagName("td")).get(CheckKind.AUDIT.ordinal());
                assertEquals("v-pass", audit.getAttribute("class"), audit.getText());
                assertTrue(audit.getText().contains("core pass") && !audit.getText().contains("hang"), audit.getText());
                List<WebElement> missing = browser.findElements(By.xpath("//table[@id='summary']//td[contains(., 'without result')]"));
                assertTrue(!missing.isEmpty(), "the fixtures leave some results out");
                for (WebElement m : missing) {
                    assertTrue(m.getText().matches("(?s).*without result \\(\\./mpiverify [^)]+\\).*"), m.getText());
                }

                audit.findElement(By.tagName("a")).click();
                assertTrue(browser.getCurrentUrl().contains("audit.html#row-locking"), browser.getCurrentUrl());
                WebElement matrix = browser.findElement(By.id("matrix"));
                List<String> header = matrix.findElements(By.xpath(".//tr[1]/th")).stream().map(WebElement::getText).toList();
                assertTrue(header.get(1).startsWith("core") && header.stream().anyMatch(h -> h.startsWith("core unsafe")
                        && h.contains("rejected")) && header.stream().anyMatch(h -> h.startsWith("mpich")), header.toString());
                List<String> scenarios = matrix.findElements(By.xpath(".//tr/th/a")).stream().map(WebElement::getText).toList();
                assertEquals(List.of("fig2-deadlock", "concurrent-dup", "probe-recv-race", "serialized-misuse"), scenarios,
                        "one row per scenario");

                WebElement hang = matrix.findElement(By.xpath(".//tr[th/a[.='fig2-deadlock']]/td[contains(@class, 'v-hang')]/a"));
                hang.click();
                String id = ((String) browser.executeScript("return location.hash")).substring(1);
                WebElement run = browser.findElement(By.id(id));
                assertTrue(run.getText().contains("rank-0-main"), "the HANG's thread stacks: " + run.getText());
                Number top = (Number) browser.executeScript("return arguments[0].getBoundingClientRect().top", run);
                Number height = (Number) browser.executeScript("return window.innerHeight");
                assertTrue(top.doubleValue() >= 0 && top.doubleValue() < height.doubleValue(),
                        "the evidence is in view after one click: top " + top + " of " + height);
            } finally {
                browser.quit();
            }
        });
    }

    @Test
    void brokenLinkAndMissingImageAreRejected() {
        assertTimeoutPreemptively(DEADLINE, () -> {
            Path index = generate(new FixtureRepo(dir.resolve("repo"), "real", "synthetic"));
            Path report = index.getParent();
            Files.delete(report.resolve("assets/tlc/fig2_lock_around_call.svg"));
            Files.writeString(index, Files.readString(index).replace("</table>",
                    "<tr><td><a href=\"nowhere.html\">x</a> <a href=\"tlc.html#no-such-model\">y</a></td></tr></table>"));
            ChromeDriver browser = Browser.start(dir.resolve("profile"));
            try {
                List<String> problems = new LinkChecker(browser).check(index);
                assertTrue(problems.stream().anyMatch(p -> p.contains("missing file nowhere.html")), problems.toString());
                assertTrue(problems.stream().anyMatch(p -> p.contains("#no-such-model")), problems.toString());
                assertTrue(problems.stream().anyMatch(p -> p.startsWith("tlc.html: image did not load")
                        && p.contains("fig2_lock_around_call.svg")), problems.toString());
            } finally {
                browser.quit();
            }
        });
    }

    @Test
    void screenshotOfTheSummaryForTheReadme() {
        assertTimeoutPreemptively(DEADLINE, () -> {
            // real results only: the README's picture shows no synthetic audit or figure
            Path index = generate(new FixtureRepo(dir.resolve("repo"), "real"));
            ChromeDriver browser = Browser.start(dir.resolve("profile"));
            try {
                browser.get(index.toUri().toString());
                Number height = (Number) browser.executeScript("return document.getElementById('summary').getBoundingClientRect().bottom");
                browser.manage().window().setSize(new org.openqa.selenium.Dimension(1500, (int) Math.min(2000, height.doubleValue() + 300)));
                Path png = browser.getScreenshotAs(OutputType.FILE).toPath();
                Path kept = FixtureRepo.MODULE.resolve("target/dashboard.png");
                Files.createDirectories(kept.getParent());
                Files.copy(png, kept, StandardCopyOption.REPLACE_EXISTING);
                assertTrue(Files.size(kept) > 10_000, "a blank screenshot");
                // docs/dashboard.png is committed: rewritten only when asked (or missing), so that a test
                // run does not leave the work tree modified
                Path docs = FixtureRepo.MODULE.resolveSibling("docs").resolve("dashboard.png");
                if (Boolean.getBoolean("mpiverify.updateScreenshot") || !Files.exists(docs)) {
                    Files.createDirectories(docs.getParent());
                    Files.copy(kept, docs, StandardCopyOption.REPLACE_EXISTING);
                }
            } finally {
                browser.quit();
            }
        });
    }

    /** Prints every thread's stack when a test fails (a hung browser shows where it hung). */
    static final class ThreadDumpOnFailure implements org.junit.jupiter.api.extension.TestExecutionExceptionHandler {
        @Override
        public void handleTestExecutionException(org.junit.jupiter.api.extension.ExtensionContext c, Throwable t)
                throws Throwable {
            System.err.println("=== " + c.getDisplayName() + " failed; thread dump ===\n" + Job.threadDump());
            throw t;
        }
    }

}
