package org.mpiverify.jcstress.core.attr;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.mpiverify.core.attr.KeyedList;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * Race: a lock-free read of a {@link KeyedList} (a communicator's attributes, an info object's pairs: Gropp
 * &amp; Thakur §3 Read List) against the put that inserts the entry it reads; the reader then puts another key,
 * which races that put too (Update List: two threads update one list at once). The value is an object with a plain field written before the put, so the read must see the
 * entry whole: its value, and the value's field (the list's memory consistency effect).
 *
 * <p>r1 = what the reader saw of key 1: 0 = no entry yet, 42 = the entry with its value fully written;
 * -1 = an entry without its value (half inserted), -2 = the value without its field. r2 = the number of keys
 * left (the arbiter). Forbidden: a half-inserted entry or value, or a put of one key that lost the other's.
 */
@JCStressTest
@Description("KeyedList: a lock-free read never sees a half-inserted entry; puts of two keys lose neither")
@Outcome(id = "0, 2", expect = ACCEPTABLE, desc = "The read came before the insert; both keys are in.")
@Outcome(id = "42, 2", expect = ACCEPTABLE, desc = "The read saw the entry whole; both keys are in.")
@Outcome(expect = FORBIDDEN, desc = "An entry seen half inserted (-1: no value, -2: value without its field), or a key lost.")
@State
public class KeyedListPublicationRace {
    /** An attribute value with a plain field: the list must publish it. */
    static final class Value {
        int field;
    }

    final KeyedList<Integer, Value> list = new KeyedList<>();

    @Actor
    public void inserter() {
        Value v = new Value();
        v.field = 42;
        list.put(1, v);
    }

    @Actor
    public void reader(II_Result r) {
        KeyedList.Entry<Integer, Value> e = list.entry(1);
        if (e == null) {
            r.r1 = 0;
        } else {
            Value v = e.value();
            r.r1 = v == null ? -1 : v.field == 0 ? -2 : v.field;
        }
        Value other = new Value();
        other.field = 7;
        list.put(2, other);
    }

    @Arbiter
    public void arbiter(II_Result r) {
        r.r2 = list.size();
    }
}
