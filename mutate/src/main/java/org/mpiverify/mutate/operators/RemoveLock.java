package org.mpiverify.mutate.operators;

import java.util.ArrayList;
import java.util.List;
import org.objectweb.asm.Opcodes;

/**
 * ConMAn's "remove synchronized block" / "remove lock-unlock pair": a critical section runs without
 * mutual exclusion. The lock and every unlock of the region go; an acquisition that returns the handle
 * the section needs ({@code h = lockBucket(k)}) is kept and released at once, so the handle is there but
 * nothing is excluded.
 */
public final class RemoveLock extends ConcurrencyOperator {
    @Override
    public String getName() {
        return "REMOVE_LOCK";
    }

    @Override
    List<Site> sites(MethodAnalysis m) {
        List<Site> sites = new ArrayList<>();
        for (Locks.Region r : Locks.regions(m)) {
            Locks.Op a = r.acquire();
            Site s = new Site(a.ordinal(), "removed the critical section on " + m.describe(a.lock()) + " (lock and "
                    + r.releases().size() + " unlock" + (r.releases().size() == 1 ? "" : "s") + ")");
            if (a.kind() == Locks.Kind.HANDLE) {
                s.insertBefore(a.stmtEnd(), Locks.release(m, r));
            } else {
                s.replace(a.ordinal(), Locks.popOperands(m, a.ordinal()));
            }
            for (Locks.Op rel : r.releases()) s.replace(rel.ordinal(), Locks.popOperands(m, rel.ordinal()));
            if (a.kind() == Locks.Kind.HANDLE && a.stmtEnd() >= m.size()) continue;
            sites.add(s);
        }
        return sites;
    }

    static boolean isMonitor(int opcode) {
        return opcode == Opcodes.MONITORENTER || opcode == Opcodes.MONITOREXIT;
    }
}
