package org.mpiverify.lincheck.core.sched;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.function.IntConsumer;
import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.Param;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mpiverify.core.sched.PlainTakeReadyBitVector;
import org.mpiverify.core.sched.ReadyBitVector;
import org.mpiverify.lincheck.Budget;
import org.mpiverify.lincheck.Lincheck;
import org.mpiverify.testkit.ThreadDumpOnFailure;
import org.mpiverify.testkit.TwinTest;

/**
 * {@link ReadyBitVector}, the set of runnable threads of one worker (Dang, Snir &amp; Gropp §3.1, Algorithms
 * 3–4): {@code signal} (the paper's {@code ThreadSignal}, any thread) against one pass of the worker's exchange
 * loop ({@code drain}, the worker only: one non-parallel group), against {@link RunnableSetSpec}, a set whose
 * drain returns and clears it. Every completed signal is returned by exactly one later-or-overlapping drain
 * (no lost wake-up), a double signal before a drain is one run (the paper's first erroneous use, here the
 * set's semantics), and no id is returned twice for one signal.
 *
 * <p>The ids 0, 1 and 2 share one word: there a drain is one exchange of the index and one of the word, and
 * is atomic (with ids of several words a pass is not: a signal to a word the pass has gone by waits for the
 * next pass, which is the paper's bound, not a linearizable snapshot).
 *
 * <p>Twin: {@link PlainTakeReadyBitVector} (the word read and cleared apart instead of one exchange). The
 * other ordering defect, the index bit set before the word bit, is a mutant of {@code specs/scheduler}
 * (IndexFirst), where TLC finds it; Lincheck's model checker did not find it within this suite's budget.
 */
@ExtendWith(ThreadDumpOnFailure.class)
@Param(name = "id", gen = IntGen.class, conf = "0:2")
public class ReadyBitVectorLinearizabilityTest extends ReadyBitVectorOperations {
    static final String SUITE = "ReadyBitVectorLinearizabilityTest";
    static final String CHECKS = "ReadyBitVector: every completed ThreadSignal is taken by exactly one pass of the worker";

    public ReadyBitVectorLinearizabilityTest() {
        super(new ReadyBitVectorOperations.Real());
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void modelChecking() {
        Lincheck.checkModel(SUITE, CHECKS, getClass(), RunnableSetSpec.class, Budget.modelChecking().scaled(0.5, 1));
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void stress() {
        Lincheck.checkStress(SUITE, CHECKS, getClass(), RunnableSetSpec.class, Budget.stress().scaled(0.25, 1));
    }

    @TwinTest
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void plainTakeTwinIsRejected() {
        Lincheck.expectRejectedSeeded("PlainTakeReadyBitVector", "the worker reads a word and clears it apart",
                ReadyBitVectorLinearizabilityTest.class, OnPlainTake.class, RunnableSetSpec.class, Budget.twin(),
                c -> List.of(Lincheck.afterInit(List.of(Lincheck.actor(c, "signal", 1)),
                        List.of(Lincheck.actor(c, "signal", 0)),
                        List.of(Lincheck.actor(c, "drain"), Lincheck.actor(c, "drain")))));
    }

    /** The known-bad twin that takes a word by a read and a store. */
    public static class OnPlainTake extends ReadyBitVectorOperations {
        public OnPlainTake() {
            super(new ReadyBitVectorOperations.Vector() {
                private final PlainTakeReadyBitVector v = new PlainTakeReadyBitVector(512);

                public void signal(int id) {
                    v.signal(id);
                }

                public int drain(IntConsumer run) {
                    return v.drain(run);
                }
            });
        }
    }

    /** Sequential specification: the set of runnable ids; a drain returns them in order and empties it. */
    public static class RunnableSetSpec {
        private final TreeSet<Integer> marked = new TreeSet<>();

        public void signal(int id) {
            marked.add(id);
        }

        public String drain() {
            String s = new ArrayList<>(marked).toString();
            marked.clear();
            return s;
        }
    }
}
