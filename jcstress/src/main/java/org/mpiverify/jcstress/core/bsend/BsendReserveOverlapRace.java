package org.mpiverify.jcstress.core.bsend;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.mpiverify.core.bsend.AttachedBuffer;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * Race: two threads' buffered sends share one attached buffer of 8 bytes (MPI-3.1 §3.6): each reserves 4 bytes
 * and copies its message (4 bytes of its own id) into its region, as {@code BufferedSends} does before it starts
 * the send. The reservation publishes the region by one CAS from the layout in which it found the gap, so the two
 * regions are disjoint: one at 0, one at 4.
 *
 * <p>r1, r2 = the offset each actor's reserve returned (9 if it threw: the buffer looked full or corrupt); r3 = the
 * number of actors whose region still holds their own message when both are done (the arbiter reads it).
 * Forbidden: anything but the two disjoint layouts with both messages intact; in particular 0, 0, 1: two bsends
 * in one region, one message overwritten by the other.
 */
@JCStressTest
@Description("AttachedBuffer: two bsends reserve and fill 4 of 8 bytes at once")
@Outcome(id = {"0, 4, 2", "4, 0, 2"}, expect = ACCEPTABLE, desc = "Disjoint regions, both messages intact.")
@Outcome(expect = FORBIDDEN, desc = "Two bsends in one region (a message overwritten), or a reserve refused or lost.")
@State
public class BsendReserveOverlapRace {
    final AttachedBuffer buffer = new AttachedBuffer();
    final byte[] memory = new byte[8];
    int at1 = -1;
    int at2 = -1;

    public BsendReserveOverlapRace() {
        buffer.attach(memory, memory.length);
    }

    /** Reserves 4 bytes and copies 4 bytes of {@code id} there: its offset, or 9 if the reserve threw. */
    int bsend(byte id) {
        int at;
        try {
            at = buffer.reserve(4);
        } catch (RuntimeException e) {
            return 9;
        }
        for (int i = 0; i < 4; i++) {
            memory[at + i] = id;
        }
        return at;
    }

    boolean intact(int at, byte id) {
        if (at < 0 || at > 4) {
            return false;
        }
        for (int i = 0; i < 4; i++) {
            if (memory[at + i] != id) {
                return false;
            }
        }
        return true;
    }

    @Actor
    public void sender1(III_Result r) {
        at1 = bsend((byte) 1);
        r.r1 = at1;
    }

    @Actor
    public void sender2(III_Result r) {
        at2 = bsend((byte) 2);
        r.r2 = at2;
    }

    @Arbiter
    public void receiver(III_Result r) {
        r.r3 = (intact(at1, (byte) 1) ? 1 : 0) + (intact(at2, (byte) 2) ? 1 : 0);
    }
}
