package org.mpiverify.mutate.operators;

import java.util.ArrayList;
import java.util.List;
import org.objectweb.asm.tree.InsnList;

/**
 * ConMAn's "split critical region": between two statements of a critical section the lock is released
 * and taken again, so what the first part checked may no longer hold in the second (check-then-act).
 * One mutant per statement boundary that starts a source line inside the section.
 */
public final class SplitCriticalSection extends ConcurrencyOperator {
    @Override
    public String getName() {
        return "SPLIT_CRITICAL_SECTION";
    }

    @Override
    List<Site> sites(MethodAnalysis m) {
        List<Site> sites = new ArrayList<>();
        for (Locks.Region r : Locks.regions(m)) {
            Locks.Op a = r.acquire();
            InsnList again = Locks.reacquire(m, r);
            if (again == null) continue;
            int n = 0;
            int limit = m.statementStart(r.firstRelease());
            for (int p = a.stmtEnd() + 1; p < limit; p++) {
                if (!m.stackEmpty(p) || !m.lineStart.get(p) || m.inHandler.get(p)) continue;
                if (!m.localsUnchanged(a.lock(), a.ordinal(), p)) break;
                n++;
                InsnList code = Locks.release(m, r);
                code.add(Locks.reacquire(m, r));
                sites.add(new Site(p, "unlocked and locked " + m.describe(a.lock()) + " again before statement "
                        + (n + 1) + " of its critical section").insertBefore(p, code));
            }
        }
        return sites;
    }
}
