package org.mpiverify.mutate.operators;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * A read of shared state that a critical section guards is made before the section's lock is taken, its
 * value kept in a local: the section then decides or computes with a value another thread may have changed
 * before the lock was held. One mutant per read in the section, except:
 * <ul>
 *   <li>the section's first read made before any write, which {@link ShiftCriticalSection} (ConMAn's SHCR,
 *       the section's start moved) already moves: this operator moves the reads {@code SHIFT} cannot, those
 *       after the section has written something, the re-reads that guard its later decisions;</li>
 *   <li>a read of a field the section wrote before it (the value would be the section's own, a sequential
 *       bug, not a concurrency one);</li>
 *   <li>a read on a loop inside the section (hoisting it out of the loop would freeze the loop);</li>
 *   <li>a read whose operands are not simple expressions unchanged since the lock was taken;</li>
 *   <li>a read of a configuration field ({@link Flow#sharedRead}), set before the object is shared.</li>
 * </ul>
 */
public final class HoistReadFromSection extends ConcurrencyOperator {
    @Override
    public String getName() {
        return "HOIST_READ_FROM_SECTION";
    }

    @Override
    List<Site> sites(MethodAnalysis m) {
        List<Site> sites = new ArrayList<>();
        for (Locks.Region r : Locks.regions(m)) {
            Locks.Op a = r.acquire();
            int start = a.stmtStart();
            if (start < 0) continue;
            int end = r.firstRelease();
            Set<String> written = new HashSet<>();
            int shifted = shifted(m, a.stmtEnd(), end);
            int n = 0;
            for (int k = a.stmtEnd(); k < end; k++) {
                AbstractInsnNode insn = m.insns.get(k);
                if (SharedAccess.isWriteOrRmw(insn)) {
                    written.add(name(m, k));
                    continue;
                }
                Type t = Flow.sharedRead(insn);
                if (t == null || m.inHandler.get(k) || m.frames.get(k) == null) continue;
                n++;
                if (k == shifted) continue;
                if (written.contains(name(m, k)) || Flow.loopWithin(m, a.stmtEnd(), k, end)) continue;
                if (insn instanceof FieldInsnNode f && a.lock().field() != null && a.lock().field().name.equals(f.name)
                        && a.lock().field().owner.equals(f.owner)) continue;   // the lock itself, loaded for its unlock
                Site s = hoist(m, r, start, k, t, n);
                if (s != null) sites.add(s);
            }
        }
        return sites;
    }

    /** The read ShiftCriticalSection moves: the section's first, if no write comes before it; else -1. */
    private static int shifted(MethodAnalysis m, int from, int end) {
        for (int k = from; k < end; k++) {
            AbstractInsnNode n = m.insns.get(k);
            if (SharedAccess.read(n) != null) return k;
            if (SharedAccess.isWriteOrRmw(n)) return -1;
        }
        return -1;
    }

    /** What an access names: the field, or the receiver and name of an atomic or VarHandle call. */
    private static String name(MethodAnalysis m, int k) {
        AbstractInsnNode n = m.insns.get(k);
        if (n instanceof FieldInsnNode f) return f.owner + "." + f.name;
        if (n instanceof MethodInsnNode c) {
            Expr recv = m.expr(m.operand(k, Type.getArgumentTypes(c.desc).length));
            return String.valueOf(recv);
        }
        return "array";
    }

    private static Site hoist(MethodAnalysis m, Locks.Region r, int start, int k, Type t, int n) {
        AbstractInsnNode insn = m.insns.get(k);
        int operands = insn instanceof MethodInsnNode c ? Type.getArgumentTypes(c.desc).length
                + (c.getOpcode() == Opcodes.INVOKESTATIC ? 0 : 1) : insn.getOpcode() == Opcodes.GETFIELD ? 1 : 0;
        InsnList hoisted = new InsnList();
        for (int d = operands - 1; d >= 0; d--) {
            Expr e = m.expr(m.operand(k, d));
            if (e == null || !m.localsUnchanged(e, start, k)) return null;
            hoisted.add(e.load());
        }
        int tmp = m.freshLocal(0);
        hoisted.add(insn.clone(Map.of()));
        hoisted.add(new VarInsnNode(SharedAccess.storeOpcode(t), tmp));
        InsnList instead = new InsnList();
        if (insn.getOpcode() == Opcodes.GETFIELD) instead.add(new InsnNode(Opcodes.POP));
        else if (insn instanceof MethodInsnNode) instead.add(Locks.popOperands(m, k));
        instead.add(new VarInsnNode(SharedAccess.loadOpcode(t), tmp));
        return new Site(start, "read " + ShiftCriticalSection.what(m, k) + " (read " + n + " of the section) before taking "
                + m.describe(r.acquire().lock()) + " instead of under it").insertBefore(start, hoisted).replace(k, instead);
    }
}
