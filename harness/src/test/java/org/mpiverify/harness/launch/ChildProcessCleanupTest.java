package org.mpiverify.harness.launch;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A driver JVM stopped with SIGTERM must take the processes it started (and theirs) with it. */
class ChildProcessCleanupTest {

    /** The driver: installs the hook, starts a shell that starts a sleep, prints both pids, waits. */
    public static final class Driver {
        public static void main(String[] args) throws Exception {
            if (args.length == 1 && args[0].equals("with-cleanup")) ChildProcessCleanup.installOnce();
            Process sh = new ProcessBuilder("sh", "-c", "sleep 600 & echo $!; wait").start();
            String sleepPid = new BufferedReader(new InputStreamReader(sh.getInputStream(), StandardCharsets.UTF_8)).readLine();
            System.out.println(sh.pid() + " " + sleepPid);
            System.out.flush();
            sh.waitFor();
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aTerminatedDriverLeavesNoChildOrGrandchild() throws Exception {
        List<ProcessHandle> left = runAndTerminate(true);
        assertTrue(left.isEmpty(), "still alive after the driver was terminated: " + left);
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void withoutTheHookTheGrandchildSurvives() throws Exception {
        List<ProcessHandle> left = runAndTerminate(false);
        try {
            assertFalse(left.isEmpty(), "the check could not fail: the grandchild died without the hook too");
        } finally {
            left.forEach(ProcessHandle::destroyForcibly);
        }
    }

    private static List<ProcessHandle> runAndTerminate(boolean cleanup) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process driver = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), Driver.class.getName(),
                cleanup ? "with-cleanup" : "without").redirectErrorStream(true).start();
        try {
            String line = new BufferedReader(new InputStreamReader(driver.getInputStream(), StandardCharsets.UTF_8)).readLine();
            assertTrue(line != null && line.matches("\\d+ \\d+"), "driver printed: " + line);
            String[] pids = line.split(" ");
            driver.destroy();                                   // SIGTERM: shutdown hooks run
            assertTrue(driver.waitFor(20, TimeUnit.SECONDS), "driver did not exit");
            List<ProcessHandle> alive = new java.util.ArrayList<>();
            for (String pid : pids) {
                Optional<ProcessHandle> p = ProcessHandle.of(Long.parseLong(pid));
                if (p.isPresent()) {
                    try {
                        p.get().onExit().get(5, TimeUnit.SECONDS);
                    } catch (java.util.concurrent.TimeoutException e) {
                        alive.add(p.get());
                    }
                }
            }
            return alive;
        } finally {
            driver.destroyForcibly();
        }
    }
}
