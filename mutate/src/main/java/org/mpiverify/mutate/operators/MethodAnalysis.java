package org.mpiverify.mutate.operators;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.FieldNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LineNumberNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TryCatchBlockNode;
import org.objectweb.asm.tree.TypeInsnNode;
import org.objectweb.asm.tree.VarInsnNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.Frame;
import org.objectweb.asm.tree.analysis.SourceInterpreter;
import org.objectweb.asm.tree.analysis.SourceValue;

/**
 * What the concurrency operators need to know about a method before PIT streams it through them: its
 * instructions numbered by ordinal (real instructions only, the order PIT visits them in), where the
 * operand stack is empty (statement boundaries), where source lines start, which code is an exception
 * handler, and which simple expression produced each operand ({@link Expr}), so that an operator can
 * pair a lock with its unlock and replay a load elsewhere.
 *
 * <p>Read from the class's original bytes on the class path, the bytes PIT mutates.
 */
public final class MethodAnalysis {
    private static final Map<String, ClassNode> CLASSES = new ConcurrentHashMap<>();

    public final ClassNode owner;
    public final MethodNode method;
    /** Real instructions, by ordinal. */
    public final List<AbstractInsnNode> insns = new ArrayList<>();
    /** Frame before each real instruction (null if unreachable). */
    public final List<Frame<SourceValue>> frames = new ArrayList<>();
    /** True where a source line starts just before the instruction. */
    public final List<Boolean> lineStart = new ArrayList<>();
    /** Source line of each instruction (0 if unknown). */
    public final List<Integer> lines = new ArrayList<>();
    /** True for instructions inside an exception handler's code (from its start to the next athrow). */
    public final List<Boolean> inHandler = new ArrayList<>();
    private final Map<AbstractInsnNode, Integer> ordinals = new IdentityHashMap<>();

    private MethodAnalysis(ClassNode owner, MethodNode method) throws AnalyzerException {
        this.owner = owner;
        this.method = method;
        Frame<SourceValue>[] all = new Analyzer<>(new SourceInterpreter()).analyze(owner.name, method);
        boolean pendingLine = false;
        int line = 0;
        for (int i = 0; i < method.instructions.size(); i++) {
            AbstractInsnNode n = method.instructions.get(i);
            if (n instanceof LineNumberNode l) {
                pendingLine = true;
                line = l.line;
            }
            if (n.getOpcode() < 0) continue;
            ordinals.put(n, insns.size());
            insns.add(n);
            frames.add(all[i]);
            lineStart.add(pendingLine);
            lines.add(line);
            pendingLine = false;
        }
        for (int i = 0; i < insns.size(); i++) inHandler.add(false);
        for (TryCatchBlockNode tc : method.tryCatchBlocks) {
            int start = firstOrdinalAfter(tc.handler);
            for (int k = start; k >= 0 && k < insns.size(); k++) {
                inHandler.set(k, true);
                if (insns.get(k).getOpcode() == Opcodes.ATHROW) break;
            }
        }
    }

    /** The analysis of {@code className}'s method, or null if it cannot be read or analysed. */
    public static MethodAnalysis of(String internalClassName, String name, String desc) {
        ClassNode c = CLASSES.computeIfAbsent(internalClassName, MethodAnalysis::read);
        if (c == null || c.methods == null) return null;
        for (MethodNode m : c.methods) {
            if (m.name.equals(name) && m.desc.equals(desc) && m.instructions.size() > 0) {
                try {
                    return new MethodAnalysis(c, m);
                } catch (AnalyzerException e) {
                    return null;
                }
            }
        }
        return null;
    }

    /** The field's declaration, if the class can be read: to tell volatile fields from others. */
    public static FieldNode field(String owner, String name) {
        ClassNode c = CLASSES.computeIfAbsent(owner, MethodAnalysis::read);
        if (c == null) return null;
        for (FieldNode f : c.fields) if (f.name.equals(name)) return f;
        return null;
    }

    /** The class as read from the class path (empty if it cannot be read). */
    public static ClassNode classNode(String internalName) {
        return CLASSES.computeIfAbsent(internalName, MethodAnalysis::read);
    }

    private static ClassNode read(String internalName) {
        ClassLoader l = Thread.currentThread().getContextClassLoader();
        if (l == null) l = MethodAnalysis.class.getClassLoader();
        try (InputStream in = l.getResourceAsStream(internalName + ".class")) {
            if (in == null) return new ClassNode();
            ClassNode c = new ClassNode();
            new ClassReader(in.readAllBytes()).accept(c, ClassReader.SKIP_FRAMES);
            return c;
        } catch (IOException e) {
            return new ClassNode();
        }
    }

    public int size() {
        return insns.size();
    }

    public int ordinal(AbstractInsnNode n) {
        Integer k = ordinals.get(n);
        return k == null ? -1 : k;
    }

    /** The ordinal of the first real instruction at or after a label (a jump's target), or -1. */
    int firstOrdinalAfter(LabelNode label) {
        for (AbstractInsnNode n = label; n != null; n = n.getNext()) {
            if (n.getOpcode() >= 0) return ordinal(n);
        }
        return -1;
    }

    /** True if the operand stack is empty before instruction k (and k is reachable). */
    public boolean stackEmpty(int k) {
        Frame<SourceValue> f = frames.get(k);
        return f != null && f.getStackSize() == 0;
    }

    /** The statement that contains instruction k starts here: the last empty-stack point at or before k. */
    public int statementStart(int k) {
        for (int i = k; i >= 0; i--) if (stackEmpty(i)) return i;
        return -1;
    }

    /** The first empty-stack point after k (the next statement), or -1. */
    public int nextStatement(int k) {
        for (int i = k + 1; i < insns.size(); i++) if (stackEmpty(i)) return i;
        return -1;
    }

    /** The value {@code depth} slots below the top of the stack before instruction k (0 = top). */
    public SourceValue operand(int k, int depth) {
        Frame<SourceValue> f = frames.get(k);
        if (f == null || f.getStackSize() <= depth) return null;
        return f.getStack(f.getStackSize() - 1 - depth);
    }

    /** The simple expression that produced an operand, or null if it is not one (a call's result, say). */
    public Expr expr(SourceValue v) {
        if (v == null || v.insns.size() != 1) return null;
        AbstractInsnNode p = v.insns.iterator().next();
        int k = ordinal(p);
        if (k < 0) return null;
        return switch (p.getOpcode()) {
            case Opcodes.ALOAD, Opcodes.ILOAD, Opcodes.LLOAD, Opcodes.FLOAD, Opcodes.DLOAD ->
                    Expr.local(((VarInsnNode) p).var, p.getOpcode());
            case Opcodes.GETSTATIC -> Expr.field(null, (FieldInsnNode) p);
            case Opcodes.GETFIELD -> {
                Expr r = expr(operand(k, 0));
                yield r == null ? null : Expr.field(r, (FieldInsnNode) p);
            }
            case Opcodes.DUP, Opcodes.CHECKCAST -> expr(operand(k, 0));
            case Opcodes.ICONST_0, Opcodes.ICONST_1, Opcodes.ACONST_NULL, Opcodes.LCONST_0, Opcodes.LCONST_1 ->
                    Expr.constant(p.getOpcode());
            default -> null;
        };
    }

    /** True if no instruction in [from, to) writes a local that {@code e} reads. */
    public boolean localsUnchanged(Expr e, int from, int to) {
        for (int i = Math.max(0, from); i < to && i < insns.size(); i++) {
            AbstractInsnNode n = insns.get(i);
            if (n instanceof VarInsnNode v && v.getOpcode() >= Opcodes.ISTORE && v.getOpcode() <= Opcodes.ASTORE
                    && e.readsLocal(v.var)) return false;
            if (n instanceof org.objectweb.asm.tree.IincInsnNode inc && e.readsLocal(inc.var)) return false;
        }
        return true;
    }

    /** True if instructions [from, to) are straight-line code: no jumps, switches, returns or throws, no jump target inside. */
    public boolean straightLine(int from, int to) {
        for (int i = from; i < to; i++) {
            AbstractInsnNode n = insns.get(i);
            int op = n.getOpcode();
            if (n instanceof org.objectweb.asm.tree.JumpInsnNode || n instanceof org.objectweb.asm.tree.TableSwitchInsnNode
                    || n instanceof org.objectweb.asm.tree.LookupSwitchInsnNode || op == Opcodes.ATHROW
                    || (op >= Opcodes.IRETURN && op <= Opcodes.RETURN)) return false;
            if (i > from && labelledTarget(n)) return false;
        }
        return true;
    }

    /** True if a label that some jump, switch or handler uses stands right before instruction n. */
    private boolean labelledTarget(AbstractInsnNode n) {
        for (AbstractInsnNode p = n.getPrevious(); p != null && p.getOpcode() < 0; p = p.getPrevious()) {
            if (p instanceof LabelNode l && targets().contains(l)) return true;
        }
        return false;
    }

    private Set<LabelNode> targets;

    private Set<LabelNode> targets() {
        if (targets == null) {
            targets = Collections.newSetFromMap(new IdentityHashMap<>());
            for (AbstractInsnNode n : insns) {
                if (n instanceof org.objectweb.asm.tree.JumpInsnNode j) targets.add(j.label);
                if (n instanceof org.objectweb.asm.tree.TableSwitchInsnNode t) {
                    targets.add(t.dflt);
                    targets.addAll(t.labels);
                }
                if (n instanceof org.objectweb.asm.tree.LookupSwitchInsnNode t) {
                    targets.add(t.dflt);
                    targets.addAll(t.labels);
                }
            }
            for (TryCatchBlockNode tc : method.tryCatchBlocks) {
                targets.add(tc.handler);
            }
        }
        return targets;
    }

    /** Copies of instructions [from, to), which must hold no labels (straight-line code). */
    public InsnList copy(int from, int to) {
        InsnList l = new InsnList();
        for (int i = from; i < to; i++) l.add(insns.get(i).clone(Map.of()));
        return l;
    }

    /** The source name of a local (debug information), else "local" + its index. */
    public String localName(int var) {
        if (method.localVariables != null) {
            for (org.objectweb.asm.tree.LocalVariableNode v : method.localVariables) {
                if (v.index == var) return v.name;
            }
        }
        return "local" + var;
    }

    /** An expression as source would write it: {@code this.lock}, {@code c}, {@code Bucket.LOCK}. */
    public String describe(Expr e) {
        if (e.constant() >= 0) return "a constant";
        if (e.field() == null) return localName(e.local());
        String base = e.base() == null ? e.field().owner.substring(e.field().owner.lastIndexOf('/') + 1).replace('$', '.')
                : describe(e.base());
        return base + "." + e.field().name;
    }

    /** A fresh local slot for a temporary (PIT recomputes max locals and frames). */
    public int freshLocal(int offset) {
        return method.maxLocals + offset;
    }

    static boolean isInvoke(AbstractInsnNode n, String name) {
        return n instanceof MethodInsnNode m && m.name.equals(name);
    }

    static InsnNode insn(int opcode) {
        return new InsnNode(opcode);
    }

    static TypeInsnNode checkcast(String type) {
        return new TypeInsnNode(Opcodes.CHECKCAST, type);
    }
}
