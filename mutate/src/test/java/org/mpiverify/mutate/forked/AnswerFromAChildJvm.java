package org.mpiverify.mutate.forked;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A fixture, not a test of its own (surefire does not pick it up by its name): a JUnit test that checks
 * {@link Answer} in a child JVM started with the test JVM's class path, as {@code HeapLimitTest} checks the heap
 * guard in a child JVM of 48 MiB. {@link ForkedJUnitStageTest} runs it in the forked JUnit stage.
 */
public class AnswerFromAChildJvm {
    @Test
    public void theChildAnswers42() throws Exception {
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), Answer.class.getName()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the child did not end");
        assertEquals("42", out);
    }
}
