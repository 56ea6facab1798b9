package org.mpiverify.core.matching;

/**
 * Known-bad twin of {@link MatchTable} for the Lincheck suite (in this package to reuse the table's own
 * locked steps): {@code insert} checks for the key under the bucket lock, releases the lock, and
 * inserts under a second acquisition (check-then-act). Two concurrent inserts of one key can both
 * succeed, the second overwriting the first: equation (1) (and the uniqueness of equation (3)) broken.
 * {@code empty}, {@code get}, {@code insertEntry} are the real table's.
 */
public final class CheckThenActMatchTable {
    private final MatchTable table;

    public CheckThenActMatchTable(int capacity) {
        this.table = new MatchTable(capacity);
    }

    public Object insert(long key, Object value) {
        MatchTable.Bucket b = table.lockBucket(key);
        Object existing;
        try {
            existing = MatchTable.getLocked(b, key);
        } finally {
            table.unlock(b);
        }
        if (existing != null) return existing;
        b = table.lockBucket(key); // THE DEFECT: the lock was released between the check and the act
        try {
            table.putLocked(b, key, value);
        } finally {
            table.unlock(b);
        }
        return value;
    }

    public Object empty(long key) {
        return table.empty(key);
    }

    public Object get(long key) {
        return table.get(key);
    }

    public MatchTable.Entry insertEntry(long key, Object value) {
        return table.insertEntry(key, value);
    }
}
