package org.mpiverify.mutate.operators;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * ConMAn's "shift critical region", by its start: the critical section's first read of shared memory
 * is made before the lock is taken (its value kept in a local), so the section acts on a value that
 * another thread may change before the lock is held. This is the shape of a mode word or flag checked
 * outside the lock that guards it.
 */
public final class ShiftCriticalSection extends ConcurrencyOperator {
    @Override
    public String getName() {
        return "SHIFT_CRITICAL_SECTION";
    }

    @Override
    List<Site> sites(MethodAnalysis m) {
        List<Site> sites = new ArrayList<>();
        for (Locks.Region r : Locks.regions(m)) {
            Locks.Op a = r.acquire();
            int start = a.stmtStart();
            if (start < 0) continue;
            for (int k = a.stmtEnd(); k < r.firstRelease(); k++) {
                AbstractInsnNode n = m.insns.get(k);
                Type t = SharedAccess.read(n);
                if (t == null) {
                    if (SharedAccess.isWriteOrRmw(n)) break; // the section writes first: nothing to hoist
                    continue;
                }
                int operands = n instanceof MethodInsnNode c ? Type.getArgumentTypes(c.desc).length
                        + (c.getOpcode() == org.objectweb.asm.Opcodes.INVOKESTATIC ? 0 : 1)
                        : n.getOpcode() == org.objectweb.asm.Opcodes.GETFIELD ? 1 : 0;
                InsnList hoisted = new InsnList();
                boolean ok = true;
                for (int d = operands - 1; d >= 0; d--) {
                    Expr e = m.expr(m.operand(k, d));
                    if (e == null || !m.localsUnchanged(e, start, k)) {
                        ok = false;
                        break;
                    }
                    hoisted.add(e.load());
                }
                if (!ok) break;
                int tmp = m.freshLocal(0);
                hoisted.add(n.clone(Map.of()));
                hoisted.add(new VarInsnNode(SharedAccess.storeOpcode(t), tmp));
                InsnList instead = Locks.popOperands(m, k);
                if (n.getOpcode() == org.objectweb.asm.Opcodes.GETFIELD) {
                    instead = new InsnList();
                    instead.add(new InsnNode(org.objectweb.asm.Opcodes.POP));
                } else if (n.getOpcode() == org.objectweb.asm.Opcodes.GETSTATIC) {
                    instead = new InsnList();
                }
                instead.add(new VarInsnNode(SharedAccess.loadOpcode(t), tmp));
                sites.add(new Site(start, "read " + what(m, k) + " before taking the lock on " + m.describe(a.lock())
                        + " instead of under it").insertBefore(start, hoisted).replace(k, instead));
                break;
            }
        }
        return sites;
    }

    static String what(MethodAnalysis m, int k) {
        AbstractInsnNode n = m.insns.get(k);
        if (n instanceof org.objectweb.asm.tree.FieldInsnNode f) {
            Expr e = n.getOpcode() == org.objectweb.asm.Opcodes.GETFIELD ? m.expr(m.operand(k, 0)) : null;
            return (e == null ? f.owner.substring(f.owner.lastIndexOf('/') + 1) : m.describe(e)) + "." + f.name;
        }
        MethodInsnNode c = (MethodInsnNode) n;
        int operands = Type.getArgumentTypes(c.desc).length;
        Expr recv = m.expr(m.operand(k, operands));
        return (recv == null ? c.owner.substring(c.owner.lastIndexOf('/') + 1) : m.describe(recv)) + "." + c.name + "()";
    }
}
