package org.mpiverify.core.trace;

/**
 * One operation of Dang, Snir &amp; Gropp's hash table H ({@code org.mpiverify.core.matching.MatchTable}, §2.2
 * equations (1) and (2)), with the values {@code specs/matchtable/AtomicMapTrace.tla} needs to take the same
 * step: an insert is {@code AtomicMap}'s Insert, an empty (locked, or an owner's lock-free empty through its
 * entry) its Empty.
 *
 * @param kind   which operation
 * @param table  the table's name in the trace (a stamp, unique in the recorder)
 * @param thread the id of the thread that called it ({@link Thread#threadId()})
 * @param key    the key
 * @param value  INSERT: the value offered; EMPTY: null
 * @param result INSERT: what it returned (the value offered iff it was stored, else the value the key held);
 *               EMPTY: the value it removed, or null if the key held ⊥
 */
public record TableStep(Kind kind, long table, long thread, long key, Object value, Object result) {
    /** The operations, named after the actions of {@code AtomicMap.tla}. */
    public enum Kind {
        /** Equation (1): insert(k, v). */
        INSERT,
        /** Equation (2): empty(k). */
        EMPTY
    }

    @Override
    public String toString() {
        return switch (kind) {
            case INSERT -> "insert(" + key + ", " + value + ") returns " + (result == value ? "it: stored" : result);
            case EMPTY -> "empty(" + key + ") removes " + (result == null ? "nothing (⊥)" : result);
        };
    }
}
