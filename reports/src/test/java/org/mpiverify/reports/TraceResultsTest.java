package org.mpiverify.reports;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpiverify.results.Outcome;

/** The trace column: the core's traces pass when all are accepted, a twin's when one is rejected. */
class TraceResultsTest {
    @TempDir
    Path out;

    private void write(String file, String variant, boolean twin, String... statuses) throws Exception {
        StringBuilder traces = new StringBuilder();
        for (int i = 0; i < statuses.length; i++) {
            if (i > 0) traces.append(",\n");
            traces.append("{\"name\": \"run").append(i).append("/allocators\", \"algorithm\": \"contextid\", \"variant\": \"")
                    .append(variant).append("\", \"twin\": ").append(twin).append(", \"spec\": \"specs/contextid/X.tla\", ")
                    .append("\"status\": \"").append(statuses[i]).append("\", \"events\": 10, \"tlcSeconds\": 1.5, ")
                    .append("\"eventsPerSecond\": 6.7, \"firstBad\": ").append(statuses[i].equals("REJECTED") ? 4 : 0)
                    .append(", \"reason\": \"\"").append(statuses[i].equals("REJECTED") ? ", \"report\": \"rejected/x.md\"" : "")
                    .append("}");
        }
        Path f = out.resolve(file);
        Files.createDirectories(f.getParent());
        Files.writeString(f, "{\"variant\": \"" + variant + "\", \"traces\": [" + traces + "]}");
    }

    private Map<String, TraceResults.Group> load(List<String> problems) {
        return TraceResults.load(out, new Freshness(out), problems).stream()
                .collect(Collectors.toMap(TraceResults.Group::name, Function.identity()));
    }

    @Test
    void theCoresTracesPassWhenAllAreAcceptedAndATwinsWhenOneIsRejected() throws Exception {
        write("trace/results.json", "MULTITHREADED", false, "ACCEPTED", "ACCEPTED");
        write("trace/twins/Caught/results.json", "Caught", true, "ACCEPTED", "REJECTED");
        write("trace/twins/Missed/results.json", "Missed", true, "ACCEPTED");
        write("trace/sample/contextid-1/results.json", "MULTITHREADED", false, "ACCEPTED");
        List<String> problems = new ArrayList<>();
        Map<String, TraceResults.Group> g = load(problems);
        assertEquals(List.of(), problems);
        assertEquals(Outcome.PASS, g.get("contextid").verdict());
        assertEquals(3, g.get("contextid").traces().size(), "every results.json down to out/trace/*/*/");
        assertEquals(Outcome.PASS, g.get("Caught").verdict());
        assertEquals("twins/Caught/rejected/x.md", g.get("Caught").traces().get(1).report(), "relative to out/trace/");
        assertEquals(Outcome.FAIL, g.get("Missed").verdict(), "a twin none of whose traces was rejected went uncaught");
        assertTrue(g.get("Missed").label().contains("NOT caught"));
    }

    @Test
    void aRejectedTraceOfTheCoreFailsItsAlgorithm() throws Exception {
        write("trace/results.json", "MULTITHREADED", false, "ACCEPTED", "REJECTED");
        assertEquals(Outcome.FAIL, load(new ArrayList<>()).get("contextid").verdict());
    }

    @Test
    void anUnreadableFileIsAProblemNotASilence() throws Exception {
        Files.createDirectories(out.resolve("trace"));
        Files.writeString(out.resolve("trace/results.json"), "{not json");
        List<String> problems = new ArrayList<>();
        assertEquals(Map.of(), load(problems));
        assertEquals(1, problems.size(), problems.toString());
    }
}
