package org.mpiverify.mutate.operators;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.IincInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.TryCatchBlockNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * What the logic-level operators ask of a method's bytecode beyond {@link MethodAnalysis}: statements,
 * loops (backward jumps), which calls wait (a JDK park, wait or await, or a method that reaches one), which
 * calls update a counter (an atomic add or increment, or a method that makes one: a budget's charge, a
 * reference count's release), which statements hand something over (a shared write, a wake-up, a call
 * into the program), and where control goes from an instruction when no condition decides it.
 */
final class Flow {
    private static final Map<String, Boolean> WAITS = new ConcurrentHashMap<>();
    private static final Map<String, Boolean> UPDATES = new ConcurrentHashMap<>();
    /** How deep the call analysis follows the program's own methods. */
    private static final int DEPTH = 3;

    private Flow() {}

    /** A statement: instructions [start, end) from one empty operand stack to the next. */
    record Statement(int start, int end) {
    }

    /** The statement that starts at k (an empty-stack point), or null if k is unreachable or not a start. */
    static Statement statementAt(MethodAnalysis m, int k) {
        if (k < 0 || k >= m.size() || !m.stackEmpty(k)) return null;
        int e = m.nextStatement(k);
        return new Statement(k, e < 0 ? m.size() : e);
    }

    /** The jump target's ordinal. */
    static int target(MethodAnalysis m, JumpInsnNode j) {
        return m.firstOrdinalAfter(j.label);
    }

    static boolean isConditional(AbstractInsnNode n) {
        return n instanceof JumpInsnNode j && j.getOpcode() != Opcodes.GOTO && j.getOpcode() != Opcodes.JSR;
    }

    /** True if k lies on a cycle of the method: some jump at or after k goes back to k or before it. */
    static boolean inLoop(MethodAnalysis m, int k) {
        return loopWithin(m, 0, k, m.size());
    }

    /** True if a jump in [k, to) goes back to an instruction in [from, k]: a loop around k inside [from, to). */
    static boolean loopWithin(MethodAnalysis m, int from, int k, int to) {
        for (int j = k; j < to; j++) {
            if (m.insns.get(j) instanceof JumpInsnNode jump) {
                int t = target(m, jump);
                if (t >= from && t <= k) return true;
            }
        }
        return false;
    }

    /** Locals written in [from, to). */
    static Set<Integer> localWrites(MethodAnalysis m, int from, int to) {
        Set<Integer> s = new HashSet<>();
        for (int i = from; i < to; i++) {
            AbstractInsnNode n = m.insns.get(i);
            if (n instanceof VarInsnNode v && v.getOpcode() >= Opcodes.ISTORE && v.getOpcode() <= Opcodes.ASTORE) s.add(v.var);
            if (n instanceof IincInsnNode inc) s.add(inc.var);
        }
        return s;
    }

    /** Locals read in [from, to). */
    static Set<Integer> localReads(MethodAnalysis m, int from, int to) {
        Set<Integer> s = new HashSet<>();
        for (int i = from; i < to; i++) {
            AbstractInsnNode n = m.insns.get(i);
            if (n instanceof VarInsnNode v && v.getOpcode() >= Opcodes.ILOAD && v.getOpcode() <= Opcodes.ALOAD) s.add(v.var);
            if (n instanceof IincInsnNode inc) s.add(inc.var);
        }
        return s;
    }

    /** True if instructions i and j are covered by the same exception handlers. */
    static boolean sameTry(MethodAnalysis m, int i, int j) {
        for (TryCatchBlockNode tc : m.method.tryCatchBlocks) {
            if (covered(m, tc, i) != covered(m, tc, j)) return false;
        }
        return true;
    }

    private static boolean covered(MethodAnalysis m, TryCatchBlockNode tc, int k) {
        int s = m.firstOrdinalAfter(tc.start), e = m.firstOrdinalAfter(tc.end);
        return s >= 0 && k >= s && (e < 0 || k < e);
    }

    /** True for a call that waits: a JDK park, wait or await, or one of the program's methods that reaches one. */
    static boolean isWait(MethodInsnNode c) {
        if (jdkWait(c)) return true;
        return programMethodDoes(c, WAITS, (callee, d) -> jdkWait(d), DEPTH);
    }

    private static boolean jdkWait(MethodInsnNode c) {
        return (c.owner.equals("java/util/concurrent/locks/LockSupport") && c.name.startsWith("park"))
                || (c.name.equals("wait") && (c.desc.equals("()V") || c.desc.equals("(J)V")))
                || (c.owner.equals("java/util/concurrent/locks/Condition") && c.name.startsWith("await"))
                || (c.owner.startsWith("java/util/concurrent/") && c.name.equals("await"));
    }

    /**
     * True for a call that updates a counter, budget or reference count: an atomic add, increment or
     * decrement (java.util.concurrent.atomic, a VarHandle, a field updater), one of the program's methods that
     * makes one and drops its result (a charge, a refund), or a method named for a reference count's or a
     * pool's hand-back (retain, release, refund).
     */
    static boolean isUpdate(AbstractInsnNode n) {
        if (!(n instanceof MethodInsnNode c)) return false;
        if (atomicUpdate(c)) return true;
        if (isProgram(c.owner) && (c.name.startsWith("release") || c.name.startsWith("retain") || c.name.startsWith("refund"))) {
            return true;   // the conventional names of a reference count's and a pool's hand-backs
        }
        return programMethodDoes(c, UPDATES, (callee, d) -> atomicUpdate(d) && discarded(callee, d), DEPTH);
    }

    /**
     * True if the update's result is dropped: a count kept for its own sake (a budget, a number of sleepers),
     * not a ticket or a stamp whose value the code goes on with (a clock that only grows, which no path must
     * give back).
     */
    private static boolean discarded(MethodAnalysis callee, MethodInsnNode d) {
        if (Type.getReturnType(d.desc) == Type.VOID_TYPE) return true;
        int k = callee.ordinal(d);
        if (k < 0 || k + 1 >= callee.size()) return false;
        int next = callee.insns.get(k + 1).getOpcode();
        return next == Opcodes.POP || next == Opcodes.POP2;
    }

    private static boolean atomicUpdate(MethodInsnNode c) {
        boolean atomic = SharedAccess.isAtomic(c.owner) || c.owner.equals(SharedAccess.VAR_HANDLE);
        if (!atomic) return false;
        String n = c.name;
        return n.equals("getAndAdd") || n.equals("addAndGet") || n.equals("incrementAndGet") || n.equals("decrementAndGet")
                || n.equals("getAndIncrement") || n.equals("getAndDecrement") || n.equals("getAndAddRelease")
                || n.equals("getAndAddAcquire") || n.equals("add") || n.equals("increment") || n.equals("decrement");
    }

    /** Whether a call into the program (not the JDK) reaches, within {@code depth} calls, an instruction {@code leaf} accepts. */
    private static boolean programMethodDoes(MethodInsnNode c, Map<String, Boolean> cache,
                                             java.util.function.BiPredicate<MethodAnalysis, MethodInsnNode> leaf, int depth) {
        if (!isProgram(c.owner) || depth == 0) return false;
        String key = c.owner + "." + c.name + c.desc + "@" + depth;
        Boolean known = cache.get(key);
        if (known != null) return known;
        cache.put(key, false);   // a recursive call adds nothing
        boolean r = false;
        MethodAnalysis callee = MethodAnalysis.of(c.owner, c.name, c.desc);
        if (callee != null) {
            for (AbstractInsnNode n : callee.insns) {
                if (n instanceof MethodInsnNode d && (leaf.test(callee, d) || programMethodDoes(d, cache, leaf, depth - 1))) {
                    r = true;
                    break;
                }
            }
        }
        cache.put(key, r);
        return r;
    }

    static boolean isProgram(String owner) {
        return !(owner.startsWith("java/") || owner.startsWith("javax/") || owner.startsWith("jdk/") || owner.startsWith("sun/"));
    }

    private static final Map<String, Boolean> CONFIG = new ConcurrentHashMap<>();

    /**
     * A read of a mutable field, an atomic or a VarHandle, as {@link SharedAccess#read}, except a configuration
     * field: private, not volatile, not named by a VarHandle or a field updater, written only by constructors
     * and by setters (methods that write nothing but it) that no method of its nest calls, so set before the
     * object is shared (a trace recorder attached once). Moving or
     * splitting a read of such a field changes nothing another thread can do.
     */
    static Type sharedRead(AbstractInsnNode n) {
        Type t = SharedAccess.read(n);
        if (t == null || !(n instanceof FieldInsnNode f)) return t;
        return CONFIG.computeIfAbsent(f.owner + "." + f.name, k -> configuration(f)) ? null : t;
    }

    private static boolean configuration(FieldInsnNode f) {
        org.objectweb.asm.tree.FieldNode decl = MethodAnalysis.field(f.owner, f.name);
        if (decl == null || (decl.access & Opcodes.ACC_PRIVATE) == 0) return false;   // others could write it
        if ((decl.access & Opcodes.ACC_VOLATILE) != 0) return false;                  // shared and mutable by design
        List<org.objectweb.asm.tree.ClassNode> nest = nest(f.owner);
        if (nest.isEmpty()) return false;
        Set<String> setters = new HashSet<>();
        for (org.objectweb.asm.tree.ClassNode c : nest) {
            for (org.objectweb.asm.tree.MethodNode mn : c.methods) {
                boolean writesIt = false, writesOther = false;
                for (AbstractInsnNode n = mn.instructions.getFirst(); n != null; n = n.getNext()) {
                    int op = n.getOpcode();
                    if (n instanceof org.objectweb.asm.tree.LdcInsnNode l && f.name.equals(l.cst)) return false;   // a VarHandle's or updater's name
                    if (n instanceof FieldInsnNode g && (op == Opcodes.PUTFIELD || op == Opcodes.PUTSTATIC)) {
                        if (g.owner.equals(f.owner) && g.name.equals(f.name)) writesIt = true; else writesOther = true;
                    }
                }
                if (!writesIt || (c.name.equals(f.owner) && mn.name.startsWith("<"))) continue;
                if (writesOther || !c.name.equals(f.owner)) return false;
                setters.add(mn.name + mn.desc);
            }
        }
        for (org.objectweb.asm.tree.ClassNode c : nest) {
            for (org.objectweb.asm.tree.MethodNode mn : c.methods) {
                for (AbstractInsnNode n = mn.instructions.getFirst(); n != null; n = n.getNext()) {
                    if (n instanceof MethodInsnNode d && d.owner.equals(f.owner) && setters.contains(d.name + d.desc)) return false;
                    if (n instanceof org.objectweb.asm.tree.InvokeDynamicInsnNode d) {
                        for (Object arg : d.bsmArgs) {
                            if (arg instanceof org.objectweb.asm.Handle h && h.getOwner().equals(f.owner)
                                    && setters.contains(h.getName() + h.getDesc())) return false;
                        }
                    }
                }
            }
        }
        return true;
    }

    /** The class's nest: its top-level class and every class nested in it (those can write its private fields). */
    private static List<org.objectweb.asm.tree.ClassNode> nest(String owner) {
        String top = owner.contains("$") ? owner.substring(0, owner.indexOf('$')) : owner;
        List<org.objectweb.asm.tree.ClassNode> l = new java.util.ArrayList<>();
        java.util.ArrayDeque<String> todo = new java.util.ArrayDeque<>(List.of(top));
        Set<String> seen = new HashSet<>();
        while (!todo.isEmpty()) {
            String n = todo.poll();
            if (!seen.add(n)) continue;
            org.objectweb.asm.tree.ClassNode c = MethodAnalysis.classNode(n);
            if (c == null || c.methods == null || c.name == null) return List.of();   // unreadable: assume written anywhere
            l.add(c);
            if (c.innerClasses != null) {
                for (org.objectweb.asm.tree.InnerClassNode i : c.innerClasses) if (i.name.startsWith(top + "$")) todo.add(i.name);
            }
        }
        return l;
    }

    /**
     * A look at shared state that a test decides on: a read of a mutable field or atomic, or a call that
     * returns a boolean and neither waits nor writes shared state (a flag's accessor, a predicate).
     */
    static boolean isLook(AbstractInsnNode n) {
        if (sharedRead(n) != null) return true;
        if (n instanceof FieldInsnNode) return false;
        if (!(n instanceof MethodInsnNode c) || Type.getReturnType(c.desc) != Type.BOOLEAN_TYPE) return false;
        if (c.owner.equals("java/lang/Thread") || c.name.equals("equals") || isWait(c)) return false;
        if (isProgram(c.owner) && MethodAnalysis.of(c.owner, c.name, c.desc) != null) return !writesShared(c);
        if (!isProgram(c.owner) && synchronizingInsn(c)) return false;   // a CAS, say: an act, not a look
        return c.name.startsWith("is") || c.name.startsWith("has") || c.name.startsWith("get") || c.name.startsWith("test")
                || c.name.startsWith("contains");
    }

    /** A statement's effect on what other threads see, from none to a hand-over. */
    enum Effect { NONE, READ, WRITE, HANDOVER }

    /**
     * HANDOVER if it synchronizes with other threads ({@link #synchronizingInsn}, directly or in a call into
     * the program, where an abstract method that returns nothing counts as one that may) or calls a callback;
     * a constructor's call hands nothing over (the new object is nobody else's yet); WRITE if it writes shared memory plainly or calls into the program that does; READ if it
     * only reads shared memory or calls methods that do not write; NONE if it touches locals only.
     */
    static Effect effect(MethodAnalysis m, int from, int to) {
        Effect e = Effect.NONE;
        for (int i = from; i < to; i++) {
            AbstractInsnNode n = m.insns.get(i);
            if (n instanceof MethodInsnNode c && c.name.equals("<init>")) {   // a new object: nobody else has it yet
                if (e == Effect.NONE) e = Effect.READ;
                continue;
            }
            if (synchronizingInsn(n) || (n instanceof MethodInsnNode c && synchronizes(c))) return Effect.HANDOVER;
            if (SharedAccess.isWriteOrRmw(n) || (n instanceof MethodInsnNode c && writesShared(c))) {
                e = Effect.WRITE;
                continue;
            }
            int op = n.getOpcode();
            if (e == Effect.NONE && (n instanceof MethodInsnNode || SharedAccess.isAccess(n) || (op >= Opcodes.IALOAD && op <= Opcodes.SALOAD))) {
                e = Effect.READ;
            }
        }
        return e;
    }

    /**
     * An instruction that orders memory with other threads on its own: a volatile field write, a monitor
     * operation, an atomic's or a VarHandle's write other than a plain or opaque one, any read-modify-write,
     * a wake-up, a concurrent collection's update.
     */
    static boolean synchronizingInsn(AbstractInsnNode n) {
        int op = n.getOpcode();
        if (op == Opcodes.MONITORENTER || op == Opcodes.MONITOREXIT) return true;
        if (n instanceof FieldInsnNode f && (op == Opcodes.PUTFIELD || op == Opcodes.PUTSTATIC)) {
            org.objectweb.asm.tree.FieldNode decl = MethodAnalysis.field(f.owner, f.name);
            return decl != null && (decl.access & Opcodes.ACC_VOLATILE) != 0;
        }
        if (!(n instanceof MethodInsnNode c)) return false;
        if (RemoveWakeup.isWakeup(c)) return true;
        boolean read = c.name.startsWith("get") && !c.name.startsWith("getAnd");
        if (c.owner.equals(SharedAccess.VAR_HANDLE)) {
            return !read && !c.name.equals("set") && !c.name.equals("setPlain") && !c.name.equals("setOpaque");
        }
        if (SharedAccess.isAtomic(c.owner)) return !read && !c.name.equals("setPlain") && !c.name.equals("setOpaque");
        return c.owner.startsWith("java/util/concurrent/") && !read && !c.name.startsWith("is") && !c.name.startsWith("contains")
                && !c.name.startsWith("size") && !c.name.startsWith("peek") && !c.name.equals("iterator") && !c.name.startsWith("to");
    }

    /** A call of a callback (a listener, a task): code the class does not know, which may hand anything over. */
    static boolean isCallback(MethodInsnNode c) {
        return c.owner.startsWith("java/util/function/") || c.owner.equals("java/lang/Runnable");
    }

    private static final Map<String, Boolean> SYNCS = new ConcurrentHashMap<>();
    private static final Map<String, Boolean> WRITES = new ConcurrentHashMap<>();

    /** True for a call into the program that synchronizes (within {@link #DEPTH} calls), or a JDK call that does. */
    static boolean synchronizes(MethodInsnNode c) {
        if (synchronizingInsn(c) || isCallback(c)) return true;
        return programCode(c, SYNCS, Flow::synchronizingInsn, DEPTH);
    }

    /** True for a call into the program that writes shared memory or synchronizes (within {@link #DEPTH} calls). */
    static boolean writesShared(MethodInsnNode c) {
        return programCode(c, WRITES, n -> synchronizingInsn(n) || SharedAccess.isWriteOrRmw(n), DEPTH);
    }

    private static boolean programCode(MethodInsnNode c, Map<String, Boolean> cache,
                                       java.util.function.Predicate<AbstractInsnNode> leaf, int depth) {
        if (!isProgram(c.owner) || depth == 0) return false;
        String key = c.owner + "." + c.name + c.desc + "@" + depth;
        Boolean known = cache.get(key);
        if (known != null) return known;
        cache.put(key, false);
        boolean r = false;
        MethodAnalysis callee = MethodAnalysis.of(c.owner, c.name, c.desc);
        if (callee == null) {
            r = Type.getReturnType(c.desc) == Type.VOID_TYPE;   // abstract: a command may, an accessor does not
        } else {
            for (AbstractInsnNode n : callee.insns) {
                if (leaf.test(n) || (n instanceof MethodInsnNode d && programCode(d, cache, leaf, depth - 1))) {
                    r = true;
                    break;
                }
            }
        }
        cache.put(key, r);
        return r;
    }

    /** True if [from, to) takes or releases a monitor or calls a lock or unlock. */
    static boolean touchesLocks(MethodAnalysis m, int from, int to) {
        for (int i = from; i < to; i++) {
            AbstractInsnNode n = m.insns.get(i);
            if (RemoveLock.isMonitor(n.getOpcode())) return true;
            if (n instanceof MethodInsnNode c && (c.name.startsWith("lock") || c.name.startsWith("unlock") || c.name.startsWith("tryLock"))) return true;
        }
        return false;
    }

    /**
     * Follows control from k as long as nothing decides it (fall-through and unconditional jumps) and tells
     * whether it reaches an instruction {@code what} accepts before a conditional jump, a return or a throw.
     */
    static boolean reachesUndecided(MethodAnalysis m, int k, java.util.function.IntPredicate what) {
        Set<Integer> seen = new HashSet<>();
        int p = k;
        while (p >= 0 && p < m.size() && seen.add(p)) {
            if (what.test(p)) return true;
            AbstractInsnNode n = m.insns.get(p);
            int op = n.getOpcode();
            if (op == Opcodes.GOTO) {
                p = target(m, (JumpInsnNode) n);
                continue;
            }
            if (isConditional(n) || op == Opcodes.ATHROW || (op >= Opcodes.IRETURN && op <= Opcodes.RETURN)
                    || n instanceof org.objectweb.asm.tree.TableSwitchInsnNode || n instanceof org.objectweb.asm.tree.LookupSwitchInsnNode) {
                return false;
            }
            p++;
        }
        return false;
    }

    /**
     * Which instructions the method reaches from its start without an exception: by falling through, by
     * jumps and switches. The others are exception paths only (a catch's or an inlined finally's code, up to
     * where it rejoins the normal code); unlike {@link MethodAnalysis#inHandler}, a catch that falls through
     * into the code after its try ends its handler there.
     */
    static boolean[] normallyReached(MethodAnalysis m) {
        boolean[] r = new boolean[m.size()];
        java.util.ArrayDeque<Integer> todo = new java.util.ArrayDeque<>(List.of(0));
        while (!todo.isEmpty()) {
            int k = todo.pop();
            if (k < 0 || k >= m.size() || r[k]) continue;
            r[k] = true;
            AbstractInsnNode n = m.insns.get(k);
            int op = n.getOpcode();
            if (n instanceof JumpInsnNode j) todo.push(target(m, j));
            if (n instanceof org.objectweb.asm.tree.TableSwitchInsnNode t) {
                todo.push(m.firstOrdinalAfter(t.dflt));
                for (LabelNode l : t.labels) todo.push(m.firstOrdinalAfter(l));
                continue;
            }
            if (n instanceof org.objectweb.asm.tree.LookupSwitchInsnNode t) {
                todo.push(m.firstOrdinalAfter(t.dflt));
                for (LabelNode l : t.labels) todo.push(m.firstOrdinalAfter(l));
                continue;
            }
            if (op == Opcodes.GOTO || op == Opcodes.ATHROW || (op >= Opcodes.IRETURN && op <= Opcodes.RETURN)) continue;
            todo.push(k + 1);
        }
        return r;
    }

    /** True if instruction k waits. */
    static boolean waitsAt(MethodAnalysis m, int k) {
        return m.insns.get(k) instanceof MethodInsnNode c && isWait(c);
    }

    /** Code that drops a conditional jump's operands (one for IFxx and IFNULL, two for IF_xCMPxx). */
    static InsnList popCondition(JumpInsnNode j) {
        InsnList l = new InsnList();
        int op = j.getOpcode();
        boolean two = op >= Opcodes.IF_ICMPEQ && op <= Opcodes.IF_ACMPNE;
        l.add(new org.objectweb.asm.tree.InsnNode(two ? Opcodes.POP2 : Opcodes.POP));
        return l;
    }

    /** A label of our own, placed before instruction k by the site that jumps to it. */
    static LabelNode label() {
        return new LabelNode();
    }

    /** A short name of what instruction k does: {@code write of Owner.field}, {@code Owner.method()}, {@code an array store}. */
    static String what(MethodAnalysis m, int k) {
        AbstractInsnNode n = m.insns.get(k);
        if (n instanceof FieldInsnNode f) {
            String o = f.owner.substring(f.owner.lastIndexOf('/') + 1).replace('$', '.');
            return (f.getOpcode() == Opcodes.PUTFIELD || f.getOpcode() == Opcodes.PUTSTATIC ? "write of " : "read of ") + o + "." + f.name;
        }
        if (n instanceof MethodInsnNode c) {
            return c.owner.substring(c.owner.lastIndexOf('/') + 1).replace('$', '.') + "." + c.name + "()";
        }
        int op = n.getOpcode();
        if (op >= Opcodes.IASTORE && op <= Opcodes.SASTORE) return "an array store";
        return "a computation";
    }

    /** The statement's main effect, for a description: its last shared write or call, else its last shared read. */
    static String summary(MethodAnalysis m, int from, int to) {
        for (int i = to - 1; i >= from; i--) {
            AbstractInsnNode n = m.insns.get(i);
            if (SharedAccess.isWriteOrRmw(n) || n instanceof MethodInsnNode) return what(m, i);
        }
        for (int i = to - 1; i >= from; i--) {
            if (SharedAccess.isAccess(m.insns.get(i))) return what(m, i);
        }
        return "a local computation";
    }
}
