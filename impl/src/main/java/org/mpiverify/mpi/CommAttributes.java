package org.mpiverify.mpi;

import java.util.List;
import org.mpiverify.core.attr.KeyedList;

/**
 * The attributes and info hints cached on one {@link Comm} handle (MPI-3.1 §6.7, §6.4.4), and the calls on
 * them: {@code setAttr}, {@code getAttr}, {@code deleteAttr}, {@code setInfo}, {@code getInfo}, and what
 * {@code dup} and {@code free} do with them.
 *
 * <p>Thread safety: both lists are {@link KeyedList}s, lock-free (Gropp &amp; Thakur §3): a get never waits,
 * and sets and deletes of different keys by any number of threads never lose each other. A delete callback
 * runs before the value it is for leaves the list (MPI: if it fails, the call fails and the attribute stays),
 * and the value is then removed only if it is still the key's value (by entry identity); so in a correct
 * program, where no two threads update one key of one communicator at once, each value's delete callback runs
 * once. In an erroneous one that does, one update wins whole and a value's callback may run twice.
 *
 * <p>Keyval references: each attribute holds one reference of its key ({@link Keyval#retain()}), taken
 * before the attribute is in the list and dropped after it left it.
 */
final class CommAttributes {
    private final KeyedList<Keyval, Object> attributes = new KeyedList<>();
    private final KeyedList<String, String> hints = new KeyedList<>();

    /** {@code MPI_Comm_set_attr}: the delete callback runs on the value replaced, first. */
    static void set(Comm c, Keyval keyval, Object value) {
        c.rank.run(c, () -> {
            c.checkLive();
            checkKeyval(c, keyval, false);
            if (value == null) {
                throw new MpiException(ErrorClass.ERR_ARG, "attribute value is null (null means 'not set')");
            }
            KeyedList<Keyval, Object> list = c.attributes.attributes;
            for (;;) {
                KeyedList.Entry<Keyval, Object> old = list.entry(keyval);
                if (old != null) {
                    callDelete(c, keyval, old.value());
                } else {
                    keyval.retain();
                }
                if (list.replace(keyval, old, value)) {
                    return;
                }
                if (old == null) {
                    keyval.release();   // another thread set this key meanwhile (a racing program): again
                }
            }
        });
    }

    /** {@code MPI_Comm_get_attr}: the value, or null ({@code flag = false}) if none is set. */
    static Object get(Comm c, Keyval keyval) {
        return c.rank.call(c, () -> {
            c.checkLive();
            checkKeyval(c, keyval, true);
            return keyval.isPredefined() ? predefined(c, keyval) : c.attributes.attributes.get(keyval);
        });
    }

    /** {@code MPI_Comm_delete_attr}: runs the delete callback, then removes the attribute; nothing if none is set. */
    static void delete(Comm c, Keyval keyval) {
        c.rank.run(c, () -> {
            c.checkLive();
            checkKeyval(c, keyval, false);
            KeyedList<Keyval, Object> list = c.attributes.attributes;
            KeyedList.Entry<Keyval, Object> e = list.entry(keyval);
            if (e != null) {
                callDelete(c, keyval, e.value());
                if (list.remove(e)) {
                    keyval.release();
                }
            }
        });
    }

    /** {@code MPI_Comm_set_info}: every pair of {@code info} becomes a hint of {@code c} (others stay). */
    static void setInfo(Comm c, Info info) {
        c.rank.run(c, () -> {
            c.checkLive();
            Info.checkArgument(info, c.rank);
            c.attributes.hints.putAll(info.pairs);
        });
    }

    /** {@code MPI_Comm_get_info}: a new info object with {@code c}'s hints. */
    static Info getInfo(Comm c) {
        return c.rank.call(c, () -> {
            c.checkLive();
            KeyedList<String, String> copy = new KeyedList<>();
            copy.putAll(c.attributes.hints);
            return new Info(c.rank, copy);
        });
    }

    /**
     * What {@code dup} does, on the new communicator {@code to} before it is returned: the hints are copied and
     * each attribute's copy callback decides whether {@code to} gets it (MPI-3.1 §6.7.2). If a callback fails, or
     * an attribute's key is gone by the time its copy would be put (another thread deleted the attribute and
     * freed the key meanwhile: ERR_KEYVAL), the attributes already copied are deleted again (their delete
     * callbacks run, their failures are dropped) and the failure is thrown: the caller then drops {@code to}.
     */
    static void copyOnDup(Comm from, Comm to) {
        copy(from, to.attributes, to);
    }

    /**
     * What {@code idup} does when it is called: the copy callbacks run then, on the calling thread, into attributes
     * of no communicator yet, which {@link #adopt} gives the new communicator when the request completes. If a
     * callback fails, the ones copied are deleted again ({@code from} given to their delete callbacks) and the
     * failure is thrown.
     */
    static CommAttributes copyForIdup(Comm from) {
        CommAttributes staged = new CommAttributes();
        copy(from, staged, from);
        return staged;
    }

    /** Gives {@code n}, an idup's new communicator, the attributes and hints {@link #copyForIdup} copied. */
    static void adopt(Comm n, CommAttributes staged) {
        n.attributes.hints.putAll(staged.hints);
        n.attributes.attributes.putAll(staged.attributes);   // each holds its key's reference already
    }

    /** Deletes attributes {@link #copyForIdup} copied for an idup that did not start ({@code from} to the callbacks). */
    static void dropStaged(Comm from, CommAttributes staged) {
        deleteAll(from, staged, false);
    }

    private static void copy(Comm from, CommAttributes target, Comm deleteWith) {
        target.hints.putAll(from.attributes.hints);
        for (KeyedList.Entry<Keyval, Object> e : from.attributes.attributes.entries()) {
            Keyval k = e.key();
            try {
                Object copied = k.copy.copy(from, k, k.extraState, e.value());
                if (copied != null) {
                    // ERR_KEYVAL if the key's last reference went since the snapshot (its attribute deleted from
                    // `from`, the key freed): the copy is then not put, so the dead key's callbacks never see it
                    k.retain();
                    target.attributes.put(k, copied);
                }
            } catch (RuntimeException failure) {
                deleteAll(deleteWith, target, false);
                throw callbackFailure("copy", failure);
            }
        }
    }

    /**
     * Deletes every attribute of {@code c}, running each delete callback ({@code free}, and a failed {@code dup}'s
     * new communicator). With {@code stopOnFailure} the first failing callback stops it and is
     * thrown, its attribute and the ones after it left in place; without, the failures are dropped.
     */
    static void deleteAll(Comm c, boolean stopOnFailure) {
        deleteAll(c, c.attributes, stopOnFailure);
    }

    /** As {@link #deleteAll(Comm, boolean)}, on {@code attrs}, with {@code c} given to the delete callbacks. */
    private static void deleteAll(Comm c, CommAttributes attrs, boolean stopOnFailure) {
        KeyedList<Keyval, Object> list = attrs.attributes;
        List<KeyedList.Entry<Keyval, Object>> all = list.entries();
        for (int i = 0; i < all.size(); i++) {
            KeyedList.Entry<Keyval, Object> e = all.get(i);
            try {
                callDelete(c, e.key(), e.value());
            } catch (MpiException failure) {
                if (stopOnFailure) {
                    throw failure;
                }
            }
            if (list.remove(e)) {
                e.key().release();
            }
        }
    }

    /**
     * What {@code finalizeMpi} does first: deletes {@code COMM_SELF}'s attributes in the reverse order they were
     * set (MPI-3.1 §8.7.1), running every delete callback; returns the first failure (after COMM_SELF's error
     * handler ran for it), or null, so that finalization goes on and no other rank waits for this one.
     */
    static MpiException deleteOnFinalize(Comm self) {
        try {
            self.rank.run(self, () -> {
                MpiException first = null;
                List<KeyedList.Entry<Keyval, Object>> all = self.attributes.attributes.entries();
                for (int i = all.size() - 1; i >= 0; i--) {
                    try {
                        deleteOne(self, all.get(i));
                    } catch (MpiException failure) {
                        first = first == null ? failure : first;
                    }
                }
                if (first != null) {
                    throw first;
                }
            });
            return null;
        } catch (MpiException e) {
            return e;
        }
    }

    /** Runs the delete callback of {@code e}, then removes it (even if the callback failed: the caller goes on). */
    private static void deleteOne(Comm c, KeyedList.Entry<Keyval, Object> e) {
        try {
            callDelete(c, e.key(), e.value());
        } finally {
            if (c.attributes.attributes.remove(e)) {
                e.key().release();
            }
        }
    }

    private static void checkKeyval(Comm c, Keyval keyval, boolean predefinedOk) {
        if (keyval == null) {
            throw new MpiException(ErrorClass.ERR_KEYVAL, "keyval is null");
        }
        keyval.check(c, predefinedOk);
    }

    private static Object predefined(Comm c, Keyval k) {
        if (k == Keyval.TAG_UB) return Mpi.TAG_UB;
        if (k == Keyval.HOST) return Mpi.PROC_NULL;
        if (k == Keyval.IO) return Mpi.ANY_SOURCE;
        if (k == Keyval.WTIME_IS_GLOBAL) return 1;
        if (k == Keyval.UNIVERSE_SIZE) return c.rank.job.size();
        if (k == Keyval.APPNUM) return 0;
        throw new MpiException(ErrorClass.ERR_INTERN, "no value for predefined " + k);
    }

    private static void callDelete(Comm c, Keyval k, Object value) {
        try {
            k.delete.delete(c, k, value, k.extraState);
        } catch (RuntimeException failure) {
            throw callbackFailure("delete", failure);
        }
    }

    private static MpiException callbackFailure(String which, RuntimeException failure) {
        return failure instanceof MpiException m ? m
                : new MpiException(ErrorClass.ERR_OTHER, "the attribute " + which + " callback threw " + failure, failure);
    }
}
