package org.mpiverify.jcstress.core.request;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.mpiverify.core.request.TreiberStack;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * Race: a push and a pop on the shared pool's {@link TreiberStack} (Dang, Snir &amp; Gropp §3.3) at
 * the same time; the stack holds one item (value 1) before. The pushed item's field (value 2) is a
 * plain write made before the push, so the pop must also publish it (the stack's memory consistency
 * effect).
 *
 * <p>r1 = the value the pop returned (1 or 2; 0 = it saw an item whose field was not yet written;
 * -1 = empty), r2 = sum of the values left (popped by the arbiter), r3 = how many were left.
 * Forbidden: an item lost or duplicated (a CAS that did not guard head), an empty pop although an item
 * was always there, or an unpublished item.
 */
@JCStressTest
@Description("TreiberStack: concurrent push and pop neither lose nor duplicate items")
@Outcome(id = "1, 2, 1", expect = ACCEPTABLE, desc = "The pop took the old item; the pushed one is left.")
@Outcome(id = "2, 1, 1", expect = ACCEPTABLE, desc = "The push came first; the pop took the pushed item, fully written.")
@Outcome(expect = FORBIDDEN, desc = "Item lost, duplicated, popped half-written, or a pop of an empty stack that was not empty.")
@State
public class TreiberStackPushPopRace {
    /** An item with a plain field: the stack must publish it. */
    static final class Item {
        int value;
    }

    final TreiberStack<Item> stack = new TreiberStack<>();

    public TreiberStackPushPopRace() {
        Item first = new Item();
        first.value = 1;
        stack.push(first);
    }

    @Actor
    public void pusher() {
        Item i = new Item();
        i.value = 2;
        stack.push(i);
    }

    @Actor
    public void popper(III_Result r) {
        Item i = stack.pop();
        r.r1 = i == null ? -1 : i.value;
    }

    @Arbiter
    public void arbiter(III_Result r) {
        int sum = 0, n = 0;
        for (Item i; (i = stack.pop()) != null; ) {
            sum += i.value;
            n++;
        }
        r.r2 = sum;
        r.r3 = n;
    }
}
