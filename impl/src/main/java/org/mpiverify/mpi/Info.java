package org.mpiverify.mpi;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.mpiverify.core.attr.KeyedList;

/**
 * An info object ({@code MPI_Info}, MPI-3.1 §9): an ordered list of (key, value) string pairs. Made by
 * {@link Mpi#createInfo()} or {@link #dup()}, local to its rank; used as the hints of a communicator
 * ({@link Comm#setInfo}, {@link Comm#getInfo}).
 *
 * <p>Thread safety: the pairs are a {@link KeyedList}, lock-free (Gropp &amp; Thakur §3): {@link #get},
 * {@link #nKeys} and {@link #nthKey} are "Read List" calls that take no lock and never wait; {@link #set} and
 * {@link #delete} are "Update List" calls that any number of threads may make at once, and updates of
 * different keys never lose each other. A read racing an update of the same key (erroneous in MPI) sees the
 * value before or after it, never a part of either. {@link #nthKey} numbers keys in the order they were first
 * set, as of the call: a program that numbers keys while another thread adds or deletes some gets a consistent
 * but moving answer, as MPI says it may.
 *
 * <p>Errors: a freed object, or one used in a call of another rank, is {@code ERR_INFO}; a null, empty or
 * too-long key {@code ERR_INFO_KEY}; a null or too-long value {@code ERR_INFO_VALUE}; the delete of an absent
 * key {@code ERR_INFO_NOKEY}; {@link #nthKey} outside {@code [0, nKeys)} {@code ERR_ARG}. Nothing changes.
 */
public final class Info {
    /*
     * Implementation notes.
     *
     * rank and pairs are final, set before the handle is published (the return of Mpi.createInfo or dup).
     * freed goes false -> true once, by CAS in free(). A call checks freed first; a free racing another call
     * on the same object is erroneous (that call finishes on the list as it was).
     */

    /** {@code MPI_MAX_INFO_KEY}: the longest key, in characters. */
    public static final int MAX_INFO_KEY = 255;
    /** {@code MPI_MAX_INFO_VAL}: the longest value, in characters. */
    public static final int MAX_INFO_VAL = 1024;

    private static final VarHandle FREED;
    static {
        try {
            FREED = MethodHandles.lookup().findVarHandle(Info.class, "freed", boolean.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    final RankContext rank;
    final KeyedList<String, String> pairs;
    private volatile boolean freed;

    Info(RankContext rank, KeyedList<String, String> pairs) {
        this.rank = rank;
        this.pairs = pairs;
    }

    /** {@code MPI_Info_create}, the body of {@link Mpi#createInfo()}. */
    static Info create(RankContext rank) {
        return rank.call(null, () -> new Info(rank, new KeyedList<>()));
    }

    /** {@code MPI_Info_set}: sets {@code key} to {@code value}, replacing the value it had. */
    @ThreadSafety(SafetyClass.UPDATE_LIST)
    public void set(String key, String value) {
        rank.run(null, () -> {
            checkLive();
            checkKey(key);
            if (value == null) {
                throw new MpiException(ErrorClass.ERR_INFO_VALUE, "value is null");
            }
            if (value.length() > MAX_INFO_VAL) {
                throw new MpiException(ErrorClass.ERR_INFO_VALUE, "value of " + value.length()
                        + " characters is longer than MAX_INFO_VAL (" + MAX_INFO_VAL + ")");
            }
            pairs.put(key, value);
        });
    }

    /** {@code MPI_Info_get}: the value of {@code key}, or null ({@code flag = false}) if it has none. */
    @ThreadSafety(SafetyClass.READ_LIST)
    public String get(String key) {
        return rank.call(null, () -> {
            checkLive();
            checkKey(key);
            return pairs.get(key);
        });
    }

    /** {@code MPI_Info_delete}: removes {@code key}; {@code ERR_INFO_NOKEY} if it has no value. */
    @ThreadSafety(SafetyClass.UPDATE_LIST)
    public void delete(String key) {
        rank.run(null, () -> {
            checkLive();
            checkKey(key);
            if (pairs.remove(key) == null) {
                throw new MpiException(ErrorClass.ERR_INFO_NOKEY, "info has no key '" + key + "'");
            }
        });
    }

    /** {@code MPI_Info_get_nkeys}: the number of keys that have a value. */
    @ThreadSafety(SafetyClass.READ_LIST)
    public int nKeys() {
        return rank.call(null, () -> {
            checkLive();
            return pairs.size();
        });
    }

    /** {@code MPI_Info_get_nthkey}: the {@code n}-th key (from 0, in the order keys were first set). */
    @ThreadSafety(SafetyClass.READ_LIST)
    public String nthKey(int n) {
        return rank.call(null, () -> {
            checkLive();
            String k = pairs.keyAt(n);
            if (k == null) {
                throw new MpiException(ErrorClass.ERR_ARG, "n = " + n + " outside [0, " + pairs.size() + ")");
            }
            return k;
        });
    }

    /** {@code MPI_Info_dup}: a new info object with the same pairs, in the same order. */
    @ThreadSafety(SafetyClass.ALLOCATE)
    public Info dup() {
        return rank.call(null, () -> {
            checkLive();
            KeyedList<String, String> copy = new KeyedList<>();
            copy.putAll(pairs);
            return new Info(rank, copy);
        });
    }

    /** {@code MPI_Info_free}: the handle may no longer be used ({@code ERR_INFO}, also for a second free). */
    @ThreadSafety(SafetyClass.UPDATE_REF)
    public void free() {
        rank.run(null, () -> {
            if (!FREED.compareAndSet(this, false, true)) {
                throw new MpiException(ErrorClass.ERR_INFO, "info was freed");
            }
        });
    }

    /** True once {@link #free()} was called on this handle. */
    @ThreadSafety(SafetyClass.ACCESS_ONLY)
    public boolean isFreed() {
        return freed;
    }

    /** ERR_INFO unless {@code info} is a live info object of {@code rank} (an argument of another object's call). */
    static void checkArgument(Info info, RankContext rank) {
        if (info == null) {
            throw new MpiException(ErrorClass.ERR_INFO, "info is null");
        }
        info.checkLive();
        if (info.rank != rank) {
            throw new MpiException(ErrorClass.ERR_INFO, "info belongs to rank " + info.rank.worldRank
                    + ", not to rank " + rank.worldRank);
        }
    }

    private void checkLive() {
        if (freed) {
            throw new MpiException(ErrorClass.ERR_INFO, "info was freed");
        }
    }

    private static void checkKey(String key) {
        if (key == null || key.isEmpty()) {
            throw new MpiException(ErrorClass.ERR_INFO_KEY, "key is " + (key == null ? "null" : "empty"));
        }
        if (key.length() > MAX_INFO_KEY) {
            throw new MpiException(ErrorClass.ERR_INFO_KEY, "key of " + key.length()
                    + " characters is longer than MAX_INFO_KEY (" + MAX_INFO_KEY + ")");
        }
    }

    @Override
    public String toString() {
        return "Info" + pairs + (freed ? " (freed)" : "");
    }
}
