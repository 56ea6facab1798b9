package org.mpiverify.mutate.operators;

import java.util.ArrayList;
import java.util.List;

/**
 * ConMAn's "shrink critical region", by its end: the last statement before an unlock, if it touches
 * shared memory, runs after the unlock instead, so its write (or read) is no longer ordered with the
 * next holder of the lock. One mutant per unlock on the normal path whose preceding statement is
 * straight-line code inside the section.
 */
public final class ShrinkCriticalSection extends ConcurrencyOperator {
    @Override
    public String getName() {
        return "SHRINK_CRITICAL_SECTION";
    }

    @Override
    List<Site> sites(MethodAnalysis m) {
        List<Site> sites = new ArrayList<>();
        for (Locks.Region r : Locks.regions(m)) {
            int n = 0;
            for (Locks.Op rel : r.releases()) {
                n++;
                int relStart = rel.stmtStart();
                if (relStart <= 0 || m.inHandler.get(rel.ordinal())) continue;
                int relEnd = rel.stmtEnd();
                int prevStart = m.statementStart(relStart - 1);
                if (prevStart < r.acquire().stmtEnd()) continue;
                if (!m.straightLine(prevStart, relEnd)) continue;
                boolean shared = false;
                for (int k = prevStart; k < relStart; k++) shared |= SharedAccess.isAccess(m.insns.get(k));
                if (!shared) continue;
                Site s = new Site(prevStart, "moved the statement before unlock " + n + " of " + m.describe(r.acquire().lock())
                        + " after it");
                s.insertBefore(prevStart, m.copy(relStart, relEnd));
                for (int k = relStart; k < relEnd; k++) s.delete(k);
                sites.add(s);
            }
        }
        return sites;
    }
}
