package org.mpiverify.locks.agent;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.function.Supplier;
import org.mpiverify.locks.runtime.CallTable;
import org.mpiverify.locks.runtime.Site;
import org.mpiverify.locks.runtime.Sites;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FrameNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.LineNumberNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TryCatchBlockNode;
import org.objectweb.asm.tree.TypeInsnNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * Rewrites one method (ASM tree API) so that the hooks see its locks, blocking operations and, if it is
 * an MPI entry point, its calls:
 * <ul>
 *   <li>call sites of the {@link HookCatalog}'s operations become calls of their hooks (same stack effect,
 *       the site's id pushed last): no new locals, no new branches, so the method's stack map frames
 *       stay valid;</li>
 *   <li>{@code monitorenter}/{@code monitorexit} get hooks beside them, each working on a {@code dup} of
 *       the monitor;</li>
 *   <li>{@code new} of a lock type followed by {@code dup} gets a hook after its constructor, which
 *       records the allocation site;</li>
 *   <li>a {@code synchronized} method and an MPI entry point get hooks at entry and before every return,
 *       and a catch-all handler appended <em>last</em> to the exception table (so the method's own
 *       handlers keep precedence) that runs the exit hook and rethrows. The handler's frame declares no
 *       locals but {@code this} where needed, which every point of the range can be assigned to, so no
 *       frame has to be recomputed and no class has to be loaded.</li>
 * </ul>
 * An entry point that is also {@code synchronized} is wrapped twice, the call outermost, so the monitor
 * counts inside the call and is released before the call's leak check.
 */
final class MethodRewriter {
    private final LockTransformer transformer;
    private final ClassNode owner;
    private final MethodNode method;
    private final ClassLoader loader;
    private final String binaryOwner;
    private int line = -1;
    private boolean changed;

    MethodRewriter(LockTransformer transformer, ClassNode owner, MethodNode method, ClassLoader loader) {
        this.transformer = transformer;
        this.owner = owner;
        this.method = method;
        this.loader = loader;
        this.binaryOwner = owner.name.replace('/', '.');
    }

    /** Rewrites the method; returns true if it changed. */
    boolean rewrite(boolean watched, boolean entry, boolean spinLock) {
        if ((method.access & (Opcodes.ACC_ABSTRACT | Opcodes.ACC_NATIVE)) != 0 || method.instructions.size() == 0) {
            return false;
        }
        if (watched) {
            rewriteInstructions();
            if ((method.access & Opcodes.ACC_SYNCHRONIZED) != 0) {
                wrapSynchronized();
            }
        }
        if (spinLock) {
            wrapSpinLock();
        }
        if (entry) {
            wrapCall();
        }
        return changed;
    }

    private int site(Site.Kind kind, String what) {
        return Sites.register(kind, binaryOwner, method.name, line, what);
    }

    private static LdcInsnNode ldc(int v) {
        return new LdcInsnNode(v);
    }

    private static MethodInsnNode hook(HookCatalog.Hook h) {
        return new MethodInsnNode(Opcodes.INVOKESTATIC, h.owner(), h.name(), h.descriptor(), false);
    }

    private void rewriteInstructions() {
        InsnList insns = method.instructions;
        Deque<String[]> pendingNew = new ArrayDeque<>();      // {type, "1" if a lock to record}
        AbstractInsnNode next;
        for (AbstractInsnNode insn = insns.getFirst(); insn != null; insn = next) {
            next = insn.getNext();
            if (insn instanceof LineNumberNode ln) {
                line = ln.line;
                continue;
            }
            switch (insn.getOpcode()) {
                case Opcodes.MONITORENTER -> {
                    int s = site(Site.Kind.MONITOR_ENTER, "monitorenter");
                    InsnList before = new InsnList();
                    before.add(new InsnNode(Opcodes.DUP));
                    before.add(new InsnNode(Opcodes.DUP));
                    before.add(ldc(s));
                    before.add(hook(HookCatalog.MONITOR_ENTERING));
                    insns.insertBefore(insn, before);
                    InsnList after = new InsnList();
                    after.add(ldc(s));
                    after.add(hook(HookCatalog.MONITOR_ENTERED));
                    insns.insert(insn, after);
                    changed = true;
                }
                case Opcodes.MONITOREXIT -> {
                    int s = site(Site.Kind.MONITOR_EXIT, "monitorexit");
                    insns.insertBefore(insn, new InsnNode(Opcodes.DUP));
                    InsnList after = new InsnList();
                    after.add(ldc(s));
                    after.add(hook(HookCatalog.MONITOR_EXITED));
                    insns.insert(insn, after);
                    changed = true;
                }
                case Opcodes.NEW -> {
                    String type = ((TypeInsnNode) insn).desc;
                    boolean record = nextReal(insn) != null && nextReal(insn).getOpcode() == Opcodes.DUP
                            && isLockType(type);
                    pendingNew.push(new String[] {type, record ? "1" : "0"});
                }
                case Opcodes.INVOKESPECIAL -> {
                    MethodInsnNode mi = (MethodInsnNode) insn;
                    if (mi.name.equals("<init>") && !pendingNew.isEmpty() && pendingNew.peek()[0].equals(mi.owner)) {
                        String[] p = pendingNew.pop();
                        if (p[1].equals("1")) {
                            int s = site(Site.Kind.NEW_LOCK, "new " + mi.owner.substring(mi.owner.lastIndexOf('/') + 1));
                            InsnList after = new InsnList();
                            after.add(new InsnNode(Opcodes.DUP));
                            after.add(ldc(s));
                            after.add(hook(HookCatalog.CREATED));
                            insns.insert(insn, after);
                            changed = true;
                        }
                    }
                }
                case Opcodes.INVOKEVIRTUAL, Opcodes.INVOKEINTERFACE, Opcodes.INVOKESTATIC -> rewriteCall((MethodInsnNode) insn);
                default -> { }
            }
        }
    }

    private static AbstractInsnNode nextReal(AbstractInsnNode insn) {
        AbstractInsnNode n = insn.getNext();
        while (n != null && n.getOpcode() < 0) {
            n = n.getNext();
        }
        return n;
    }

    private boolean isLockType(String type) {
        for (String t : HookCatalog.LOCK_TYPES) {
            if (transformer.hierarchy().isSubtype(type, t, loader)) {
                return true;
            }
        }
        return false;
    }

    private void rewriteCall(MethodInsnNode mi) {
        if (mi.owner.startsWith("[")) {
            return;
        }
        boolean isStatic = mi.getOpcode() == Opcodes.INVOKESTATIC;
        for (HookCatalog.Entry e : transformer.catalog().candidates(mi.name, mi.desc)) {
            if (e.isStatic() != isStatic || !transformer.hierarchy().isSubtype(mi.owner, e.type(), loader)) {
                continue;
            }
            Type siteRet = Type.getReturnType(mi.desc);
            boolean cast = !siteRet.getDescriptor().equals(e.ret());
            if (cast && (siteRet.getSort() != Type.OBJECT && siteRet.getSort() != Type.ARRAY
                    || !e.ret().startsWith("L"))) {
                continue;                                    // a primitive return must match exactly
            }
            int s = site(e.kind(), e.what());
            InsnList insns = method.instructions;
            insns.insertBefore(mi, ldc(s));
            MethodInsnNode h = hook(e.hook());
            insns.set(mi, h);
            if (cast) {
                insns.insert(h, new TypeInsnNode(Opcodes.CHECKCAST, siteRet.getInternalName()));
            }
            changed = true;
            return;
        }
    }

    private void wrapSynchronized() {
        boolean isStatic = (method.access & Opcodes.ACC_STATIC) != 0;
        if (isStatic ? (owner.version & 0xFFFF) < Opcodes.V1_5 : writesSlotZero()) {
            transformer.skipped(binaryOwner + "." + method.name
                    + (isStatic ? ": class file too old for a class constant" : ": reassigns 'this'"));
            return;
        }
        int s = Sites.register(Site.Kind.SYNC_METHOD, binaryOwner, method.name, firstLine(), "synchronized method");
        Supplier<InsnList> load = () -> {
            InsnList l = new InsnList();
            l.add(isStatic ? new LdcInsnNode(Type.getObjectType(owner.name)) : new VarInsnNode(Opcodes.ALOAD, 0));
            l.add(ldc(s));
            return l;
        };
        InsnList enter = load.get();
        enter.add(hook(HookCatalog.SYNC_METHOD_ENTERED));
        Supplier<InsnList> exit = () -> {
            InsnList l = load.get();
            l.add(hook(HookCatalog.SYNC_METHOD_EXITING));
            return l;
        };
        wrap(enter, exit, exit.get(), isStatic ? new Object[0] : new Object[] {owner.name}, firstLine());
    }

    /** A hand-made lock's acquire method: its parks are waits for that lock (see {@code spinlocks=}). */
    private void wrapSpinLock() {
        InsnList enter = new InsnList();
        enter.add(hook(HookCatalog.SPIN_LOCK_ENTER));
        Supplier<InsnList> exit = () -> {
            InsnList l = new InsnList();
            l.add(hook(HookCatalog.SPIN_LOCK_EXIT));
            return l;
        };
        wrap(enter, exit, exit.get(), new Object[0], firstLine());
    }

    private void wrapCall() {
        String name = EntryPoints.callName(owner.name, method.name);
        int id = CallTable.register(name, binaryOwner, method.name);
        Sites.register(Site.Kind.CALL, binaryOwner, method.name, firstLine(), name);
        InsnList enter = new InsnList();
        enter.add(ldc(id));
        enter.add(hook(HookCatalog.CALL_ENTER));
        Supplier<InsnList> exit = () -> {
            InsnList l = new InsnList();
            l.add(ldc(id));
            l.add(hook(HookCatalog.CALL_EXIT));
            return l;
        };
        InsnList threw = new InsnList();
        threw.add(new InsnNode(Opcodes.DUP));
        threw.add(ldc(id));
        threw.add(hook(HookCatalog.CALL_THREW));
        wrap(enter, exit, threw, new Object[0], firstLine());
        transformer.entryPointRewritten();
    }

    /**
     * Puts {@code enter} first, {@code exit} before every return, and a catch-all handler that runs
     * {@code onThrow} (with the throwable on the stack, which it must leave there) and rethrows, last in the
     * exception table. {@code handlerLocals} are the locals the handler's frame declares; {@code line} the
     * source line the entry code is attributed to (-1: none).
     */
    private void wrap(InsnList enter, Supplier<InsnList> exit, InsnList onThrow, Object[] handlerLocals, int line) {
        InsnList insns = method.instructions;
        List<AbstractInsnNode> returns = new ArrayList<>();
        for (AbstractInsnNode i = insns.getFirst(); i != null; i = i.getNext()) {
            int op = i.getOpcode();
            if (op >= Opcodes.IRETURN && op <= Opcodes.RETURN) {
                returns.add(i);
            }
        }
        for (AbstractInsnNode r : returns) {
            insns.insertBefore(r, exit.get());
        }
        LabelNode start = new LabelNode();
        LabelNode end = new LabelNode();
        LabelNode handler = new LabelNode();
        insns.insert(start);
        insns.insert(enter);
        if (line >= 0) {
            // the entry hook gets the method's first line, so a stack taken in it does not say line -1
            LabelNode at = new LabelNode();
            insns.insert(new LineNumberNode(line, at));
            insns.insert(at);
        }
        insns.add(end);
        insns.add(handler);
        if ((owner.version & 0xFFFF) >= Opcodes.V1_6) {
            insns.add(new FrameNode(Opcodes.F_FULL, handlerLocals.length, handlerLocals, 1,
                    new Object[] {"java/lang/Throwable"}));
        }
        insns.add(onThrow);
        insns.add(new InsnNode(Opcodes.ATHROW));
        method.tryCatchBlocks.add(new TryCatchBlockNode(start, end, handler, null));
        changed = true;
    }

    private boolean writesSlotZero() {
        for (AbstractInsnNode i = method.instructions.getFirst(); i != null; i = i.getNext()) {
            if (i instanceof VarInsnNode v && v.var == 0 && v.getOpcode() >= Opcodes.ISTORE && v.getOpcode() <= Opcodes.ASTORE) {
                return true;
            }
        }
        return false;
    }

    private int firstLine() {
        for (AbstractInsnNode i = method.instructions.getFirst(); i != null; i = i.getNext()) {
            if (i instanceof LineNumberNode ln) {
                return ln.line;
            }
        }
        return -1;
    }
}
