package org.mpiverify.core.contextid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every TLC model of {@code specs/contextid/MultithreadedFig3.tla} (of its mutants, and of
 * {@code NonblockingContextIds.tla}, which extends it) has a Java configuration of
 * {@link MultithreadedContextIdAllocator} that matches it: per process, an allocator with the model's
 * {@code Capacity}, {@code EagerCount} and {@code EagerSegments} frees exactly the model's initial ids and
 * has exactly the model's eager segment, cut into the model's segments, and gives each of the model's calls
 * the model's segment ({@code SegOf}). Reads the generated {@code MC_*.tla} files (what TLC checks; the specs
 * module's tests keep them equal to manifest.json), so a change of the Java's segment rule or of a model's
 * constants that breaks the pairing fails here.
 */
class ModelPairingTest {
    private static final Pattern CAPACITY = Pattern.compile("(?m)^MC_Capacity == <<([\\d, ]+)>>$");
    private static final Pattern EAGER = Pattern.compile("(?m)^MC_EagerCount == (\\d+)$");
    private static final Pattern SEGMENTS = Pattern.compile("(?m)^MC_EagerSegments == (\\d+)$");
    private static final Pattern PARENT = Pattern.compile("(?m)^MC_Parent == (.*)$");
    private static final Pattern TAG = Pattern.compile("(?m)^MC_Tag == (.*)$");
    private static final Pattern ENTRY = Pattern.compile("\"(\\w+)\" :> (-?\\d+)");

    record Model(String name, int[] capacity, int eagerCount, int segments, Map<String, Integer> parent,
                 Map<String, Integer> tag) {}

    private static Map<String, Integer> function(Pattern p, String text) {
        Matcher m = p.matcher(text);
        Map<String, Integer> out = new LinkedHashMap<>();
        if (!m.find()) return out;
        Matcher e = ENTRY.matcher(m.group(1));
        while (e.find()) out.put(e.group(1), Integer.parseInt(e.group(2)));
        return out;
    }

    static List<Model> models() throws IOException {
        Path dir = Path.of("..", "specs", "contextid");
        List<Model> out = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.filter(p -> p.getFileName().toString().startsWith("MC_")
                    && p.getFileName().toString().endsWith(".tla")).sorted().toList()) {
                String text = Files.readString(f);
                if (!text.contains("EXTENDS MultithreadedFig3") && !text.contains("EXTENDS NonblockingContextIds")) continue;
                Matcher cap = CAPACITY.matcher(text);
                Matcher eager = EAGER.matcher(text);
                Matcher segments = SEGMENTS.matcher(text);
                assertTrue(cap.find() && eager.find() && segments.find(),
                        f + ": no MC_Capacity, MC_EagerCount or MC_EagerSegments");
                int[] capacity = Arrays.stream(cap.group(1).split(",")).map(String::strip).mapToInt(Integer::parseInt)
                        .toArray();
                out.add(new Model(f.getFileName().toString(), capacity, Integer.parseInt(eager.group(1)),
                        Integer.parseInt(segments.group(1)), function(PARENT, text), function(TAG, text)));
            }
        }
        return out;
    }

    @Test
    void everyModelHasAJavaConfiguration() throws IOException {
        List<Model> models = models();
        assertFalse(models.isEmpty(), "no model of MultithreadedFig3 under specs/contextid");
        for (Model m : models) {
            int eagerEnd = ContextIdAllocator.FIRST_DYNAMIC_ID + m.eagerCount();
            for (int p = 0; p < m.capacity().length; p++) {
                int cap = m.capacity()[p];
                MultithreadedContextIdAllocator a =
                        new MultithreadedContextIdAllocator(cap, m.eagerCount(), m.segments(), false);
                String where = m.name() + ", process " + (p + 1) + " (capacity " + cap + ")";
                assertEquals(m.eagerCount(), a.eagerIds(), where);
                assertEquals(m.segments(), a.segments(), where);
                assertEquals(cap - ContextIdAllocator.FIRST_DYNAMIC_ID, a.freeCount(), where);
                for (int id = 0; id < ContextIdMask.MAX_CAPACITY; id++) {
                    // the model: InitMask[p] = 2..Capacity[p]-1, EagerIds = 2..1+EagerCount
                    boolean free = id >= ContextIdAllocator.FIRST_DYNAMIC_ID && id < cap;
                    boolean eager = id >= ContextIdAllocator.FIRST_DYNAMIC_ID && id < eagerEnd;
                    assertEquals(free, a.isFree(id), where + ": id " + id + " free");
                    assertEquals(eager, a.isEagerId(id), where + ": id " + id + " in the eager segment");
                    // SegIds(s): runs of EagerCount \\div EagerSegments ids, the last run taking the rest
                    int segment = !eager ? -1 : Math.min((id - ContextIdAllocator.FIRST_DYNAMIC_ID)
                            / (m.eagerCount() / m.segments()), m.segments() - 1);
                    assertEquals(segment, a.segmentOfEagerId(id), where + ": id " + id + "'s segment");
                }
            }
        }
    }

    private static final Pattern SEG_OF =
            Pattern.compile("(?m)^SegOf\\(c\\) == \\(Parent\\[c\\] \\* (\\d+) \\+ Tag\\[c\\] \\+ (\\d+)\\) % EagerSegments$");

    /** The Java's segmentOf is the spec's SegOf, read from MultithreadedFig3.tla, for every segment count. */
    @Test
    void segmentOfIsTheSpecsSegOf() throws IOException {
        Matcher m = SEG_OF.matcher(Files.readString(Path.of("..", "specs", "contextid", "MultithreadedFig3.tla")));
        assertTrue(m.find(), "no SegOf(c) == (Parent[c] * A + Tag[c] + B) % EagerSegments in MultithreadedFig3.tla");
        long a = Long.parseLong(m.group(1)), b = Long.parseLong(m.group(2));
        for (int segments = 1; segments <= 16; segments++) {
            for (int parent = 0; parent < 200; parent++) {
                for (int tag = -1; tag < 40; tag++) {
                    assertEquals(Math.floorMod(parent * a + tag + b, segments),
                            MultithreadedContextIdAllocator.segmentOf(parent, tag, segments),
                            "parent " + parent + ", tag " + tag + ", " + segments + " segments");
                }
            }
        }
    }

    /** Each model call's segment is the spec's SegOf(c) == (Parent[c] * 7 + Tag[c] + 1) % EagerSegments. */
    @Test
    void everyCallHasTheModelsSegment() throws IOException {
        boolean several = false;
        for (Model m : models()) {
            assertEquals(m.parent().keySet(), m.tag().keySet(), m.name() + ": MC_Parent and MC_Tag name the same calls");
            for (String c : m.parent().keySet()) {
                int spec = Math.floorMod(m.parent().get(c) * 7 + m.tag().get(c) + 1, m.segments());
                assertEquals(spec, MultithreadedContextIdAllocator.segmentOf(m.parent().get(c), m.tag().get(c),
                        m.segments()), m.name() + ": call " + c);
            }
            several |= m.segments() > 1;
        }
        assertTrue(several, "no model cuts the eager segment into several segments");
    }

    /** The models that use the Java's default segment for their capacity check the allocator as the core builds it. */
    @Test
    void someModelsUseTheDefaultSegmentAndSomeANonEmptyOne() throws IOException {
        List<Model> models = models();
        assertTrue(models.stream().anyMatch(m -> Arrays.stream(m.capacity())
                        .allMatch(c -> MultithreadedContextIdAllocator.defaultEagerIds(c) == m.eagerCount())),
                "no model uses MultithreadedContextIdAllocator's default eager segment");
        assertTrue(models.stream().anyMatch(m -> m.eagerCount() > 0), "no model has a non-empty eager segment");
        for (Model m : models) {
            for (int c : m.capacity()) {
                assertEquals(new MultithreadedContextIdAllocator(c, false).eagerIds(),
                        MultithreadedContextIdAllocator.defaultEagerIds(c), m.name());
                assertEquals(new MultithreadedContextIdAllocator(c, false).segments(),
                        MultithreadedContextIdAllocator.defaultSegments(MultithreadedContextIdAllocator.defaultEagerIds(c)),
                        m.name());
            }
        }
    }
}
