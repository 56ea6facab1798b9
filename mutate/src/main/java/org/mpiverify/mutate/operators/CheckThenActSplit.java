package org.mpiverify.mutate.operators;

import java.util.ArrayList;
import java.util.List;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.MethodInsnNode;

/**
 * A check-then-act across two acquisitions of the same lock: a test on shared state is evaluated under the
 * lock, the lock is released and taken again, and the branch the test chose (and the update it guards) runs
 * under the second acquisition, on a value that may no longer hold.
 *
 * <p>How it differs from {@link SplitCriticalSection} (ConMAn's SPCR): that operator releases and retakes
 * the lock at a statement boundary (an empty operand stack at the start of a source line), so a test and the
 * branch on its value always stay in one acquisition: a split before an {@code if} evaluates the test after
 * the gap. This one puts the gap inside the test's statement, between the evaluation of its condition (the
 * value is on the operand stack) and the conditional jump, so the decision is made on a value read under the
 * first acquisition. Sites: every conditional jump of a section whose condition reads shared state (a field,
 * an atomic, a call returning a boolean) and after which the section still writes shared state or calls
 * into the program (the act).
 */
public final class CheckThenActSplit extends ConcurrencyOperator {
    @Override
    public String getName() {
        return "CHECK_THEN_ACT_SPLIT";
    }

    @Override
    List<Site> sites(MethodAnalysis m) {
        List<Site> sites = new ArrayList<>();
        for (Locks.Region r : Locks.regions(m)) {
            Locks.Op a = r.acquire();
            if (Locks.reacquire(m, r) == null) continue;
            int end = r.firstRelease();
            int n = 0;
            for (int j = a.stmtEnd(); j < end; j++) {
                if (!Flow.isConditional(m.insns.get(j)) || m.inHandler.get(j) || m.frames.get(j) == null) continue;
                if (!m.localsUnchanged(a.lock(), a.ordinal(), j)) break;
                int s = m.statementStart(j);
                int look = -1;
                for (int k = j - 1; k >= Math.max(s, a.stmtEnd()); k--) {
                    if (Flow.isLook(m.insns.get(k))) {
                        look = k;
                        break;
                    }
                }
                if (look < 0 || !acts(m, j + 1, end)) continue;
                n++;
                InsnList code = Locks.release(m, r);
                code.add(Locks.reacquire(m, r));
                sites.add(new Site(j, "tested " + ShiftCriticalSection.what(m, look) + " (test " + n + " of the section), then unlocked and locked "
                        + m.describe(a.lock()) + " again before acting on it").insertBefore(j, code));
            }
        }
        return sites;
    }

    /** True if [from, to) writes shared state or calls into the program: the act a test guards. */
    private static boolean acts(MethodAnalysis m, int from, int to) {
        for (int k = from; k < to; k++) {
            AbstractInsnNode n = m.insns.get(k);
            if (SharedAccess.isWriteOrRmw(n)) return true;
            if (n instanceof MethodInsnNode c && Flow.isProgram(c.owner) && !Flow.touchesLocks(m, k, k + 1)) return true;
        }
        return false;
    }
}
