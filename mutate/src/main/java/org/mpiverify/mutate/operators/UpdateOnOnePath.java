package org.mpiverify.mutate.operators;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FrameNode;
import org.objectweb.asm.tree.IincInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LineNumberNode;
import org.objectweb.asm.tree.LookupSwitchInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MultiANewArrayInsnNode;
import org.objectweb.asm.tree.TableSwitchInsnNode;
import org.objectweb.asm.tree.TryCatchBlockNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * An update of a counter, budget or reference count that the code makes on every path is made on one path
 * only: charged on one, refunded on another, so the count leaks (or drops twice) when the other path runs
 * (an error, a cancel, an abort). An update is a statement whose call adds to or subtracts from an atomic
 * (directly, or through the program's methods: a budget's charge, a reference count's release, a pool's
 * hand-back). Three shapes:
 * <ul>
 *   <li><b>one copy removed</b>: the method makes the same update (same call on the same receiver) in more
 *       than one place, as a {@code finally} block inlined on the normal and the exception path or the two
 *       branches of a test do: each copy, removed alone, is a mutant;</li>
 *   <li><b>not on the exception path</b>: an update in an exception handler (a catch that compensates) is
 *       removed;</li>
 *   <li><b>not on one caller's path</b>: a private or static void helper of the class that makes updates
 *       and is called from two or more places: at each call, the helper's body is inlined without the
 *       update (one mutant per update), so the callers' other paths still make it (a message delivered from one path without the
 *       refund of its charge).</li>
 * </ul>
 * A copy in an exception handler is registered at the start of its try block, not on the finally's line:
 * PIT merges mutants of one operator on one line across the copies of an inlined finally block, which would
 * remove the update from every path.
 */
public final class UpdateOnOnePath extends ConcurrencyOperator {
    private static final int MAX_INLINED = 80;

    @Override
    public String getName() {
        return "UPDATE_ON_ONE_PATH";
    }

    /** An update statement [start, end) and the call that updates. */
    record Update(int start, int end, int call, String key) {
    }

    @Override
    List<Site> sites(MethodAnalysis m) {
        List<Site> sites = new ArrayList<>();
        Map<String, List<Update>> byKey = new LinkedHashMap<>();
        for (Update u : updates(m)) byKey.computeIfAbsent(u.key(), k -> new ArrayList<>()).add(u);
        boolean[] normallyReached = Flow.normallyReached(m);
        for (List<Update> copies : byKey.values()) {
            int normal = 0;
            for (Update u : copies) {
                boolean handler = !normallyReached[u.start()];
                if (copies.size() < 2 && !handler) continue;
                String what = Flow.what(m, u.call());
                long normals = copies.stream().filter(x -> normallyReached[x.start()]).count();
                String where = handler ? "the exception path" : normals == 1 ? "the normal path" : "path " + (++normal) + " of " + normals;
                int at = handler ? tryStart(m, u.start(), normallyReached) : u.start();
                if (at < 0) continue;
                Site s = new Site(at, "removed the update " + what + " from " + where + " (kept on the others)");
                for (int k = u.start(); k < u.end(); k++) s.delete(k);
                sites.add(s);
            }
        }
        inlinedHelpers(m, sites);
        return sites;
    }

    /** The update statements of a method: straight-line, writing no local, one update call, no wait or lock. */
    static List<Update> updates(MethodAnalysis m) {
        List<Update> l = new ArrayList<>();
        for (int s = 0; s < m.size(); s++) {
            Flow.Statement st = Flow.statementAt(m, s);
            if (st == null || st.end() > m.size()) continue;
            int call = -1, calls = 0;
            for (int k = st.start(); k < st.end(); k++) {
                if (Flow.isUpdate(m.insns.get(k))) {
                    call = k;
                    calls++;
                }
            }
            if (calls != 1 || !m.straightLine(st.start(), st.end()) || !Flow.localWrites(m, st.start(), st.end()).isEmpty()
                    || Flow.touchesLocks(m, st.start(), st.end())) continue;
            boolean waits = false;
            for (int k = st.start(); k < st.end(); k++) waits |= Flow.waitsAt(m, k);
            if (waits) continue;
            MethodInsnNode c = (MethodInsnNode) m.insns.get(call);
            int receiverDepth = Type.getArgumentTypes(c.desc).length;
            Expr recv = c.getOpcode() == Opcodes.INVOKESTATIC ? null : m.expr(m.operand(call, receiverDepth));
            l.add(new Update(st.start(), st.end(), call, c.owner + "." + c.name + c.desc + "@" + recv));
        }
        return l;
    }

    /** The first instruction of the try block whose handler holds instruction k, or -1. */
    private static int tryStart(MethodAnalysis m, int k, boolean[] normallyReached) {
        int best = -1, bestHandler = -1;
        for (TryCatchBlockNode tc : m.method.tryCatchBlocks) {
            int h = m.firstOrdinalAfter(tc.handler);
            if (h < 0 || h > k || h < bestHandler) continue;
            boolean same = true;
            for (int i = h; i < k; i++) same &= m.insns.get(i).getOpcode() != Opcodes.ATHROW && !normallyReached[i];
            int start = m.firstOrdinalAfter(tc.start);
            if (same && start >= 0 && start < k) {
                best = start;
                bestHandler = h;
            }
        }
        return best;
    }

    private static final Map<String, Integer> CALLS = new HashMap<>();

    /** How many call sites in the class call the method. */
    private static int callSites(MethodAnalysis m, MethodInsnNode c) {
        String key = m.owner.name + "." + c.name + c.desc;
        synchronized (CALLS) {
            Integer n = CALLS.get(key);
            if (n != null) return n;
            int count = 0;
            for (org.objectweb.asm.tree.MethodNode mn : m.owner.methods) {
                for (AbstractInsnNode n2 = mn.instructions.getFirst(); n2 != null; n2 = n2.getNext()) {
                    if (n2 instanceof MethodInsnNode d && d.owner.equals(m.owner.name) && d.name.equals(c.name) && d.desc.equals(c.desc)) count++;
                }
            }
            CALLS.put(key, count);
            return count;
        }
    }

    private static void inlinedHelpers(MethodAnalysis m, List<Site> sites) {
        for (int k = 0; k < m.size(); k++) {
            if (!(m.insns.get(k) instanceof MethodInsnNode c) || !c.owner.equals(m.owner.name)) continue;
            if (c.name.equals(m.method.name) && c.desc.equals(m.method.desc)) continue;
            if (Type.getReturnType(c.desc) != Type.VOID_TYPE || c.name.startsWith("<")) continue;
            MethodAnalysis h = MethodAnalysis.of(c.owner, c.name, c.desc);
            if (h == null || !inlinable(h, c) || callSites(m, c) < 2) continue;
            for (Update u : updates(h)) {
                sites.add(new Site(k, "inlined " + c.name + "() at this call without its update " + Flow.what(h, u.call())
                        + " (the other callers' paths keep it)").replace(k, inline(m, h, c, u)));
            }
        }
    }

    private static boolean inlinable(MethodAnalysis h, MethodInsnNode c) {
        boolean privateOrStatic = (h.method.access & (Opcodes.ACC_PRIVATE | Opcodes.ACC_STATIC)) != 0;
        if (!privateOrStatic || !h.method.tryCatchBlocks.isEmpty() || h.size() > MAX_INLINED) return false;
        for (AbstractInsnNode n : h.insns) {
            if (n instanceof TableSwitchInsnNode || n instanceof LookupSwitchInsnNode || n instanceof MultiANewArrayInsnNode) return false;
            if (n instanceof MethodInsnNode d && d.owner.equals(c.owner) && d.name.equals(c.name) && d.desc.equals(c.desc)) return false;
        }
        return true;
    }

    /** The helper's body in place of the call: its arguments stored in fresh locals, its update left out. */
    private static InsnList inline(MethodAnalysis m, MethodAnalysis h, MethodInsnNode c, Update skip) {
        int base = m.freshLocal(0);
        InsnList l = new InsnList();
        Type[] args = Type.getArgumentTypes(c.desc);
        boolean isStatic = c.getOpcode() == Opcodes.INVOKESTATIC;
        int[] slots = new int[args.length];
        int slot = isStatic ? 0 : 1;
        for (int i = 0; i < args.length; i++) {
            slots[i] = slot;
            slot += args[i].getSize();
        }
        for (int i = args.length - 1; i >= 0; i--) l.add(new VarInsnNode(args[i].getOpcode(Opcodes.ISTORE), base + slots[i]));
        if (!isStatic) l.add(new VarInsnNode(Opcodes.ASTORE, base));
        Map<LabelNode, LabelNode> labels = new HashMap<>();
        for (AbstractInsnNode n = h.method.instructions.getFirst(); n != null; n = n.getNext()) {
            if (n instanceof LabelNode ln) labels.put(ln, new LabelNode());
        }
        LabelNode end = new LabelNode();
        for (AbstractInsnNode n = h.method.instructions.getFirst(); n != null; n = n.getNext()) {
            if (n instanceof LineNumberNode || n instanceof FrameNode) continue;
            int ord = h.ordinal(n);
            if (ord >= skip.start() && ord < skip.end()) continue;
            if (n.getOpcode() == Opcodes.RETURN) {
                l.add(new JumpInsnNode(Opcodes.GOTO, end));
            } else if (n instanceof VarInsnNode v) {
                l.add(new VarInsnNode(v.getOpcode(), base + v.var));
            } else if (n instanceof IincInsnNode inc) {
                l.add(new IincInsnNode(base + inc.var, inc.incr));
            } else {
                l.add(n.clone(labels));
            }
        }
        l.add(end);
        return l;
    }
}
