package org.mpiverify.mutate.operators;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * Two adjacent steps that hand something over run in the other order: publish before initialize, signal
 * before the state change it announces, register after the look it should precede (the order a Dekker
 * pair depends on), use a buffer before the completion that frees it. Two shapes, both found from the
 * statements' effects ({@link Flow#effect}):
 * <ul>
 *   <li><b>swap</b>: two adjacent straight-line statements, a write of shared state (or a hand-over) and
 *       then a hand-over (a statement that synchronizes with other threads: a volatile or atomic write, a
 *       read-modify-write, a wake-up, a concurrent collection's update, or a call into the program that makes
 *       one): the write moves after the hand-over that should publish it (the opposite order only adds
 *       ordering, so it is not a mutant); or a hand-over and then a read of shared state: the read moves
 *       before it (a Dekker pair's load passing its store: a signal that reads the waiter before it sets
 *       the flag the waiter checks),
 *       with no local that one writes and the other uses (so the swap is a legal program, not a broken
 *       data flow) and no lock operation (moving code across a lock is the critical-section operators' job);</li>
 *   <li><b>look first</b>: a straight-line statement that hands over (a registration, a publication)
 *       followed by a test whose first look at shared state (a field or atomic read, a call returning a
 *       boolean) is not in a loop: the look is made before the hand-over and its value kept, so an event
 *       between the two is missed (a wait that looks at the abort flag before it registers to be woken).</li>
 * </ul>
 */
public final class ReorderHandoff extends ConcurrencyOperator {
    @Override
    public String getName() {
        return "REORDER_HANDOFF";
    }

    @Override
    List<Site> sites(MethodAnalysis m) {
        List<Site> sites = new ArrayList<>();
        if (isConstructorOrInitializer(m)) return sites;   // nothing is shared before the constructor returns
        for (int a0 = 0; a0 < m.size(); a0++) {
            Flow.Statement a = Flow.statementAt(m, a0);
            if (a == null || m.inHandler.get(a0) || a.end() >= m.size()) continue;
            if (!m.straightLine(a.start(), a.end()) || Flow.touchesLocks(m, a.start(), a.end())) continue;
            Flow.Effect ea = Flow.effect(m, a.start(), a.end());
            if (ea == Flow.Effect.NONE) continue;
            Flow.Statement b = Flow.statementAt(m, a.end());
            if (b == null) continue;
            swap(m, a, ea, b, sites);
            if (ea == Flow.Effect.HANDOVER) lookFirst(m, a, b, sites);
        }
        return sites;
    }

    private static boolean isConstructorOrInitializer(MethodAnalysis m) {
        return m.method.name.startsWith("<");
    }

    private static void swap(MethodAnalysis m, Flow.Statement a, Flow.Effect ea, Flow.Statement b, List<Site> sites) {
        if (!m.straightLine(a.start(), b.end()) || m.inHandler.get(b.start()) || Flow.touchesLocks(m, b.start(), b.end())) return;
        if (!Flow.sameTry(m, a.start(), b.end() - 1)) return;
        // a write (or a hand-over) and then the hand-over that publishes it: the order that protects the write
        // or a hand-over and then a read of shared state it orders (a Dekker pair's store, then its load)
        Flow.Effect eb = Flow.effect(m, b.start(), b.end());
        boolean publishes = eb == Flow.Effect.HANDOVER && (ea == Flow.Effect.WRITE || ea == Flow.Effect.HANDOVER);
        boolean orders = ea == Flow.Effect.HANDOVER && eb == Flow.Effect.READ && readsShared(m, b.start(), b.end());
        if (!publishes && !orders) return;
        Set<Integer> wa = Flow.localWrites(m, a.start(), a.end()), wb = Flow.localWrites(m, b.start(), b.end());
        Set<Integer> ra = Flow.localReads(m, a.start(), a.end()), rb = Flow.localReads(m, b.start(), b.end());
        for (int v : wa) if (rb.contains(v) || wb.contains(v)) return;
        for (int v : wb) if (ra.contains(v)) return;
        if (endsMethod(m, b.end())) return;
        Site s = new Site(a.start(), "ran " + Flow.summary(m, a.start(), a.end()) + " after the next statement's "
                + Flow.summary(m, b.start(), b.end()) + " instead of before it");
        for (int k = a.start(); k < a.end(); k++) s.delete(k);
        InsnList last = new InsnList();
        last.add(m.insns.get(b.end() - 1).clone(Map.of()));
        last.add(m.copy(a.start(), a.end()));
        s.replace(b.end() - 1, last);
        sites.add(s);
    }

    private static boolean readsShared(MethodAnalysis m, int from, int to) {
        for (int k = from; k < to; k++) if (Flow.sharedRead(m.insns.get(k)) != null) return true;
        return false;
    }

    /** True if the statement boundary is the method's end (nothing follows to reorder with). */
    private static boolean endsMethod(MethodAnalysis m, int k) {
        return k > m.size();
    }

    private static void lookFirst(MethodAnalysis m, Flow.Statement a, Flow.Statement b, List<Site> sites) {
        // the test: the statement after the hand-over, up to its first conditional jump
        int jump = -1;
        for (int k = b.start(); k < m.size(); k++) {
            AbstractInsnNode n = m.insns.get(k);
            if (Flow.isConditional(n)) {
                jump = k;
                break;
            }
            if (n instanceof JumpInsnNode || m.stackEmpty(k) && k > b.start()) return;   // not a test: another statement
            if (n.getOpcode() == Opcodes.ATHROW || (n.getOpcode() >= Opcodes.IRETURN && n.getOpcode() <= Opcodes.RETURN)) return;
        }
        if (jump < 0 || !m.straightLine(a.start(), jump)) return;
        for (int k = b.start(); k < jump; k++) {
            AbstractInsnNode n = m.insns.get(k);
            if (!Flow.isLook(n)) continue;
            if (Flow.inLoop(m, k)) return;
            InsnList hoisted = new InsnList();
            int operands = n instanceof MethodInsnNode c ? Type.getArgumentTypes(c.desc).length
                    + (c.getOpcode() == Opcodes.INVOKESTATIC ? 0 : 1) : n.getOpcode() == Opcodes.GETFIELD ? 1 : 0;
            for (int d = operands - 1; d >= 0; d--) {
                Expr e = m.expr(m.operand(k, d));
                if (e == null || !m.localsUnchanged(e, a.start(), k)) return;
                hoisted.add(e.load());
            }
            Type t = n instanceof MethodInsnNode c ? Type.getReturnType(c.desc) : Flow.sharedRead(n);
            int tmp = m.freshLocal(0);
            hoisted.add(n.clone(Map.of()));
            hoisted.add(new VarInsnNode(SharedAccess.storeOpcode(t), tmp));
            InsnList instead = new InsnList();
            if (n.getOpcode() == Opcodes.GETFIELD) instead.add(new InsnNode(Opcodes.POP));
            else if (n instanceof MethodInsnNode) instead.add(Locks.popOperands(m, k));
            instead.add(new VarInsnNode(SharedAccess.loadOpcode(t), tmp));
            sites.add(new Site(a.start(), "looked at " + ShiftCriticalSection.what(m, k) + " before "
                    + Flow.summary(m, a.start(), a.end()) + " instead of after it")
                    .insertBefore(a.start(), hoisted).replace(k, instead));
            return;   // the test's first look only
        }
    }
}
