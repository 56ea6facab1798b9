package org.mpiverify.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonTest {
    @Test
    void readsWhatTheProducersWrite() {
        Map<String, Object> m = Json.parseObject("""
                {"a": 1, "b": 2.5, "c": "x\\"y\\u00e9\\n", "d": [true, false, null], "e": {"f": -3e2}}""");
        assertEquals(1L, m.get("a"));
        assertEquals(2.5, Json.num(m, "b", 0));
        assertEquals("x\"yé\n", Json.str(m, "c", null));
        assertEquals(java.util.Arrays.asList(true, false, null), Json.list(m, "d"));
        assertEquals(-300.0, Json.num(Json.obj(m, "e"), "f", 0));
        assertEquals("dflt", Json.str(m, "missing", "dflt"));
        assertEquals(List.of(), Json.objs(m, "a"), "a value of another type reads as the default");
    }

    @Test
    void malformedInputIsAClearError() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Json.parse("{\n\"a\": [1, 2\n"));
        assertTrue(e.getMessage().contains("line 3"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Json.parse("{\"a\": 1} x"));
        assertThrows(IllegalArgumentException.class, () -> Json.parse("{'a': 1}"));
        assertThrows(IllegalArgumentException.class, () -> Json.parseObject("[1]"));
        IllegalArgumentException dup = assertThrows(IllegalArgumentException.class, () -> Json.parse("{\"a\": 1, \"a\": 2}"));
        assertTrue(dup.getMessage().contains("Duplicate field 'a'"), dup.getMessage());
    }

    /** A typed document for {@link #readsRecordsStrictly}. */
    record Doc(String name, List<Outcome> outcomes, Map<String, Doc> children) { }

    @Test
    void readsRecordsStrictly() {
        Doc d = Json.read("""
                {"name": "a", "outcomes": ["PASS", "HANG"], "children": {"b": {"name": "b"}}}""", Doc.class);
        assertEquals("a", d.name());
        assertEquals(List.of(Outcome.PASS, Outcome.HANG), d.outcomes());
        assertEquals(new Doc("b", null, null), d.children().get("b"));
        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
                () -> Json.read("{\n\"name\": \"a\",\n\"colour\": 1}", Doc.class));
        assertTrue(unknown.getMessage().contains("colour") && unknown.getMessage().contains("line 3"), unknown.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Json.read("{\"outcomes\": [\"MAYBE\"]}", Doc.class));
        assertThrows(IllegalArgumentException.class, () -> Json.read("{\"name\": \"a\", \"name\": \"b\"}", Doc.class));
    }

    @Test
    void whatItWritesReadsBackTheSame() {
        Map<String, Object> m = new java.util.LinkedHashMap<>();
        m.put("name", "q\"uote\\ tab\t nl\n ctl\u0001");
        m.put("n", 3L);
        m.put("x", 2.5);
        m.put("flat", List.of(1L, 2L, "three"));
        m.put("nested", List.of(Map.of("k", true), java.util.Collections.emptyMap()));
        m.put("none", null);
        String text = Json.write(m);
        assertEquals(m, Json.parse(text));
        assertTrue(text.contains("\"flat\": [1, 2, \"three\"]"), text);
    }

    record Measured(double median, Double ratio, double spread) { }

    @Test
    void aRecordsDoublesAreWrittenLikeBoxedOnes() {
        String text = Json.write(new Measured(1.0 / 3, 2.0 / 3, Double.NaN));
        assertTrue(text.contains("\"median\": 0.333333,") && text.contains("\"ratio\": 0.666667,"), text);
        assertTrue(text.contains("\"spread\": null"), "not finite: null, as Json promises, not the string NaN: " + text);
    }

    @Test
    void aDoubleWrittenAsNullReadsBackAsNaNNotAsAMeasuredZero() {
        Measured back = Json.read(Json.write(new Measured(0.5, null, Double.NaN)), Measured.class);
        assertTrue(Double.isNaN(back.spread()), "a non-finite double written as null must read back as NaN: " + back);
        assertEquals(0.5, back.median());
        assertTrue(Double.isNaN(Json.read("{\"median\": 1}", Measured.class).spread()), "a missing double is not measured either");
    }

    @Test
    void aRecordFileRoundTrips(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws java.io.IOException {
        java.nio.file.Path file = dir.resolve("a/b/measured.json");
        Json.writeFile(file, new Measured(1, 2.0, 3));
        assertEquals(new Measured(1, 2.0, 3), Json.readFile(file, Measured.class));
    }
}
