package org.mpiverify.mutate.operators;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.objectweb.asm.tree.InsnList;
import org.pitest.bytecode.ASMVersion;
import org.pitest.mutationtest.engine.MutationIdentifier;
import org.pitest.mutationtest.engine.gregor.MethodMutatorFactory;
import org.pitest.mutationtest.engine.gregor.MutationContext;
import org.pitest.reloc.asm.Handle;
import org.pitest.reloc.asm.Label;
import org.pitest.reloc.asm.MethodVisitor;

/**
 * Streams a method through PIT, counting real instructions; at each site's first instruction it
 * registers the mutant with PIT, and if PIT is making that mutant, applies the site's edits from there
 * on. Instructions arrive in the order {@link MethodAnalysis} numbered them.
 */
final class RewritingVisitor extends MethodVisitor {
    private final MutationContext context;
    private final MethodMutatorFactory factory;
    private final Map<Integer, List<Site>> byRegistration = new HashMap<>();
    private final RelocEmitter emitter;
    private Site active;
    private int ordinal;

    RewritingVisitor(MethodVisitor next, MutationContext context, MethodMutatorFactory factory, List<Site> sites) {
        super(ASMVersion.ASM_VERSION, next);
        this.context = context;
        this.factory = factory;
        this.emitter = new RelocEmitter(next);
        for (Site s : sites) {
            if (s.registerAt > s.firstEdit()) throw new IllegalStateException("site registered after its first edit: " + s.description);
            byRegistration.computeIfAbsent(s.registerAt, k -> new ArrayList<>()).add(s);
        }
    }

    /** Before instruction k: register sites, insert code; returns true if k is replaced (and emits the replacement). */
    private boolean enter() {
        int k = ordinal++;
        for (Site s : byRegistration.getOrDefault(k, List.of())) {
            MutationIdentifier id = context.registerMutation(factory, s.description);
            if (context.shouldMutate(id)) active = s;
        }
        if (active == null) return false;
        InsnList before = active.before.get(k);
        if (before != null) before.accept(emitter);
        InsnList replacement = active.replace.get(k);
        if (replacement == null) return false;
        replacement.accept(emitter);
        return true;
    }

    @Override public void visitInsn(int opcode) { if (!enter()) super.visitInsn(opcode); }
    @Override public void visitIntInsn(int opcode, int operand) { if (!enter()) super.visitIntInsn(opcode, operand); }
    @Override public void visitVarInsn(int opcode, int var) { if (!enter()) super.visitVarInsn(opcode, var); }
    @Override public void visitTypeInsn(int opcode, String type) { if (!enter()) super.visitTypeInsn(opcode, type); }
    @Override public void visitFieldInsn(int opcode, String owner, String name, String desc) { if (!enter()) super.visitFieldInsn(opcode, owner, name, desc); }
    @Override public void visitMethodInsn(int opcode, String owner, String name, String desc, boolean itf) { if (!enter()) super.visitMethodInsn(opcode, owner, name, desc, itf); }
    @Override public void visitInvokeDynamicInsn(String name, String desc, Handle bsm, Object... args) { if (!enter()) super.visitInvokeDynamicInsn(name, desc, bsm, args); }
    @Override public void visitJumpInsn(int opcode, Label label) { if (!enter()) super.visitJumpInsn(opcode, label); }
    @Override public void visitLdcInsn(Object value) { if (!enter()) super.visitLdcInsn(value); }
    @Override public void visitIincInsn(int var, int increment) { if (!enter()) super.visitIincInsn(var, increment); }
    @Override public void visitTableSwitchInsn(int min, int max, Label dflt, Label... labels) { if (!enter()) super.visitTableSwitchInsn(min, max, dflt, labels); }
    @Override public void visitLookupSwitchInsn(Label dflt, int[] keys, Label[] labels) { if (!enter()) super.visitLookupSwitchInsn(dflt, keys, labels); }
    @Override public void visitMultiANewArrayInsn(String desc, int dims) { if (!enter()) super.visitMultiANewArrayInsn(desc, dims); }
}
