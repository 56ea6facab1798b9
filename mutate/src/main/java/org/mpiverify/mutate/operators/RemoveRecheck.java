package org.mpiverify.mutate.operators;

import java.util.ArrayList;
import java.util.List;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.MethodInsnNode;

/**
 * A re-check is deleted: a condition on shared state that the code tests again, because it may have changed
 * since the last look. A test is a re-check when it is on a loop, or when the method looked at the same field
 * or called the same method before it, or when it is the first test after a lock that the method takes more
 * than once. Three shapes:
 * <ul>
 *   <li><b>before a wait</b>: one branch of the test leads to a park, wait or await (directly, or through
 *       the program's own methods) with nothing else deciding, the other does not: the mutant always takes
 *       the way to the wait, so a thread parks though the reason to wait is gone (a standby that parks
 *       without re-checking that a poller still exists);</li>
 *   <li><b>the wait's guard</b>: the test guards a block that waits, or that answers "not yet" (returns
 *       false) so its caller comes back later (a step of a state machine that yields until a transfer is
 *       done): the mutant skips the block, so the code goes on
 *       before the completion it depends on (a buffer used while a send may still read it);</li>
 *   <li><b>after a lock is retaken</b>: the mutant always takes the branch that goes on to write shared
 *       state, trusting what was seen under the earlier acquisition.</li>
 * </ul>
 * Only the decision is removed: the test's operands are still computed and dropped.
 */
public final class RemoveRecheck extends ConcurrencyOperator {
    @Override
    public String getName() {
        return "REMOVE_RECHECK";
    }

    @Override
    List<Site> sites(MethodAnalysis m) {
        List<Site> sites = new ArrayList<>();
        List<Locks.Region> regions = Locks.regions(m);
        for (int j = 0; j < m.size(); j++) {
            AbstractInsnNode n = m.insns.get(j);
            if (!Flow.isConditional(n) || m.inHandler.get(j) || m.frames.get(j) == null) continue;
            JumpInsnNode jump = (JumpInsnNode) n;
            int t = Flow.target(m, jump);
            if (t <= j) continue;   // a loop's back edge, not a test before something
            int look = look(m, j);
            if (look < 0) continue;
            String what = ShiftCriticalSection.what(m, look);
            boolean again = Flow.inLoop(m, j) || lookedBefore(m, look);
            Locks.Region retaken = retaken(m, regions, j);
            if (!again && retaken == null) continue;
            boolean waitOnFall = Flow.reachesUndecided(m, j + 1, p -> Flow.waitsAt(m, p));
            boolean waitOnJump = Flow.reachesUndecided(m, t, p -> Flow.waitsAt(m, p));
            if (again && waitOnFall != waitOnJump) {
                sites.add(force(m, j, jump, t, waitOnJump, "removed the re-check of " + what + " before the wait (waits without it)"));
            } else if (again && guardsAWait(m, j, t)) {
                sites.add(force(m, j, jump, t, true, "removed the test of " + what + " that makes it wait (goes on without waiting)"));
            } else if (retaken != null) {
                int end = retaken.firstRelease();
                boolean actOnFall = Flow.reachesUndecided(m, j + 1, p -> p < end && SharedAccess.isWriteOrRmw(m.insns.get(p)));
                boolean actOnJump = t < end && Flow.reachesUndecided(m, t, p -> p < end && SharedAccess.isWriteOrRmw(m.insns.get(p)));
                if (actOnFall != actOnJump) {
                    sites.add(force(m, j, jump, t, actOnJump, "removed the re-check of " + what + " after taking "
                            + m.describe(retaken.acquire().lock()) + " again (acts on the earlier look)"));
                }
            }
        }
        return sites;
    }

    /** The test's look at shared state: the last look in the jump's statement before it, or -1. */
    private static int look(MethodAnalysis m, int j) {
        int s = m.statementStart(j);
        if (s < 0) return -1;
        for (int k = j - 1; k >= s; k--) {
            if (m.insns.get(k) instanceof JumpInsnNode) break;   // an earlier conjunct's own test
            if (Flow.isLook(m.insns.get(k))) return k;
        }
        return -1;
    }

    /**
     * True if the method makes the same look (the same field, or a call of the same method) before the test's
     * statement, itself or in a method of its class that it calls or makes a lambda of there (a spin's
     * condition).
     */
    private static boolean lookedBefore(MethodAnalysis m, int look) {
        AbstractInsnNode n = m.insns.get(look);
        int s = m.statementStart(look);
        for (int k = 0; k < s; k++) {
            AbstractInsnNode p = m.insns.get(k);
            if (same(n, p)) return true;
            MethodAnalysis inner = sameClassCallee(m, p);
            if (inner != null) {
                for (AbstractInsnNode q : inner.insns) if (same(n, q)) return true;
            }
        }
        return false;
    }

    private static boolean same(AbstractInsnNode n, AbstractInsnNode p) {
        if (n instanceof FieldInsnNode f && p instanceof FieldInsnNode g) {
            return f.getOpcode() == g.getOpcode() && f.owner.equals(g.owner) && f.name.equals(g.name);
        }
        return n instanceof MethodInsnNode c && p instanceof MethodInsnNode d && c.owner.equals(d.owner)
                && c.name.equals(d.name) && c.desc.equals(d.desc);
    }

    /** The method of m's class that instruction p calls, or whose lambda it makes; null if none. */
    private static MethodAnalysis sameClassCallee(MethodAnalysis m, AbstractInsnNode p) {
        String owner = m.owner.name;
        if (p instanceof MethodInsnNode c && c.owner.equals(owner) && !(c.name.equals(m.method.name) && c.desc.equals(m.method.desc))) {
            return MethodAnalysis.of(owner, c.name, c.desc);
        }
        if (p instanceof org.objectweb.asm.tree.InvokeDynamicInsnNode d) {
            for (Object arg : d.bsmArgs) {
                if (arg instanceof org.objectweb.asm.Handle h && h.getOwner().equals(owner)) return MethodAnalysis.of(owner, h.getName(), h.getDesc());
            }
        }
        return null;
    }

    /**
     * The region whose first test this is, if its lock is taken more than once in the method (or in a loop):
     * the test then runs on a lock taken again, after an earlier look under it.
     */
    private static Locks.Region retaken(MethodAnalysis m, List<Locks.Region> regions, int j) {
        for (Locks.Region r : regions) {
            int a = r.acquire().ordinal();
            if (j <= a || j >= r.firstRelease()) continue;
            for (int k = r.acquire().stmtEnd(); k < j; k++) if (Flow.isConditional(m.insns.get(k))) return null;
            long takes = regions.stream().filter(x -> x.acquire().lock().equals(r.acquire().lock())).count();
            if (takes > 1 || Flow.inLoop(m, a)) return r;
        }
        return null;
    }

    /**
     * True if the block the test jumps over waits, or answers "not yet" (returns false or zero) so that its
     * caller comes back later: a state machine's step that yields until a transfer is done.
     */
    private static boolean guardsAWait(MethodAnalysis m, int j, int t) {
        for (int k = j + 1; k < t; k++) if (Flow.waitsAt(m, k)) return true;
        boolean zero = false;   // false (or 0) is the value about to be returned, directly or through a local (finally)
        for (int k = j + 1; k < t; k++) {
            AbstractInsnNode n = m.insns.get(k);
            int op = n.getOpcode();
            if (op == Opcodes.ICONST_0) zero = true;
            else if (op == Opcodes.IRETURN) return zero && k > j + 1 && (m.insns.get(k - 1).getOpcode() == Opcodes.ICONST_0
                    || m.insns.get(k - 1).getOpcode() == Opcodes.ILOAD);
            else if (op == Opcodes.ATHROW || (op >= Opcodes.LRETURN && op <= Opcodes.RETURN)) return false;
            else if (op >= Opcodes.ICONST_1 && op <= Opcodes.SIPUSH) zero = false;
        }
        return false;
    }

    /** A site that makes the jump always (toward its target) or never (falls through): the decision is gone. */
    private static Site force(MethodAnalysis m, int j, JumpInsnNode jump, int t, boolean always, String description) {
        Site s = new Site(j, description);
        InsnList code = Flow.popCondition(jump);
        if (always) {
            LabelNode l = Flow.label();
            s.insertBefore(t, listOf(l));
            code.add(new JumpInsnNode(Opcodes.GOTO, l));
        }
        return s.replace(j, code);
    }

    private static InsnList listOf(AbstractInsnNode n) {
        InsnList l = new InsnList();
        l.add(n);
        return l;
    }
}
