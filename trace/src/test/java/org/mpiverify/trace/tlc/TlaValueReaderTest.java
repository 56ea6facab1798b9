package org.mpiverify.trace.tlc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tlc2.value.impl.ModelValue;
import tlc2.value.impl.RecordValue;
import tlc2.value.impl.StringValue;
import tlc2.value.impl.TupleValue;
import tlc2.value.impl.Value;

/** The values a trace read as data holds are the values TLC would have parsed from the same text. */
class TlaValueReaderTest {
    @Test
    void readsWhatTheTranslatorsWrite() {
        Value v = TlaValueReader.read("[k |-> \"Post\", r |-> [id |-> 3, ctx |-> 0, src |-> -2, tag |-> -1], m |-> 0,"
                + " ok |-> TRUE, s |-> {2, 1}, q |-> <<\"a\\\"b\", FALSE>>, e |-> <<>>, z |-> {}]");
        // the same record written in another field order and with its set in another order is the same value
        Value w = TlaValueReader.read("[z |-> {}, e |-> <<>>, q |-> <<\"a\\\"b\", FALSE>>, s |-> {1, 2}, ok |-> TRUE,"
                + " m |-> 0, r |-> [tag |-> -1, src |-> -2, ctx |-> 0, id |-> 3], k |-> \"Post\"]");
        assertEquals(0, v.compareTo(w));
        assertTrue(v.equals(w));
        RecordValue r = (RecordValue) v;
        assertEquals("\"Post\"", r.select(new StringValue("k")).toString());
        assertEquals("-2", ((RecordValue) r.select(new StringValue("r"))).select(new StringValue("src")).toString());
        assertEquals("<<\"a\\\"b\", FALSE>>", r.select(new StringValue("q")).toString());
        assertEquals("{1, 2}", r.select(new StringValue("s")).toString());
        assertEquals("{}", r.select(new StringValue("z")).toString());
        assertEquals("<<>>", r.select(new StringValue("e")).toString());
        assertEquals("TRUE", r.select(new StringValue("ok")).toString());
    }

    @Test
    void refusesWhatIsNotAValue() {
        for (String bad : List.of("1..3", "TS1", "[a |-> 1", "[a |-> 1] x", "<<1, 2", "99999999999", "[]")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> TlaValueReader.read(bad), bad);
            assertTrue(e.getMessage().contains(" at column "), e.getMessage());
        }
    }

    @Test
    void aNameIsAModelValueOfTheRunOnly() {
        ModelValue.init();
        ModelValue wild = (ModelValue) ModelValue.make("Wild");
        ModelValue.setValues();
        try {
            assertSame(wild, ((RecordValue) TlaValueReader.read("[src |-> Wild]")).select(new StringValue("src")));
            assertThrows(IllegalArgumentException.class, () -> TlaValueReader.read("[src |-> Tame]"));
        } finally {
            ModelValue.init();
            ModelValue.setValues();
        }
    }

    @Test
    void aFileIsASequenceOfItsLines(@TempDir Path dir) throws Exception {
        Path f = Files.writeString(dir.resolve("t.events"), "[k |-> \"Mode\"]\n\n[k |-> \"Arrive\", m |-> 1]\n");
        TupleValue t = TraceLogOperator.read(f);
        assertEquals(2, t.size());
        Files.writeString(f, "[k |-> \"Mode\"]\nTS4\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> TraceLogOperator.read(f));
        assertTrue(e.getMessage().startsWith(f + ":2: "), e.getMessage());
    }

    /** A trace whose events would fill TLC's heap fails while it is read, saying how many events fit and what to do. */
    @Test
    void aTraceLargerThanTheHeapAllowsFailsWhileItIsRead(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("big.events");
        Files.write(f, java.util.Collections.nCopies(4_100, "[k |-> \"Arrive\", m |-> 1, s |-> {1, 2, 3}]"));
        assertEquals(4_100, TraceLogOperator.read(f).size());
        TraceLogOperator.TraceTooLargeException e = assertThrows(TraceLogOperator.TraceTooLargeException.class,
                () -> TraceLogOperator.read(f, 1));
        assertTrue(e.getMessage().contains("after 4095 events") && e.getMessage().contains("--max-events"),
                e.getMessage());
    }
}
