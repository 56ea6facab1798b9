package org.mpiverify.locks.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.mpiverify.results.LockReportFile;

/**
 * One program run in a child JVM under the agent jar ({@code -javaagent:target/locks-agent.jar=...}), with
 * a deadline (past it: a thread dump with {@code jcmd}, then the process is killed and the test fails with
 * the dump). The report it wrote is parsed back with Jackson, an independent parser, and read through its schema, the
 * record {@link LockReportFile} that the dashboard and the audit's summary read it with: a key the agent's writer
 * renames or adds, or one the record renames, fails every run here.
 */
record AgentRun(int exit, String stdout, String stderr, JsonNode report, LockReportFile file, Path dir) {
    static final ObjectMapper JSON = new ObjectMapper();
    private static final long DEADLINE_SECONDS = 120;

    /** Runs {@code main} with {@code args} under the agent with {@code options} (out= and name= are added). */
    static AgentRun run(String name, String options, Class<?> main, String... args) throws IOException, InterruptedException {
        Path dir = Path.of("target", "locks-it", name).toAbsolutePath();
        Files.createDirectories(dir);
        String jar = System.getProperty("mpiverify.locks.agentJar", "target/locks-agent.jar");
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:+UseParallelGC",
                "-javaagent:" + jar + "=" + options + ",out=" + dir + ",name=" + name + ",quiet=true",
                "-cp", classPath(main), main.getName()));
        cmd.addAll(List.of(args));
        Path out = dir.resolve("stdout.txt");
        Path err = dir.resolve("stderr.txt");
        Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!p.waitFor(DEADLINE_SECONDS, TimeUnit.SECONDS)) {
            String dump = threadDump(p.pid());
            p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            fail(name + " did not end within " + DEADLINE_SECONDS + " s; its threads:\n" + dump);
        }
        String stdout = Files.readString(out, StandardCharsets.UTF_8);
        String stderr = Files.readString(err, StandardCharsets.UTF_8);
        Path json = dir.resolve(name + ".json");
        if (!Files.exists(json)) {
            fail(name + " wrote no report; exit " + p.exitValue() + "\nstdout:\n" + stdout + "\nstderr:\n" + stderr);
        }
        return new AgentRun(p.exitValue(), stdout, stderr, JSON.readTree(json.toFile()), LockReportFile.read(json), dir);
    }

    /** The test classes and the core's classes, never the agent's unshaded classes. */
    private static String classPath(Class<?> main) {
        try {
            String tests = Path.of(main.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
            String impl = Path.of(org.mpiverify.mpi.Job.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                    .toString();
            return tests + File.pathSeparator + impl;
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String threadDump(long pid) {
        try {
            Process j = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(),
                    Long.toString(pid), "Thread.print").redirectErrorStream(true).start();
            byte[] b = j.getInputStream().readAllBytes();
            j.waitFor(20, TimeUnit.SECONDS);
            return new String(b, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "(no thread dump: " + e + ")";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "(interrupted)";
        }
    }

    JsonNode summary() {
        return report.get("summary");
    }

    /** The report's entry for MPI call {@code name}. */
    JsonNode call(String name) {
        for (JsonNode c : report.get("calls")) {
            if (c.get("name").asText().equals(name)) {
                return c;
            }
        }
        fail("no call " + name + " in the report: " + report.get("calls"));
        return null;
    }

    /** The lock with {@code id}. */
    JsonNode lock(int id) {
        for (JsonNode l : report.get("locks")) {
            if (l.get("id").asInt() == id) {
                return l;
            }
        }
        fail("no lock " + id + " in the report");
        return null;
    }

    void assertCleanInstrumentation() {
        assertEquals(0, summary().get("internalErrors").asLong(), "the agent's bookkeeping failed: "
                + summary().get("firstInternalError"));
        assertEquals(0, report.get("instrumentation").get("failures").size(),
                "classes not rewritten: " + report.get("instrumentation").get("failures"));
    }

    String describe() {
        return "exit " + exit + "\nstdout:\n" + stdout + "\nstderr:\n" + stderr + "\nreport: " + dir;
    }
}
