package org.mpiverify.core.attr;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * The list of items of Gropp &amp; Thakur §3's "Read List" and "Update List" classes: a small map from keys to
 * values in the order the keys were first put, as a communicator's attributes ({@code MPI_Comm_get_attr},
 * {@code MPI_Comm_set_attr}, {@code MPI_Comm_delete_attr}) and an info object's pairs ({@code MPI_Info_get},
 * {@code MPI_Info_set}, {@code MPI_Info_delete}) need. Keys are compared with {@code equals}; keys and values
 * are never null (null stands for "absent").
 *
 * <p>Thread safety: every operation is lock-free and linearizable. §3: "A correct MPI program will not contain
 * any race that might update or delete the entry that is being read. This guarantee enables an implementation
 * to use a lock-free, thread-safe set of list update and access operations"; and "Multiple threads are allowed
 * to simultaneously update the list". So reads take no lock and never wait, concurrent updates of different
 * keys never lose each other, and updates of one key race only in erroneous programs, where one of them wins
 * whole. A reader sees either the list before an update or after it, never an entry half built.
 *
 * <p>Operations: {@link #get}, {@link #entry} (the entry as a handle, for a later conditional update),
 * {@link #put}, {@link #replace} (only if the key still has the given entry), {@link #remove(Object)},
 * {@link #remove(Entry)}, {@link #size}, {@link #keyAt} and {@link #entries} (each from one snapshot).
 *
 * <p>Memory consistency effects: as with {@code java.util.concurrent} collections, actions in a thread prior
 * to putting a value happen-before actions subsequent to the read that returns that value (or its entry) in
 * another thread.
 */
public final class KeyedList<K, V> {
    /*
     * Implementation notes.
     *
     * Algorithm: copy on write. The list is an array of immutable entries, published through the volatile
     * field entries. A reader reads the field once and scans that array. An update reads the field, builds a
     * new array (the old one with the key's entry appended, replaced or cut out) and publishes it with one
     * compare-and-set from the array it read; if another update published first, it starts again from the
     * newer array. Lists are short (a communicator's attributes, an info object's hints), so a copy per
     * update costs less than the nodes of a linked list and a scan is one array walk.
     *
     * The fundamental invariants:
     * - An array, once published in entries, is never written again; an Entry's fields are final. So a
     *   reader that read entries sees every entry of that array whole (the volatile read is an acquire of the
     *   CAS's release that published it; the final fields are frozen before the entry is reachable at all).
     * - A key occurs at most once in an array. Entries keep the order in which their keys were first put; a
     *   replacement keeps its key's place.
     * - entries is never null (EMPTY when the list is empty).
     *
     * Non-invariants: the array a reader scans may be stale by the time it returns; that is the reader's
     * linearization point, not a defect.
     *
     * Linearization points:
     * - get, entry, size, keyAt, entries: the volatile read of entries.
     * - put, replace and remove that change the list: their successful compare-and-set. Two updates of
     *   different keys cannot both succeed from one array: the second fails, re-reads the array that holds
     *   the first one's change and builds on it, so neither is lost.
     * - replace that fails (the key's entry is not the expected one) and remove of an absent key or entry:
     *   the volatile read of the array in which the check failed.
     *
     * Progress: lock-free. A compare-and-set fails only because another update succeeded.
     */

    /** One key and its value. Immutable: a handle for {@link #replace} and {@link #remove(Entry)}. */
    public static final class Entry<K, V> {
        private final K key;
        private final V value;

        Entry(K key, V value) {
            this.key = key;
            this.value = value;
        }

        public K key() {
            return key;
        }

        public V value() {
            return value;
        }

        @Override
        public String toString() {
            return key + "=" + value;
        }
    }

    private static final Entry<?, ?>[] EMPTY = new Entry<?, ?>[0];
    private static final VarHandle ENTRIES;
    static {
        try {
            ENTRIES = MethodHandles.lookup().findVarHandle(KeyedList.class, "entries", Entry[].class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** The list now: never null, never written once published (through ENTRIES' compare-and-set). */
    @SuppressWarnings("unchecked")
    private volatile Entry<K, V>[] entries = (Entry<K, V>[]) EMPTY;

    /** The value of {@code key}, or null if it has none. */
    public V get(K key) {
        Entry<K, V> e = entry(key);
        return e == null ? null : e.value;
    }

    /** The entry of {@code key}, or null if it has none. */
    public Entry<K, V> entry(K key) {
        Objects.requireNonNull(key, "key");
        Entry<K, V>[] a = entries;                  // acquire: pairs with the CAS that published a
        int i = indexOf(a, key);
        return i < 0 ? null : a[i];
    }

    /** Sets the value of {@code key}; returns the value it replaced, or null if the key had none. */
    public V put(K key, V value) {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(value, "value");
        Entry<K, V> e = new Entry<>(key, value);    // whole before any array holds it
        for (;;) {
            Entry<K, V>[] a = entries;
            int i = indexOf(a, key);
            if (ENTRIES.compareAndSet(this, a, with(a, i, e))) {   // linearization point
                return i < 0 ? null : a[i].value;
            }
        }
    }

    /**
     * Sets the value of {@code key} only if its entry is still {@code expected} (compared by identity; null:
     * only if the key has none). Returns whether it did.
     */
    public boolean replace(K key, Entry<K, V> expected, V value) {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(value, "value");
        Entry<K, V> e = new Entry<>(key, value);
        for (;;) {
            Entry<K, V>[] a = entries;
            int i = indexOf(a, key);
            if ((i < 0 ? null : a[i]) != expected) {
                return false;
            }
            if (ENTRIES.compareAndSet(this, a, with(a, i, e))) {
                return true;
            }
        }
    }

    /** Removes {@code key}; returns the value it had, or null if it had none. */
    public V remove(K key) {
        Objects.requireNonNull(key, "key");
        for (;;) {
            Entry<K, V>[] a = entries;
            int i = indexOf(a, key);
            if (i < 0) {
                return null;
            }
            if (ENTRIES.compareAndSet(this, a, without(a, i))) {
                return a[i].value;
            }
        }
    }

    /** Removes {@code entry} if it is still in the list (by identity); returns whether it did. */
    public boolean remove(Entry<K, V> entry) {
        Objects.requireNonNull(entry, "entry");
        for (;;) {
            Entry<K, V>[] a = entries;
            int i = indexOf(a, entry.key);
            if (i < 0 || a[i] != entry) {
                return false;
            }
            if (ENTRIES.compareAndSet(this, a, without(a, i))) {
                return true;
            }
        }
    }

    /** The number of keys. */
    public int size() {
        return entries.length;
    }

    /** The {@code n}-th key in the order keys were first put, or null if {@code n} is outside {@code [0, size)}. */
    public K keyAt(int n) {
        Entry<K, V>[] a = entries;
        return n < 0 || n >= a.length ? null : a[n].key;
    }

    /** Every entry, in the order keys were first put, as of one moment. */
    public List<Entry<K, V>> entries() {
        return List.of(entries);
    }

    /** Puts every entry of {@code from} (as of one moment) into this list. */
    public void putAll(KeyedList<K, V> from) {
        for (Entry<K, V> e : from.entries) {
            put(e.key, e.value);
        }
    }

    private static <K, V> int indexOf(Entry<K, V>[] a, K key) {
        for (int i = 0; i < a.length; i++) {
            if (a[i].key.equals(key)) {
                return i;
            }
        }
        return -1;
    }

    /** A fresh array: {@code a} with {@code e} at {@code i}, or appended if {@code i < 0}. */
    private static <K, V> Entry<K, V>[] with(Entry<K, V>[] a, int i, Entry<K, V> e) {
        Entry<K, V>[] b = Arrays.copyOf(a, i < 0 ? a.length + 1 : a.length);
        b[i < 0 ? a.length : i] = e;
        return b;
    }

    /** A fresh array: {@code a} without its element {@code i}. */
    private static <K, V> Entry<K, V>[] without(Entry<K, V>[] a, int i) {
        Entry<K, V>[] b = Arrays.copyOf(a, a.length - 1);
        System.arraycopy(a, i + 1, b, i, a.length - i - 1);
        return b;
    }

    @Override
    public String toString() {
        return List.of(entries).toString();
    }
}
