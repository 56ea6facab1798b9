package org.mpiverify.jcstress.core.handle;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.mpiverify.core.handle.UseCount;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIII_Result;

/**
 * Race: a derived datatype is freed by the user while a receive still uses it (Gropp &amp; Thakur §4.1: "the
 * user can free a datatype after it has been used in a nonblocking communication operation even before that
 * communication completes"). The receive holds one use (taken in the constructor, as its start does); its
 * completing thread reads the type map to unpack, then ends its use; the user's thread frees the type at the same
 * time. The release action drops the type map (a plain write, as {@code DerivedDatatype}'s release makes it
 * unusable).
 *
 * <p>r1 = the completing thread saw the type map (1) or a released one (0), r2 = its endUse step, r3 = the
 * free's step (ordinals of {@link UseCount.Step}: 0 RELEASED, 1 KEPT, 2 REFUSED), r4 = releases. Acceptable: the
 * map was there, and exactly one of the two calls released it, once. Forbidden: the map released under the
 * receive (use after free), no release (a leak) or two.
 */
@JCStressTest
@Description("UseCount: the user's free racing the end of the last use: released once, never under the use")
@Outcome(id = "1, 0, 1, 1", expect = ACCEPTABLE, desc = "Free first (kept), the last use's end released the type.")
@Outcome(id = "1, 1, 0, 1", expect = ACCEPTABLE, desc = "The last use ended first (kept), the free released the type.")
@Outcome(expect = FORBIDDEN, desc = "Released while the receive used it, never released, or released twice.")
@State
public class UseCountFreeVsLastUseRace {
    int releases;
    Object typeMap = new Object();
    final UseCount count = new UseCount(() -> {
        releases++;
        typeMap = null;
    });

    public UseCountFreeVsLastUseRace() {
        count.tryUse();                          // the pending receive's use
    }

    @Actor
    public void receiveCompletes(IIII_Result r) {
        r.r1 = typeMap != null ? 1 : 0;          // unpack with the type map
        r.r2 = count.endUse().ordinal();
    }

    @Actor
    public void userFrees(IIII_Result r) {
        r.r3 = count.free().ordinal();
    }

    @Arbiter
    public void arbiter(IIII_Result r) {
        r.r4 = releases;
    }
}
