package org.mpiverify.core.matching;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mpiverify.core.trace.RecordedEvent;
import org.mpiverify.core.trace.TableStep;
import org.mpiverify.core.trace.TableStep.Kind;
import org.mpiverify.core.trace.TraceRecorder;
import org.mpiverify.testkit.ThreadDumpOnFailure;

/**
 * What {@link MatchTable} records for trace validation ({@code specs/matchtable/AtomicMapTrace.tla}): each
 * insert, insertEntry, empty and owner's empty through an entry once, with the value offered and the value
 * returned or removed, in call order, also across a growth; nothing when the recorder does not record
 * completions or the table was never told to record.
 */
@ExtendWith(ThreadDumpOnFailure.class)
@Timeout(value = 1, unit = TimeUnit.MINUTES)
class MatchTableRecordingTest {
    private static TraceRecorder recorder(TraceRecorder.Algorithm a) {
        return TraceRecorder.create(EnumSet.of(a), false);
    }

    private static List<TableStep> steps(TraceRecorder rec) {
        return rec.events().stream().map(RecordedEvent::step).map(TableStep.class::cast).toList();
    }

    @Test
    void eachOperationIsRecordedOnceWithWhatItReturned() {
        TraceRecorder rec = recorder(TraceRecorder.Algorithm.COMPLETION);
        MatchTable t = new MatchTable(4);
        t.recordTo(rec);
        Object a = new Object();
        Object b = new Object();
        Object c = new Object();
        assertSame(a, t.insert(7, a));
        assertSame(a, t.insert(7, b));
        assertSame(a, t.empty(7));
        assertNull(t.empty(7));
        MatchTable.Entry e = t.insertEntry(9, c);
        e.empty();
        assertNull(t.get(9));
        List<TableStep> s = steps(rec);
        assertEquals(List.of(Kind.INSERT, Kind.INSERT, Kind.EMPTY, Kind.EMPTY, Kind.INSERT, Kind.EMPTY),
                s.stream().map(TableStep::kind).toList());
        assertStep(s.get(0), Kind.INSERT, 7, a, a);
        assertStep(s.get(1), Kind.INSERT, 7, b, a);
        assertStep(s.get(2), Kind.EMPTY, 7, null, a);
        assertStep(s.get(3), Kind.EMPTY, 7, null, null);
        assertStep(s.get(4), Kind.INSERT, 9, c, c);
        assertStep(s.get(5), Kind.EMPTY, 9, null, c);
        assertEquals(1, s.stream().map(TableStep::table).distinct().count(), "one table");
        assertTrue(s.stream().allMatch(x -> x.thread() == Thread.currentThread().threadId()));
        List<RecordedEvent> ev = rec.events();
        for (int i = 1; i < ev.size(); i++) assertTrue(ev.get(i).seq() > ev.get(i - 1).seq(), "stamped in call order");
    }

    /** An owner's empty through an entry that a growth moved empties (and records) the moved copy. */
    @Test
    void anOwnersEmptyAfterAGrowthRecordsTheValueItRemoved() {
        TraceRecorder rec = recorder(TraceRecorder.Algorithm.COMPLETION);
        MatchTable t = new MatchTable(1, 1 << 10, 2);
        t.recordTo(rec);
        Object owned = new Object();
        MatchTable.Entry e = t.insertEntry(1, owned);
        for (long k = 2; t.bucketCount() == 1 && k < 1_000; k++) t.insert(k, new Object());
        assertTrue(t.bucketCount() > 1, "the table grew");
        e.empty();
        assertNull(t.get(1));
        TableStep last = steps(rec).getLast();
        assertStep(last, Kind.EMPTY, 1, null, owned);
    }

    @Test
    void nothingIsRecordedUnlessTheRecorderRecordsCompletionsAndTheTableWasToldTo() {
        TraceRecorder other = recorder(TraceRecorder.Algorithm.MATCHING);
        MatchTable t = new MatchTable(4);
        t.recordTo(other);
        t.insertEntry(1, new Object()).empty();
        t.insert(2, new Object());
        t.empty(2);
        assertTrue(other.events().isEmpty(), "a recorder of another algorithm gets nothing");
        TraceRecorder rec = recorder(TraceRecorder.Algorithm.COMPLETION);
        MatchTable quiet = new MatchTable(4);
        quiet.insert(3, new Object());
        assertTrue(rec.events().isEmpty());
        quiet.recordTo(rec);
        quiet.empty(3);
        quiet.recordTo(null);
        quiet.insert(3, new Object());
        assertEquals(1, rec.events().size(), "recorded only between recordTo(rec) and recordTo(null)");
    }

    private static void assertStep(TableStep s, Kind kind, long key, Object value, Object result) {
        assertEquals(kind, s.kind(), s.toString());
        assertEquals(key, s.key(), s.toString());
        assertSame(value, s.value(), s.toString());
        assertSame(result, s.result(), s.toString());
    }
}
