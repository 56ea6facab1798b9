package org.mpiverify.mutate.operators;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * ConMAn's "exchange lock acquisition order": where a method takes a second lock inside a first one's
 * critical section, it takes the second first (the inner acquisition's statement moved before the
 * outer's), which can deadlock against a thread that keeps the documented order. The inner statement
 * must be straight-line code whose locals are already set where it moves to.
 */
public final class SwapLockOrder extends ConcurrencyOperator {
    @Override
    public String getName() {
        return "SWAP_LOCK_ORDER";
    }

    @Override
    List<Site> sites(MethodAnalysis m) {
        List<Site> sites = new ArrayList<>();
        List<Locks.Region> regions = Locks.regions(m);
        for (Locks.Region outer : regions) {
            for (Locks.Region inner : regions) {
                Locks.Op a1 = outer.acquire(), a2 = inner.acquire();
                if (a2.ordinal() <= a1.ordinal() || a2.ordinal() >= outer.firstRelease() || a2.lock().equals(a1.lock())) continue;
                if (a1.stmtStart() < 0 || a2.stmtStart() < 0 || !m.straightLine(a2.stmtStart(), a2.stmtEnd())) continue;
                if (!localsReadyAt(m, a2.stmtStart(), a2.stmtEnd(), a1.stmtStart())) continue;
                Site s = new Site(a1.stmtStart(), "took the lock on " + m.describe(a2.lock()) + " before the lock on "
                        + m.describe(a1.lock()));
                s.insertBefore(a1.stmtStart(), m.copy(a2.stmtStart(), a2.stmtEnd()));
                for (int k = a2.stmtStart(); k < a2.stmtEnd(); k++) s.delete(k);
                sites.add(s);
                break; // one mutant per outer acquisition: PIT registers it there
            }
        }
        return sites;
    }

    /** True if the locals that [from, to) reads are not written between {@code at} and {@code from}. */
    private static boolean localsReadyAt(MethodAnalysis m, int from, int to, int at) {
        Set<Integer> read = new HashSet<>();
        for (int k = from; k < to; k++) {
            AbstractInsnNode n = m.insns.get(k);
            if (n instanceof VarInsnNode v && v.getOpcode() >= Opcodes.ILOAD && v.getOpcode() <= Opcodes.ALOAD) read.add(v.var);
        }
        for (int k = at; k < from; k++) {
            AbstractInsnNode n = m.insns.get(k);
            if (n instanceof VarInsnNode v && v.getOpcode() >= Opcodes.ISTORE && v.getOpcode() <= Opcodes.ASTORE && read.contains(v.var)) return false;
        }
        return true;
    }
}
