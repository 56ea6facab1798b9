package org.mpiverify.trace.tlc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tlc2.value.impl.TupleValue;
import tlc2.value.impl.Value;

/** The values a trace read as data holds are the values TLC would have parsed from the same text. */
class TlaValueReaderTest {
    @Test
    void readsWhatTheTranslatorsWrite() {
        Value v = TlaValueReader.read("[k |-> \"Post\", r |-> [id |-> 3, ctx |-> 0, src |-> -2, tag |-> -1], m |-> 0,"
                + " ok |-> TRUE, s |-> {2, 1}, q |-> <<\"a\\\"b\", FALSE>>, e |-> <<>>, z |-> {}]");
        // TLC prints a record with its fields sorted and a set normalized: the same value as the literal
        assertEquals("[e |-> <<>>, k |-> \"Post\", m |-> 0, ok |-> TRUE, q |-> <<\"a\\\"b\", FALSE>>, "
                + "r |-> [ctx |-> 0, id |-> 3, src |-> -2, tag |-> -1], s |-> {1, 2}, z |-> {}]", v.toString());
    }

    @Test
    void refusesWhatIsNotAValue() {
        for (String bad : List.of("1..3", "TS1", "[a |-> 1", "[a |-> 1] x", "<<1, 2", "99999999999", "[]")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> TlaValueReader.read(bad), bad);
            assertTrue(e.getMessage().contains(" at column "), e.getMessage());
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
}
