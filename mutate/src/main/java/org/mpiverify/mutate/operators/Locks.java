package org.mpiverify.mutate.operators;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * The critical sections of a method: lock acquisitions paired with their releases by the lock they
 * name. Recognized forms (all the core uses):
 * <ul>
 *   <li>{@code synchronized} blocks (monitorenter/monitorexit on one local);</li>
 *   <li>{@code x.lock()} / {@code x.lockInterruptibly()} ... {@code x.unlock()} on any receiver
 *       ({@link java.util.concurrent.locks.Lock}, the core's {@code SpinThenParkLock});</li>
 *   <li>{@code lock(x)} ... {@code unlock(x)}, static (the match table's bucket lock);</li>
 *   <li>{@code h = t.lockX(...)} ... {@code unlock(h)}: an acquisition that returns the handle of what
 *       it locked (the match table's {@code lockBucket}).</li>
 * </ul>
 * A region is an acquisition and the releases of the same lock that follow it, before the next
 * acquisition of that lock.
 */
final class Locks {
    enum Kind { MONITOR, RECEIVER, STATIC_ARG, HANDLE }

    /** A lock or unlock: its instruction, its statement [stmtStart, stmtEnd) and the lock it names. */
    record Op(int ordinal, Kind kind, Expr lock, boolean acquire, int stmtStart, int stmtEnd) {
    }

    record Region(Op acquire, List<Op> releases) {
        int firstRelease() {
            return releases.get(0).ordinal();
        }
    }

    private Locks() {}

    static List<Op> ops(MethodAnalysis m) {
        List<Op> ops = new ArrayList<>();
        for (int k = 0; k < m.size(); k++) {
            AbstractInsnNode n = m.insns.get(k);
            int op = n.getOpcode();
            if (op == Opcodes.MONITORENTER || op == Opcodes.MONITOREXIT) {
                AbstractInsnNode prev = k > 0 ? m.insns.get(k - 1) : null;
                Expr lock = op == Opcodes.MONITORENTER && prev instanceof VarInsnNode v && v.getOpcode() == Opcodes.ASTORE
                        ? Expr.local(v.var, Opcodes.ALOAD) : m.expr(m.operand(k, 0));
                if (lock != null) ops.add(new Op(k, Kind.MONITOR, lock, op == Opcodes.MONITORENTER, m.statementStart(k), k + 1));
                continue;
            }
            if (!(n instanceof MethodInsnNode c)) continue;
            boolean isStatic = op == Opcodes.INVOKESTATIC;
            Type[] args = Type.getArgumentTypes(c.desc);
            Type ret = Type.getReturnType(c.desc);
            boolean lockName = c.name.equals("lock") || c.name.equals("lockInterruptibly");
            if (!isStatic && args.length == 0 && ret == Type.VOID_TYPE && (lockName || c.name.equals("unlock"))) {
                Expr lock = m.expr(m.operand(k, 0));
                if (lock != null) ops.add(new Op(k, Kind.RECEIVER, lock, lockName, m.statementStart(k), k + 1));
            } else if (isStatic && args.length == 1 && args[0].getSort() == Type.OBJECT && ret == Type.VOID_TYPE
                    && (c.name.equals("lock") || c.name.equals("unlock"))) {
                Expr lock = m.expr(m.operand(k, 0));
                if (lock != null) ops.add(new Op(k, Kind.STATIC_ARG, lock, c.name.equals("lock"), m.statementStart(k), k + 1));
            } else if (c.name.startsWith("lock") && ret.getSort() == Type.OBJECT && k + 1 < m.size()
                    && m.insns.get(k + 1) instanceof VarInsnNode st && st.getOpcode() == Opcodes.ASTORE) {
                ops.add(new Op(k, Kind.HANDLE, Expr.local(st.var, Opcodes.ALOAD), true, m.statementStart(k), k + 2));
            }
        }
        return ops;
    }

    static List<Region> regions(MethodAnalysis m) {
        List<Op> ops = ops(m);
        List<Region> regions = new ArrayList<>();
        for (int i = 0; i < ops.size(); i++) {
            Op a = ops.get(i);
            if (!a.acquire()) continue;
            List<Op> releases = new ArrayList<>();
            for (int j = i + 1; j < ops.size(); j++) {
                Op b = ops.get(j);
                if (!b.lock().equals(a.lock())) continue;
                if (b.acquire()) break;
                if (compatible(a, b)) releases.add(b);
            }
            if (!releases.isEmpty()) regions.add(new Region(a, releases));
        }
        return regions;
    }

    private static boolean compatible(Op a, Op release) {
        return switch (a.kind()) {
            case MONITOR -> release.kind() == Kind.MONITOR;
            case RECEIVER -> release.kind() == Kind.RECEIVER;
            case STATIC_ARG, HANDLE -> release.kind() == Kind.STATIC_ARG;
        };
    }

    /** Code that releases the region's lock (what its first release does). */
    static InsnList release(MethodAnalysis m, Region r) {
        Op rel = r.releases().get(0);
        InsnList l = r.acquire().lock().load();
        l.add(m.insns.get(rel.ordinal()).clone(Map.of()));
        return l;
    }

    /**
     * Code that takes the region's lock again, or null if that cannot be replayed here: the
     * acquisition's statement must be straight-line simple loads and the call.
     */
    static InsnList reacquire(MethodAnalysis m, Region r) {
        Op a = r.acquire();
        if (a.kind() == Kind.MONITOR) {
            InsnList l = a.lock().load();
            l.add(new org.objectweb.asm.tree.InsnNode(Opcodes.MONITORENTER));
            return l;
        }
        if (a.kind() != Kind.HANDLE) {
            InsnList l = a.lock().load();
            l.add(m.insns.get(a.ordinal()).clone(Map.of()));
            return l;
        }
        if (a.stmtStart() < 0 || !m.straightLine(a.stmtStart(), a.stmtEnd())) return null;
        for (int i = a.stmtStart(); i < a.ordinal(); i++) {
            int op = m.insns.get(i).getOpcode();
            boolean simple = (op >= Opcodes.ILOAD && op <= Opcodes.ALOAD) || op == Opcodes.GETFIELD
                    || op == Opcodes.GETSTATIC || (op >= Opcodes.ACONST_NULL && op <= Opcodes.SIPUSH);
            if (!simple) return null;
        }
        return m.copy(a.stmtStart(), a.stmtEnd());
    }

    /** Instructions that drop an instruction's operands (to delete a call or a monitor operation). */
    static InsnList popOperands(MethodAnalysis m, int k) {
        InsnList l = new InsnList();
        AbstractInsnNode n = m.insns.get(k);
        if (n instanceof MethodInsnNode c) {
            Type[] args = Type.getArgumentTypes(c.desc);
            for (int i = args.length - 1; i >= 0; i--) l.add(new org.objectweb.asm.tree.InsnNode(args[i].getSize() == 2 ? Opcodes.POP2 : Opcodes.POP));
            if (c.getOpcode() != Opcodes.INVOKESTATIC) l.add(new org.objectweb.asm.tree.InsnNode(Opcodes.POP));
        } else {
            l.add(new org.objectweb.asm.tree.InsnNode(Opcodes.POP)); // monitorenter / monitorexit
        }
        return l;
    }
}
