package org.mpiverify.jcstress.core.request.twins;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * Known-bad twin of {@code TreiberStackPushPopRace}: a "lock-free" stack whose push and pop read head
 * and then write it with a plain (volatile) store instead of a compare-and-set. A push and a pop that
 * overlap overwrite each other's update: the pushed item is lost, or the popped one stays (duplicated).
 */
@JCStressTest
@Description("Broken twin: a stack that updates head without CAS")
@Outcome(id = "1, 2, 1", expect = ACCEPTABLE, desc = "The pop took the old item; the pushed one is left.")
@Outcome(id = "2, 1, 1", expect = ACCEPTABLE, desc = "The push came first; the pop took the pushed item.")
@Outcome(expect = FORBIDDEN, desc = "Item lost or duplicated: the read-then-write of head was not atomic.")
@State
public class TreiberStackPushPopRaceBrokenTwin {
    record Node(int value, Node next) { }

    volatile Node head = new Node(1, null);

    @Actor
    public void pusher() {
        Node h = head;
        head = new Node(2, h);     // DEFECT: head may have changed since it was read
    }

    @Actor
    public void popper(III_Result r) {
        Node h = head;
        if (h == null) {
            r.r1 = -1;
            return;
        }
        head = h.next;             // DEFECT: same
        r.r1 = h.value;
    }

    @Arbiter
    public void arbiter(III_Result r) {
        int sum = 0, n = 0;
        for (Node h = head; h != null; h = h.next) {
            sum += h.value;
            n++;
        }
        r.r2 = sum;
        r.r3 = n;
    }
}
